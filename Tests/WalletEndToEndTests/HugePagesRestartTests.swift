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
  /// The process running the batch is the one started again: its environment says so, asks
  /// glibc for huge pages, and it keeps its name; with `WALLET_HUGE_PAGES=off`, neither.
  @Test(arguments: [true, false])
  func theRunningBatchWasStartedAgainUnderItsOwnName(asked: Bool) throws {
    #if os(Linux)
      let folder = try InterruptionTests.batchFolder()
      let pipe = try InterruptionTests.pipe("t.csv", in: folder)
      let (start, rest) = try InterruptionTests.transactionsInTwo()
      pipe.write(Data(start.utf8))
      let run = try InterruptionTests.Running(
        InterruptionTests.batchArguments("t.csv"), in: folder,
        environment: asked ? [:] : ["WALLET_HUGE_PAGES": "off"])
      try InterruptionTests.wait(for: "the transactions to be read") {
        run.hasOpen(folder.path("t.csv"))
      }
      let environment = try String(contentsOfFile: "/proc/\(run.pid)/environ", encoding: .utf8)
        .split(separator: "\0").map(String.init)
      let name = try String(contentsOfFile: "/proc/\(run.pid)/comm", encoding: .utf8)
      pipe.write(Data(rest.utf8))
      try pipe.close()
      let (status, stderr) = run.finish()
      #expect(status == 0, "\(stderr)")
      #expect(name == "wallet\n")
      #expect(environment.contains(asked ? "WALLET_HUGE_PAGES=asked" : "WALLET_HUGE_PAGES=off"))
      #expect(environment.contains("GLIBC_TUNABLES=glibc.malloc.hugetlb=1") == asked)
    #endif
  }
}
