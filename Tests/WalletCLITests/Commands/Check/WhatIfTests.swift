import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet check --holder H --amount X`: with which card a purchase would earn most, and why the
/// others would not.
struct WhatIfTests {
  /// Holder H1 with two bocom credit cards: CA bound in the bank's app on 2026-03-01, CB bound
  /// in Apple Wallet earlier, on 2026-02-01.
  static func twoCards(
    _ session: StoreSession, channelA: String = "bank-app", channelB: String = "wallet",
    boundA: String = "2026-03-01T00:00", boundB: String = "2026-02-01T00:00"
  ) throws {
    try session.succeed(["init"])
    for card in ["CA", "CB"] {
      try session.succeed([
        "card", "add", card, "--holder", "H1", "--network", "unionpay", "--type", "credit",
        "--issuer", "bocom",
      ])
    }
    try session.succeed(["enroll", "CA", "--channel", channelA, "--at", boundA, "--id", "EA"])
    try session.succeed(["enroll", "CB", "--channel", channelB, "--at", boundB, "--id", "EB"])
  }

  @Test func theBankAppPaysMoreThanWalletAtTheSameOrdinal() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    let result = try session.run(["check", "--holder", "H1", "--amount", "150"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        A purchase of ¥150.00 by H1 at 2026-12-01T12:00:00+08:00:
        Pay with CA: it earns ¥10.00, the most of the 2 cards that would earn.

        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)
        card  channel   earns  reward  reason
        CA    bank-app  yes    ¥10.00
        CB    wallet    yes     ¥5.00

          CA:  It counts as reward 1 of 4 for holder 'H1' and, bound through the bank's app (bank-app), pays ¥10.00.
          CB:  It counts as reward 1 of 4 for holder 'H1' and, bound through Apple Wallet (wallet), pays ¥5.00.

        """)
  }

  @Test func aTieGoesToTheCardBoundEarliest() throws {
    let session = try StoreSession()
    try Self.twoCards(session, channelA: "wallet")
    let result = try session.run(["check", "--holder", "H1", "--amount", "150", "--format", "json"])
    #expect(result.status == 0)
    let object = try ExplainCommandTests.object(result.stdout)
    let recommendation = try #require(object["recommendation"] as? [String: Any])
    #expect(recommendation["card"] as? String == "CB")
    #expect(recommendation["reward"] as? String == "5.00")
    let table = try session.run(["check", "--holder", "H1", "--amount", "150"])
    #expect(
      table.stdout.lines[1]
        == "Pay with CB: it earns ¥5.00, as much as CA, and was bound to Apple Pay first.")
  }

  @Test func aTieAtTheSameTimeGoesToTheSmallerCardID() throws {
    let session = try StoreSession()
    try Self.twoCards(
      session, channelA: "wallet", boundA: "2026-02-01T00:00", boundB: "2026-02-01T00:00")
    let result = try session.run(["check", "--holder", "H1", "--amount", "150"])
    #expect(result.stdout.lines[1].hasPrefix("Pay with CA: it earns ¥5.00, as much as CB"))
  }

  @Test func onlyAnActiveBindingCountsForTheTie() throws {
    let session = try StoreSession()
    // CA's first binding is older than CB's but was removed; its active one is newer.
    try Self.twoCards(session, channelA: "wallet", boundA: "2026-05-01T00:00")
    try session.succeed([
      "enroll", "CA", "--channel", "wallet", "--at", "2026-01-01T00:00", "--id", "EA0",
    ])
    try session.succeed(["enrollment", "remove", "EA0", "--at", "2026-04-01T00:00"])
    let result = try session.run(["check", "--holder", "H1", "--amount", "150"])
    #expect(result.stdout.lines[1].hasPrefix("Pay with CB:"))
  }

  @Test func aPurchaseThatWouldNotEarnSaysWhy() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    try session.succeed([
      "card", "add", "CD", "--holder", "H1", "--network", "unionpay", "--type", "debit",
      "--issuer", "bocom",
    ])
    let result = try session.run(["check", "--holder", "H1", "--amount", "99.99"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        A purchase of ¥99.99 by H1 at 2026-12-01T12:00:00+08:00:
        No card of 'H1' would earn; see why below.

        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)
        card  channel   earns  reward  reason
        CA    bank-app  no             below-minimum
        CB    wallet    no             below-minimum
        CD    none      no             ineligible-card-type

          CA:  It comes to ¥99.99; purchases must be at least ¥100.00.
          CB:  It comes to ¥99.99; purchases must be at least ¥100.00.
          CD:  It is a debit card; only credit cards count.

        """)
  }

  @Test func theCycleAlreadyRewardedHoldsForEveryCardOfTheHolder() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "CB", "--amount", "150", "--at", "2026-11-25T10:00",
    ])
    let now = try session.run(["check", "--holder", "H1", "--amount", "150"])
    #expect(now.status == 1)
    #expect(
      now.stdout.lines.contains(
        "  CA:  Holder 'H1' has already been rewarded in the billing cycle 2026-11-22 to 2026-12-21 (by "
          + "T1); the promotion pays one reward per cycle."))
    // In the next cycle the holder's second reward is on the schedule.
    let later = try session.run([
      "check", "--holder", "H1", "--amount", "150", "--at", "2026-12-22T08:00", "--format",
      "json",
    ])
    #expect(later.status == 0)
    let object = try ExplainCommandTests.object(later.stdout)
    let promotions = try #require(object["promotions"] as? [[String: Any]])
    let cards = try #require(promotions.first?["cards"] as? [[String: Any]])
    let rewards = cards.map { ($0["reward"] as? [String: Any])?["amount"] as? String }
    #expect(rewards == ["15.00", "10.00"])
    #expect((cards.first?["reward"] as? [String: Any])?["ordinal"] as? Int == 2)
  }

  @Test func aSupplementaryCardEarnsForItsPrimaryHolder() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run([
      "check", "--holder", "H001", "--amount", "200", "--at", "2026-07-23T10:00",
    ])
    #expect(result.status == 0)
    // C-WF-CREDIT (bank-app, ¥20.00 for reward 3) beats C-WF-SUPP (wallet, ¥15.00).
    #expect(
      result.stdout.lines[1]
        == "Pay with C-WF-CREDIT: it earns ¥20.00, the most of the 2 cards that would earn.")
    #expect(result.stdout.lines.contains("C-WF-SUPP    wallet    yes    ¥15.00"))
  }

  @Test func jsonHasAStableShape() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    let result = try session.run([
      "check", "--holder", "H1", "--amount", "150", "--at", "2026-02-15T12:00", "--format",
      "json",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "holder": "H1",
          "amount": "150.00",
          "currency": "CNY",
          "at": "2026-02-15T12:00:00+08:00",
          "earns": true,
          "recommendation": {
            "card": "CB",
            "channel": "wallet",
            "reward": "5.00"
          },
          "promotions": [
            {
              "promotion": {
                "id": "bocom-applepay-monthly",
                "name": "交通银行信用卡 Apple Pay 月月返",
                "currency": "CNY",
                "timezone": "Asia/Shanghai"
              },
              "cards": [
                {
                  "card": "CA",
                  "channel": null,
                  "enrollment": null,
                  "outcome": "not-rewarded",
                  "reason": "not-enrolled",
                  "explanation": "No Apple Pay binding of card CA is active at 2026-02-15T12:00:00+08:00; only purchases through a card bound in the bank's app or in Apple Wallet count.",
                  "reward": null
                },
                {
                  "card": "CB",
                  "channel": "wallet",
                  "enrollment": "EB",
                  "outcome": "rewarded",
                  "reason": null,
                  "explanation": "It counts as reward 1 of 4 for holder 'H1' and, bound through Apple Wallet (wallet), pays ¥5.00.",
                  "reward": {
                    "ordinal": 1,
                    "channel": "wallet",
                    "amount": "5.00"
                  }
                }
              ]
            }
          ]
        }

        """)
  }

  @Test func badValuesAreUsageErrorsAndAnUnknownHolderIsADataError() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    for arguments in [
      ["check", "--holder", "H1"], ["check", "--holder", "H1", "--amount", "1e3"],
      ["check", "--holder", "H1", "--amount", "-5"], ["check", "--holder", "H1", "--amount", "0"],
      ["check", "--holder", "H1", "--amount", "10.001"],
      ["check", "--holder", "H1", "--amount", "10", "--currency", "XYZ"],
      ["check", "--holder", "H1", "--amount", "10", "--capabilities", "credit"],
    ] {
      let result = try session.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    let unknown = try session.run(["check", "--holder", "H9", "--amount", "150"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr
        == "Error: no holder 'H9' in the store; the nearest id the store knows is 'H1'\n")
  }

  @Test func aPurchaseInAnotherCurrencyDoesNotEarn() throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    let result = try session.run([
      "check", "--holder", "H1", "--amount", "150", "--currency", "usd",
    ])
    #expect(result.status == 1)
    #expect(
      result.stdout.lines[0] == "A purchase of 150.00 USD by H1 at 2026-12-01T12:00:00+08:00:")
    #expect(
      result.stdout.lines.contains(
        "  CA:  The purchase is in USD; only purchases in CNY count."))
  }

  /// `--amount ¥150` and `--at 2026年11月30日 10:00` ask the question `--amount 150 --at
  /// 2026-11-30T10:00` asks, in English and in Chinese.
  @Test(arguments: ["en", "zh-Hans"])
  func aPurchaseTypedAsPeopleTypeItIsDecidedAsTheSPECsSpelling(language: String) throws {
    let session = try StoreSession()
    try Self.twoCards(session)
    let ask = { (amount: String, at: String) in
      try session.run([
        "check", "--holder", "H1", "--amount", amount, "--at", at, "--lang", language,
      ])
    }
    let plain = try ask("150", "2026-11-30T10:00")
    #expect(plain.status == 0)
    #expect(plain.stdout.contains("2026-11-30T10:00:00+08:00"))
    for (amount, at) in [("¥150", "2026年11月30日 10:00"), ("１５０元", "2026/11/30 10:00")] {
      let typed = try ask(amount, at)
      #expect(typed.status == plain.status)
      #expect(typed.stdout == plain.stdout, "\(amount) \(at)")
      #expect(typed.stderr == plain.stderr)
    }
  }
}
