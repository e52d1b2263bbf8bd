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

  /// `line L, column C`, for pointing at a second place inside a message.
  var spelledOut: String { "line \(line), column \(column)" }
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

/// Why `JSONReader` refused its input, and where.
package struct JSONSyntaxError: Error, Equatable, Sendable {
  /// The offending character, or the end of the text when it ended too soon.
  package let position: JSONPosition
  /// What is wrong, with any quoted input made safe to print.
  package let message: String
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
    if reader.offset == bytes.count { throw reader.error("the file is empty") }
    reader.skipWhitespace()
    let root = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.offset == bytes.count else {
      throw reader.unexpected("expected nothing after the end of the JSON value")
    }
    return root
  }

  private let bytes: [UInt8]
  private var offset = 0
  private var line = 1
  private var column = 1
  /// The arrays, objects and string being read, innermost last, to say what a truncated file
  /// left open.
  private var open: [(what: String, position: JSONPosition)] = []

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

  private func error(_ message: String, at position: JSONPosition? = nil) -> JSONSyntaxError {
    JSONSyntaxError(position: position ?? self.position, message: message)
  }

  /// The error for whatever is at the current position when `expectation` was not met; the end
  /// of the text, a byte that is not UTF-8 and a comment each get their own words.
  private func unexpected(_ expectation: String) -> JSONSyntaxError {
    guard let byte = next else {
      if let innermost = open.last {
        return error(
          "the file ends inside the \(innermost.what) that opens at "
            + innermost.position.spelledOut)
      }
      return error("\(expectation), found the end of the file")
    }
    if byte >= 0x80, scalarLength(at: offset) == nil { return invalidUTF8() }
    if byte == UInt8(ascii: "/") { return error("comments are not allowed in JSON") }
    return error("\(expectation), found \(foundText())")
  }

  private func invalidUTF8() -> JSONSyntaxError {
    let hex = String(bytes[offset], radix: 16, uppercase: true)
    return error("invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" : "")\(hex))")
  }

  /// What is at the current position, quoted safely: a whole word (`NaN`, `True`) when it is
  /// one, so that the message names what the user wrote rather than its first letter.
  private func foundText() -> String {
    var end = offset
    while end < bytes.count, end - offset < 64, Self.isWordByte(bytes[end]) { end += 1 }
    if end == offset { end = offset + (scalarLength(at: offset) ?? 1) }
    return ShownValue.quoted(String(decoding: bytes[offset..<end], as: UTF8.self))
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
    guard let byte = next else { throw unexpected("expected a JSON value") }
    switch byte {
    case UInt8(ascii: "{"):
      try enter("object", depth: depth)
      defer { open.removeLast() }
      return JSONNode(value: .object(try object(depth: depth + 1)), position: start)
    case UInt8(ascii: "["):
      try enter("array", depth: depth)
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
      throw unexpected("expected a JSON value")
    }
  }

  /// True when the text at the current position is `word` and not the start of a longer one.
  private func startsWord(_ word: String) -> Bool {
    let end = offset + word.utf8.count
    guard end <= bytes.count, bytes[offset..<end].elementsEqual(word.utf8) else { return false }
    return end == bytes.count || !Self.isWordByte(bytes[end])
  }

  private mutating func enter(_ what: String, depth: Int) throws(JSONSyntaxError) {
    guard depth < Self.maximumDepth else {
      throw error("arrays and objects are nested more than \(Self.maximumDepth) deep")
    }
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
        throw unexpected("expected ',' or ']' after an array element")
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
      guard next == UInt8(ascii: "\"") else {
        throw unexpected("expected a key in double quotes")
      }
      let keyPosition = position
      let key = try string()
      if let first = object[key] {
        throw error(
          "the key \(ShownValue.quoted(key)) appears twice in this object (first at "
            + "\(first.keyPosition.spelledOut))", at: keyPosition)
      }
      skipWhitespace()
      guard next == UInt8(ascii: ":") else {
        throw unexpected("expected ':' after the key \(ShownValue.quoted(key))")
      }
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
        throw unexpected("expected ',' or '}' after the value of \(ShownValue.quoted(key))")
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
      throw error(
        "a trailing comma before '\(Character(Unicode.Scalar(closing)))' (JSON allows none)",
        at: commaPosition)
    }
  }

  // MARK: Numbers

  /// The number's text, checked against RFC 8259's grammar.
  private mutating func number() throws(JSONSyntaxError) -> String {
    let start = position
    let first = offset
    if next == UInt8(ascii: "-") { advance() }
    guard Self.isDigit(next) else { throw unexpected("expected a digit after '-'") }
    if next == UInt8(ascii: "0") {
      advance()
      if Self.isDigit(next) {
        throw error("a number cannot start with 0 followed by more digits", at: start)
      }
    } else {
      while Self.isDigit(next) { advance() }
    }
    if next == UInt8(ascii: ".") {
      advance()
      guard Self.isDigit(next) else { throw unexpected("expected a digit after the point") }
      while Self.isDigit(next) { advance() }
    }
    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      advance()
      if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { advance() }
      guard Self.isDigit(next) else { throw unexpected("expected a digit in the exponent") }
      while Self.isDigit(next) { advance() }
    }
    return String(decoding: bytes[first..<offset], as: UTF8.self)
  }

  // MARK: Strings

  private mutating func string() throws(JSONSyntaxError) -> String {
    open.append(("string", position))
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
        let hex = String(byte, radix: 16, uppercase: true)
        throw error(
          "a control character (U+\(String(repeating: "0", count: 4 - hex.count))\(hex)) "
            + "must be escaped inside a string")
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
    throw unexpected("expected '\"'")
  }

  private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    let start = position
    advance()
    guard let letter = next else { throw unexpected("expected an escape") }
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
      let shown = ShownValue.escaped(
        String(decoding: bytes[offset..<offset + length], as: UTF8.self))
      throw error("'\\\(shown)' is not a JSON escape", at: start)
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
        if next == nil { throw unexpected("expected four hex digits") }
        throw error("'\\u' needs four hex digits", at: start)
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
    let hex = String(code, radix: 16, uppercase: true)
    return error(
      "'\\u\(hex)' is half of a UTF-16 surrogate pair without its other half, not a character",
      at: start)
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
