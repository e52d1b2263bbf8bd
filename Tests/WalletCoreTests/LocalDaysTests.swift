import Testing
import WalletTestSupport

@testable import WalletCore

/// `LocalDays` caches what the arithmetic says: the same local day for any instant, the same
/// cycle and period keys for any day, in zones with and without changes of offset in the span.
struct LocalDaysTests {
  static let zones = [
    "Asia/Shanghai", "UTC", "America/New_York", "America/St_Johns", "Australia/Lord_Howe",
  ]

  @Test(arguments: zones)
  func theTablesSayWhatTheArithmeticSays(zone: String) throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.timeZone = try TimeZoneRules(identifier: zone)
    promotion.cycleStartDay = 22
    let rules = CompiledRules(promotion)
    var random = SeededGenerator(seed: UInt64(zone.utf8.count))
    let day: Int64 = 86_400 * 1_000_000_000
    let base = Fixture.at("2026-01-01T00:00").nanosecondsSinceEpoch
    // A few days (no change of offset, in most zones) to two years (every change of a year).
    for length in [3 * day, 40 * day, 700 * day] {
      let start = base + Int64.random(in: 0...(300 * day), using: &random)
      let days = LocalDays(promotion: promotion, span: start...(start + length), rules: rules)
      // Inside the span, and a little outside it, where the arithmetic answers.
      for _ in 0..<2_000 {
        let time = start + Int64.random(in: -(10 * day)...(length + 10 * day), using: &random)
        let expected = Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(
          in: promotion.timeZone)
        #expect(days.day(at: time) == expected)
        #expect(
          days.cycle(onDay: expected)
            == BillingCycle.sequenceNumber(
              containing: CivilDate(daysSinceEpoch: expected), startDay: 22))
        let keys = days.periodKeys(onDay: expected)
        let plain = rules.periodKeys(day: expected)
        #expect(
          [keys.day, keys.week, keys.month, keys.quarter, keys.cycle]
            == [plain.day, plain.week, plain.month, plain.quarter, plain.cycle])
      }
    }
  }

  @Test func theEndsOfTimeAndAnEmptyLedger() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.timeZone = try TimeZoneRules(identifier: "Asia/Shanghai")
    // A span of centuries makes no table; near the ends, the offset would overflow.
    let wide = LocalDays(promotion: promotion, span: (Int64.min + 1)...(Int64.max - 1), rules: nil)
    for time in [Int64.min + 1, -1, 0, 1, Int64.max - 1] {
      #expect(
        wide.day(at: time)
          == Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(in: promotion.timeZone))
    }
    let empty = LocalDays(promotion: promotion, span: nil, rules: nil)
    #expect(empty.day(at: 0) == 0)
    #expect(
      empty.cycle(onDay: 20_000)
        == BillingCycle.sequenceNumber(
          containing: CivilDate(daysSinceEpoch: 20_000), startDay: promotion.cycleStartDay))
  }
}
