#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One SQLite value in one of its five storage classes.
///
/// Binding goes through this enum; building it does not copy a `String` or `[UInt8]` (the case
/// only retains the existing storage), so binding stays allocation-free on the import hot path.
package enum DatabaseValue: Hashable, Sendable {
  /// SQL NULL.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE double.
  case real(Double)
  /// UTF-8 text. May contain any Unicode scalar, including U+0000.
  case text(String)
  /// Bytes, possibly empty (an empty blob is not NULL).
  case blob([UInt8])

  /// Whether the value is SQL NULL.
  package var isNull: Bool { self == .null }

  /// The integer, if the storage class is integer (no conversion from other classes).
  package var int64Value: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The double, if the storage class is real (no conversion from other classes).
  package var doubleValue: Double? {
    if case .real(let value) = self { return value }
    return nil
  }

  /// The text, if the storage class is text (no conversion from other classes).
  package var stringValue: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The bytes, if the storage class is blob (no conversion from other classes).
  package var blobValue: [UInt8]? {
    if case .blob(let value) = self { return value }
    return nil
  }
}

extension DatabaseValue: ExpressibleByNilLiteral {
  /// `nil` is SQL NULL.
  package init(nilLiteral: ()) {
    self = .null
  }
}

extension DatabaseValue: ExpressibleByIntegerLiteral {
  /// An integer literal is an integer value.
  package init(integerLiteral value: Int64) {
    self = .integer(value)
  }
}

extension DatabaseValue: ExpressibleByFloatLiteral {
  /// A float literal is a real value.
  package init(floatLiteral value: Double) {
    self = .real(value)
  }
}

extension DatabaseValue: ExpressibleByStringLiteral {
  /// A string literal is a text value.
  package init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension DatabaseValue: ExpressibleByBooleanLiteral {
  /// SQLite has no boolean class: `true` is integer 1 and `false` integer 0.
  package init(booleanLiteral value: Bool) {
    self = .integer(value ? 1 : 0)
  }
}

/// A Swift type that can be bound to a statement parameter.
///
/// Arguments are passed as `[(any DatabaseValueConvertible)?]`, so a literal array such as
/// `[name, count, nil]` works and a `nil` element binds NULL.
package protocol DatabaseValueConvertible {
  /// The value to bind.
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  /// The value itself.
  package var databaseValue: DatabaseValue { self }
}

extension Int: DatabaseValueConvertible {
  /// An integer value (`Int` is 64-bit on every platform wallet supports).
  package var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  /// An integer value.
  package var databaseValue: DatabaseValue { .integer(self) }
}

extension Int32: DatabaseValueConvertible {
  /// An integer value.
  package var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Double: DatabaseValueConvertible {
  /// A real value.
  package var databaseValue: DatabaseValue { .real(self) }
}

extension Bool: DatabaseValueConvertible {
  /// Integer 1 or 0, which is how SQLite stores booleans.
  package var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension String: DatabaseValueConvertible {
  /// A text value.
  package var databaseValue: DatabaseValue { .text(self) }
}

extension Substring: DatabaseValueConvertible {
  /// A text value (copies the slice into a `String`).
  package var databaseValue: DatabaseValue { .text(String(self)) }
}

extension Array: DatabaseValueConvertible where Element == UInt8 {
  /// A blob value.
  package var databaseValue: DatabaseValue { .blob(self) }
}

extension Data: DatabaseValueConvertible {
  /// A blob value. This copies the bytes into an array; bind `[UInt8]` where that matters.
  package var databaseValue: DatabaseValue { .blob([UInt8](self)) }
}
