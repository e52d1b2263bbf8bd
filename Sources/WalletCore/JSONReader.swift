/// Where something is in a JSON text, as an editor shows it.
///
/// Lines are 1-based and end at `\n`, `\r\n` or a lone `\r`. Columns are 1-based and counted in
/// characters (Unicode scalars), not bytes, so that a Chinese name before an error moves the
/// column by one per character, as on screen; a tab counts as one. A leading byte order mark is
/// not counted. (CSV errors name a field's index in its row instead: JSON has no fields per line,
/// so the nearest thing a user can find is the character.)
public struct JSONPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The 1-based line.
  public let line: Int
  /// The 1-based column, in characters.
  public let column: Int

  /// The position at `line` and `column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders positions as they appear in the text.
  public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`, the form that follows a file name in messages.
  public var description: String { "\(line):\(column)" }
}

/// One value of a JSON document and where it starts, so that every complaint about it can point
/// at it.
package struct JSONNode: Sendable {
  /// The value itself.
  package enum Value: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number exactly as written: counts and amounts are checked from the text, never
    /// through a `Double` that would round them.
    case number(String)
    /// A string, escapes resolved.
    case string(String)
    /// An array's elements in order.
    case array([JSONNode])
    /// An object's members in order.
    case object(JSONObject)
  }

  /// The value itself.
  package let value: Value
  /// Where the value's first character is.
  package let position: JSONPosition
}

/// A JSON object's members in the order written, each key unique.
package struct JSONObject: Sendable {
  /// One `"key": value` pair.
  package struct Member: Sendable {
    /// The key, escapes resolved.
    package let key: String
    /// Where the key's opening quote is.
    package let keyPosition: JSONPosition
    /// The member's value.
    package let value: JSONNode
  }

  /// The members in the order written.
  package private(set) var members: [Member] = []
  // Keyed by UTF-8 bytes because `String` equality is Unicode canonical equivalence: two keys
  // that differ only in normalisation are different keys, as ids are.
  private var indexByKey: [[UInt8]: Int] = [:]

  /// The member whose key is exactly `key`, byte for byte.
  package subscript(key: String) -> Member? {
    indexByKey[Array(key.utf8)].map { members[$0] }
  }

  mutating func append(_ member: Member) {
    indexByKey[Array(member.key.utf8)] = members.count
    members.append(member)
  }
}

/// Why `JSONReader` refused its input, and where. The values are kept as read; the command line
/// words the error and shows them safely.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  /// The offending character, or the end of the text when it ended too soon.
  public let position: JSONPosition
  /// What is wrong.
  public let kind: Kind

  /// An error of `kind` at `position`.
  public init(position: JSONPosition, kind: Kind) {
    self.position = position
    self.kind = kind
  }

  /// What is wrong at the position.
  public enum Kind: Equatable, Sendable {
    /// Nothing at all, or only a byte order mark.
    case empty
    /// `expected` was not met: `found` is what is there instead (a whole word such as `NaN`
    /// when it is one, else one character), nil at the end of the text.
    case unexpected(Expectation, found: String?)
    /// The text ends inside a string, array or object that opens at `opening`.
    case endsInside(Construct, opening: JSONPosition)
    /// A `/`, where a comment would start.
    case comment
    /// A byte that is not part of well-formed UTF-8.
    case invalidUTF8(byte: UInt8)
    /// Arrays and objects nested deeper than `limit`.
    case nestedTooDeep(limit: Int)
    /// A key the object already has, first at `first` (the key's opening quote).
    case repeatedKey(String, first: JSONPosition)
    /// A comma right before the `closing` bracket (`]` or `}`).
    case trailingComma(closing: Character)
    /// A number starting with 0 followed by more digits.
    case leadingZero
    /// A raw control character inside a string.
    case controlCharacter(UInt8)
    /// A backslash followed by `character`, which starts no escape.
    case unknownEscape(character: String)
    /// `\u` not followed by four hex digits.
    case shortUnicodeEscape
    /// A `\u` escape of half a UTF-16 surrogate pair without its other half.
    case loneSurrogate(UInt32)
  }

  /// What the reader expected where it stopped.
  public enum Expectation: Equatable, Sendable {
    /// Only whitespace after the document's one value.
    case nothingAfterValue
    /// A value.
    case value
    /// `,` or `]` after an array's element.
    case commaOrBracket
    /// An object's key, in double quotes.
    case key
    /// `:` after the key.
    case colon(afterKey: String)
    /// `,` or `}` after the value of the key.
    case commaOrBrace(afterValueOf: String)
    /// A digit after a minus sign.
    case digitAfterMinus
    /// A digit after a decimal point.
    case digitAfterPoint
    /// A digit in an exponent.
    case digitInExponent
    /// The closing `"` of a string.
    case closingQuote
    /// The character of an escape after a backslash.
    case escape
    /// Four hex digits after `\u`.
    case fourHexDigits
  }

  /// The strings, arrays and objects a text can end inside.
  public enum Construct: Equatable, Sendable {
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
  }
}

