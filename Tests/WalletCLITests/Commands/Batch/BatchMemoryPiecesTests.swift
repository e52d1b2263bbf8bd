import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch --memory` on a file large enough to be partitioned in pieces at once (made so
/// by `WALLET_SPLIT_BYTES`): the same files as in memory, and at any problem the row-by-row
/// reading's exact message.
struct BatchMemoryPiecesTests {
  /// Any file counts as large.
  static let split = ["WALLET_SPLIT_BYTES": "1"]

  /// Runs batch in `folder`: in memory, or with `--memory` in `extra` partitioned in pieces.
  func run(_ folder: TemporaryFolder, transactions: String, _ extra: [String]) throws
    -> WalletProcess.Result
  {
    let arguments =
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions", transactions, "--out",
        "rewards.csv", "--decisions", "decisions.csv",
      ] + extra
    return try CommandHarness.run(
      arguments, environment: extra.contains("--memory") ? Self.split : [:],
      directory: folder.url)
  }

  /// The sample's transactions with `change` made to its lines (the header is line 0).
  func sample(_ folder: TemporaryFolder, _ change: (inout [String]) -> Void) throws -> String {
    var lines = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    change(&lines)
    try folder.write("transactions.csv", lines.joined(separator: "\n"))
    return "transactions.csv"
  }

  @Test(arguments: ["1K", "2048"])
  func piecesWriteTheSameFiles(limit: String) throws {
    let folder = try TemporaryFolder()
    let file = try sample(folder) { _ in }
    let inMemory = try run(folder, transactions: file, [])
    let rewards = try #require(folder.read("rewards.csv"))
    let decisions = try #require(folder.read("decisions.csv"))
    let inParts = try run(folder, transactions: file, ["--memory", limit])
    #expect(inParts.status == 0)
    #expect(BatchFiles.withoutLimitWarning(inParts.stderr).rest == inMemory.stderr)
    #expect(folder.read("rewards.csv") == rewards)
    #expect(folder.read("decisions.csv") == decisions)
    let expected = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    #expect(rewards == expected)
    #expect(folder.fileNames == ["decisions.csv", "rewards.csv", "transactions.csv"])
  }

  /// A repeated id alone (every row valid) and with a bad row after it, refused or skipped.
  @Test(arguments: [
    ([8], [] as [Int], [] as [String]), ([8], [12], []), ([8], [], ["--skip-invalid"]),
    ([8, 15], [12], ["--skip-invalid"]),
  ])
  func problemsAreReportedAsInMemory(repeats: [Int], bad: [Int], extra: [String]) throws {
    let folder = try TemporaryFolder()
    let file = try sample(folder) { lines in
      for line in repeats { lines[line] = lines[3] }
      for line in bad { lines[line] = lines[line].replacingOccurrences(of: "CNY", with: "C#Y") }
    }
    let inMemory = try run(folder, transactions: file, extra)
    let rewards = folder.read("rewards.csv")
    let decisions = folder.read("decisions.csv")
    for name in ["rewards.csv", "decisions.csv"] where folder.read(name) != nil {
      try FileManager.default.removeItem(atPath: folder.path(name))
    }
    let inParts = try run(folder, transactions: file, extra + ["--memory", "1K"])
    #expect(inParts.status == inMemory.status)
    #expect(BatchFiles.withoutLimitWarning(inParts.stderr).rest == inMemory.stderr)
    #expect(folder.read("rewards.csv") == rewards)
    #expect(folder.read("decisions.csv") == decisions)
    #expect(inMemory.status == (extra.isEmpty ? 65 : 0))
  }
}
