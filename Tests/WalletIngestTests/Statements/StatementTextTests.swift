import Testing
import WalletCore

@testable import WalletIngest

/// Encodings, amounts and dates as exports write them.
struct StatementTextTests {
  @Test func utf8IsTakenAsItIs() throws {
    let text = try StatementText.decode(Array("交易,1\n".utf8), file: "a")
    #expect(text.encoding == .utf8)
    #expect(text.utf8 == Array("交易,1\n".utf8))
  }

  @Test func byteOrderMarkIsRemovedAndReported() throws {
    let text = try StatementText.decode([0xEF, 0xBB, 0xBF] + Array("交易".utf8), file: "a")
    #expect(text.encoding == .utf8WithByteOrderMark)
    #expect(text.encoding.description == "UTF-8 with BOM")
    #expect(text.utf8 == Array("交易".utf8))
  }

  @Test func gbkIsReadAsGB18030() throws {
    // 交易 in GBK: BD BB D2 D7.
    let text = try StatementText.decode([0xBD, 0xBB, 0xD2, 0xD7, 0x2C, 0x31], file: "a")
    #expect(text.encoding == .gb18030)
    #expect(text.encoding.description == "GB18030")
    #expect(String(decoding: text.utf8, as: UTF8.self) == "交易,1")
  }

  @Test func gbkFixtureMatchesItsUTF8Source() throws {
    let text = try StatementText.decode(try StatementFixture.bytes("alipay.csv"), file: "a")
    #expect(text.encoding == .gb18030)
    #expect(text.utf8 == (try StatementFixture.bytes("alipay.utf8.txt")))
  }

  @Test func bytesValidInNeitherAreAnError() {
    // 0x80 starts no GB18030 character; the second line holds it.
    #expect(throws: InputError.self) {
      try StatementText.decode(Array("ok\n".utf8) + [0x80, 0x0A], file: "a")
    }
    do {
      _ = try StatementText.decode(Array("ok\n".utf8) + [0x80, 0x0A], file: "a")
    } catch {
      #expect(error.line == 2)
      #expect(error.statementError == .neitherUTF8NorGB18030)
    }
  }

  @Test(
    arguments: [
      ("CNY 123.18", 12_318, false, "CNY"), ("CNY13.50", 1350, false, "CNY"),
      ("¥28.16", 2816, false, "CNY"), ("￥28.16", 2816, false, "CNY"), ("RMB 5", 500, false, "CNY"),
      ("\t\"8,000.00\" ", -1, false, nil), ("8,000.00", 800_000, false, nil),
      ("-8,000.00", 800_000, true, nil), ("-¥5.00", 500, true, "CNY"), ("¥-5.00", 500, true, "CNY"),
      ("20.00(CN)", 2000, false, nil), ("USD 12.00", 1200, false, "USD"), ("0.00", 0, false, nil),
      ("-0.00", 0, false, nil), ("1,234,567.8", 123_456_780, false, nil),
    ] as [(String, Int64, Bool, String?)])
  func amountCellsReadExactly(cell: String, fen: Int64, negative: Bool, currency: String?)
    throws
  {
    let result = StatementAmount.parse(cell)
    guard fen >= 0 else {
      #expect(throws: StatementAmountError.self) { try result.get() }
      return
    }
    #expect(
      try result.get()
        == StatementAmount(
          magnitude: Money(minorUnits: fen), isNegative: negative,
          currency: currency.flatMap(Currency.init(parsing:))))
  }

  @Test(arguments: [
    "", "CNY", "12.345", "1e3", "8,00.00", "1,0000.00", "--5", "ABC 1.00", "5-", "¥", "1.00(CN",
  ])
  func badAmountCellsAreRefused(cell: String) {
    #expect(throws: StatementAmountError.self) { try StatementAmount.parse(cell).get() }
  }

  @Test(
    arguments: [
      ("2025-01-10", StatementDateForm.dashed, "2025-01-10", nil),
      ("2025/1/9", .slashed, "2025-01-09", nil), ("20250110", .compact, "2025-01-10", nil),
      ("2023-02-12 21:32:14", .dashedWithTime, "2023-02-12", "21:32:14"),
      ("2023/02/12 21:32", .slashedWithTime, "2023-02-12", "21:32:00"),
      ("12/25", .monthDaySlashed, "2023-12-25", nil), ("0105", .monthDayCompact, "2024-01-05", nil),
      ("01/31", .monthDaySlashed, "2024-01-31", nil),
    ] as [(String, StatementDateForm, String, String?)])
  func datesReadInTheirForm(cell: String, form: StatementDateForm, date: String, time: String?)
    throws
  {
    let partial = try #require(StatementDateParser.parse(cell, form: form))
    let periodEnd = CivilDate(year: 2024, month: 1, day: 31)
    #expect(StatementDateParser.completing(partial, before: periodEnd)?.description == date)
    #expect(partial.time?.description == time)
  }

  @Test(arguments: [
    ("2025-02-30", StatementDateForm.dashed), ("2025-01-10", .slashed), ("2025-1-10x", .dashed),
    ("13/01", .monthDaySlashed), ("2023-02-12 24:00:00", .dashedWithTime),
    ("2023-02-12", .dashedWithTime), ("250110", .compact),
  ])
  func badDatesAreRefused(cell: String, form: StatementDateForm) {
    #expect(StatementDateParser.parse(cell, form: form) == nil)
  }

  @Test func februaryTwentyNinthIsTheLatestLeapDayBeforeThePeriodsEnd() throws {
    let partial = try #require(StatementDateParser.parse("02/29", form: .monthDaySlashed))
    #expect(
      StatementDateParser.completing(partial, before: CivilDate(year: 2023, month: 3, day: 31))
        == CivilDate(year: 2020, month: 2, day: 29))
    #expect(
      StatementDateParser.completing(partial, before: CivilDate(year: 2024, month: 3, day: 31))
        == CivilDate(year: 2024, month: 2, day: 29))
  }
}
