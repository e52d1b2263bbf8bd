import Testing
import WalletIngest

@testable import WalletCLI

/// The import reads plain transaction rows straight from their bytes; every row, plain or not,
/// valid or not, must come out as the ordinary row parser reads or refuses it.
struct ImportRowReaderTests {
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

  @Test(arguments: rows)
  func readsEachRowAsTheRowParserDoes(row: String) {
    let file = Self.header + "\n" + row + "\n"
    #expect(RowParserProbe.firstDisagreement(in: Array(file.utf8)) == nil)
  }

  @Test func readsAWholeFileAsTheRowParserDoes() {
    let file = ([Self.header] + Self.rows).joined(separator: "\r\n")
    #expect(RowParserProbe.firstDisagreement(in: Array(file.utf8)) == nil)
  }

  @Test func plainRowsKeepEveryValue() throws {
    let reader = CSVReader(
      bytes: Array(([Self.header] + Self.rows.prefix(3)).joined(separator: "\n").utf8))
    let columns = try CSVColumns(
      reader: reader, file: "t.csv", known: InputKind.transactions.columns,
      required: InputKind.transactions.requiredColumns)
    var merchants: [String?] = []
    while let row = try columns.nextRow(from: reader) {
      let plain = try TransactionRowReader(columns, naiveIn: .shanghai).transaction(row)
      #expect(plain == (try row.transaction(naiveIn: .shanghai)))
      merchants.append(plain.merchant)
    }
    #expect(merchants == ["盒马鲜生", "全家, 静安店", nil])
  }
}
