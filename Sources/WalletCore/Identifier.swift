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

  /// The id as written.
  public var description: String { rawValue }

  /// True when both ids have the same UTF-8 bytes.
  public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
  }

  /// Hashes the UTF-8 bytes, so that ids equal under `==` hash alike.
  public func hash(into hasher: inout Hasher) {
    var text = rawValue
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Orders ids by their UTF-8 bytes, shorter prefix first.
  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
  }
}
