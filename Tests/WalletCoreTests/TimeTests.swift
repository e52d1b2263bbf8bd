import Testing
import WalletTestSupport

@testable import WalletCore

struct InstantParsingTests {
  let shanghai = TimeZoneRules.shanghai

  func seconds(_ text: String, zone: TimeZoneRules = .shanghai) throws -> Int64 {
    try Instant.parse(text, naiveIn: zone).secondsSinceEpoch
  }

  @Test(
    "every accepted form of one instant",
    arguments: [
      "2026-12-22T00:00:00+08:00", "2026-12-22T00:00+08:00", "2026-12-21T16:00:00Z",
      "2026-12-21t16:00:00z", "2026-12-21 16:00:00Z", "2026-12-22T00:00:00", "2026-12-22 00:00",
      "2026-12-21T11:00:00-05:00", "2026-12-22T00:00:00.000000000+08:00",
    ])
  func acceptsEveryForm(text: String) throws {
    #expect(try seconds(text) == 1_797_868_800)
  }

  @Test func keepsNanoseconds() throws {
    let early = try Instant.parse("2026-12-22T00:00:00.1+08:00", naiveIn: shanghai)
    let late = try Instant.parse("2026-12-22T00:00:00.100000001+08:00", naiveIn: shanghai)
    #expect(late.nanosecondsSinceEpoch - early.nanosecondsSinceEpoch == 1)
    #expect(early.nanosecondsSinceEpoch % 1_000_000_000 == 100_000_000)
  }

  @Test(
    "refused times",
    arguments: [
      ("2026-02-30T10:00:00", TimeParseError.noSuchDate), ("2026-11-22T25:00", .noSuchTime),
      ("2026-11-22T24:00:00", .noSuchTime), ("2026-11-22T10:00+25:00", .invalidOffset),
      ("2026-11-22T10:60", .noSuchTime), ("10:00:00", .malformed), ("garbage", .malformed),
      ("2026-11-22", .malformed), ("2026-11-22T10:00:00.1234567891Z", .malformed),
      ("2026-11-22T10:00 +08:00", .malformed), ("2026-11-22T10:00+0800", .malformed),
      ("2026-11-22T10:00:00CST", .malformed), ("2026-13-01T00:00", .noSuchDate),
      ("2026-11-22T10:00:00.Z", .malformed), ("3000-01-01T00:00:00Z", .outOfRange),
      ("", .malformed),
    ])
  func refuses(text: String, error: TimeParseError) {
    #expect(throws: error) { try Instant.parse(text, naiveIn: shanghai) }
  }

  @Test("the common 25-byte form reads as the general form does")
  func commonFormAgreesWithTheGeneralReading() throws {
    // Seeded, so that a failure can be run again; values run past their limits, so that the
    // refusals are compared too.
    var random = SeededGenerator(seed: 25)
    let offsets = [
      "+08:00", "-00:00", "+00:00", "+18:00", "-18:00", "+14:45", "-03:30", "+05:45", "+18:01",
      "-19:00", "+08:60",
    ]
    for _ in 0..<3_000 {
      let year = Int.random(in: 1600...2300, using: &random)
      let month = Int.random(in: 0...13, using: &random)
      let day = Int.random(in: 0...32, using: &random)
      let hour = Int.random(in: 0...25, using: &random)
      let clock = (0..<2).map { _ in Int.random(in: 0...60, using: &random) }
      let offset = try #require(offsets.randomElement(using: &random))
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let date = "\(year)-\(two(month))-\(two(day))"
      let time = "\(two(hour)):\(two(clock[0])):\(two(clock[1]))"
      let common = "\(date)T\(time)\(offset)"
      // A fraction sends the same instant through the general reading.
      let general = "\(date)T\(time).0\(offset)"
      #expect(common.utf8.count == 25)
      let fast = Result { try Instant.parse(common, naiveIn: shanghai) }
      let slow = Result { try Instant.parse(general, naiveIn: shanghai) }
      switch (fast, slow) {
      case (.success(let fast), .success(let slow)): #expect(fast == slow, "\(common)")
      case (.failure(let fast), .failure(let slow)):
        #expect(fast as? TimeParseError == slow as? TimeParseError, "\(common)")
      default: Issue.record("\(common): \(fast) but \(general): \(slow)")
      }
    }
  }

