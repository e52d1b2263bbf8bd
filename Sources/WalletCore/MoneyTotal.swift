/// A sum of amounts over any number of rows, exact: each amount is at most `Money.maximum`
/// (10^18 minor units), so 9,224 of them already pass `Int64`, while 128 bits hold more rows
/// than any file or store can have. Totals are shown, never stored or parsed.
public struct MoneyTotal: Hashable, Sendable, CustomStringConvertible {
  /// The sum in minor units.
  public private(set) var minorUnits: Int128

  /// Nothing summed yet.
  public init() { minorUnits = 0 }

  /// One amount.
  public init(_ amount: Money) { minorUnits = Int128(amount.minorUnits) }

  /// `count` times one amount.
  public init(_ amount: Money, times count: Int) {
    minorUnits = Int128(amount.minorUnits) * Int128(count)
  }

  /// No money: where every sum starts.
  public static let zero = MoneyTotal()

  /// Two sums as one.
  public static func + (lhs: MoneyTotal, rhs: MoneyTotal) -> MoneyTotal {
    var sum = lhs
    sum.minorUnits += rhs.minorUnits
    return sum
  }

  /// The sum with one more amount.
  public static func + (lhs: MoneyTotal, rhs: Money) -> MoneyTotal {
    var sum = lhs
    sum += rhs
    return sum
  }

  /// Adds an amount.
  public static func += (lhs: inout MoneyTotal, rhs: Money) {
    lhs.minorUnits += Int128(rhs.minorUnits)
  }

  /// The sum with exactly two fraction digits (`10.00`), as `Money` writes an amount.
  public var description: String {
    let sign = minorUnits < 0 ? "-" : ""
    let magnitude = minorUnits.magnitude
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

extension Sequence where Element == Money {
  /// The exact sum of the amounts.
  public func total() -> MoneyTotal { reduce(into: MoneyTotal()) { $0 += $1 } }
}
