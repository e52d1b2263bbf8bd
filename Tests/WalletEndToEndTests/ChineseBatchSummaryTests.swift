import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Batch's summary and skipped rows in Chinese, from the binary: the thread that writes them
/// speaks the language the process chose.
@Suite(.tags(.endToEnd))
struct ChineseBatchSummaryTests {
  /// Batch writes its summary from a thread of its own, which does not inherit the language a
  /// task chose: it came out in English about one run in two.
  @Test func batchSummarisesInChineseEveryTime() throws {
    let folder = try TemporaryFolder()
    for _ in 0..<6 {
      // The binary, whose entry makes the language the process's for that thread.
      let result = try WalletProcess.run(
        [
          "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
          WalletProcess.sample("enrollments.csv"), "--transactions",
          WalletProcess.sample("transactions.csv"), "--out", folder.path("rewards.csv"),
        ], environment: ["LANG": "zh_CN.UTF-8"])
      // Status and stderr in every message: a failure once seen only on CI said neither.
      let seen = "status \(result.status), stderr: \(result.stderr)"
      #expect(result.status == 0, "\(seen)")
      #expect(!result.stderr.contains("transactions read"), "\(seen)")
      #expect(result.stderr.contains("笔交易"), "\(seen)")
    }
  }

  /// In Chinese, rows skipped in parts are reported as in memory, in Chinese, and the warning
  /// that the tiny limit cannot be kept is in Chinese too.
  @Test func skippedRowsInChineseAsInMemory() throws {
    let folder = try TemporaryFolder()
    var lines = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[12] = lines[12].replacingOccurrences(of: "CNY", with: "C#Y")
    let file = try folder.write("transactions.csv", lines.joined(separator: "\n"))
    // A process of its own: batch's summary thread speaks the process's language.
    func run(_ extra: [String]) throws -> WalletProcess.Result {
      try WalletProcess.run(
        [
          "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
          WalletProcess.sample("enrollments.csv"), "--transactions", file, "--out",
          "rewards.csv", "--skip-invalid",
        ] + extra, environment: ["WALLET_SPLIT_BYTES": "1", "LANG": "zh_CN.UTF-8"],
        directory: folder.url)
    }
    let inMemory = try run([])
    let inParts = try run(["--memory", "1K"])
    #expect(inMemory.status == 0 && inParts.status == 0)
    #expect(inMemory.stderr.contains("已跳过"))
    let (rest, warned) = BatchFiles.withoutLimitWarning(inParts.stderr)
    #expect(rest == inMemory.stderr)
    #expect(warned && inParts.stderr.hasPrefix("警告："), "\(inParts.stderr)")
  }
}