  @Test(
    "refused times of the common length",
    arguments: [
      ("2026-02-30T10:00:00+08:00", TimeParseError.noSuchDate),
      ("2026-11-22T24:00:00+08:00", .noSuchTime), ("2026-11-22T10:00:60+08:00", .noSuchTime),
      ("2026-11-22T10:00:00+18:01", .invalidOffset), ("2026-11-22T10:00:00+08:60", .invalidOffset),
      ("2300-11-22T10:00:00+08:00", .outOfRange), ("2026-11-22T10:00:0a+08:00", .malformed),
      ("2026-11-22T10:00:00+08:0a", .malformed),
      ("2026/11-22T10:00:00+08:00", .malformed), ("2026-11-22T10:00:00*08:00", .malformed),
    ])
  func refusesCommonLength(text: String, error: TimeParseError) {
    #expect(text.utf8.count == 25)
    #expect(throws: error) { try Instant.parse(text, naiveIn: shanghai) }
  }

  @Test func naiveTimesUseTheGivenZone() throws {
    let utc = try TimeZoneRules(identifier: "UTC")
    #expect(try seconds("2026-12-22T00:00", zone: utc) - seconds("2026-12-22T00:00") == 8 * 3600)
  }

  @Test func skippedLocalTimeIsAnErrorAndRepeatedMeansFirst() throws {
    let newYork = try TimeZoneRules(identifier: "America/New_York")
    #expect(throws: TimeParseError.skippedLocalTime(zone: "America/New_York")) {
      try Instant.parse("2026-03-08T02:30:00", naiveIn: newYork)
    }
    // 01:30 happens twice on 2026-11-01; the first is still daylight time (-04:00).
    let repeated = try Instant.parse("2026-11-01T01:30:00", naiveIn: newYork)
    #expect(repeated == (try Instant.parse("2026-11-01T01:30:00-04:00", naiveIn: newYork)))
    // Shanghai kept daylight saving time from 1986 to 1991.
    #expect(throws: TimeParseError.skippedLocalTime(zone: "Asia/Shanghai")) {
      try Instant.parse("1990-04-15T02:30:00", naiveIn: shanghai)
    }
  }

  @Test func formatsWithTheZoneOffset() throws {
    let instant = try Instant.parse("2026-12-21T16:00:00.999Z", naiveIn: shanghai)
    #expect(instant.formatted(in: shanghai) == "2026-12-22T00:00:00+08:00")
    let utc = try TimeZoneRules(identifier: "UTC")
    #expect(instant.formatted(in: utc) == "2026-12-21T16:00:00+00:00")
    let newYork = try TimeZoneRules(identifier: "America/New_York")
    #expect(instant.formatted(in: newYork) == "2026-12-21T11:00:00-05:00")
    let beforeEpoch = try Instant.parse("1969-12-31T23:59:59.5Z", naiveIn: utc)
    #expect(beforeEpoch.formatted(in: utc) == "1969-12-31T23:59:59+00:00")
  }

  @Test(
    "zone names", arguments: ["CST", "EST", "asia/shanghai", "Asia/Nowhere", "", "Shanghai"])
  func refusesAbbreviationsAndUnknownZones(name: String) {
    #expect(throws: TimeZoneError.unknown(name)) { try TimeZoneRules(identifier: name) }
  }

  @Test func civilDatesRoundTripThroughDayNumbers() {
    var date = CivilDate(year: 1899, month: 12, day: 25)
    var day = date.daysSinceEpoch
    for _ in 0..<200_000 {
      #expect(CivilDate(daysSinceEpoch: day) == date)
      let next =
        date.day < CivilDate.daysInMonth(year: date.year, month: date.month)
        ? CivilDate(year: date.year, month: date.month, day: date.day + 1)
        : date.month == 12
          ? CivilDate(year: date.year + 1, month: 1, day: 1)
          : CivilDate(year: date.year, month: date.month + 1, day: 1)
      date = next
      day += 1
    }
    #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
    #expect(CivilDate(year: 2000, month: 2, day: 29).daysSinceEpoch == 11_016)
  }
}

