import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

@testable import WalletCLI

/// A holder's id stands quoted in a sentence, as ids do in messages, so that a holder named
/// `me` reads as an id, not as English; and an id near none of the store's is offered none.
struct HolderQuotedTests {
  /// Holder `me`'s card C1, bound in the bank's app.
  static func wallet() throws -> StoreSession {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "me", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom",
    ])
    try session.succeed(["enroll", "C1", "--channel", "bank-app", "--at", "2026-01-01"])
    return session
  }

  @Test(arguments: [
    (
      "en", "No card of 'me' would earn; see why below.",
      "It counts as reward 1 of 4 for holder 'me' and, bound through the bank's app (bank-app), pays ¥10.00."
    ),
    (
      "zh-Hans", "持卡人 'me' 的卡都拿不到刷卡金；原因见下。",
      "计为持卡人 'me' 的第 1 次奖励（共 4 次）；绑卡渠道：买单吧（bank-app），返刷卡金 ¥10.00。"
    ),
  ])
  func theHolderIsQuoted(language: String, noCard: String, earns: String) throws {
    let session = try Self.wallet()
    let small = try session.run(["--lang", language, "check", "--holder", "me", "--amount", "1"])
    #expect(small.status == 1)
    #expect(small.stdout.lines.contains(noCard), "\(small.stdout)")
    let earning = try session.run([
      "--lang", language, "check", "--holder", "me", "--amount", "150",
    ])
    #expect(earning.stdout.lines.contains { $0.hasSuffix(earns) }, "\(earning.stdout)")
    #expect(!earning.stdout.contains("me's"))
  }

  @Test(arguments: ["en", "zh-Hans"])
  func anAlreadyRewardedCycleQuotesTheHolder(language: String) throws {
    let session = try Self.wallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25",
    ])
    let result = try session.run([
      "--lang", language, "check", "--holder", "me", "--amount", "150",
    ])
    #expect(result.stdout.contains("'me'"), "\(result.stdout)")
  }

  @Test(arguments: [
    ("C9", ["C1", "C2", "X-99"], ["C1", "C2"]),
    ("ghost", ["H1", "H2", "me"], []),
    ("NOPE", ["C1", "C2"], []),
    ("t2oo5", ["T2005", "T2006", "T3001"], ["T2005"]),
    ("bocom", ["bocom-applepay-monthly", "cmb-monthly"], ["bocom-applepay-monthly"]),
    ("me", ["ME", "H1"], ["ME"]),
  ])
  func nearestIDsAreNearOrNone(typed: String, known: [String], expected: [String]) {
    let near = KnownIDs.nearest(to: Identifier(typed), among: known.map(Identifier.init))
    #expect(near.map(\.rawValue) == expected)
  }

  @Test(arguments: [
    ("en", "Error: no holder 'ghost' in the store"),
    ("zh-Hans", "错误：数据库中没有持卡人 'ghost'"),
  ])
  func anUnrelatedIDGetsNoSuggestion(language: String, message: String) throws {
    let session = try Self.wallet()
    let result = try session.run(["--lang", language, "statement", "--holder", "ghost"])
    #expect(result.status == 65)
    #expect(result.stderr.lines == [message], "\(result.stderr)")
    let near = try session.run(["--lang", language, "statement", "--holder", "mo"])
    #expect(near.stderr.contains("'me'"), "\(near.stderr)")
  }
}
