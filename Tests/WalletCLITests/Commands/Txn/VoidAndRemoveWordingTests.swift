import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A voided purchase says it was voided, not refunded; removing a rewarded purchase says how to
/// put it back; in both languages.
struct VoidAndRemoveWordingTests {
  static func wallet() throws -> StoreSession {
    let session = try StoreSession()
    try session.smallWallet()
    return session
  }

  @Test(arguments: [
    ("en", "  bocom-applepay-monthly: not rewarded (voided)", "T1 does not earn: voided."),
    ("zh-Hans", "  bocom-applepay-monthly：没有刷卡金（已撤销）", "T1 没有刷卡金：已撤销。"),
  ])
  func aVoidSaysVoided(language: String, line: String, verdict: String) throws {
    let session = try Self.wallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25",
      "--status", "pending",
    ])
    let voided = try session.run(["--lang", language, "txn", "void", "T1"])
    #expect(voided.status == 0, "\(voided.stderr)")
    #expect(voided.stderr.lines.contains(line), "\(voided.stderr)")
    #expect(!voided.stderr.contains("(refunded)"))
    let explained = try session.run(["--lang", language, "explain", "T1"])
    #expect(explained.stdout.lines.contains(verdict), "\(explained.stdout)")
    // A refund in full still says refunded.
    try session.succeed([
      "txn", "add", "--id", "T2", "--card", "C1", "--amount", "150", "--at", "2026-11-26",
    ])
    let refunded = try session.run(["txn", "refund", "T2", "--amount", "150"])
    #expect(refunded.stderr.contains("not rewarded (refunded)"))
  }

  /// The words of each command line the removal printed, as a shell reads them.
  static func shellWords(_ line: String) throws -> [String] {
    let result = try WalletProcess.runProgram(
      ["/bin/sh", "-c", "printf '%s\\0' " + line.dropFirst("  wallet ".count)],
      environment: ["PATH": "/usr/bin:/bin"])
    return result.stdout.split(separator: "\0").map(String.init)
  }

  @Test(arguments: ["en", "zh-Hans"])
  func removingARewardedPurchaseSaysHowToPutItBack(language: String) throws {
    let session = try Self.wallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25T10:30",
      "--merchant", "Joe's 咖啡 & more", "--mcc", "5814",
    ])
    try session.succeed(["txn", "refund", "T1", "--amount", "20", "--at", "2026-11-26"])
    let before = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    let decisions = try session.succeed(["export", "decisions"]).stdout

    let removed = try session.run(["--lang", language, "txn", "remove", "T1"])
    #expect(removed.status == 0, "\(removed.stderr)")
    let heading = language == "en" ? "It held a reward; to put it back:" : "它曾获得刷卡金；如需恢复，请运行："
    let lines = removed.stderr.lines
    let start = try #require(lines.firstIndex(of: heading), "\(removed.stderr)")
    let commands = lines[(start + 1)...].filter { $0.hasPrefix("  wallet txn ") }
    #expect(commands.count == 2)
    for command in commands {
      try session.succeed(try Self.shellWords(command))
    }
    #expect(try session.succeed(["txn", "list", "--format", "csv"]).stdout == before)
    #expect(try session.succeed(["export", "decisions"]).stdout == decisions)
  }

  @Test func removingAPurchaseThatEarnedNothingSaysNothingMore() throws {
    let session = try Self.wallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "5", "--at", "2026-11-25",
    ])
    let removed = try session.run(["txn", "remove", "T1"])
    #expect(removed.status == 0)
    #expect(removed.stderr.lines.count == 1, "\(removed.stderr)")
  }
}
