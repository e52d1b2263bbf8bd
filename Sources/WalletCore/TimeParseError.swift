/// Why a date, time or instant was refused.
public enum TimeParseError: Error, Equatable, Sendable, CustomStringConvertible {
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

  /// The English the statement import's row messages still quote, until they are typed; the
  /// command line words the error itself (`ErrorWording+Core.swift`).
  public var description: String {
    switch self {
    case .malformed:
      "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)"
    case .noSuchDate: "that date does not exist"
    case .noSuchTime: "that time of day does not exist"
    case .invalidOffset: "the UTC offset must be between -18:00 and +18:00"
    case .skippedLocalTime(let zone): "that local time does not exist in \(zone) (clocks skip it)"
    case .outOfRange: "the year must be between 1678 and 2261"
    }
  }
}
