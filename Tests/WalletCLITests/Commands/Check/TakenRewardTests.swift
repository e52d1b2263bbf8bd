import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A purchase imagined before one already rewarded in its cycle would take that reward: the
/// what-if of `check` says so, naming the purchase and its date, in both languages.
struct TakenRewardTests {
  /// H1's C1, bound in the bank's app, with T6 rewarded on 2026-11-25 (the cycle from
  /// 2026-11-22), as of 2026-12-01.
  static func wallet() throws -> StoreSession {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T6", "--card", "C1", "--amount", "150", "--at", "2026-11-25T10:00",
    ])
    return session
  }

  @Test(arguments: [
    ("en", "It would take the cycle's reward from T6, made 2026-11-25."),
    ("zh-Hans", "它会拿走 2026-11-25 那笔消费 T6 在本结算周期的刷卡金。"),
  ])
  func aHoldersWhatIfBeforeTheRewardSaysItTakesIt(language: String, sentence: String) throws {
    let session = try Self.wallet()
    let before = try session.run([
      "--lang", language, "check", "--holder", "H1", "--amount", "150", "--at", "2026-11-23",
    ])
    #expect(before.status == 0, "\(before.stderr)")
    let line = try #require(before.stdout.lines.first { $0.hasPrefix("  C1:") })
    #expect(line.hasSuffix(sentence), "\(before.stdout)")
    // After T6, the cycle is already rewarded: nothing to take.
    let after = try session.run([
      "--lang", language, "check", "--holder", "H1", "--amount", "150", "--at", "2026-11-26",
    ])
    #expect(!after.stdout.contains("T6,") && !after.stdout.contains("消费 T6"))
  }

  @Test(arguments: [("en", "note"), ("zh-Hans", "注意")])
  func aCardsCheckBeforeTheRewardSaysItTakesIt(language: String, label: String) throws {
    let session = try Self.wallet()
    let result = try session.run(["--lang", language, "check", "C1", "--at", "2026-11-23"])
    #expect(result.status == 0, "\(result.stderr)")
    let note = try #require(result.stdout.lines.first { $0.hasPrefix("  " + label + " ") })
    #expect(note.contains("T6"))
    #expect(note.contains("2026-11-25"))
  }

  /// A purchase in a later cycle of the holder's last reward takes that reward, not a cycle's.
  @Test func aPlaceOfTheHoldersCountIsTheRewardOfThePurchase() throws {
    let session = try StoreSession()
    try session.smallWallet()
    // Four rewards, the most the built-in pays one holder, in four cycles from 2026-08-22.
    for (index, date) in ["2026-08-25", "2026-09-25", "2026-10-25", "2026-11-25"].enumerated() {
      try session.succeed([
        "txn", "add", "--id", "T\(index + 1)", "--card", "C1", "--amount", "150", "--at", date,
      ])
    }
    let result = try session.run([
      "check", "--holder", "H1", "--amount", "150", "--at", "2026-08-10",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("It would take the reward of T4, made 2026-11-25."))
  }

  /// `pay` plays the same purchase, and says the same.
  @Test func payingBeforeTheRewardSaysItTakesIt() throws {
    let session = try Self.wallet()
    let request = WalletProcess.packageRoot.appendingPathComponent(
      "data/requests/unionpay-emv-cny.json"
    ).path
    let result = try session.run(["pay", request, "--holder", "H1", "--at", "2026-11-23"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("It would take the cycle's reward from T6, made 2026-11-25."))
  }
}
