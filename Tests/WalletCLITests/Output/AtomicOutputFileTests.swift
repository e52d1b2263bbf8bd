import Foundation
import Testing

@testable import WalletCLI

/// Output files written through `AtomicOutputFile.csvWriter()`, which starts writing back to
/// disk as it goes: what lands is exactly what was written, and only on commit.
struct AtomicOutputFileTests {
  /// A fresh empty folder for one test.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wallet-atomic-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("megabytes written through the writer land whole, replacing the old file, on commit")
  func largeOutputLandsWhole() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("rewards.csv").path
    try Data("old\r\n".utf8).write(to: URL(fileURLWithPath: target))
    let output = try AtomicOutputFile(path: target)
    let writer = output.csvWriter()
    var expected = Data()
    // Past the writeback interval twice, in records of varied lengths.
    let long = String(repeating: "x", count: 3_000)
    for row in 0..<3_000 {
      let fields = ["H\(row % 977)", "T\(row)", long + String(repeating: "y", count: row % 7)]
      try writer.writeRecord(fields)
      expected.append(contentsOf: Array((fields.joined(separator: ",") + "\r\n").utf8))
    }
    try writer.flush()
    #expect(expected.count > 8 << 20)
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("old\r\n".utf8))
    try output.commit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == expected)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["rewards.csv"])
  }

  @Test func discardingLeavesTheOldFile() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("rewards.csv").path
    try Data("old\r\n".utf8).write(to: URL(fileURLWithPath: target))
    let output = try AtomicOutputFile(path: target)
    let writer = output.csvWriter()
    try writer.writeRecord(["new"])
    try writer.flush()
    output.discard()
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("old\r\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["rewards.csv"])
  }
}
