import Foundation
import Testing
import WalletCore

@testable import WalletIngest

/// Rows no rule explains, bad cells and full card numbers are errors at the right place, and a
/// card number is never echoed.
struct StatementErrorTests {
  static let bocomHeader = "交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额\n"

  /// A row that breaks the format, where the error must point, and the case it is (the command
  /// line words it; `ErrorWordingTests` checks the words).
  struct BadRow: CustomTestStringConvertible, Sendable {
    let format: String
    let text: String
    let line: Int
    let column: Int
    let says: String
    var testDescription: String { says }
  }

  static let badRows: [BadRow] = [
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "2025-01-03,2025-01-04,消费 某店,CNY 1.00,CNY 1.00\n"
        + "2025-01-03,2025-01-04,取现 某网点,CNY 1.00,CNY 1.00\n",
      line: 3, column: 3, says: "unclassified"),
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "\n\n2025-01-03,2025-01-04,消费某店,CNY 1.00,CNY 1.00\n",
      line: 4, column: 3, says: "unclassified"),
    BadRow(
      format: "alipay",
      text: "交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注\n"
        + "2023-02-12 21:32:14,其他,某店,,某物,借出,1.00,,交易成功,1,,\n",
      line: 2, column: 9, says: "unclassified"),
    BadRow(
      format: "cmb-credit",
      text: "招商银行信用卡对账单（个人消费卡账户 2024年01月）\n"
        + "交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额\n"
        + "13/25,12/26,某超市,1.00,1234,1.00(CN)\n",
      line: 3, column: 1, says: "badDate"),
    BadRow(
      format: "cmb-credit",
      text: "交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额\n"
        + "12/25,12/26,某超市,1.00,1234,1.00(CN)\n",
      line: 2, column: 1, says: "dateWithoutYear"),
    BadRow(
      format: "cmb-credit",
      text: "2024年01月\n交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额\n"
        + "12/25,12/26,某超市,1.005,1234,\n",
      line: 3, column: 4, says: "badAmount"),
    BadRow(
      format: "cmb-credit",
      text: "2024年01月\n交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额\n"
        + "12/25,12/26,某超市,1.00,12345,\n",
      line: 3, column: 5, says: "badLast4"),
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "2025-01-03,2025-01-04,消费 某店,CNY 1.00\n",
      line: 2, column: 5, says: "noAmount"),
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "2025-01-03,2025-01-04,消费 某店,CNY 1.00,\n",
      line: 2, column: 5, says: "noAmount"),
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "2025-01-03,2025-01-04,消费 某店,CNY 1.00,ABC 1.00\n",
      line: 2, column: 5, says: "unknownCurrency"),
    BadRow(
      format: "bocom-credit",
      text: bocomHeader + "2025-01-03,2025-01-04,\"消费 某店\"x,CNY 1.00,CNY 1.00\n",
      line: 2, column: 3, says: "not well-formed CSV"),
  ]

  @Test(arguments: badRows)
  func badRowIsAnErrorAtItsCell(_ bad: BadRow) throws {
    let error = try #require(
      StatementFixture.error(text: bad.text, format: StatementFixture.format(bad.format)))
    #expect(error.line == bad.line)
    #expect(error.column == bad.column)
    #expect(error.message.contains(bad.says), "\(error)")
    #expect(error.description.hasPrefix("test.csv:\(bad.line):\(bad.column): "))
  }

  @Test func unclassifiedRowNamesTheFormatAndTheValuesTested() throws {
    let error = try #require(
      StatementFixture.error(
        text: Self.badRows[0].text, format: StatementFixture.format("bocom-credit")))
    guard case .unclassified(let format, let cells, _) = error.statementError else {
      Issue.record("\(error)")
      return
    }
    #expect(format == "bocom-credit")
    #expect(cells.contains { $0.value == "取现 某网点" })
  }

  static let panPreamble = "6222020000000000001"

  /// Every error that reading the ICBC fixture with one cell broken can raise.
  static func icbcErrors() throws -> [InputError] {
    let text = String(decoding: try StatementFixture.bytes("icbc-credit.csv"), as: UTF8.self)
    let breakages = [
      ("25.80\t,人民币", "25.8.0\t,人民币"), (" 消费 ,某便利店", " 取现 ,某便利店"),
      ("2024-03-01\t", "2024-13-01\t"), ("人民币\t,1974.20", "银元\t,1974.20"),
    ]
    var errors: [InputError] = []
    for (from, to) in breakages {
      let broken = text.replacingOccurrences(of: from, with: to)
      #expect(broken != text)
      if let error = StatementFixture.error(
        text: broken, format: StatementFixture.format("icbc-credit"))
      {
        errors.append(error)
      }
    }
    return errors
  }

  @Test func cardNumberInThePreambleIsNeverShown() throws {
    let file = try StatementFixture.read("icbc-credit.csv")
    #expect(file.titleLast4 == "0001")
    for row in file.rows {
      #expect(!"\(row)".contains(Self.panPreamble))
      #expect(!row.summary.contains(Self.panPreamble))
    }
    let errors = try Self.icbcErrors()
    #expect(errors.count == 4)
    for error in errors {
      #expect(!error.description.contains(Self.panPreamble))
      #expect(!error.description.contains("卡号"))
    }
    // Without a format, the preamble is searched for every known header; still never shown.
    let noHeader = "卡号: \(Self.panPreamble)\n明细查询文件下载\n"
    #expect(throws: InputError.self) {
      try StatementReader.read(
        bytes: Array(noHeader.utf8), file: "x.csv", format: nil,
        formats: StatementFormat.builtIn, rules: nil, defaultMethod: nil)
    }
    do {
      _ = try StatementReader.read(
        bytes: Array(noHeader.utf8), file: "x.csv", format: nil,
        formats: StatementFormat.builtIn, rules: nil, defaultMethod: nil)
    } catch {
      #expect(!"\(error)".contains(Self.panPreamble))
    }
  }

  @Test(arguments: [
    "消费 某店 4111111111111111", "消费 某店 4111 1111 1111 1111", "消费 6222020000000000001",
  ])
  func cardNumberInADescriptionIsAnErrorThatDoesNotEchoIt(description: String) throws {
    let text = Self.bocomHeader + "2025-01-03,2025-01-04,\(description),CNY 1.00,CNY 1.00\n"
    let error = try #require(
      StatementFixture.error(text: text, format: StatementFixture.format("bocom-credit")))
    #expect(error.line == 2)
    #expect(error.column == 3)
    #expect(error.statementError == .cardNumberInCell(column: "交易说明"))
    let digits = description.filter(\.isNumber)
    #expect(!error.description.filter(\.isNumber).contains(digits))
    #expect(!error.description.contains("1111 1111"))
  }

  @Test func cardNumberInAnAppsCardColumnIsAnError() throws {
    let text = String(decoding: try StatementFixture.bytes("wechat.csv"), as: UTF8.self)
      .replacingOccurrences(of: "交通银行信用卡(7449),支付成功", with: "交通银行信用卡(4111111111111111),支付成功")
    let error = try #require(
      StatementFixture.error(text: text, format: StatementFixture.format("wechat")))
    #expect(error.line == 18)
    #expect(error.column == 7)
    #expect(!error.description.contains("4111111111111111"))
  }
}
