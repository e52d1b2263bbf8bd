import Foundation

/// The UTC offsets of one IANA time zone, precomputed so that converting an instant costs a binary
/// search instead of a Foundation call per transaction.
///
/// Billing cycles and campaign days are local dates in the promotion's zone, so every transaction
/// needs this conversion; doing it through `Calendar` would dominate a batch of millions.
public final class TimeZoneRules: Hashable, Sendable, CustomStringConvertible {
  /// The IANA name, e.g. `Asia/Shanghai`.
  public let identifier: String
  private let initialOffset: Int32
  private let transitionTimes: [Int64]
  private let offsetsAfter: [Int32]

  /// Loads the zone named `identifier`. Abbreviations such as `CST` are refused, because they are
  /// ambiguous; only `UTC` and Area/Location names are accepted.
  public init(identifier: String) throws(TimeZoneError) {
    guard identifier == "UTC" || identifier.contains("/"),
      let zone = TimeZone(identifier: identifier)
    else { throw .unknown(identifier) }
    self.identifier = identifier
    // Int64 nanoseconds span 1677-09-21 to 2262-04-11; precompute every transition in between.
    let earliest = Date(timeIntervalSince1970: -9_223_372_036)
    let latest = Date(timeIntervalSince1970: 9_223_372_036)
    initialOffset = Int32(zone.secondsFromGMT(for: earliest))
    var times: [Int64] = []
    var offsets: [Int32] = []
    var cursor = earliest
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < latest {
      times.append(Int64(next.timeIntervalSince1970.rounded()))
      offsets.append(Int32(zone.secondsFromGMT(for: next)))
      cursor = next
    }
    transitionTimes = times
    offsetsAfter = offsets
  }

  /// The IANA name.
  public var description: String { identifier }

  /// Zones are the same when their names are.
  public static func == (lhs: TimeZoneRules, rhs: TimeZoneRules) -> Bool {
    lhs.identifier == rhs.identifier
  }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  /// Asia/Shanghai, the default zone of promotions and stores.
  public static let shanghai: TimeZoneRules = {
    do {
      return try TimeZoneRules(identifier: "Asia/Shanghai")
    } catch {
      preconditionFailure("the system time zone database lacks Asia/Shanghai")
    }
  }()

  /// The offset from UTC, in seconds, in force at `utcSeconds` since the epoch.
  public func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int {
    var low = 0
    var high = transitionTimes.count
    while low < high {
      let middle = (low + high) / 2
      if transitionTimes[middle] <= utcSeconds { low = middle + 1 } else { high = middle }
    }
    return Int(low == 0 ? initialOffset : offsetsAfter[low - 1])
  }

  /// The offset in force just before `start` (UTC seconds), and each change of offset at or
  /// after `start` and before `end`, with the offset in force from then on: what a caller
  /// needs to tabulate the zone for a span of time, as `wallet sql` does inside its query.
  public func offsetChanges(from start: Int64, to end: Int64) -> (
    before: Int, changes: [(utcSeconds: Int64, offsetAfter: Int)]
  ) {
    var changes: [(utcSeconds: Int64, offsetAfter: Int)] = []
    for (position, time) in transitionTimes.enumerated() where time >= start && time < end {
      let before = position == 0 ? initialOffset : offsetsAfter[position - 1]
      if offsetsAfter[position] != before {
        changes.append((time, Int(offsetsAfter[position])))
      }
    }
    return (offsetSeconds(atUTCSeconds: start - 1), changes)
  }

  /// Whether the local date goes back a day at some instant after `start` and at or before
  /// `end` (UTC seconds): clocks turned back across local midnight, as in America/St_Johns until
  /// 2011. Then local dates, and billing cycles, are not in the order of time.
  public func localDateStepsBack(afterUTCSeconds start: Int64, through end: Int64) -> Bool {
    for (position, time) in transitionTimes.enumerated() where time > start && time <= end {
      let before = Int64(position == 0 ? initialOffset : offsetsAfter[position - 1])
      let after = Int64(offsetsAfter[position])
      let dayBefore = (time - 1 + before).floorDivided(by: 86_400).quotient
      let dayAfter = (time + after).floorDivided(by: 86_400).quotient
      if dayAfter < dayBefore { return true }
    }
    return false
  }

  /// The UTC seconds of a local wall-clock time given as seconds since the local epoch.
  ///
  /// A time the zone repeats (clocks going back) means its first occurrence; a time it skips is
  /// an error.
  public func utcSeconds(forLocalSeconds local: Int64) throws(TimeParseError) -> Int64 {
    // Offsets a day either side cover any single transition near this local time.
    let candidates = [
      offsetSeconds(atUTCSeconds: local - 86_400), offsetSeconds(atUTCSeconds: local + 86_400),
    ]
    var earliest: Int64?
    for offset in candidates {
      let utc = local - Int64(offset)
      if offsetSeconds(atUTCSeconds: utc) == offset, earliest.map({ utc < $0 }) ?? true {
        earliest = utc
      }
    }
    guard let earliest else { throw .skippedLocalTime(zone: identifier) }
    return earliest
  }

  /// The first instant of a local date (its midnight, or the end of a gap that swallows it).
  public func startOfDay(_ date: CivilDate) -> Instant {
    let local = Int64(date.daysSinceEpoch) * 86_400
    var probe = local
    while true {
      if let utc = try? utcSeconds(forLocalSeconds: probe),
        let instant = Instant(secondsSinceEpoch: utc)
      {
        return instant
      }
      probe += 60
      precondition(probe - local < 86_400, "a whole day is missing in \(identifier)")
    }
  }
}

/// Why a time zone was refused; the command line words it.
public enum TimeZoneError: Error, Equatable, Sendable {
  /// Not an IANA Area/Location name (or `UTC`) known to this system.
  case unknown(String)
}
