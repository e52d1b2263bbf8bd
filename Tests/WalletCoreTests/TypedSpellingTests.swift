import Testing

@testable import WalletCore

/// Amounts and dates as people type them: each spelling the command line accepts is read as
/// the SPEC's own spelling of the same value, and each it refuses is refused for the reason
/// the SPEC's parser gives.
struct TypedSpellingTests {
  @Test(
    "accepted amounts",
    arguments: [
      ("150", 15_000), ("150.00", 15_000), ("¥150", 15_000), ("￥150", 15_000),
      ("¥ 150", 15_000), (" ￥\t150 ", 15_000), ("150元", 15_000), ("150 元", 15_000),
      ("１５０", 15_000), ("１５０．００", 15_000), ("１５０.５", 15_050), ("¥１５０．５", 15_050),
      ("150.50元", 15_050), ("\t99.99\t", 9_999), ("１0５", 10_500), ("0.01元", 1),
    ] as [(String, Int64)])
  func amountsAreReadAsTheirPlainDecimal(typed: String, minorUnits: Int64) throws {
    #expect(try Money.parse(TypedSpelling.amount(typed)) == Money(minorUnits: minorUnits))
  }

  @Test(
    "refused amounts",
    arguments: [
      ("1,500", MoneyError.groupingSeparator), ("1，500", .groupingSeparator),
      ("¥1,500", .groupingSeparator), ("１，５００元", .groupingSeparator), ("1 500", .groupingSeparator),
      ("", .empty), (" ", .empty), ("¥", .empty), ("元", .empty), ("¥150元", .malformed),
      ("¥¥150", .malformed), ("150¥", .malformed), ("元150", .malformed), ("150元元", .malformed),
      ("RMB150", .malformed), ("150块", .malformed), ("$150", .malformed), ("150。00", .malformed),
      ("-150", .negative), ("¥-150", .negative), ("1e3", .exponent),
      ("150.001", .tooManyFractionDigits),
      ("１５０．００１", .tooManyFractionDigits), (".5元", .malformed), ("　150", .malformed),
    ])
  func otherAmountsAreRefusedForTheirReason(typed: String, error: MoneyError) {
    #expect(throws: error) { try Money.parse(TypedSpelling.amount(typed)) }
  }

  @Test(
    "accepted dates",
    arguments: [
      "2026-11-30", " 2026-11-30\t", "2026/11/30", "2026年11月30日", "２０２６年１１月３０日",
      "２０２６/１１/３０", "２０２６-１１-３０", " 2026年11月30日 ",
    ])
  func datesAreReadAsTheSPECsDate(typed: String) throws {
    #expect(
      try CivilDate.parse(TypedSpelling.date(typed)) == CivilDate(year: 2026, month: 11, day: 30))
  }

  @Test(
    "months and days without a leading zero",
    arguments: ["2026/1/5", "2026/01/5", "2026/1/05", "2026年1月5日", "2026年01月05日", "２０２６年１月５日"])
  func monthsAndDaysMayLackTheirZero(typed: String) throws {
    #expect(
      try CivilDate.parse(TypedSpelling.date(typed)) == CivilDate(year: 2026, month: 1, day: 5))
  }

  @Test(
    "refused dates",
    arguments: [
      ("2026/02/30", TimeParseError.noSuchDate), ("2026年2月30日", .noSuchDate),
      ("2026/13/01", .noSuchDate), ("2026年0月1日", .noSuchDate), ("2026-1-5", .malformed),
      ("26/11/30", .malformed), ("2026/11/300", .malformed), ("2026/011/30", .malformed),
      ("2026年11月30", .malformed), ("2026年11月30号", .malformed), ("2026年11-30", .malformed),
      ("2026/11-30", .malformed), ("2026.11.30", .malformed), ("30/11/2026", .malformed),
      ("2026年11月30日日", .malformed), ("2026／11／30", .malformed), ("yesterday", .malformed),
      ("2026/11/30/1", .malformed), ("", .malformed),
    ])
  func otherDatesAreRefusedForTheirReason(typed: String, error: TimeParseError) {
    #expect(throws: error) { try CivilDate.parse(TypedSpelling.date(typed)) }
  }

  @Test(
    "times after a typed date",
    arguments: [
      ("2026/11/30 09:30", "2026-11-30T09:30"), ("2026年11月30日 09:30", "2026-11-30T09:30"),
      ("2026年11月30日 ０９:３０:１５", "2026-11-30T09:30:15"),
      ("2026/1/5 23:59:59+08:00", "2026-01-05T23:59:59+08:00"),
      ("2026-11-30 09:30", "2026-11-30T09:30"), ("２０２６-１１-３０T09:30Z", "2026-11-30T09:30Z"),
    ])
  func aTimeMayFollowATypedDate(typed: String, spec: String) throws {
    let zone = try TimeZoneRules(identifier: "Asia/Shanghai")
    #expect(
      try Instant.parse(TypedSpelling.date(typed), naiveIn: zone)
        == Instant.parse(spec, naiveIn: zone))
  }

  @Test(
    "refused times",
    arguments: [
      "2026/11/30T09:30", "2026年11月30日T09:30", "2026年11月30日09:30", "2026/11/3009:30",
      "2026/11/30  09:30", "2026年11月30日 9时30分", "2026/11/30 09：30",
    ])
  func aTypedDateTakesOnlyASpaceBeforeItsTime(typed: String) throws {
    let zone = try TimeZoneRules(identifier: "Asia/Shanghai")
    #expect(throws: TimeParseError.malformed) {
      try Instant.parse(TypedSpelling.date(typed), naiveIn: zone)
    }
  }

  @Test(
    "months",
    arguments: [
      ("2026/11", "2026-11"), ("2026年11月", "2026-11"), ("2026/1", "2026-01"),
      ("２０２６年１月", "2026-01"), (" 2026-11 ", "2026-11"), ("2026/111", "2026/111"),
      ("2026年11", "2026年11"), ("2026年11月份", "2026年11月份"),
    ])
  func monthsAreWrittenAsTheSPECsMonth(typed: String, written: String) {
    #expect(TypedSpelling.date(typed) == written)
  }

  @Test func yuanSignsAreTheTwoStatementsWrite() {
    #expect(TypedSpelling.isYuanSign("¥") && TypedSpelling.isYuanSign("￥"))
    #expect(!TypedSpelling.isYuanSign("元") && !TypedSpelling.isYuanSign("$"))
  }
}
