import Foundation
import Testing
import WalletTestSupport

/// Batch's summary in Chinese, from the binary: the thread that writes it speaks the language
/// the process chose.
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
}
