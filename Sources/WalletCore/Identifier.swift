/// An opaque id (holder, card, enrollment, transaction, promotion) compared as raw UTF-8 bytes.
///
/// Swift's `String` treats canonically equivalent text as equal ("café" in NFC and NFD), but the
/// SPEC says two ids are the same only when their bytes are, and that they sort by those bytes.
/// Every comparison, hash and sort of an id therefore goes through its UTF-8 view.
public struct Identifier: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The id exactly as written in the input.
  public let rawValue: String

  /// Wraps an id as given; the caller has already trimmed it and checked that it is not empty.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// The id as a person reads it in a sentence or message: control characters (a line feed
  /// too, which could start a forged line) escaped, and a very long id cut. Data files and
  /// tables use `rawValue`.
  public var description: String {
    ShownValue.escaped(rawValue, limit: ShownValue.maximumIDLength)
  }

  /// True when both ids have the same UTF-8 bytes.
  public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue.utf8.count == rhs.rawValue.utf8.count && compareBytes(lhs, rhs) == 0
  }

  /// Hashes the UTF-8 bytes, so that ids equal under `==` hash alike.
  public func hash(into hasher: inout Hasher) {
    var text = rawValue
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Orders ids by their UTF-8 bytes, shorter prefix first.
  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    compareBytes(lhs, rhs) < 0
  }

  /// Negative, zero or positive as `lhs`'s bytes sort before, equal or after `rhs`'s: one
  /// `memcmp` over contiguous UTF-8, where the generic sequence algorithms on `utf8` went byte by
  /// byte and made sorting hundreds of thousands of holders a hot spot.
  private static func compareBytes(_ lhs: Identifier, _ rhs: Identifier) -> Int {
    var left = lhs.rawValue
    var right = rhs.rawValue
    return left.withUTF8 { leftBytes in
      right.withUTF8 { rightBytes in
        let shared = min(leftBytes.count, rightBytes.count)
        if shared > 0 {
          let order = memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, shared)
          if order != 0 { return Int(order) }
        }
        return leftBytes.count - rightBytes.count
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
