/// Why a date, time or instant was refused.
public enum TimeParseError: Error, Equatable, Sendable {
  /// Not of the form `YYYY-MM-DDTHH:MM[:SS[.f]][Z|±HH:MM]`.
  case malformed
  /// The date does not exist, e.g. `2026-02-30`.
  case noSuchDate
  /// The time of day does not exist, e.g. `25:00` or `24:00:00`.
  case noSuchTime
  /// The UTC offset is out of range, e.g. `+25:00`.
  case invalidOffset
  /// The local time falls in a gap of the time zone, e.g. a daylight-saving jump.
  case skippedLocalTime(zone: String)
  /// The instant is outside the years that can be represented (1678–2261).
  case outOfRange
}
