/// A calendar date (`YYYY-MM-DD`) in the proleptic Gregorian calendar, with no time zone.
///
/// Day arithmetic goes through `daysSinceEpoch`, a plain integer, so that billing cycles and
/// campaign bounds are computed without `Calendar`.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, e.g. 2026.
  public let year: Int
  /// The month, 1–12.
  public let month: Int
  /// The day of the month, 1–31.
  public let day: Int

  /// A date that exists; use `parse` or `init?(validating:month:day:)` for untrusted input.
  public init(year: Int, month: Int, day: Int) {
    precondition(
      CivilDate.isValid(year: year, month: month, day: day), "no such date \(year)-\(month)-\(day)")
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date, or nil when the day does not exist in that month (`2026-02-30`).
  public init?(validating year: Int, month: Int, day: Int) {
    guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
    self.init(checked: year, month: month, day: day)
  }

  /// A date already checked to exist: millions of times a batch, so not checked again.
  private init(checked year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `daysSinceEpoch` days after 1970-01-01 (negative before it).
  public init(daysSinceEpoch: Int) {
    // Howard Hinnant's civil_from_days: exact integer arithmetic over 400-year eras.
    let shifted = daysSinceEpoch + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01.
  public var daysSinceEpoch: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `count` days later (earlier when negative).
  public func adding(days count: Int) -> CivilDate {
    CivilDate(daysSinceEpoch: daysSinceEpoch + count)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
  }

  /// Orders dates chronologically.
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// Parses exactly `YYYY-MM-DD`.
  public static func parse(_ text: String) throws(TimeParseError) -> CivilDate {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(TimeParseError) in
        var scanner = ByteScanner(bytes)
        let date = try scanner.date()
        guard scanner.isAtEnd else { throw .malformed }
        return date
      }
    }
    return try result.get()
  }

  /// Whether a year, month and day name a real date.
  public static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...12).contains(month), day >= 1 else { return false }
    return day <= daysInMonth(year: year, month: month)
  }

  /// The number of days in a month.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// Zero-pads a non-negative number to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width
    ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// A cursor over ASCII bytes for the fixed-width time formats; cheaper than `DateFormatter`.
struct ByteScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index == bytes.count }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func digits(_ count: Int) throws(TimeParseError) -> Int {
    guard index + count <= bytes.count else { throw .malformed }
    var value = 0
    for offset in 0..<count {
      let byte = bytes[index + offset]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .malformed }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    index += count
    return value
  }

  mutating func expect(_ character: Unicode.Scalar) throws(TimeParseError) {
    guard peek == UInt8(ascii: character) else { throw .malformed }
    index += 1
  }

  mutating func date() throws(TimeParseError) -> CivilDate {
    let year = try digits(4)
    try expect("-")
    let month = try digits(2)
    try expect("-")
    let day = try digits(2)
    guard let date = CivilDate(validating: year, month: month, day: day) else {
      throw .noSuchDate
    }
    return date
  }
}
