import Foundation
import Testing
import WalletTestSupport

@testable import WalletIngest

/// Writer and reader together: whatever is written is read back unchanged.
struct CSVRoundTripTests {
  /// Pieces that random fields are made of: every byte with a meaning to CSV, blanks at the
  /// edges, multi-byte text.
  static let pieces = [
    "a", "Z", "0", "-", " ", "\t", ",", "\"", "\r", "\n", "\r\n", "中", "文", "😀", "é", "x y",
  ]

  @Test(arguments: [1, 2, 3, 4, 5])
  func randomRecordsSurviveARoundTrip(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var records: [[String]] = []
    for _ in 0..<300 {
      records.append(
        (0..<Int.random(in: 1...8, using: &random)).map { _ in
          (0..<Int.random(in: 0...6, using: &random)).map { _ in
            Self.pieces.randomElement(using: &random)!
          }.joined()
        })
    }
    var output: [UInt8] = []
    let writer = CSVWriter(chunkSize: Int.random(in: 1...64, using: &random)) {
      output.append(contentsOf: $0)
    }
    for record in records { try writer.writeRecord(record) }
    try writer.flush()

    let reader = CSVReader(bytes: output, chunkSize: Int.random(in: 1...64, using: &random))
    var index = 0
    while let record = try reader.next() {
      try #require(index < records.count)
      #expect(record.map(\.string) == records[index])
      let trimmed = records[index].map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
      }
      #expect(record.map(\.trimmedString) == trimmed)
      index += 1
    }
    #expect(index == records.count)
  }

  /// An order-sensitive checksum of every field, with a marker after each field and record.
  /// `Hasher` is seeded per process, which is fine: both sides are computed in the same run, and
  /// its byte loop is optimised code even in a debug build.
  struct Checksum {
    var hasher = Hasher()

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
      hasher.combine(bytes: bytes)
    }

    mutating func add(_ text: String) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func end(_ marker: UInt8) {
      hasher.combine(marker)
    }

    var value: Int { hasher.finalize() }
  }

  /// About 800 KB read 64 KiB at a time: records and quoted line breaks fall across a dozen
  /// chunk boundaries, as across the 1 MiB chunks of a file ten times the size.
  @Test func readsALargeFileInChunks() throws {
    let rows = 20_000
    let file = CSVTestTemporaryFile()
    let output = try file.open(O_WRONLY | O_CREAT | O_TRUNC)
    let writer = CSVWriter(fileDescriptor: output)
    var expected = Checksum()
    var lastLine = 0
    var line = 1
    for row in 0..<rows {
      let merchant =
        row % 1000 == 7
        ? "Café \"Nord\"\nFloor \(row % 3)" : row % 7 == 0 ? "Shop, \(row)" : "商户\(row)"
      let fields = [
        "T\(row)", "card-\(row % 997)", "\(row % 5000).\(row % 100)", "", merchant, "5812",
      ]
      try writer.writeRecord(fields)
      for field in fields {
        expected.add(field)
        expected.end(0xFF)
      }
      expected.end(0xFE)
      lastLine = line
      line += 1 + merchant.utf8.count(where: { $0 == 0x0A })
    }
    try writer.flush()
    close(output)

    let input = try file.open(O_RDONLY)
    defer { close(input) }
    let reader = CSVReader(fileDescriptor: input, chunkSize: 1 << 16)
    var actual = Checksum()
    var records = 0
    var fields = 0
    var lastRecordLine = 0
    while let record = try reader.next() {
      records += 1
      fields += record.count
      lastRecordLine = record.line
      for field in record {
        field.withUnsafeBytes { actual.add($0) }
        actual.end(0xFF)
      }
      actual.end(0xFE)
    }
    #expect(records == rows)
    #expect(fields == rows * 6)
    #expect(lastRecordLine == lastLine)
    #expect(actual.value == expected.value)
  }
}
