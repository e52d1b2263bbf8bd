import Testing
import WalletCore

@testable import WalletIngest

/// Each fixture, which follows what real exports look like, reads to exactly the rows its
/// lines describe.
struct StatementFixtureTests {
  /// A fixture and what it must read to.
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let format: String
    let encoding: StatementEncoding
    let headerLine: Int
    let titleLast4: String?
    let rows: [String]
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: "bocom-credit.csv", format: "bocom-credit", encoding: .utf8, headerLine: 1,
      titleLast4: nil,
      rows: [
        "L2 | purchase | 2025-01-03 | posted 2025-01-04 | 123.18 CNY | orig 123.18 CNY | card - "
          + "| merchant 某咖啡店 | method -",
        "L3 | purchase | 2025-01-05 | posted 2025-01-06 | 13.50 CNY | orig 13.50 CNY | card - "
          + "| merchant 支付宝-某商户 | other by bocom-credit#1 (paid through Alipay)",
        "L4 | purchase | 2025-01-06 | posted 2025-01-07 | 28.00 CNY | orig 28.00 CNY | card - "
          + "| merchant 财付通-某面馆 | other by bocom-credit#2 (paid through WeChat Pay (财付通))",
        "L5 | purchase | 2025-01-08 | posted 2025-01-08 | 6.00 CNY | orig 6.00 CNY | card - "
          + "| merchant APPLE.COM/BILL | other by bocom-credit#0 (an App Store purchase, not an "
          + "Apple Pay payment)",
        "L6 | refund | 2025-01-09 | posted 2025-01-10 | 23.18 CNY | orig 23.18 CNY | card - "
          + "| merchant 某咖啡店 | method -",
        "L7 | out(a repayment) | 2025-01-10 | posted 2025-01-10 | 2000.00 CNY | orig 2000.00 CNY "
          + "| card - | merchant - | method -",
        "L8 | out(an instalment charge, not a purchase) | 2025-01-12 | posted 2025-01-12 "
          + "| 300.00 CNY | orig 300.00 CNY | card - | merchant - | method -",
        "L9 | credit | 2025-01-15 | posted 2025-01-15 | 100.00 CNY | orig 100.00 CNY | card - "
          + "| merchant - | method -",
        "L10 | clawback | 2025-01-16 | posted 2025-01-16 | 100.00 CNY | orig 100.00 CNY "
          + "| card - | merchant - | method -",
        "L11 | purchase | 2025-01-18 | posted 2025-01-20 | 86.40 CNY | orig 12.00 USD | card - "
          + "| merchant 某海外商店 | method -",
      ]),
    Case(
      file: "cmb-credit.csv", format: "cmb-credit", encoding: .utf8, headerLine: 2,
      titleLast4: nil,
      rows: [
        "L3 | purchase | 2023-12-25 | posted 2023-12-26 | 1234.50 CNY | orig 1234.50 - "
          + "| card 1234 | merchant 某超市 | method -",
        "L4 | purchase | 2023-12-30 | posted 2023-12-31 | 45.00 CNY | orig 45.00 - | card 1234 "
          + "| merchant 支付宝-某商户 | other by cmb-credit#1 (paid through Alipay)",
        "L5 | out(a repayment) | 2024-01-02 | posted 2024-01-02 | 8000.00 CNY | orig 8000.00 - "
          + "| card 1234 | merchant - | method -",
        "L6 | refund | 2024-01-03 | posted 2024-01-04 | 34.50 CNY | orig 34.50 - | card 1234 "
          + "| merchant 某超市 | method -",
        "L7 | purchase | 2024-01-05 | posted 2024-01-06 | 88.00 CNY | orig 88.00 - | card 5678 "
          + "| merchant 财付通-某餐厅 | other by cmb-credit#2 (paid through WeChat Pay (财付通))",
        "L8 | purchase | 2024-01-08 | posted 2024-01-08 | 20.00 CNY | orig 20.00 - | card 1234 "
          + "| merchant 某书店 | method -",
      ]),
    Case(
      file: "icbc-credit.csv", format: "icbc-credit", encoding: .utf8, headerLine: 5,
      titleLast4: "0001",
      rows: [
        "L6 | purchase | 2024-03-01 | posted 2024-03-02 | 25.80 CNY | card 0001 "
          + "| merchant 某便利店 | method -",
        "L7 | purchase | 2024-03-03 | posted 2024-03-04 | 60.00 CNY | card 0001 "
          + "| merchant 支付宝-某商户 | other by icbc-credit#1 (paid through Alipay)",
        "L8 | refund | 2024-03-05 | posted 2024-03-05 | 5.80 CNY | card 0001 | merchant 某便利店 "
          + "| method -",
        "L9 | out(a repayment) | 2024-03-08 | posted 2024-03-08 | 1000.00 CNY | card 0001 "
          + "| merchant - | method -",
        "L10 | purchase | 2024-03-10 | posted 2024-03-12 | 72.50 CNY | card 0001 "
          + "| merchant 某海外商店 | method -",
      ]),
    Case(
      file: "alipay.csv", format: "alipay", encoding: .gb18030, headerLine: 25, titleLast4: nil,
      rows: [
        "L26 | purchase | 2023-02-12 | 21:32:14 | 28.00 CNY | card 7449 | merchant 某咖啡店 "
          + "| id 2023021222001400000000000001 | other by alipay#1 (paid through Alipay)",
        "L27 | purchase | 2023-02-13 | 09:15:00 | 56.30 CNY | card 7449 | merchant 某超市 "
          + "| id 2023021322001400000000000002 | other by alipay#1 (paid through Alipay)",
        "L28 | refund | 2023-02-14 | 12:00:00 | 20.00 CNY | card 7449 | merchant 某超市 "
          + "| id 2023021322001400000000000002_20230214000001 "
          + "| refunds 2023021322001400000000000002 | other by alipay#1 (paid through Alipay)",
        "L29 | out(the trade was closed, no money moved) | 2023-02-15 | 18:20:00 | 32.00 CNY "
          + "| card 7449 | merchant 某面馆 | id 2023021522001400000000000003 | method -",
        "L30 | out(a zero amount) | 2023-02-16 | 08:00:00 | 0.00 CNY | card 7449 "
          + "| merchant 某商户 | id 2023021622001400000000000004 | method -",
        "L31 | out(paid without a card (from the Alipay balance, 余额宝 or 花呗)) | 2023-02-17 "
          + "| 10:00:00 | 3.00 CNY | card - | merchant 某便利店 | id 2023021722001400000000000005 "
          + "| method -",
        "L32 | out(a transfer, neither in nor out) | 2023-02-18 | 11:00:00 | 100.00 CNY "
          + "| card - | merchant 余额宝 | id 2023021822001400000000000006 | method -",
        "L33 | out(money received, not a purchase) | 2023-02-19 | 20:00:00 | 50.00 CNY "
          + "| card - | merchant 某朋友 | id 2023021922001400000000000007 | method -",
        "L34 | purchase | 2023-02-20 | 07:30:00 | 6.00 CNY | card 7449 | merchant Apple "
          + "| id 2023022022001400000000000008 | other by alipay#0 (an App Store purchase "
          + "through Alipay, not an Apple Pay payment)",
        "L35 | refund | 2023-02-21 | 14:00:00 | 15.00 CNY | card 7449 | merchant 某超市 "
          + "| id 2023022122001400000000000009*REFUND_0001 "
          + "| refunds 2023022122001400000000000009 | other by alipay#1 (paid through Alipay)",
      ]),
    Case(
      file: "wechat.csv", format: "wechat", encoding: .utf8WithByteOrderMark, headerLine: 17,
      titleLast4: nil,
      rows: [
        "L18 | purchase | 2023-03-02 | 12:30:45 | 28.16 CNY | card 7449 | merchant 某咖啡店 "
          + "| id 4200001234202303021234567890 | other by wechat#1 (paid through WeChat Pay)",
        "L19 | purchase | 2023-03-03 | 19:00:00 | 35.00 CNY | card 1234 | merchant 某面馆 "
          + "| id 1000050001202303030000000001 | other by wechat#1 (paid through WeChat Pay)",
        "L20 | purchase | 2023-03-05 | 10:00:00 | 78.00 CNY | card 7449 | merchant 某超市 "
          + "| id 4200001234202303050000000002 | other by wechat#1 (paid through WeChat Pay)",
        "L21 | refund | 2023-03-06 | 09:00:00 | 30.00 CNY | card 7449 | merchant 某超市 "
          + "| id 50300001234202303060000000003 | other by wechat#1 (paid through WeChat Pay)",
        "L22 | out(a transfer, neither in nor out) | 2023-03-07 | 20:00:00 | 100.00 CNY "
          + "| card 5678 | merchant 招商银行(5678) | id 1000000001202303070000000004 | method -",
        "L23 | out(money received, not a purchase) | 2023-03-08 | 08:00:00 | 34.00 CNY "
          + "| card - | merchant 某朋友 | id 1000039501202303080000000005 | method -",
        "L24 | out(paid without a card (from WeChat 零钱 or 零钱通)) | 2023-03-09 | 07:45:00 "
          + "| 5.00 CNY | card - | merchant 某便利店 | id 4200001234202303090000000006 "
          + "| method -",
      ]),
  ]

  @Test(arguments: cases)
  func fixtureReadsToItsRows(_ expected: Case) throws {
    let file = try StatementFixture.read(expected.file)
    #expect(file.format.id == expected.format)
    #expect(file.encoding == expected.encoding)
    #expect(file.headerLine == expected.headerLine)
    #expect(file.titleLast4 == expected.titleLast4)
    let rows = file.rows.map(\.summary)
    #expect(rows.count == expected.rows.count)
    for (row, wanted) in zip(rows, expected.rows) { #expect(row == wanted) }
  }

  @Test func statementPeriodGivesTheYearOfMonthDayDates() throws {
    let file = try StatementFixture.read("cmb-credit.csv")
    #expect(file.periodEnd == CivilDate(year: 2024, month: 1, day: 31))
    // A 12/25 row on a January statement is the December before it.
    #expect(file.rows.first?.date == CivilDate(year: 2023, month: 12, day: 25))
    #expect(file.rows.last?.date == CivilDate(year: 2024, month: 1, day: 8))
  }

  @Test func amountsAreExactFen() throws {
    let file = try StatementFixture.read("bocom-credit.csv")
    #expect(file.rows.map(\.amount.minorUnits).prefix(2) == [12_318, 1350])
    let cmb = try StatementFixture.read("cmb-credit.csv")
    #expect(cmb.rows.first?.amount.minorUnits == 123_450)
  }

  @Test func commandLineMethodFillsOnlyWhatNothingElseDecided() throws {
    let file = try StatementFixture.read("bocom-credit.csv", defaultMethod: .applePay)
    let purchases = file.rows.filter { $0.kind == .purchase }
    #expect(purchases.first?.method == .applePay)
    #expect(purchases.first?.methodSource == .commandLine)
    #expect(purchases[1].method == .other)
    #expect(
      purchases[1].methodSource
        == .format(formatID: "bocom-credit", rule: 1, reason: "paid through Alipay"))
    let postings = file.rows.filter { $0.kind == .credit || $0.kind == .clawback }
    #expect(postings.count == 2)
    #expect(postings.allSatisfy { $0.method == nil && $0.methodSource == nil })
    let leftOut = file.rows.filter { if case .leftOut = $0.kind { true } else { false } }
    #expect(leftOut.allSatisfy { $0.method == nil })
  }

  @Test func columnsOfTheCellsAreKeptForLaterErrors() throws {
    let file = try StatementFixture.read("cmb-credit.csv")
    let columns = try #require(file.rows.first?.columns)
    #expect(columns.date == 1)
    #expect(columns.description == 3)
    #expect(columns.amount == 4)
    #expect(columns.card == 5)
    let icbc = try StatementFixture.read("icbc-credit.csv")
    // The amount is the filled one of the charged (记账) in and out columns.
    #expect(icbc.rows.map(\.columns.amount).prefix(3) == [10, 10, 9])
  }
}

/// Line numbers count CRLF, LF and a lone CR alike as one line end, in the preamble and in the
/// table, as editors do.
struct StatementLineEndTests {
  @Test(arguments: ["\n", "\r", "\r\n"])
  func lineEndsDoNotMoveRows(lineEnd: String) throws {
    let original = String(decoding: try StatementFixture.bytes("cmb-credit.csv"), as: UTF8.self)
    let text = original.split(separator: "\r\n", omittingEmptySubsequences: false)
      .joined(separator: lineEnd)
    let file = try StatementFixture.read(text: text, format: StatementFixture.format("cmb-credit"))
    let expected = try StatementFixture.read("cmb-credit.csv")
    #expect(file.headerLine == 2)
    #expect(file.rows.map(\.summary) == expected.rows.map(\.summary))
    let broken = text.replacingOccurrences(of: "某书店,20.00", with: "某书店,20.0.0")
    let error = try #require(
      StatementFixture.error(text: broken, format: StatementFixture.format("cmb-credit")))
    #expect(error.line == 8)
    #expect(error.column == 4)
  }
}
