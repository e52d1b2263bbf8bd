import Testing
import WalletTestSupport

@testable import WalletCore

/// Whatever `Instant.formatted(in:)` writes, `Instant.parse` reads back as the same instant (to
/// the second), historic local mean times included. Found by the FuzzTime harness (.ci/fuzz):
/// before 1901 Asia/Shanghai kept local mean time, +08:05:43, which was written with its seconds
/// and then refused when read back.
struct InstantRoundTripTests {
  let shanghai = TimeZoneRules.shanghai

  @Test func localMeanTimeReadsBack() throws {
    // The fuzzer's input: a naive time in 1890, read in Asia/Shanghai.
    let instant = try Instant.parse("1890-04-15 02:30:00", naiveIn: shanghai)
    let text = instant.formatted(in: shanghai)
    #expect(text == "1890-04-15T02:30:00+08:05:43")
    #expect(try Instant.parse(text, naiveIn: shanghai) == instant)
    #expect(try Instant.parse(text, naiveIn: TimeZoneRules(identifier: "UTC")) == instant)
  }

  @Test func offsetSecondsCount() throws {
    let withSeconds = try Instant.parse("2026-11-22T00:00:00+08:05:43", naiveIn: shanghai)
    let withoutSeconds = try Instant.parse("2026-11-22T00:00:00+08:05", naiveIn: shanghai)
    #expect(
      withoutSeconds.nanosecondsSinceEpoch - withSeconds.nanosecondsSinceEpoch == 43_000_000_000)
    let west = try Instant.parse("2026-11-22T00:00:00-00:00:30", naiveIn: shanghai)
    let utc = try Instant.parse("2026-11-22T00:00:00Z", naiveIn: shanghai)
    #expect(west.nanosecondsSinceEpoch - utc.nanosecondsSinceEpoch == 30_000_000_000)
    #expect(try Instant.parse("2026-11-22T00:00:00+18:00:00", naiveIn: shanghai) < utc)
  }

  @Test(
    "refused offsets with seconds",
    arguments: [
      ("2026-11-22T00:00:00+18:00:01", TimeParseError.invalidOffset),
      ("2026-11-22T00:00:00+08:05:60", .invalidOffset), ("2026-11-22T00:00:00+08:05:", .malformed),
      ("2026-11-22T00:00:00+08:05:4", .malformed), ("2026-11-22T00:00:00+08:05:433", .malformed),
      ("2026-11-22T00:00:00Z:00", .malformed),
    ])
  func refuses(text: String, error: TimeParseError) {
    #expect(throws: error) { try Instant.parse(text, naiveIn: shanghai) }
  }

  /// Writing every field at a fixed place (years 1000 to 9999, the whole range of an instant)
  /// gives the text that writing each number digit by digit gives, local mean times' offsets
  /// with seconds included.
  @Test(arguments: ["Asia/Shanghai", "UTC", "America/New_York", "Asia/Kolkata", "Africa/Monrovia"])
  func fixedPlacesWriteWhatDigitByDigitWrites(zoneName: String) throws {
    let zone = try TimeZoneRules(identifier: zoneName)
    var random = SeededGenerator(seed: 31)
    for _ in 0..<5_000 {
      let seconds = Int64.random(in: -9_214_000_000...9_214_000_000, using: &random)
      let instant = try #require(Instant(secondsSinceEpoch: seconds))
      let offset = zone.offsetSeconds(atUTCSeconds: seconds)
      let (days, second) = (seconds + Int64(offset)).floorDivided(by: 86_400)
      let digitByDigit = withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: Instant.formattedCapacity
      ) { buffer in
        let count = Instant.formattedDigitByDigit(
          date: CivilDate(daysSinceEpoch: Int(days)), second: Int(second), offset: offset,
          into: buffer)
        return String(decoding: buffer[0..<count], as: UTF8.self)
      }
      #expect(instant.formatted(in: zone) == digitByDigit, "\(seconds) in \(zoneName)")
    }
  }

  @Test(
    "every year's instants read back",
    arguments: ["Asia/Shanghai", "UTC", "America/New_York", "Asia/Kolkata", "Africa/Monrovia"])
  func everyYearReadsBack(zoneName: String) throws {
    let zone = try TimeZoneRules(identifier: zoneName)
    // From 1678 to 2261, a little over a year (and 7 hours and 13 seconds) apart.
    var seconds: Int64 = -9_214_000_000
    while seconds < 9_214_000_000 {
      let instant = try #require(Instant(secondsSinceEpoch: seconds, nanoseconds: 123_456_789))
      let text = instant.formatted(in: zone)
      let whole = try #require(Instant(secondsSinceEpoch: seconds))
      #expect(try Instant.parse(text, naiveIn: zone) == whole, "\(text) in \(zoneName)")
      seconds += 31_582_813
    }
  }
}
