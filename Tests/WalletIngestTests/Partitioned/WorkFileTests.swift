import Foundation
import Testing

@testable import WalletIngest

/// The work files a batch in parts writes and reads back.
struct WorkFileTests {
  @Test(arguments: [256, 1_000, 1 << 16])
  func whatIsAppendedIsReadBack(capacity: Int) throws {
    let directory = try TemporaryDirectory(in: NSTemporaryDirectory())
    defer { directory.remove() }
    let path = directory.file("w")
    let writer = try WorkFileWriter(path: path, capacity: capacity)
    // Values and byte runs of every size around the buffer's: smaller, equal, larger.
    var expected: [UInt8] = []
    var generator = SystemRandomNumberGenerator()
    for round in 0..<21 {
      let value = UInt64.random(in: .min ... .max, using: &generator)
      writer.append(value: value)
      withUnsafeBytes(of: value) { expected.append(contentsOf: $0) }
      let length = [0, 1, 7, capacity - 1, capacity, capacity + 1, 3 * capacity][round % 7]
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ round) }
      bytes.withUnsafeBytes { writer.append($0) }
      expected.append(contentsOf: bytes)
      #expect(writer.size == expected.count)
    }
    try writer.finish()
    let written = try #require(FileManager.default.contents(atPath: path))
    #expect(Array(written) == expected)

    // Read back in runs of other sizes than were written, some past the reader's buffer.
    let reader = try WorkFileReader(path: path, capacity: capacity)
    var read: [UInt8] = []
    let runs = [8, 5, 2 * capacity + 3, 1, capacity]
    var run = 0
    while read.count < expected.count {
      let count = min(runs[run % runs.count], expected.count - read.count)
      read.append(contentsOf: try #require(try reader.next(count)))
      run += 1
    }
    #expect(try reader.next(1) == nil)
    #expect(read == expected)
  }

  @Test func aWriteThatFailsIsReportedWhenFinishing() throws {
    let writer = try WorkFileWriter(path: "/dev/full", capacity: 256)
    for value in 0..<100 { writer.append(value: Int64(value)) }
    #expect(throws: FileError.self) { try writer.finish() }
  }

  /// Runs of every length up to past the in-line sizes are copied whole, and nothing around
  /// them is touched.
  @Test func shortRunsAreCopiedExactly() {
    let source = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 1...40 {
      var destination = [UInt8](repeating: 0xEE, count: count + 16)
      source.withUnsafeBytes { source in
        destination.withUnsafeMutableBytes { destination in
          WorkFileWriter.copy(source.baseAddress!, count: count, to: destination.baseAddress! + 8)
        }
      }
      #expect(Array(destination[8..<(8 + count)]) == Array(source[0..<count]), "\(count)")
      #expect(destination[0..<8].allSatisfy { $0 == 0xEE }, "\(count)")
      #expect(destination[(8 + count)...].allSatisfy { $0 == 0xEE }, "\(count)")
    }
  }
}
