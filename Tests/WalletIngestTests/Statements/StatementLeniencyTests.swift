import Testing
import WalletCore

@testable import WalletIngest

/// What real exports do that our fixtures did not: padding around quoted cells, a trailing cell
/// left out, a leap day without a year.
struct StatementLeniencyTests {
  static let icbcHeader =
    "交易日期,记账日期,摘要,交易场所,交易国家或地区简称,交易金额(收入),交易金额(支出),交易币种,"
    + "记账金额(收入),记账金额(支出),记账币种,余额,对方户名"

  @Test func paddingOutsideAQuotedCellIsDropped() throws {
    let text = """
      卡号: 0001
      \(Self.icbcHeader)
      2024-03-01\t,2024-03-02\t, 消费 ,某电器店\t,CHN\t,\t,\t"1,025.80"\t,人民币\t,\t, "1,025.80" ,人民币\t,100.00\t,\t

      """
    let file = try StatementFixture.read(
      text: text, format: StatementFixture.format("icbc-credit"), defaultMethod: .applePay)
    let row = try #require(file.rows.first)
    #expect(row.amount == Money(minorUnits: 102_580))
    #expect(row.kind == .purchase)
    #expect(row.line == 3)
  }

  @Test func quotesInsideQuotedCellsAndPlainPaddingAreKept() {
    let bytes = Array("a, \"x\"\"y\" ,\t b\t,\"c\"\r\n \"d\"".utf8)
    #expect(
      String(decoding: QuotedCellPadding.removed(from: bytes), as: UTF8.self)
        == "a,\"x\"\"y\",\t b\t,\"c\"\r\n\"d\"")
  }

  @Test func aRowWithoutItsTrailingEmptyCellReads() throws {
    let text = """
      交易时间,交易类型,交易对方,商品,收/支,金额(元),支付方式,当前状态,交易单号,商户单号,备注
      2023-03-02 12:30:45,商户消费,某咖啡店,拿铁,支出,¥28.16,交通银行信用卡(7449),支付成功,4200001\t,10001\t

      """
    let file = try StatementFixture.read(text: text, format: StatementFixture.format("wechat"))
    #expect(file.rows.map(\.amount) == [Money(minorUnits: 2_816)])
    #expect(file.rows.first?.orderID == "4200001")
  }

  @Test(arguments: [
    ("2025年03月", "02/29", CivilDate(year: 2024, month: 2, day: 29)),
    ("2024年03月", "02/29", CivilDate(year: 2024, month: 2, day: 29)),
    ("2024年01月", "12/25", CivilDate(year: 2023, month: 12, day: 25)),
  ])
  func aDateWithoutAYearIsTheLatestOnOrBeforeThePeriodsEnd(
    period: String, written: String, expected: CivilDate
  ) throws {
    let text = """
      招商银行信用卡对账单（个人消费卡账户 \(period)）
      交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额
      \(written),\(written),某超市,100.00,1234,100.00(CN)

      """
    let file = try StatementFixture.read(
      text: text, format: StatementFixture.format("cmb-credit"), defaultMethod: .card)
    #expect(file.rows.first?.date == expected)
  }
}

/// WeChat writes a full refund as `已全额退款`, and the refund row's type ends in `-退款`.
struct WeChatRefundTests {
  @Test(arguments: [("某超市-退款", "已全额退款"), ("某超市-退款", "已退款(¥30.00)"), ("退款", "已到账")])
  func aRefundRowIsARefund(type: String, status: String) throws {
    let text = """
      交易时间,交易类型,交易对方,商品,收/支,金额(元),支付方式,当前状态,交易单号,商户单号,备注
      2023-03-06 09:00:00,\(type),某超市,/,收入,¥30.00,交通银行信用卡(7449),\(status),503001\t,10001\t,/

      """
    let file = try StatementFixture.read(text: text, format: StatementFixture.format("wechat"))
    #expect(file.rows.map(\.kind) == [.refund])
  }
}
