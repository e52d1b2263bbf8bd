import Testing
import WalletCore

@testable import WalletIngest

/// Batch and import read plain transaction rows straight from their bytes; every row, plain or
/// not, valid or not, must come out as the ordinary row parser reads or refuses it.
struct TransactionRowReaderTests {
  static let header = "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc"

  static let rows = [
    "T1,C-WF-CREDIT,2026-05-28T19:42:10+08:00,268.00,CNY,apple-pay,settled,,,盒马鲜生,5411",
    "T2, C-WF-CREDIT ,2026-06-21T23:59:59.5+08:00,120,,,,,,\"全家, 静安店\",",
    "T3,C-WF-SUPP,2026-07-25T15:30:00,320.00,CNY,apple-pay,settled,20.5,E-WF-SUPP,,5651",
    "T4,C-LL-VISA,2026-07-30T21:00:00+08:00,180.00,CNY,apple-pay,declined,,,喜茶,5814",
    "T5,C-LL-VISA,2026-08-15T14:45:00Z,500.00,cny,Apple-Pay,refunded,500.00,,,",
    "T6,C-LL-VISA,2026-10-08T12:30:00+08:00,150.00,CNY,card,settled,,,,",
    "T7,C-LL-VISA,2026-10-08T12:30:00+08:00,150.00,USD,apple-pay,settled,,,,",
    "T8,C-LL-VISA,2026-10-08T12:30:00+08:00,0.00,CNY,apple-pay,settled,,,,",
    "T9,C-LL-VISA,2026-10-08T12:30:00+08:00,10.00,CNY,apple-pay,settled,10.01,,,",
    "T10,C-LL-VISA,2026-13-08T12:30:00+08:00,10.00,,,,,,,",
    "T11,C-LL-VISA,2026-10-08T12:30:00+08:00,1.001,,,,,,,",
    "T12,6222021234567890123,2026-10-08T12:30:00+08:00,100,,,,,,,",
    "T13,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,卡 6222 0212 3456 7890 123,",
    "T14,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,店 123456789012,",
    "T15,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,,541",
    "T16,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,,54a1",
    ",C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,,",
    "T18,,2026-10-08T12:30:00+08:00,100,,,,,,,",
    "T19,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,",
    "T20,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,,,,",
    "T21,C-LL-VISA,2026-10-08T12:30:00-05:30,-100,,,,,,,",
    "T22,C-LL-VISA,2026-10-08,100,,,,,,,",
    "T23,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,4111111111111111,,",
    "T24,C-LL-VISA,2026-10-08T12:30:00+08:00,100,,,,,E-１２３４５６７８９０１２３,,",
  ]

  /// The cards and enrollments the rows name, and one more of each.
  static let cards = """
    card,holder,network,type
    C-WF-CREDIT,H001,unionpay,credit
    C-WF-SUPP,H001,unionpay,credit
    C-LL-VISA,H002,visa,credit
    """

  static let enrollments = """
    id,card,channel,enrolled_at
    E-WF-SUPP,C-WF-SUPP,wallet,2026-07-01T20:15:00+08:00
    E-LL-1,C-LL-VISA,wallet,2026-06-01T08:00:00+08:00
    """

  /// Calls `body` with each row of `text` read as a `kind` file, skipping a row of the wrong
  /// width as `--skip-invalid` does.
  static func forEachRow(
    of kind: InputKind, in text: String, _ body: (CSVRow) throws -> Void
  ) throws {
    let reader = CSVReader(bytes: Array(text.utf8))
    let columns = try CSVColumns(
      reader: reader, file: "\(kind).csv", known: kind.columns, required: kind.requiredColumns)
    while true {
      switch Result(catching: { () throws(InputError) in try columns.nextRow(from: reader) }) {
      case .success(let row?): try body(row)
      case .success(nil): return
      case .failure(let error): if error.isFatal { throw error }
      }
    }
  }

  /// A loader and ledger holding `cards` and `enrollments`.
  static func loaded() throws -> (LedgerLoader, Ledger) {
    var cardValues: [Card] = []
    var enrollmentValues: [Enrollment] = []
    try forEachRow(of: .cards, in: cards) { cardValues.append(try $0.card()) }
    try forEachRow(of: .enrollments, in: enrollments) {
      enrollmentValues.append(try $0.enrollment(naiveIn: .shanghai))
    }
    let ledger = Ledger(cards: cardValues, enrollments: enrollmentValues, transactions: [])
    let loader = LedgerLoader(
      cardsPath: "cards.csv", enrollmentsPath: "enrollments.csv", zone: .shanghai)
    loader.rememberLookups(of: ledger)
    return (loader, ledger)
  }

  /// What reading a row gave: its values, or the error's words.
  enum Outcome<Value: Equatable>: Equatable {
    case success(Value)
    case failure(String)
  }

  static func outcome<Value>(_ read: () throws(InputError) -> Value) -> Outcome<Value> {
    do throws(InputError) {
      return .success(try read())
    } catch {
      return .failure(String(reflecting: error))
    }
  }

  /// Checks each row of `text` against the row parser, as an import and as a batch read it.
  static func checkAgainstTheRowParser(_ text: String) throws {
    var (loader, ledger) = try loaded()
    var reader: TransactionRowReader?
    try forEachRow(of: .transactions, in: text) { row in
      let parsed = outcome { () throws(InputError) in try row.transaction(naiveIn: .shanghai) }
      let known = reader ?? TransactionRowReader(row.columns, naiveIn: .shanghai)
      reader = known
      #expect(outcome { () throws(InputError) in try known.transaction(row) } == parsed)
      let count = ledger.transactionCount
      let loaded = outcome { () throws(InputError) in
        try loader.addTransaction(row, to: &ledger)
        return true
      }
      switch (parsed, loaded) {
      case (.success(let transaction), .success):
        // The ledger, made of values, keeps merchants: each the parser's, on both paths.
        #expect(ledger.keepsMerchants)
        #expect(ledger.transaction(at: count) == transaction, "line \(row.line)")
      case (.success(let transaction), .failure(let error)):
        // Only a card or enrollment the files lack.
        #expect(error.contains("unknownReference"), "line \(row.line): \(transaction)")
      case (.failure(let expected), .failure(let error)):
        #expect(error == expected, "line \(row.line)")
      case (.failure(let expected), .success):
        Issue.record("line \(row.line): the batch took a row the parser refuses: \(expected)")
      }
    }
  }

  @Test(arguments: rows)
  func readsEachRowAsTheRowParserDoes(row: String) throws {
    try Self.checkAgainstTheRowParser(Self.header + "\n" + row + "\n")
  }

  @Test func readsAWholeFileAsTheRowParserDoes() throws {
    try Self.checkAgainstTheRowParser(([Self.header] + Self.rows).joined(separator: "\r\n"))
  }

  @Test func plainRowsKeepEveryValue() throws {
    var merchants: [String?] = []
    try Self.forEachRow(
      of: .transactions, in: ([Self.header] + Self.rows.prefix(3)).joined(separator: "\n")
    ) { row in
      let plain = try TransactionRowReader(row.columns, naiveIn: .shanghai).transaction(row)
      #expect(plain == (try row.transaction(naiveIn: .shanghai)))
      merchants.append(plain.merchant)
    }
    #expect(merchants == ["盒马鲜生", "全家, 静安店", nil])
  }
}
