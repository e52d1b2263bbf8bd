import Testing

@testable import WalletCore

/// The strict JSON reader that replaced JSONSerialization/JSONDecoder for promotion files.
struct JSONReaderTests {
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try JSONReader.parse(Array(text.utf8))
  }

  static func member(_ node: JSONNode, _ key: String) throws -> JSONNode {
    guard case .object(let object) = node.value else {
      Issue.record("not an object")
      return node
    }
    return try #require(object[key]).value
  }

  @Test func everyValueKnowsItsLineAndColumnInCharacters() throws {
    // The BOM is not counted; a tab is one column; CRLF and a lone CR each end one line; each
    // Chinese character (three bytes) is one column.
    let text =
      "\u{FEFF}{\"a\": 1,\n\t\"b\": [true, null],\r\n  \"名字\": \"交通\", \"c\": {},\r\"d\": -0.5e+3}"
    let root = try Self.parse(text)
    #expect(root.position == JSONPosition(line: 1, column: 1))
    #expect(try Self.member(root, "a").position == JSONPosition(line: 1, column: 7))
    let b = try Self.member(root, "b")
    #expect(b.position == JSONPosition(line: 2, column: 7))
    guard case .array(let items) = b.value else {
      Issue.record("b is not an array")
      return
    }
    #expect(
      items.map(\.position) == [JSONPosition(line: 2, column: 8), .init(line: 2, column: 14)])
    #expect(try Self.member(root, "名字").position == JSONPosition(line: 3, column: 9))
    #expect(try Self.member(root, "c").position == JSONPosition(line: 3, column: 20))
    let d = try Self.member(root, "d")
    #expect(d.position == JSONPosition(line: 4, column: 6))
    guard case .number(let text) = d.value else {
      Issue.record("d is not a number")
      return
    }
    #expect(text == "-0.5e+3")
  }

  @Test(
    "numbers keep their exact text",
    arguments: ["0", "-0", "100.10", "12345678901234567890123", "1e400", "2.5E-3"])
  func numbersKeepTheirText(text: String) throws {
    let node = try Self.parse(" \(text) ")
    guard case .number(let kept) = node.value else {
      Issue.record("\(text) is not a number")
      return
    }
    #expect(kept == text)
  }

  @Test(
    "escapes decode to their characters",
    arguments: [
      (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
      (#""\u4EA4\u901a""#, "交通"), (#""\uD83D\uDE00""#, "😀"), (#""\u0000""#, "\u{0}"),
    ])
  func escapes(json: String, expected: String) throws {
    let node = try Self.parse(json)
    guard case .string(let text) = node.value else {
      Issue.record("not a string")
      return
    }
    #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars))
  }

  @Test func keysAreComparedByteForByteNotByNormalisation() throws {
    // "é" precomposed and decomposed: equal as Swift strings, different keys as bytes.
    let root = try Self.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    guard case .object(let object) = root.value else {
      Issue.record("not an object")
      return
    }
    #expect(object.members.count == 2)
  }

  @Test(
    "malformed JSON is refused at its line and column",
    arguments: [
      ("", 1, 1, .empty),
      ("\u{FEFF}", 1, 1, .empty),
      ("  \n ", 2, 2, .unexpected(.value, found: nil)),
      ("{\"a\": 1,}", 1, 8, .trailingComma(closing: "}")),
      ("[1, 2, ]", 1, 6, .trailingComma(closing: "]")),
      ("{\"a\": 1}\n// note", 2, 1, .comment),
      ("{\"a\": /* x */ 1}", 1, 7, .comment),
      ("{\"a\": NaN}", 1, 7, .unexpected(.value, found: "NaN")),
      ("[-Infinity]", 1, 3, .unexpected(.digitAfterMinus, found: "Infinity")),
      ("[01]", 1, 2, .leadingZero),
      ("[1.]", 1, 4, .unexpected(.digitAfterPoint, found: "]")),
      ("[1e]", 1, 4, .unexpected(.digitInExponent, found: "]")),
      ("{'a': 1}", 1, 2, .unexpected(.key, found: "'")),
      ("{\"a\" 1}", 1, 6, .unexpected(.colon(afterKey: "a"), found: "1")),
      ("{\"a\": 1 \"b\": 2}", 1, 9, .unexpected(.commaOrBrace(afterValueOf: "a"), found: "\"")),
      ("[1 2]", 1, 4, .unexpected(.commaOrBracket, found: "2")),
      ("{\"a\": 1} x", 1, 10, .unexpected(.nothingAfterValue, found: "x")),
      ("{\"a\": [1,\n  2", 2, 4, .endsInside(.array, opening: JSONPosition(line: 1, column: 7))),
      ("{\"a\": \"x", 1, 9, .endsInside(.string, opening: JSONPosition(line: 1, column: 7))),
      ("{\"a\": {", 1, 8, .endsInside(.object, opening: JSONPosition(line: 1, column: 7))),
      ("[\"a\\u12", 1, 8, .endsInside(.string, opening: JSONPosition(line: 1, column: 2))),
      (
        "{\"a\": 1, \"b\": 2,\n \"a\": 3}", 2, 2,
        .repeatedKey("a", first: JSONPosition(line: 1, column: 2))
      ),
      ("[\"tab\there\"]", 1, 6, .controlCharacter(0x09)),
      ("[\"\\x\"]", 1, 3, .unknownEscape(character: "x")),
      ("[\"\\u12G4\"]", 1, 3, .shortUnicodeEscape),
      ("[\"\\uD800\"]", 1, 3, .loneSurrogate(0xD800)),
      ("[\"a\\uDC00\"]", 1, 4, .loneSurrogate(0xDC00)),
      ("[\"\\uD800\\u0041\"]", 1, 3, .loneSurrogate(0xD800)),
      ("tru", 1, 1, .unexpected(.value, found: "tru")),
      ("[True]", 1, 2, .unexpected(.value, found: "True")),
      ("[\"\u{1B}[31m\"]", 1, 3, .controlCharacter(0x1B)),
    ] as [(String, Int, Int, JSONSyntaxError.Kind)])
  func refused(text: String, line: Int, column: Int, kind: JSONSyntaxError.Kind) {
    #expect(
      throws: JSONSyntaxError(position: JSONPosition(line: line, column: column), kind: kind)
    ) {
      _ = try Self.parse(text)
    }
  }

  @Test(
    "invalid UTF-8 is refused at the offending byte",
    arguments: [
      ([0x22, 0xFF, 0x22], 2, 0xFF),  // never in UTF-8
      ([0x22, 0xC0, 0xAF, 0x22], 2, 0xC0),  // overlong '/'
      ([0x22, 0xED, 0xA0, 0x80, 0x22], 2, 0xED),  // an encoded surrogate
      ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2, 0xF4),  // above U+10FFFF
      ([0x22, 0xE4, 0xBA, 0x22], 2, 0xE4),  // cut short
      ([0x22, 0xE4, 0xBA, 0xA4, 0xFE, 0x22], 3, 0xFE),  // after one good character
      ([0x5B, 0x80, 0x5D], 2, 0x80),  // outside a string
    ] as [([UInt8], Int, UInt8)])
  func invalidUTF8(bytes: [UInt8], column: Int, byte: UInt8) throws {
    let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
    #expect(error.position == JSONPosition(line: 1, column: column))
    #expect(error.kind == .invalidUTF8(byte: byte))
  }

  @Test func nestingIsBoundedAtTheFirstArrayTooDeep() throws {
    let deepest =
      String(repeating: "[", count: JSONReader.maximumDepth)
      + String(repeating: "]", count: JSONReader.maximumDepth)
    _ = try Self.parse(deepest)
    let tooDeep = String(repeating: "[", count: JSONReader.maximumDepth + 1)
    let hostile = tooDeep + String(repeating: "{\"a\":[", count: 100_000)
    let error = try #require(throws: JSONSyntaxError.self) { try Self.parse(hostile) }
    #expect(error.position == JSONPosition(line: 1, column: JSONReader.maximumDepth + 1))
    #expect(error.kind == .nestedTooDeep(limit: 64))
  }

  /// The word in the way is kept whole, as written: the command line masks a card number in
  /// it when it shows it (ErrorWordingJSONTests).
  @Test func theWordInTheWayIsKeptWhole() throws {
    let error = try #require(throws: JSONSyntaxError.self) {
      try Self.parse("{\"a\": x4111111111111111}")
    }
    #expect(error.kind == .unexpected(.value, found: "x4111111111111111"))
  }
}
