/// A point in time, exact to the nanosecond, independent of any time zone.
///
/// Kept as one `Int64` of nanoseconds since 1970-01-01T00:00:00Z so that ordering is one integer
/// comparison and a transaction record stays small; that covers the years 1678–2261.
public struct Instant: Hashable, Comparable, Sendable {
  /// Nanoseconds since the Unix epoch.
  public let nanosecondsSinceEpoch: Int64

  /// The instant `nanosecondsSinceEpoch` after the Unix epoch.
  public init(nanosecondsSinceEpoch: Int64) {
    self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
  }

  /// The instant at whole `secondsSinceEpoch` plus `nanoseconds`; nil when out of range.
  public init?(secondsSinceEpoch: Int64, nanoseconds: Int64 = 0) {
    let (scaled, overflowA) = secondsSinceEpoch.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowB) = scaled.addingReportingOverflow(nanoseconds)
    if overflowA || overflowB { return nil }
    self.nanosecondsSinceEpoch = total
  }

  /// Whole seconds since the epoch, rounded toward the past.
  public var secondsSinceEpoch: Int64 {
    let (quotient, remainder) = nanosecondsSinceEpoch.quotientAndRemainder(
      dividingBy: 1_000_000_000)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// Orders instants chronologically, fractions of a second included.
  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch
  }

  /// Parses an ISO-8601 instant as the SPEC accepts it; one written without an offset is read as
  /// a local time in `zone`.
  public static func parse(_ text: String, naiveIn zone: TimeZoneRules) throws(TimeParseError)
    -> Instant
  {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(TimeParseError) in try parse(utf8: bytes, naiveIn: zone) }
    }
    return try result.get()
  }

  /// Parses an instant from UTF-8 bytes: `YYYY-MM-DD(T|t| )HH:MM[:SS[.f{1,9}]][Z|z|±HH:MM[:SS]]`.
  public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, naiveIn zone: TimeZoneRules)
    throws(TimeParseError) -> Instant
  {
    if let instant = parseCommonForm(bytes) { return instant }
    var scanner = ByteScanner(bytes)
    let date = try scanner.date()
    guard let separator = scanner.peek,
      separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
        || separator == UInt8(ascii: " ")
    else { throw .malformed }
    scanner.index += 1
    let hour = try scanner.digits(2)
    try scanner.expect(":")
    let minute = try scanner.digits(2)
    var second = 0
    var nanosecond = 0
    if scanner.peek == UInt8(ascii: ":") {
      scanner.index += 1
      second = try scanner.digits(2)
      if scanner.peek == UInt8(ascii: ".") {
        scanner.index += 1
        var digitCount = 0
        while let byte = scanner.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          digitCount += 1
          guard digitCount <= 9 else { throw .malformed }
          nanosecond = nanosecond * 10 + Int(byte - UInt8(ascii: "0"))
          scanner.index += 1
        }
        guard digitCount > 0 else { throw .malformed }
        for _ in digitCount..<9 { nanosecond *= 10 }
      }
    }
    guard hour < 24, minute < 60, second < 60 else { throw .noSuchTime }
    let localSeconds =
      Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)

    let utcSeconds: Int64
    switch scanner.peek {
    case nil:
      utcSeconds = try zone.utcSeconds(forLocalSeconds: localSeconds)
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      scanner.index += 1
      utcSeconds = localSeconds
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign: Int64 = scanner.peek == UInt8(ascii: "+") ? 1 : -1
      scanner.index += 1
      let offsetHours = try scanner.digits(2)
      try scanner.expect(":")
      let offsetMinutes = try scanner.digits(2)
      // Seconds too, as `formatted(in:)` writes them for a historic local mean time
      // (`+08:05:43`), so that whatever wallet writes it reads back.
      var offsetSeconds = 0
      if scanner.peek == UInt8(ascii: ":") {
        scanner.index += 1
        offsetSeconds = try scanner.digits(2)
      }
      let offset = offsetHours * 3600 + offsetMinutes * 60 + offsetSeconds
      guard offsetMinutes < 60, offsetSeconds < 60, offset <= 18 * 3600 else {
        throw .invalidOffset
      }
      utcSeconds = localSeconds - sign * Int64(offset)
    default:
      throw .malformed
    }
    guard scanner.isAtEnd else { throw .malformed }
    guard let instant = Instant(secondsSinceEpoch: utcSeconds, nanoseconds: Int64(nanosecond))
    else { throw .outOfRange }
    return instant
  }

  /// The instant of `YYYY-MM-DDTHH:MM:SS±HH:MM`, the form nearly every row of a bank's file
  /// writes, read at fixed positions; nil for any other form, or any doubt, which the general
  /// parser then reads (or refuses, saying why).
  @inline(__always)
  private static func parseCommonForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
    guard bytes.count == 25, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
      bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-")
    else { return nil }
    @inline(__always) func digit(_ index: Int) -> Int { Int(bytes[index] &- 48) }
    // A byte below "0" wraps around to a large value: one comparison per digit.
    @inline(__always) func twoDigits(_ index: Int) -> Bool {
      bytes[index] &- 48 < 10 && bytes[index + 1] &- 48 < 10
    }
    guard
      twoDigits(0) && twoDigits(2) && twoDigits(5) && twoDigits(8) && twoDigits(11)
        && twoDigits(14) && twoDigits(17) && twoDigits(20) && twoDigits(23)
    else { return nil }
    let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
    let hour = digit(11) * 10 + digit(12)
    let minute = digit(14) * 10 + digit(15)
    let second = digit(17) * 10 + digit(18)
    let offsetHours = digit(20) * 10 + digit(21)
    let offsetMinutes = digit(23) * 10 + digit(24)
    guard
      let date = CivilDate(
        validating: year, month: digit(5) * 10 + digit(6), day: digit(8) * 10 + digit(9)),
      hour < 24, minute < 60, second < 60, offsetMinutes < 60,
      offsetHours * 60 + offsetMinutes <= 18 * 60
    else { return nil }
    let offset = Int64(offsetHours * 3600 + offsetMinutes * 60)
    let localSeconds =
      Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Instant(
      secondsSinceEpoch: localSeconds - (bytes[19] == UInt8(ascii: "+") ? offset : -offset))
  }

  /// ISO-8601 with the offset in force in `zone` at this instant, whole seconds
  /// (`2026-11-22T00:00:00+08:00`, never `Z`).
  public func formatted(in zone: TimeZoneRules) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.formattedCapacity) { buffer in
      String(decoding: buffer[0..<formatted(in: zone, into: buffer)], as: UTF8.self)
    }
  }

  /// Room enough for any `formatted(in:)` text.
  public static let formattedCapacity = 64

  /// Writes `formatted(in:)`'s text as UTF-8 into `buffer` (at least `formattedCapacity`
  /// bytes) and returns its length: reports write millions of instants, and need no `String`
  /// for each.
  public func formatted(in zone: TimeZoneRules, into buffer: UnsafeMutableBufferPointer<UInt8>)
    -> Int
  {
    precondition(buffer.count >= Self.formattedCapacity, "a buffer too small for an instant")
    let seconds = secondsSinceEpoch
    let offset = zone.offsetSeconds(atUTCSeconds: seconds)
    let local = seconds + Int64(offset)
    let (days, secondOfDay) = local.floorDivided(by: 86_400)
    let date = CivilDate(daysSinceEpoch: Int(days))
    let second = Int(secondOfDay)
    let magnitude = abs(offset)
    guard date.year >= 1000 && date.year <= 9999 && magnitude < 100 * 3600 else {
      return Self.formattedDigitByDigit(
        date: date, second: second, offset: offset, into: buffer)
    }
    // Every field two digits at fixed places, as a rewards file's hundreds of thousands of
    // times are: the general writing below took about a thousand instructions each.
    @inline(__always) func pair(_ value: Int, at index: Int) {
      buffer[index] = UInt8(truncatingIfNeeded: 48 + value / 10)
      buffer[index + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
    }
    pair(date.year / 100, at: 0)
    pair(date.year % 100, at: 2)
    buffer[4] = UInt8(ascii: "-")
    pair(date.month, at: 5)
    buffer[7] = UInt8(ascii: "-")
    pair(date.day, at: 8)
    buffer[10] = UInt8(ascii: "T")
    pair(second / 3600, at: 11)
    buffer[13] = UInt8(ascii: ":")
    pair(second / 60 % 60, at: 14)
    buffer[16] = UInt8(ascii: ":")
    pair(second % 60, at: 17)
    buffer[19] = UInt8(ascii: offset < 0 ? "-" : "+")
    pair(magnitude / 3600, at: 20)
    buffer[22] = UInt8(ascii: ":")
    pair(magnitude / 60 % 60, at: 23)
    guard magnitude % 60 != 0 else { return 25 }
    buffer[25] = UInt8(ascii: ":")
    pair(magnitude % 60, at: 26)
    return 28
  }

  /// `formatted(in:into:)`'s text for the local `date`, `second` of the day and `offset` from
  /// UTC, each number written with as many digits as it needs (a year before 1000 or past
  /// 9999 too). Internal, so that tests compare the two ways of writing an instant.
  static func formattedDigitByDigit(
    date: CivilDate, second: Int, offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let magnitude = abs(offset)
    var count = 0
    func put(_ character: Unicode.Scalar) {
      buffer[count] = UInt8(ascii: character)
      count += 1
    }
    // At least `width` digits, more if the value needs them (a year past 9999).
    func digits(_ value: Int, _ width: Int) {
      var length = width
      var limit = 1
      for _ in 0..<width { limit *= 10 }
      while value >= limit && length < 19 {
        length += 1
        limit = limit.multipliedReportingOverflow(by: 10).overflow ? Int.max : limit * 10
      }
      var remaining = value
      for position in stride(from: count + length - 1, through: count, by: -1) {
        buffer[position] = UInt8(48 + remaining % 10)
        remaining /= 10
      }
      count += length
    }
    digits(date.year, 4)
    put("-")
    digits(date.month, 2)
    put("-")
    digits(date.day, 2)
    put("T")
    digits(second / 3600, 2)
    put(":")
    digits(second / 60 % 60, 2)
    put(":")
    digits(second % 60, 2)
    put(offset < 0 ? "-" : "+")
    digits(magnitude / 3600, 2)
    put(":")
    digits(magnitude / 60 % 60, 2)
    // Historic local mean times have odd seconds; keep the output an exact instant.
    if magnitude % 60 != 0 {
      put(":")
      digits(magnitude % 60, 2)
    }
    return count
  }

  /// The local day number (days since 1970-01-01) of this instant in `zone`.
  public func localDaysSinceEpoch(in zone: TimeZoneRules) -> Int {
    let seconds = secondsSinceEpoch
    let local = seconds + Int64(zone.offsetSeconds(atUTCSeconds: seconds))
    return Int(local.floorDivided(by: 86_400).quotient)
  }

  /// The calendar date of this instant in `zone`.
  public func localDate(in zone: TimeZoneRules) -> CivilDate {
    let seconds = secondsSinceEpoch
    let local = seconds + Int64(zone.offsetSeconds(atUTCSeconds: seconds))
    return CivilDate(daysSinceEpoch: Int(local.floorDivided(by: 86_400).quotient))
  }
}

extension Int64 {
  /// Division rounding toward negative infinity, with a non-negative remainder.
  func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
