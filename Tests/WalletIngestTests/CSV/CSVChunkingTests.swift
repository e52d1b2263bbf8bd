import Foundation
import Testing

@testable import WalletIngest

/// Records (and errors) must not depend on where the input is cut into chunks.
struct CSVChunkingTests {
  /// Inputs whose tricky parts (CRLF, `""`, BOM, multi-byte characters) land on every boundary
  /// when read a few bytes at a time.
  static let inputs: [[UInt8]] =
    [
      "\u{FEFF}id,name,amount\r\n1,\"Smith, J\",10.50\r\n2,\"say \"\"hi\"\"\",3\r\n",
      "a,\"multi\r\nline\rfield\nhere\",c\r\n\r\n\nd,e,f\rg,,\"\"\n\"\"\"\",x",
      "\u{FEFF}",
      "\u{FEFF}\"q\"",
      "商户,备注\n\"星巴克\n(国贸)\",\"\"\"咖啡\"\"\"\r\n  padded  ,\t\n",
      "\r\n\r\n,\r\n,,\n\"\",\"\"\r\n",
      "a,\"unterminated\r\n",
      "x\r\n\"ab\"c,d",
      "x\ny\r\nab\"c",
    ].map { Array($0.utf8) } + [
      Array("ok\r\n\"bad".utf8) + [0xE4, 0xB8] + Array("\"\r\n".utf8),
      [0xEF, 0xBB, 0x41, 0x0A],
      Array("a,b\n".utf8) + [0x00],
    ]

  static let chunkSizes = [1, 2, 3, 4, 5, 7, 13, 64]

  @Test(arguments: inputs, chunkSizes)
  func tinyChunksGiveSameOutcome(input: [UInt8], chunkSize: Int) {
    let whole = csvTestOutcome(input, chunkSize: CSVReader.defaultChunkSize)
    #expect(csvTestOutcome(input, chunkSize: chunkSize) == whole)
  }

  @Test(arguments: [1, 3, 7, 4096])
  func fileDescriptorChunksGiveSameRecords(chunkSize: Int) throws {
    let input = Self.inputs[0] + Self.inputs[1] + Array("\n".utf8) + Self.inputs[4]
    let file = CSVTestTemporaryFile()
    let output = try file.open(O_WRONLY | O_CREAT | O_TRUNC)
    #expect(input.withUnsafeBytes { write(output, $0.baseAddress, $0.count) } == input.count)
    close(output)
    let descriptor = try file.open(O_RDONLY)
    defer { close(descriptor) }
    let records = try csvTestDrain(CSVReader(fileDescriptor: descriptor, chunkSize: chunkSize))
    #expect(records == (try csvTestParse(input)))
    #expect(records.count == 10)
  }

  @Test func inputsAreParsedAsIntended() throws {
    // Guards the corpus itself: a typo would make the comparisons above trivially equal.
    #expect(
      try csvTestParse(Self.inputs[1]).map(\.strings) == [
        ["a", "multi\r\nline\rfield\nhere", "c"], ["d", "e", "f"], ["g", "", ""], ["\"", "x"],
      ])
    #expect(throws: CSVSyntaxError(line: 1, column: 2, kind: .unterminatedQuote)) {
      try csvTestParse(Self.inputs[6])
    }
    #expect(throws: CSVSyntaxError(line: 1, column: 1, kind: .invalidUTF8)) {
      try csvTestParse(Self.inputs[10])
    }
  }
}
