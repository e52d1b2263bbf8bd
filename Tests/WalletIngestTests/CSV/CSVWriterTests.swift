import Foundation
import Testing

@testable import WalletIngest

/// Output format of `CSVWriter`.
struct CSVWriterTests {
  /// Writes records to a string, in chunks of `chunkSize`.
  static func written(
    chunkSize: Int = CSVWriter.defaultChunkSize, _ body: (CSVWriter) throws -> Void
  ) throws -> String {
    var output: [UInt8] = []
    let writer = CSVWriter(chunkSize: chunkSize) { output.append(contentsOf: $0) }
    try body(writer)
    try writer.flush()
    return String(decoding: output, as: UTF8.self)
  }

  @Test(arguments: [
    ("abc", "abc"),
    ("", ""),
    ("a b", "a b"),
    ("中文", "中文"),
    ("a,b", "\"a,b\""),
    ("a\"b", "\"a\"\"b\""),
    ("\"", "\"\"\"\""),
    ("\"\"x\"", "\"\"\"\"\"x\"\"\""),
    ("a\nb", "\"a\nb\""),
    ("a\rb", "\"a\rb\""),
    ("a\r\nb", "\"a\r\nb\""),
    (" a", "\" a\""),
    ("a ", "\"a \""),
    ("\ta", "\"\ta\""),
    ("a\t", "\"a\t\""),
    (" ", "\" \""),
  ])
  func quotesOnlyWhenNeeded(field: String, expected: String) throws {
    let output = try Self.written { try $0.writeRecord([field, "x"]) }
    #expect(output == "\(expected),x\r\n")
  }

  @Test func writesRecordsEndingInCRLF() throws {
    let output = try Self.written { writer in
      try writer.writeField("id")
      try writer.writeField(bytes: Array("amount".utf8))
      try writer.endRecord()
      try writer.writeField(bytes: repeatElement(UInt8(ascii: "7"), count: 3))
      try writer.writeField(bytes: "1,5".utf8)
      try writer.endRecord()
    }
    #expect(output == "id,amount\r\n777,\"1,5\"\r\n")
  }

  @Test func keepsARecordOfOneEmptyField() throws {
    let output = try Self.written { writer in
      try writer.writeRecord(["a"])
      try writer.writeRecord([""])
      try writer.writeRecord(["", ""])
      try writer.endRecord()
      try writer.writeRecord([String]())
    }
    #expect(output == "a\r\n\"\"\r\n,\r\n")
    #expect(try csvTestStrings(output) == [["a"], [""], ["", ""]])
  }

  @Test(arguments: [1, 2, 3, 8])
  func handsOutFullChunks(chunkSize: Int) throws {
    var chunks: [[UInt8]] = []
    let writer = CSVWriter(chunkSize: chunkSize) { chunks.append(Array($0)) }
    try writer.writeRecord(["a \"quoted\" field", "plain", "中文"])
    #expect(chunks.allSatisfy { $0.count == chunkSize })
    try writer.flush()
    try writer.flush()
    #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
    #expect(
      String(decoding: chunks.joined(), as: UTF8.self) == "\"a \"\"quoted\"\" field\",plain,中文\r\n")
  }

  @Test func passesOnSinkErrors() {
    struct Full: Error, Equatable {}
    let writer = CSVWriter(chunkSize: 4) { _ in throw Full() }
    #expect(throws: Full()) { try writer.writeRecord(["abcdef"]) }
  }

  @Test func writesToAFileDescriptor() throws {
    let file = CSVTestTemporaryFile()
    let descriptor = try file.open(O_WRONLY | O_CREAT | O_TRUNC)
    let writer = CSVWriter(fileDescriptor: descriptor, chunkSize: 5)
    try writer.writeRecord(["holder", "reward"])
    try writer.writeRecord(["h1", "10.00"])
    try writer.flush()
    close(descriptor)
    #expect(
      try String(contentsOfFile: file.path, encoding: .utf8) == "holder,reward\r\nh1,10.00\r\n")
  }

  @Test func reportsWriteErrorsWithErrno() {
    let writer = CSVWriter(fileDescriptor: -1)
    #expect(throws: CSVWriteError(code: EBADF)) {
      try writer.writeRecord(["a"])
      try writer.flush()
    }
  }
}
