import Foundation
import Testing
import WalletTestSupport

@testable import WalletIngest

/// Output files written through `AtomicOutputFile.csvWriter()`, which starts writing back to
/// disk as it goes: what lands is exactly what was written, and only on commit.
struct AtomicOutputFileTests {
  /// A folder holding an old `rewards.csv`, and an output replacing it, with its writer.
  private func replacingAnOldFile() throws -> (
    folder: TemporaryFolder, output: AtomicOutputFile, writer: CSVWriter
  ) {
    let folder = try TemporaryFolder()
    let output = try AtomicOutputFile(path: try folder.write("rewards.csv", "old\r\n"))
    return (folder, output, output.csvWriter())
  }

  /// The folder's files, by name.
  private func files(in folder: TemporaryFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
  }

  @Test("megabytes written through the writer land whole, replacing the old file, on commit")
  func largeOutputLandsWhole() throws {
    let (folder, output, writer) = try replacingAnOldFile()
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
    #expect(folder.read("rewards.csv") == "old\r\n")
    try output.commit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("rewards.csv"))) == expected)
    #expect(try files(in: folder) == ["rewards.csv"])
  }

  @Test func discardingLeavesTheOldFile() throws {
    let (folder, output, writer) = try replacingAnOldFile()
    try writer.writeRecord(["new"])
    try writer.flush()
    output.discard()
    #expect(folder.read("rewards.csv") == "old\r\n")
    #expect(try files(in: folder) == ["rewards.csv"])
  }
}
