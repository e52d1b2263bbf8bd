import Testing
import WalletCore

@testable import WalletIngest

/// Card rows, read straight from their bytes (batch's fast path) and by the ordinary parser
/// (imports, and rows the fast path leaves): both keep a known bank by its code (SPEC 1) and
/// read the Chinese names of types and roles.
struct CardRowReaderTests {
  static let header = "card,holder,network,type,role,issuer,last4"

  /// Rows, and the type, role and issuer each must come out with.
  static let rows: [(String, CardType, CardRole, String?)] = [
    ("C1,H1,unionpay,credit,primary,交通银行,1234", .credit, .primary, "bocom"),
    ("C2,H1,银联,信用卡,主卡,交行,", .credit, .primary, "bocom"),
    ("C3,H1,visa,借记卡,附属卡,Bank of Communications,", .debit, .supplementary, "bocom"),
    ("C4,H1,visa,储蓄卡,副卡,BOCOM,", .debit, .supplementary, "bocom"),
    ("C5,H1,visa,预付卡,,招商银行,", .prepaid, .primary, "cmb"),
    ("C6,H1,visa,credit,,Foo Bank,", .credit, .primary, "Foo Bank"),
    ("C7,H1,visa,credit,,,", .credit, .primary, nil),
    ("C8,H1,visa,credit,, 工行 ,", .credit, .primary, "icbc"),
  ]

  /// Every row read both ways gives the same card, with the issuer kept as its code.
  @Test func bothReadersKeepTheCodeOfAKnownBank() throws {
    let text = ([Self.header] + Self.rows.map(\.0)).joined(separator: "\n") + "\n"
    var fast: [Card?] = []
    var ordinary: [Card] = []
    var reader: CardRowReader?
    try TransactionRowReaderTests.forEachRow(of: .cards, in: text) { row in
      if reader == nil { reader = CardRowReader(ColumnPositions(row.columns)) }
      fast.append(reader?.card(row))
      ordinary.append(try row.card())
    }
    #expect(ordinary.count == Self.rows.count)
    for (index, (row, type, role, issuer)) in Self.rows.enumerated() {
      #expect(ordinary[index].type == type, "\(row)")
      #expect(ordinary[index].role == role, "\(row)")
      #expect(ordinary[index].issuer == issuer, "\(row)")
      // The fast path may leave a row to the ordinary parser, but never reads it otherwise.
      if let card = fast[index] { #expect(card == ordinary[index], "\(row)") }
    }
    // The plain rows are the fast path's: its issuer lookup is exercised.
    #expect(fast.compactMap { $0 }.count >= 6)
  }

  /// More issuers than the fast path keeps spellings of are still each read to their code.
  @Test func manyIssuersAreEachKeptByTheirCode() throws {
    let names = (0..<160).map { $0 % 2 == 0 ? "Bank \($0)" : "交通银行" }
    let rows = names.enumerated().map { "C\($0.offset),H1,visa,credit,,\($0.element)," }
    let text = ([Self.header] + rows).joined(separator: "\n") + "\n"
    var reader: CardRowReader?
    var issuers: [String?] = []
    try TransactionRowReaderTests.forEachRow(of: .cards, in: text) { row in
      if reader == nil { reader = CardRowReader(ColumnPositions(row.columns)) }
      issuers.append(reader?.card(row)?.issuer)
    }
    #expect(issuers == names.map { $0 == "交通银行" ? "bocom" : $0 })
  }
}
