import Foundation
import Testing

@testable import WalletIngest

/// RFC 4180 parsing, positions and field access of `CSVReader`.
struct CSVReaderTests {
  /// An input and the fields it must give.
  struct Example: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expected: [[String]]
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(
      name: "LF endings", input: "a,b,c\n1,2,3\n", expected: [["a", "b", "c"], ["1", "2", "3"]]),
    Example(name: "CRLF endings", input: "a,b\r\n1,2\r\n", expected: [["a", "b"], ["1", "2"]]),
    Example(name: "lone CR endings", input: "a,b\r1,2", expected: [["a", "b"], ["1", "2"]]),
    Example(name: "mixed endings", input: "a\r\nb\nc\rd", expected: [["a"], ["b"], ["c"], ["d"]]),
    Example(name: "no final line break", input: "a,b\n1,2", expected: [["a", "b"], ["1", "2"]]),
    Example(name: "empty fields", input: "a,,c\n,\n", expected: [["a", "", "c"], ["", ""]]),
    Example(name: "trailing comma at end", input: "a,", expected: [["a", ""]]),
    Example(name: "quoted comma", input: "\"a,b\",c", expected: [["a,b", "c"]]),
    Example(name: "doubled quotes", input: "\"a\"\"b\",\"\"\"\"", expected: [["a\"b", "\""]]),
    Example(name: "quoted empty", input: "\"\"\n\"\",x", expected: [[""], ["", "x"]]),
    Example(name: "LF in quotes", input: "\"x\ny\",z\n", expected: [["x\ny", "z"]]),
    Example(name: "CR in quotes", input: "\"x\ry\",z\r\n", expected: [["x\ry", "z"]]),
    Example(name: "CRLF in quotes", input: "\"x\r\ny\"\r\n", expected: [["x\r\ny"]]),
    Example(name: "quoted at end of input", input: "a,\"b\"", expected: [["a", "b"]]),
    Example(name: "blank lines skipped", input: "\n\na\n\n\nb\n\n", expected: [["a"], ["b"]]),
    Example(name: "blank CRLF lines skipped", input: "\r\n\r\na\r\n\r\n", expected: [["a"]]),
    Example(name: "empty input", input: "", expected: []),
    Example(name: "only line breaks", input: "\r\n\n\r", expected: []),
    Example(name: "blank but not empty", input: "  \n\t\n", expected: [["  "], ["\t"]]),
    Example(name: "BOM skipped", input: "\u{FEFF}a,b\n", expected: [["a", "b"]]),
    Example(name: "BOM before quote", input: "\u{FEFF}\"a\"", expected: [["a"]]),
    Example(name: "BOM only", input: "\u{FEFF}", expected: []),
    Example(name: "BOM later kept", input: "a\n\u{FEFF}b", expected: [["a"], ["\u{FEFF}b"]]),
    Example(name: "BOM-like start kept", input: "\u{FEC0}x", expected: [["\u{FEC0}x"]]),
    Example(
      name: "UTF-8 text", input: "商户,金额\n星巴克 ☕️,35.00",
      expected: [["商户", "金额"], ["星巴克 ☕️", "35.00"]]),
    Example(name: "blanks kept raw", input: " a ,\tb ", expected: [[" a ", "\tb "]]),
  ]

  @Test(arguments: examples)
  func parses(_ example: Example) throws {
    #expect(try csvTestStrings(example.input) == example.expected)
  }

  @Test func countsLinesInsideQuotedFields() throws {
    let input = "h1,h2\n\"a\nb\",c\nd,\"e\r\nf\rg\"\r\n\nx,y"
    let records = try csvTestParse(input)
    #expect(records.map(\.line) == [1, 2, 4, 8])
    #expect(records.map(\.fieldLines) == [[1, 1], [2, 3], [4, 4], [8, 8]])
    #expect(records[2].strings == ["d", "e\r\nf\rg"])
  }

  @Test func countsBlankLinesBeforeARecord() throws {
    let records = try csvTestParse("\r\n\n\ra\n")
    #expect(records.map(\.line) == [4])
  }

  @Test func readsCharactersInEveryFieldAndAcrossChunks() throws {
    let text = "大众点评,é,,\"Joe's 𝄞\",plain ascii that is long\n中,文\n"
    for chunkSize in [CSVReader.defaultChunkSize, 1, 2, 5] {
      let records = try csvTestParse(text, chunkSize: chunkSize)
      #expect(
        records.map(\.strings) == [
          ["大众点评", "é", "", "Joe's 𝄞", "plain ascii that is long"], ["中", "文"],
        ])
    }
  }

  @Test func givesFieldAccessors() throws {
    let reader = CSVReader(bytes: Array("id, \t 中 文\t ,  ,\"\u{3000}x \"\n".utf8))
    let record = try #require(try reader.next())
    #expect(record.count == 4)
    #expect(record.line == 1)
    #expect(record.map(\.column) == [1, 2, 3, 4])
    #expect(record[1].string == " \t 中 文\t ")
    #expect(record[1].trimmedString == "中 文")
    #expect(Array(record[1].trimmed()) == Array("中 文".utf8))
    #expect(record[1].trimmed().column == 2)
    #expect(!record[2].isEmpty)
    #expect(record[2].trimmed().isEmpty)
    #expect(record[2].trimmedString.isEmpty)
    // Only ASCII blanks are trimmed; the ideographic space is data.
    #expect(record[3].trimmedString == "\u{3000}x")
    #expect(record[0].withUnsafeBytes { Array($0) } == Array("id".utf8))
    #expect(record[0].elementsEqual("id".utf8))
    #expect(try reader.next() == nil)
    #expect(try reader.next() == nil)
  }

  @Test func keptRecordsStayIntact() throws {
    let input = (0..<300).map { "r\($0),\(String(repeating: "x", count: $0))\n" }.joined()
    let reader = CSVReader(bytes: Array(input.utf8), chunkSize: 7)
    var kept: [CSVRecord] = []
    while let record = try reader.next() { kept.append(record) }
    #expect(kept.count == 300)
    for (index, record) in kept.enumerated() {
      #expect(record.line == index + 1)
      #expect(record[0].string == "r\(index)")
      #expect(record[1].string == String(repeating: "x", count: index))
    }
  }

  @Test func acceptsFieldsOfTheMaximumLength() throws {
    let longest = String(repeating: "x", count: CSVReader.maximumFieldLength)
    let quoted = String(repeating: "\"\"", count: CSVReader.maximumFieldLength)
    let records = try csvTestStrings("a,\(longest)\n\"\(quoted)\",\"\(longest)\"", chunkSize: 4096)
    #expect(records.map { $0.map(\.utf8.count) } == [[1, 65_536], [65_536, 65_536]])
  }

  /// An input that must fail, and how.
  struct Failure: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    let line: Int
    let column: Int
    let kind: CSVSyntaxError.Kind
    var testDescription: String { name }

    init(_ name: String, _ input: String, line: Int, column: Int, _ kind: CSVSyntaxError.Kind) {
      self.init(name, Array(input.utf8), line: line, column: column, kind)
    }

    init(_ name: String, _ input: [UInt8], line: Int, column: Int, _ kind: CSVSyntaxError.Kind) {
      self.name = name
      self.input = input
      self.line = line
      self.column = column
      self.kind = kind
    }
  }

  static let tooLong = String(repeating: "x", count: CSVReader.maximumFieldLength + 1)
  static let failures: [Failure] = [
    Failure("unterminated", "a,\"bc", line: 1, column: 2, .unterminatedQuote),
    Failure("unterminated multi-line", "x\ny,\"b\nc\n", line: 2, column: 2, .unterminatedQuote),
    Failure("unterminated after doubled quote", "\"a\"\"", line: 1, column: 1, .unterminatedQuote),
    Failure("stray quote", "ab\"c", line: 1, column: 1, .strayQuote),
    Failure("stray quote later", "a,b\nc,d\"e", line: 2, column: 2, .strayQuote),
    Failure("quote after blank", "a, \"b\"", line: 1, column: 2, .strayQuote),
    Failure("garbage after quote", "\"ab\"c", line: 1, column: 1, .garbageAfterClosingQuote),
    Failure("blank after quote", "a,\"x\ny\" ,z", line: 1, column: 2, .garbageAfterClosingQuote),
    Failure("invalid byte", [0x61, 0x2C, 0xFF, 0x0A], line: 1, column: 2, .invalidUTF8),
    Failure(
      "invalid after multi-line", Array("a\n\"x\ny\"\nb,c,".utf8) + [0xC3], line: 4, column: 3,
      .invalidUTF8),
    Failure("overlong", [0x43, 0x0A, 0xC0, 0x80], line: 2, column: 1, .invalidUTF8),
    Failure("surrogate", [0xED, 0xA0, 0x80], line: 1, column: 1, .invalidUTF8),
    Failure("truncated", [0x22, 0xE4, 0xB8, 0x22, 0x2C, 0x41], line: 1, column: 1, .invalidUTF8),
    Failure("unused column", Array("a,b\n1,2,".utf8) + [0x80], line: 2, column: 3, .invalidUTF8),
    Failure(
      "CJK lead without continuations", [0xE4, 0x41, 0x42], line: 1, column: 1, .invalidUTF8),
    Failure("CJK cut short", Array("ab,".utf8) + [0xE4, 0xB8], line: 1, column: 2, .invalidUTF8),
    Failure("CJK with one continuation", [0xE4, 0xB8, 0x41], line: 1, column: 1, .invalidUTF8),
    // A character cut in two by a field boundary: its bytes, read together, would be valid.
    Failure("split by a comma", [0xE4, 0xB8, 0x2C, 0xAD], line: 1, column: 1, .invalidUTF8),
    Failure(
      "split between quoted fields", [0x22, 0xE4, 0x22, 0x2C, 0x22, 0xB8, 0xAD, 0x22], line: 1,
      column: 1, .invalidUTF8),
    Failure(
      "continuation opens a field", Array("中,".utf8) + [0xAD], line: 1, column: 2, .invalidUTF8),
    Failure(
      "invalid after a long ASCII run", Array("abcdefghijklmnopq,".utf8) + [0xF5, 0x80],
      line: 1, column: 2, .invalidUTF8),
    Failure(
      "NUL after a long ASCII run", Array("abcdefghijklmnopq".utf8) + [0x00], line: 1, column: 1,
      .nulByte),
    Failure("NUL", [0x61, 0x2C, 0x62, 0x00, 0x63], line: 1, column: 2, .nulByte),
    Failure("NUL in quotes", [0x22, 0x00, 0x22], line: 1, column: 1, .nulByte),
    Failure("too long", "a\nb,\(tooLong),c", line: 2, column: 2, .fieldTooLong),
    Failure("too long quoted", "\"\(tooLong)\"", line: 1, column: 1, .fieldTooLong),
    Failure(
      "too long by a quote", "\"\(tooLong.dropLast())\"\"\"", line: 1, column: 1, .fieldTooLong),
    Failure("too long without end", "\"\(tooLong)\(tooLong)", line: 1, column: 1, .fieldTooLong),
  ]

  @Test(arguments: failures)
  func rejects(_ failure: Failure) {
    for chunkSize in [CSVReader.defaultChunkSize, 5] {
      #expect(
        throws: CSVSyntaxError(line: failure.line, column: failure.column, kind: failure.kind)
      ) {
        try csvTestParse(failure.input, chunkSize: chunkSize)
      }
    }
  }

  @Test func errorsAreFinal() throws {
    let reader = CSVReader(bytes: Array("a\nb\"\nc\n".utf8))
    #expect(try reader.next()?.first?.string == "a")
    let expected = CSVSyntaxError(line: 2, column: 1, kind: .strayQuote)
    #expect(throws: expected) { try reader.next() }
    #expect(throws: expected) { try reader.next() }
  }

  @Test func reportsReadErrorsWithErrno() {
    let reader = CSVReader(fileDescriptor: -1)
    #expect(throws: CSVSyntaxError(line: 1, column: 1, kind: .readFailed(errno: EBADF))) {
      try reader.next()
    }
  }
}
