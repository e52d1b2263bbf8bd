import WalletCore

/// How an export writes its dates (and times), named as format files name them.
package enum StatementDateForm: String, Sendable, CaseIterable {
  /// `2025-01-10`.
  case dashed = "yyyy-MM-dd"
  /// `2025/01/10`.
  case slashed = "yyyy/MM/dd"
  /// `20250110`.
  case compact = "yyyyMMdd"
  /// `01/10`: the year comes from the statement's period.
  case monthDaySlashed = "MM/dd"
  /// `0110`: the year comes from the statement's period.
  case monthDayCompact = "MMdd"
  /// `2023-02-12 21:32:14`, seconds optional.
  case dashedWithTime = "yyyy-MM-dd HH:mm:ss"
  /// `2023/02/12 21:32:14`, seconds optional.
  case slashedWithTime = "yyyy/MM/dd HH:mm:ss"

  /// Whether dates of this form lack a year.
  package var needsYear: Bool { self == .monthDaySlashed || self == .monthDayCompact }

  /// Whether the form carries a time of day.
  package var hasTime: Bool { self == .dashedWithTime || self == .slashedWithTime }
}

/// A time of day to the second, as payment apps record it.
package struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// 0–23.
  package let hour: Int
  /// 0–59.
  package let minute: Int
  /// 0–59.
  package let second: Int

  /// The time, or nil when it does not exist (`24:00`, `12:60`).
  package init?(hour: Int, minute: Int, second: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// `HH:MM:SS`.
  package var description: String {
    [hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
  }

  /// Orders times within a day.
  package static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    (lhs.hour, lhs.minute, lhs.second) < (rhs.hour, rhs.minute, rhs.second)
  }

  /// Reads `H:MM` or `HH:MM:SS` (hours of one or two digits); nil otherwise.
  package static func parse(_ text: Substring) -> TimeOfDay? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      let hour = StatementDateParser.number(parts[0], digits: 1...2),
      let minute = StatementDateParser.number(parts[1], digits: 2...2)
    else { return nil }
    var second = 0
    if parts.count == 3 {
      guard let value = StatementDateParser.number(parts[2], digits: 2...2) else { return nil }
      second = value
    }
    return TimeOfDay(hour: hour, minute: minute, second: second)
  }
}

/// A date as a cell writes it, before a missing year is filled in.
struct PartialDate {
  /// Nil for `MM/dd` and `MMdd`.
  var year: Int?
  var month: Int
  var day: Int
  var time: TimeOfDay?
}

/// Reads the cells of a date column.
enum StatementDateParser {
  /// Parses `text` in `form`; nil when it is not written so or names no real date.
  static func parse(_ text: String, form: StatementDateForm) -> PartialDate? {
    var datePart = Substring(text)
    var time: TimeOfDay?
    if form.hasTime {
      let pieces = text.split(whereSeparator: { $0 == " " || $0 == "T" })
      guard pieces.count == 2, let parsed = TimeOfDay.parse(pieces[1]) else { return nil }
      datePart = pieces[0]
      time = parsed
    }
    let partial: PartialDate?
    switch form {
    case .dashed, .dashedWithTime: partial = separated(datePart, by: "-", time: time)
    case .slashed, .slashedWithTime: partial = separated(datePart, by: "/", time: time)
    case .compact:
      guard datePart.count == 8, let year = number(datePart.prefix(4), digits: 4...4),
        let month = number(datePart.dropFirst(4).prefix(2), digits: 2...2),
        let day = number(datePart.suffix(2), digits: 2...2)
      else { return nil }
      partial = PartialDate(year: year, month: month, day: day, time: nil)
    case .monthDaySlashed:
      let parts = datePart.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let month = number(parts[0], digits: 1...2),
        let day = number(parts[1], digits: 1...2)
      else { return nil }
      partial = PartialDate(year: nil, month: month, day: day, time: nil)
    case .monthDayCompact:
      guard datePart.count == 4, let month = number(datePart.prefix(2), digits: 2...2),
        let day = number(datePart.suffix(2), digits: 2...2)
      else { return nil }
      partial = PartialDate(year: nil, month: month, day: day, time: nil)
    }
    guard let partial, (1...12).contains(partial.month),
      (1...31).contains(partial.day)
    else { return nil }
    if let year = partial.year,
      CivilDate(validating: year, month: partial.month, day: partial.day) == nil
    {
      return nil
    }
    return partial
  }

  /// `yyyy-M-d` with any one separator; months and days of one or two digits, as a
  /// spreadsheet that re-saved the file may write them.
  private static func separated(
    _ text: Substring, by separator: Character, time: TimeOfDay?
  ) -> PartialDate? {
    guard let (year, month, day) = CivilDate.fields(text, separators: (separator, separator))
    else { return nil }
    return PartialDate(year: year, month: month, day: day, time: time)
  }

  /// The ASCII digits of `text` as a number, when there are `digits` of them and nothing else.
  static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(text.utf8.count),
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int(text)
  }

  /// The date of `month`/`day` that is the latest on or before `periodEnd`: a statement lists
  /// only what happened before it was drawn up, so `12/25` on a January statement is last
  /// year's. `02/29` is the latest leap day on or before it. Nil for a day no year has.
  static func completing(_ partial: PartialDate, before periodEnd: CivilDate?) -> CivilDate? {
    if let year = partial.year {
      return CivilDate(validating: year, month: partial.month, day: partial.day)
    }
    guard let periodEnd else { return nil }
    let laterInYear = (partial.month, partial.day) > (periodEnd.month, periodEnd.day)
    let latest = laterInYear ? periodEnd.year - 1 : periodEnd.year
    // Leap years come at least every eight years, so a leap day is found within eight tries.
    for year in stride(from: latest, to: latest - 8, by: -1) {
      if let date = CivilDate(validating: year, month: partial.month, day: partial.day) {
        return date
      }
    }
    return nil
  }
}
