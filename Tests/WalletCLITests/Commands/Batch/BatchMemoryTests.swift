import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch --memory`: past the limit, the transactions are split by holder on disk and
/// decided a part at a time, into the same files.
struct BatchMemoryTests {
  func batch(_ folder: TemporaryFolder, _ extra: [String], sample: String = "transactions.csv")
    throws -> WalletProcess.Result
  {
    try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions", WalletProcess.sample(sample),
        "--out", folder.path("rewards.csv"), "--decisions", folder.path("decisions.csv"),
      ] + extra)
  }

  @Test(arguments: ["1K", "2048", "1m"])
  func aTinyLimitWritesTheSameFiles(limit: String) throws {
    let folder = try TemporaryFolder()
    let inMemory = try batch(folder, [])
    let rewards = try #require(folder.read("rewards.csv"))
    let decisions = try #require(folder.read("decisions.csv"))
    try FileManager.default.removeItem(atPath: folder.path("rewards.csv"))
    try FileManager.default.removeItem(atPath: folder.path("decisions.csv"))

    let inParts = try batch(folder, ["--memory", limit])
    #expect(inParts.status == 0)
    let (stderr, warned) = BatchFiles.withoutLimitWarning(inParts.stderr)
    #expect(stderr == inMemory.stderr)
    #expect(warned, "\(inParts.stderr)")
    #expect(folder.read("rewards.csv") == rewards)
    #expect(folder.read("decisions.csv") == decisions)
    let expected = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    #expect(rewards == expected)
    // The work directory beside the output is gone.
    #expect(folder.fileNames == ["decisions.csv", "rewards.csv"])
  }

  @Test func aBadRowIsReportedAsInMemoryAndNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    var lines = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The 8th row repeats the 3rd's id; the 12th has an amount that is not one.
    lines[8] = lines[3]
    lines[12] = lines[12].replacingOccurrences(of: "CNY", with: "C#Y")
    try folder.write("bad.csv", lines.joined(separator: "\n"))
    func run(_ extra: [String]) throws -> WalletProcess.Result {
      try CommandHarness.run(
        [
          "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
          WalletProcess.sample("enrollments.csv"), "--transactions", "bad.csv", "--out",
          "rewards.csv",
        ] + extra, directory: folder.url)
    }
    let inMemory = try run([])
    let inParts = try run(["--memory", "1K"])
    #expect(inMemory.status == 65)
    #expect(inParts.status == 65)
    #expect(BatchFiles.withoutLimitWarning(inParts.stderr).rest == inMemory.stderr)
    // The warning comes only once the inputs are read and found valid.
    #expect(!BatchFiles.withoutLimitWarning(inParts.stderr).warned)
    #expect(inParts.stderr.contains("bad.csv:9:"))
    #expect(folder.fileNames == ["bad.csv"])
  }

  /// A limit the cards and enrollments fit in, with room for part of the transactions: no
  /// warning. (The process itself is counted at 48 MiB.)
  @Test func aLimitThatCanBeKeptIsNotWarnedAbout() throws {
    let folder = try TemporaryFolder()
    let inMemory = try batch(folder, [])
    let inParts = try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", folder.path("parts.csv"),
        "--memory", "49M",
      ], environment: ["WALLET_BATCH_PARTITIONS": "3"])
    #expect(inParts.status == 0)
    #expect(inParts.stderr == inMemory.stderr)
    #expect(folder.read("parts.csv") == folder.read("rewards.csv"))
  }

  @Test(arguments: [
    ["--memory", "12X"], ["--memory", "0"], ["--memory", ""],
    ["--memory", "1K", "--postings", "p.csv", "--adjustments", "a.csv"],
  ])
  func refusedAsUsage(extra: [String]) throws {
    let folder = try TemporaryFolder()
    let result = try batch(folder, extra)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(folder.fileNames.isEmpty)
  }
}