/// A strict JSON (RFC 8259) reader over bytes, used instead of Foundation's `JSONSerialization`
/// and `JSONDecoder` because those cannot say where a value is, keep a number's exact text, or
/// refuse a repeated key.
///
/// Strict means: exactly one value with only whitespace around it; no comments, trailing commas,
/// single quotes, `NaN` or `Infinity`; every string valid UTF-8 without raw control characters
/// or unpaired surrogate escapes; no key twice in one object. A leading byte order mark is
/// skipped. Arrays and objects nest at most `maximumDepth` deep, so that a hostile file cannot
/// exhaust the stack.
package struct JSONReader {
  /// The deepest nesting of arrays and objects accepted; a promotion needs 3.
  static let maximumDepth = 64

  /// Parses `bytes` as one JSON document.
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    var reader = JSONReader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
    if reader.offset == bytes.count { throw reader.error(.empty) }
    reader.skipWhitespace()
    let root = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.offset == bytes.count else {
      throw reader.unexpected(.nothingAfterValue)
    }
    return root
  }

  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var column = 1
  /// The arrays, objects and string being read, innermost last, to say what a truncated file
  /// left open.
  private var open: [(what: JSONSyntaxError.Construct, position: JSONPosition)] = []

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var position: JSONPosition { JSONPosition(line: line, column: column) }

  private var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// Steps over one ASCII character.
  private mutating func advance() {
    offset += 1
    column += 1
  }

  private mutating func skipWhitespace() {
    while let byte = next {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        advance()
      case UInt8(ascii: "\n"):
        offset += 1
        newLine()
      case UInt8(ascii: "\r"):
        offset += 1
        if next == UInt8(ascii: "\n") { offset += 1 }
        newLine()
      default:
        return
      }
    }
  }

  private mutating func newLine() {
    line += 1
    column = 1
  }

  private func error(_ kind: JSONSyntaxError.Kind, at position: JSONPosition? = nil)
    -> JSONSyntaxError
  {
    JSONSyntaxError(position: position ?? self.position, kind: kind)
  }

  /// The error for whatever is at the current position when `expectation` was not met; the end
  /// of the text inside a string, array or object, a byte that is not UTF-8 and a comment are
  /// errors of their own.
  private func unexpected(_ expectation: JSONSyntaxError.Expectation) -> JSONSyntaxError {
    guard let byte = next else {
      if let innermost = open.last {
        return error(.endsInside(innermost.what, opening: innermost.position))
      }
      return error(.unexpected(expectation, found: nil))
    }
    if byte >= 0x80, scalarLength(at: offset) == nil { return invalidUTF8() }
    if byte == UInt8(ascii: "/") { return error(.comment) }
    return error(.unexpected(expectation, found: foundText()))
  }

  private func invalidUTF8() -> JSONSyntaxError {
    error(.invalidUTF8(byte: bytes[offset]))
  }

  /// What is at the current position: a whole word (`NaN`, `True`) when it is one, so that the
  /// message names what the user wrote rather than its first letter.
  private func foundText() -> String {
    var end = offset
    while end < bytes.count, end - offset < 64, Self.isWordByte(bytes[end]) { end += 1 }
    if end == offset { end = offset + (scalarLength(at: offset) ?? 1) }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func isDigit(_ byte: UInt8?) -> Bool {
    guard let byte else { return false }
    return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: Values

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    let start = position
    guard let byte = next else { throw unexpected(.value) }
    switch byte {
    case UInt8(ascii: "{"):
      try enter(.object, depth: depth)
      defer { open.removeLast() }
      return JSONNode(value: .object(try object(depth: depth + 1)), position: start)
    case UInt8(ascii: "["):
      try enter(.array, depth: depth)
      defer { open.removeLast() }
      return JSONNode(value: .array(try array(depth: depth + 1)), position: start)
    case UInt8(ascii: "\""):
      return JSONNode(value: .string(try string()), position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(value: .number(try number()), position: start)
    default:
      let literals: [(String, JSONNode.Value)] = [
        ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
      ]
      for (word, literal) in literals where startsWord(word) {
        for _ in word.utf8 { advance() }
        return JSONNode(value: literal, position: start)
      }
      throw unexpected(.value)
    }
  }

  /// True when the text at the current position is `word` and not the start of a longer one.
  private func startsWord(_ word: String) -> Bool {
    let end = offset + word.utf8.count
    guard end <= bytes.count, bytes[offset..<end].elementsEqual(word.utf8) else { return false }
    return end == bytes.count || !Self.isWordByte(bytes[end])
  }

  private mutating func enter(_ what: JSONSyntaxError.Construct, depth: Int)
    throws(JSONSyntaxError)
  {
    guard depth < Self.maximumDepth else { throw error(.nestedTooDeep(limit: Self.maximumDepth)) }
    open.append((what, position))
    advance()
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
    var items: [JSONNode] = []
    skipWhitespace()
    if next == UInt8(ascii: "]") {
      advance()
      return items
    }
    while true {
      items.append(try value(depth: depth))
      skipWhitespace()
      switch next {
      case UInt8(ascii: ","):
        try comma(before: UInt8(ascii: "]"))
      case UInt8(ascii: "]"):
        advance()
        return items
      default:
        throw unexpected(.commaOrBracket)
      }
    }
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONObject {
    var object = JSONObject()
    skipWhitespace()
    if next == UInt8(ascii: "}") {
      advance()
      return object
    }
    while true {
      guard next == UInt8(ascii: "\"") else { throw unexpected(.key) }
      let keyPosition = position
      let key = try string()
      if let first = object[key] {
        throw error(.repeatedKey(key, first: first.keyPosition), at: keyPosition)
      }
      skipWhitespace()
      guard next == UInt8(ascii: ":") else { throw unexpected(.colon(afterKey: key)) }
      advance()
      skipWhitespace()
      let value = try value(depth: depth)
      object.append(JSONObject.Member(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      switch next {
      case UInt8(ascii: ","):
        try comma(before: UInt8(ascii: "}"))
      case UInt8(ascii: "}"):
        advance()
        return object
      default:
        throw unexpected(.commaOrBrace(afterValueOf: key))
      }
    }
  }

  /// Steps over a comma and the whitespace after it; a comma right before the closing bracket is
  /// refused at the comma, where the user has to delete it.
  private mutating func comma(before closing: UInt8) throws(JSONSyntaxError) {
    let commaPosition = position
    advance()
    skipWhitespace()
    if next == closing {
      throw error(.trailingComma(closing: Character(Unicode.Scalar(closing))), at: commaPosition)
    }
  }

  // MARK: Numbers

  /// The number's text, checked against RFC 8259's grammar.
  private mutating func number() throws(JSONSyntaxError) -> String {
    let start = position
    let first = offset
    if next == UInt8(ascii: "-") { advance() }
    guard Self.isDigit(next) else { throw unexpected(.digitAfterMinus) }
    if next == UInt8(ascii: "0") {
      advance()
      if Self.isDigit(next) { throw error(.leadingZero, at: start) }
    } else {
      while Self.isDigit(next) { advance() }
    }
    if next == UInt8(ascii: ".") {
      advance()
      guard Self.isDigit(next) else { throw unexpected(.digitAfterPoint) }
      while Self.isDigit(next) { advance() }
    }
    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      advance()
      if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { advance() }
      guard Self.isDigit(next) else { throw unexpected(.digitInExponent) }
      while Self.isDigit(next) { advance() }
    }
    return String(decoding: bytes[first..<offset], as: UTF8.self)
  }

  // MARK: Strings

  private mutating func string() throws(JSONSyntaxError) -> String {
    open.append((.string, position))
    defer { open.removeLast() }
    advance()
    var utf8: [UInt8] = []
    while let byte = next {
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        // Every byte appended was checked to be well-formed UTF-8, so nothing is replaced.
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &utf8)
      case 0..<0x20:
        throw error(.controlCharacter(byte))
      case 0x20..<0x80:
        utf8.append(byte)
        advance()
      default:
        guard let length = scalarLength(at: offset) else { throw invalidUTF8() }
        utf8.append(contentsOf: bytes[offset..<offset + length])
        offset += length
        column += 1
      }
    }
    throw unexpected(.closingQuote)
  }

  private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    let start = position
    advance()
    guard let letter = next else { throw unexpected(.escape) }
    let simple: UInt8? =
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "t"): 0x09
      default: nil
      }
    if let simple {
      utf8.append(simple)
      advance()
      return
    }
    guard letter == UInt8(ascii: "u") else {
      if letter >= 0x80, scalarLength(at: offset) == nil { throw invalidUTF8() }
      let length = scalarLength(at: offset) ?? 1
      let character = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
      throw error(.unknownEscape(character: character), at: start)
    }
    advance()
    var code = try hexQuad(escapeAt: start)
    if (0xDC00...0xDFFF).contains(code) { throw loneSurrogate(code, at: start) }
    if (0xD800...0xDBFF).contains(code) {
      guard next == UInt8(ascii: "\\"), offset + 1 < bytes.count,
        bytes[offset + 1] == UInt8(ascii: "u")
      else { throw loneSurrogate(code, at: start) }
      let lowStart = position
      advance()
      advance()
      let low = try hexQuad(escapeAt: lowStart)
      guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(code, at: start) }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    // Surrogates were paired or refused above, so `code` is always a scalar.
    var text = ""
    text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
    utf8.append(contentsOf: text.utf8)
  }

  /// The four hex digits after `\u`, as a number.
  private mutating func hexQuad(escapeAt start: JSONPosition) throws(JSONSyntaxError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = next, let digit = Self.hexDigit(byte) else {
        if next == nil { throw unexpected(.fourHexDigits) }
        throw error(.shortUnicodeEscape, at: start)
      }
      code = code << 4 | digit
      advance()
    }
    return code
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func loneSurrogate(_ code: UInt32, at start: JSONPosition) -> JSONSyntaxError {
    error(.loneSurrogate(code), at: start)
  }

  /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF), or nil when there is none.
  private func scalarLength(at index: Int) -> Int? {
    func continues(_ distance: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
      index + distance < bytes.count && range.contains(bytes[index + distance])
    }
    switch bytes[index] {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continues(1) ? 2 : nil
    case 0xE0: return continues(1, 0xA0...0xBF) && continues(2) ? 3 : nil
    case 0xE1...0xEC, 0xEE...0xEF: return continues(1) && continues(2) ? 3 : nil
    case 0xED: return continues(1, 0x80...0x9F) && continues(2) ? 3 : nil
    case 0xF0: return continues(1, 0x90...0xBF) && continues(2) && continues(3) ? 4 : nil
    case 0xF1...0xF3: return continues(1) && continues(2) && continues(3) ? 4 : nil
    case 0xF4: return continues(1, 0x80...0x8F) && continues(2) && continues(3) ? 4 : nil
    default: return nil
    }
  }
}