struct BillingCycleTests {
  @Test(
    "cycle of a local date with D = 22",
    arguments: [
      ("2026-12-21", "2026-11-22", "2026-12-21"), ("2026-12-22", "2026-12-22", "2027-01-21"),
      ("2026-01-05", "2025-12-22", "2026-01-21"), ("2026-02-22", "2026-02-22", "2026-03-21"),
    ])
  func cycleOfDate(date: String, start: String, end: String) throws {
    let cycle = BillingCycle(containing: try CivilDate.parse(date), startDay: 22)
    #expect(cycle.start.description == start)
    #expect(cycle.end.description == end)
  }

  @Test("any start day", arguments: 1...28)
  func everyStartDayTilesTheYear(startDay: Int) {
    var cycle = BillingCycle(
      containing: CivilDate(year: 2023, month: 12, day: 31), startDay: startDay)
    for _ in 0..<40 {
      let next = cycle.next
      #expect(next.start == cycle.end.adding(days: 1))
      #expect(next.sequenceNumber == cycle.sequenceNumber + 1)
      #expect(BillingCycle(containing: cycle.end, startDay: startDay) == cycle)
      #expect(cycle.start.day == startDay)
      cycle = next
    }
  }

  @Test(
    "the boundary instant in every notation",
    arguments: [
      ("2026-12-21T23:59:59+08:00", "2026-11-22"), ("2026-12-22T00:00:00+08:00", "2026-12-22"),
      ("2026-12-21T15:59:59Z", "2026-11-22"), ("2026-12-21T16:00:00Z", "2026-12-22"),
      ("2026-12-21T23:59:59", "2026-11-22"), ("2026-12-22T00:00:00", "2026-12-22"),
      ("2026-12-21T23:59:59.999999999+08:00", "2026-11-22"),
    ])
  func boundary(text: String, cycleStart: String) throws {
    let promotion = Promotion.bocomApplePayMonthly
    let instant = try Instant.parse(text, naiveIn: promotion.timeZone)
    #expect(promotion.cycle(containing: instant).description == cycleStart)
  }
}

struct CodeTests {
  @Test(
    "network aliases",
    arguments: [
      ("UnionPay", Network.unionpay), ("China UnionPay", .unionpay), ("cup", .unionpay),
      ("银联", .unionpay), ("中国银联", .unionpay), ("MC", .mastercard), ("Master-Card", .mastercard),
      ("American Express", .amex), ("private_label", .privateLabel),
      ("PrivateLabel", .privateLabel),
      ("VISA", .visa), ("e f t p o s", .eftpos),
    ])
  func networkAliases(text: String, network: Network) {
    #expect(Network(parsing: text) == network)
  }

  @Test("unknown network names", arguments: ["unionpai", "amexx", "", "银 联 卡", "master card x"])
  func unknownNetworks(text: String) {
    #expect(Network(parsing: text) == nil)
    #expect(throws: CodeError.self) { try Network.parse(text) }
  }

  @Test func codesIgnoreCaseButNotSpelling() {
    #expect(Channel(parsing: "Bank-App") == .bankApp)
    #expect(Channel(parsing: "bank_app") == nil)
    #expect(PaymentMethod(parsing: "APPLE-PAY") == .applePay)
    #expect(TransactionStatus(parsing: "Pending") == .pending)
    #expect(CardType(parsing: "CREDIT") == .credit)
    #expect(CardRole(parsing: "Supplementary") == .supplementary)
    #expect(Currency(parsing: "cny") == .cny)
    #expect(Currency(parsing: "usd")?.code == "USD")
    #expect(Currency(parsing: "RMB") == nil)
    #expect(Currency(parsing: "CN") == nil)
    #expect(MerchantCategoryCode(parsing: "0742")?.description == "0742")
    #expect(MerchantCategoryCode(parsing: "742") == nil)
    #expect(MerchantCategoryCode(parsing: "٠٧٤٢") == nil)
  }
}
