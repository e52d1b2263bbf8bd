import Foundation
import Testing
import WalletTestSupport

/// `wallet batch` on Linux starts itself again, once, asking glibc's allocator for huge pages
/// (`LargeAllocations.restartPreferringHugePages`): the same process to its caller, which gets
/// the same output, status and standard input as without.
@Suite(.tags(.endToEnd))
struct HugePagesRestartTests {
  @Test(arguments: [
    [:], ["WALLET_HUGE_PAGES": "off"], ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"],
  ])
  func batchGivesTheSameRewardsWhetherOrNotItStartsAgain(environment: [String: String]) throws {
    let transactions = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8)
    // Standard input read after the new start: the transactions come through it.
    let result = try WalletProcess.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions", "/dev/stdin", "--out", "-",
        "--quiet",
      ], environment: environment, stdin: transactions)
    let expected = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == expected)
    #expect(result.stderr.isEmpty)
  }
}
