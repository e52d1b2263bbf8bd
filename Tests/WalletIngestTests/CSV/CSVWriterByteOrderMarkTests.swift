import Testing

@testable import WalletIngest

/// A field that begins with a byte order mark survives being written and read back, even as the
/// first field of the output, where the reader skips a byte order mark as the file's. Found by the
/// FuzzCSV harness (.ci/fuzz): the input `\n\u{FEFF}` is one record of one field, U+FEFF, which
/// the writer wrote bare, so that reading its output gave no record at all.
struct CSVWriterByteOrderMarkTests {
  /// Writes `records` and returns the bytes.
  static func written(_ records: [[[UInt8]]]) throws -> [UInt8] {
    var output: [UInt8] = []
    let writer = CSVWriter(chunkSize: 7) { output.append(contentsOf: $0) }
    for record in records {
      for field in record { try writer.writeField(bytes: field) }
      try writer.endRecord()
    }
    try writer.flush()
    return output
  }

  @Test func theFuzzersInputReadsBack() throws {
    let input: [UInt8] = [0x0A, 0xEF, 0xBB, 0xBF]
    let records = try csvTestParse(input).map(\.fields)
    #expect(records == [[[0xEF, 0xBB, 0xBF]]])
    let output = try Self.written(records)
    #expect(output == [0x22, 0xEF, 0xBB, 0xBF, 0x22, 0x0D, 0x0A])
    #expect(try csvTestParse(output).map(\.fields) == records)
  }

  @Test(
    arguments: [
      ["\u{FEFF}card", "holder"], ["\u{FEFF}"], ["a", "\u{FEFF}b"], ["\u{FEFF} ", "x"],
      ["\u{FEFF}\"", ""],
    ])
  func fieldsBeginningWithAByteOrderMarkReadBack(record: [String]) throws {
    for chunkSize in [1, 2, 3, CSVReader.defaultChunkSize] {
      let output = try Self.written([record.map { Array($0.utf8) }, [Array("next".utf8)]])
      let reread = try csvTestParse(output, chunkSize: chunkSize).map(\.strings)
      #expect(reread == [record, ["next"]], "chunk size \(chunkSize)")
    }
  }

  @Test func onlyALeadingByteOrderMarkIsQuoted() throws {
    let output = try Self.written([[Array("\u{FEFF}a".utf8), Array("b\u{FEFF}".utf8)]])
    #expect(String(decoding: output, as: UTF8.self) == "\"\u{FEFF}a\",b\u{FEFF}\r\n")
  }

  @Test func aFileByteOrderMarkIsStillSkipped() throws {
    let input = Array("\u{FEFF}id,name\r\n1,x\r\n".utf8)
    #expect(try csvTestParse(input).map(\.strings) == [["id", "name"], ["1", "x"]])
  }
}
