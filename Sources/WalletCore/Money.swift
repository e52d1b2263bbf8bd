/// An exact amount of money in minor units (fen for CNY); never a floating-point number.
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The amount in minor units: `Money(minorUnits: 1000)` is ¥10.00.
  public var minorUnits: Int64

  /// An amount of `minorUnits` hundredths.
  public init(minorUnits: Int64) {
    self.minorUnits = minorUnits
  }

  /// No money: where every sum starts.
  public static let zero = Money(minorUnits: 0)

  /// The largest amount accepted on input, ¥10,000,000,000,000.00: far beyond any purchase, and
  /// small enough that sums over billions of rows cannot overflow.
  public static let maximum = Money(minorUnits: 1_000_000_000_000_000)

  /// The amount with exactly two fraction digits (`10.00`), as every output writes it.
  public var description: String {
    let sign = minorUnits < 0 ? "-" : ""
    let magnitude = minorUnits.magnitude
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Writes `description`'s text as UTF-8 into `buffer` (at least 24 bytes) and returns its
  /// length: reports write hundreds of thousands of amounts, and need no `String` for each.
  public func formatted(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    precondition(buffer.count >= 24, "a buffer too small for an amount")
    // Written right to left at the end of the buffer, then moved to its start.
    var magnitude = minorUnits.magnitude
    var start = buffer.count
    func put(_ byte: UInt8) {
      start -= 1
      buffer[start] = byte
    }
    put(UInt8(48 + magnitude % 10))
    magnitude /= 10
    put(UInt8(48 + magnitude % 10))
    magnitude /= 10
    put(UInt8(ascii: "."))
    repeat {
      put(UInt8(48 + magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    if minorUnits < 0 { put(UInt8(ascii: "-")) }
    let length = buffer.count - start
    for offset in 0..<length { buffer[offset] = buffer[start + offset] }
    return length
  }

  /// Orders amounts by value.
  public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

  /// The sum; overflow is a programmer error, as amounts are bounded when parsed.
  public static func + (lhs: Money, rhs: Money) -> Money {
    Money(minorUnits: lhs.minorUnits + rhs.minorUnits)
  }

  /// The difference.
  public static func - (lhs: Money, rhs: Money) -> Money {
    Money(minorUnits: lhs.minorUnits - rhs.minorUnits)
  }

  /// Parses a decimal amount as the SPEC writes it: digits, then optionally a point and one or two
  /// digits (`100`, `100.5`, `100.50`). Signs, exponents, separators and symbols are refused.
  public static func parse(_ text: String) throws(MoneyError) -> Money {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(MoneyError) in try parse(utf8: bytes) }
    }
    return try result.get()
  }

  /// Parses an amount from its UTF-8 bytes without building a `String`, for bulk input.
  public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(MoneyError) -> Money {
    if bytes.isEmpty { throw .empty }
    var whole: Int64 = 0
    var index = 0
    var sawDigit = false
    while index < bytes.count, let digit = decimalDigit(bytes[index]) {
      let (shifted, overflowA) = whole.multipliedReportingOverflow(by: 10)
      let (added, overflowB) = shifted.addingReportingOverflow(Int64(digit))
      if overflowA || overflowB { throw .outOfRange }
      whole = added
      sawDigit = true
      index += 1
    }
    var fraction: Int64 = 0
    if index < bytes.count {
      guard bytes[index] == UInt8(ascii: ".") else { throw invalidCharacter(bytes[index]) }
      guard sawDigit else { throw .malformed }
      index += 1
      var fractionDigits = 0
      while index < bytes.count, let digit = decimalDigit(bytes[index]) {
        fractionDigits += 1
        if fractionDigits > 2 { throw .tooManyFractionDigits }
        fraction = fraction * 10 + Int64(digit)
        index += 1
      }
      if index < bytes.count { throw invalidCharacter(bytes[index]) }
      if fractionDigits == 0 { throw .malformed }
      if fractionDigits == 1 { fraction *= 10 }
    }
    guard sawDigit else { throw .malformed }
    let (hundreds, overflowA) = whole.multipliedReportingOverflow(by: 100)
    let (total, overflowB) = hundreds.addingReportingOverflow(fraction)
    if overflowA || overflowB || total > maximum.minorUnits { throw .outOfRange }
    return Money(minorUnits: total)
  }

  private static func decimalDigit(_ byte: UInt8) -> UInt8? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
  }

  private static func invalidCharacter(_ byte: UInt8) -> MoneyError {
    switch byte {
    case UInt8(ascii: "-"): return .negative
    case UInt8(ascii: "e"), UInt8(ascii: "E"): return .exponent
    case UInt8(ascii: ","), UInt8(ascii: "_"), UInt8(ascii: " "), UInt8(ascii: "'"):
      return .groupingSeparator
    default: return .malformed
    }
  }
}

/// Why an amount was refused; the command line words it.
public enum MoneyError: Error, Equatable, Sendable {
  /// Nothing was given.
  case empty
  /// A minus sign: amounts are never negative.
  case negative
  /// Scientific notation such as `1e3`.
  case exponent
  /// A thousands separator such as `1,000`.
  case groupingSeparator
  /// More than two digits after the point, such as `10.001`.
  case tooManyFractionDigits
  /// Larger than the largest amount that can be kept exactly.
  case outOfRange
  /// Anything else that is not a plain decimal number (`NaN`, `¥100`, `.5`, `5.`).
  case malformed
}
