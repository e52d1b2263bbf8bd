import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet check CARD`: enrolled and matching (exit 0) or not (exit 1), and what each promotion
/// would do with a purchase of its minimum spend.
struct CheckCommandTests {
  @Test func anEnrolledCardCanPayAndWouldEarn() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run(["check", "C1"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        C1 can pay with Apple Pay at 2026-12-01T12:00:00+08:00 (bank-app).

          card     C1
          holder   H1
          network  unionpay
          type     credit
          role     primary
          issuer   bocom
          number   •••• 1234

        enrollment  channel   enrolled_at                removed_at  active
        E1          bank-app  2026-01-01T00:00:00+08:00              yes

        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)
          eligible     yes: a purchase of ¥100.00 would earn ¥10.00 (reward 1 of 4, bank-app)
          rewards      0 used, 4 left, of 4, as of 2026-12-01T12:00:00+08:00
          next reward  ¥10.00 (reward 1, bank-app)
          this cycle   2026-11-22 to 2026-12-21, not rewarded yet
          next cycle   starts 2026-12-22

        """)
  }

  @Test func aRewardedCycleSaysByWhichTransactionAndStillExitsZero() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25T10:00",
    ])
    let result = try session.run(["check", "C1"])
    // Enrolled and matching: PassKit's question is answered yes, whatever the promotion says.
    #expect(result.status == 0)
    let lines = result.stdout.lines
    #expect(
      lines.contains(
        "  eligible     no: a purchase of ¥100.00 would not earn (cycle-already-rewarded)"))
    #expect(
      lines.contains(
        "  why          Holder 'H1' has already been rewarded in the billing cycle 2026-11-22 to "
          + "2026-12-21 (by T1); the promotion pays one reward per cycle."))
    #expect(lines.contains("  rewards      1 used, 3 left, of 4, as of 2026-12-01T12:00:00+08:00"))
    #expect(lines.contains("  next reward  ¥15.00 (reward 2, bank-app)"))
    #expect(lines.contains("  this cycle   2026-11-22 to 2026-12-21, already rewarded (T1)"))
    // On the first day of the next cycle the reward is there again.
    let next = try session.run(["check", "C1", "--at", "2026-12-22T00:00"])
    #expect(
      next.stdout.lines.contains(
        "  eligible     yes: a purchase of ¥100.00 would earn ¥15.00 (reward 2 of 4, bank-app)"))
    #expect(next.stdout.lines.contains("  next cycle   starts 2027-01-22"))
  }

  @Test func notEnrolledAtTheTimeExitsOne() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let before = try session.run(["check", "C1", "--at", "2025-12-31T23:59:59"])
    #expect(before.status == 1)
    #expect(
      before.stdout.lines.first
        == "C1 cannot pay with Apple Pay at 2025-12-31T23:59:59+08:00: it has no active Apple "
        + "Pay enrollment.")
    #expect(
      before.stdout.lines.contains(
        "  eligible     no: a purchase of ¥100.00 would not earn (not-enrolled)"))
    #expect(
      before.stdout.lines.contains(
        "  next reward  reward 1: ¥10.00 through the bank's app, ¥5.00 through Apple Wallet, "
          + "once the card is bound"))

    try session.succeed(["enrollment", "remove", "E1", "--at", "2026-11-30T00:00"])
    let removed = try session.run(["check", "C1"])
    #expect(removed.status == 1)
    #expect(
      removed.stdout.lines.contains(
        "E1          bank-app  2026-01-01T00:00:00+08:00  2026-11-30T00:00:00+08:00  no"))
    // Still enrolled the moment before the removal.
    #expect(try session.run(["check", "C1", "--at", "2026-11-29T23:59:59"]).status == 0)
  }

  /// Options, and the exit status for card C1 (unionpay, credit, enrolled).
  static let matching: [([String], Int32)] = [
    (["--networks", "unionpay"], 0),
    (["--networks", "visa,CUP"], 0),
    (["--networks", "银联"], 0),
    (["--networks", "visa", "--networks", "China UnionPay"], 0),
    (["--networks", "visa,mc"], 1),
    (["--capabilities", "credit"], 0),
    (["--capabilities", "debit,prepaid"], 1),
    (["--capabilities", "debit", "--capabilities", "Credit"], 0),
    (["--networks", "unionpay", "--capabilities", "debit"], 1),
    (["--networks", "visa", "--capabilities", "credit"], 1),
  ]

  @Test(arguments: matching)
  func networksAndCapabilitiesMustMatch(options: [String], status: Int32) throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run(["check", "C1"] + options)
    #expect(result.status == status, "\(options): \(result.stdout)\(result.stderr)")
    let json = try session.run(["check", "C1", "--format", "json"] + options)
    let object = try ExplainCommandTests.object(json.stdout)
    #expect(object["canMakePayments"] as? Bool == (status == 0))
    #expect(json.status == status)
  }

  @Test func aMismatchSaysWhat() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run([
      "check", "C1", "--networks", "visa,mc", "--capabilities", "debit",
    ])
    #expect(result.status == 1)
    #expect(
      result.stdout.lines.first
        == "C1 cannot pay with Apple Pay at 2026-12-01T12:00:00+08:00: its network is unionpay, "
        + "not visa or mastercard; it is a credit card, not debit.")
  }

  @Test func unknownCardIsADataErrorAndBadOptionsAreUsageErrors() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let unknown = try session.run(["check", "C9"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr == "Error: no card 'C9' in the store; the nearest id the store knows is 'C1'\n"
    )
    #expect(unknown.stdout.isEmpty)
    for arguments in [
      ["check"], ["check", "C1", "--holder", "H1"], ["check", "C1", "--amount", "100"],
      ["check", "--holder", "H1", "--amount", "100", "--networks", "visa"],
      ["check", "C1", "--networks", "diners"], ["check", "C1", "--capabilities", "gold"],
      ["check", "C1", "--networks", "unionpay,"], ["check", "C1", "--at", "yesterday"],
      ["check", "C1", "--format", "csv"],
    ] {
      let result = try session.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    let noStore = try CommandHarness.run(
      ["check", "C1", "--db", session.folder.path("none/wallet.sqlite")])
    #expect(noStore.status == 66)
  }

  @Test func aCardNumberIsNeverEchoed() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run(["check", StoreSession.cardNumber])
    #expect(result.status == 65)
    #expect(!result.stderr.contains(StoreSession.cardNumber))
  }

  @Test func noColourWhenStandardOutputIsNotATerminal() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run(["check", "C1"], environment: ["TERM": "xterm-256color"])
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func jsonHasAStableShape() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25T10:00",
    ])
    let result = try session.run(["check", "C1", "--format", "json", "--networks", "unionpay"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "card": {
            "card": "C1",
            "holder": "H1",
            "network": "unionpay",
            "type": "credit",
            "role": "primary",
            "issuer": "bocom",
            "last4": "1234"
          },
          "at": "2026-12-01T12:00:00+08:00",
          "canMakePayments": true,
          "earns": false,
          "enrolled": true,
          "matchesNetworks": true,
          "matchesCapabilities": true,
          "enrollments": [
            {
              "id": "E1",
              "channel": "bank-app",
              "enrolledAt": "2026-01-01T00:00:00+08:00",
              "removedAt": null,
              "active": true
            }
          ],
          "promotions": [
            {
              "promotion": {
                "id": "bocom-applepay-monthly",
                "name": "交通银行信用卡 Apple Pay 月月返",
                "currency": "CNY",
                "timezone": "Asia/Shanghai"
              },
              "purchase": "100.00",
              "eligible": false,
              "cardCanEarn": true,
              "reason": "cycle-already-rewarded",
              "explanation": "Holder 'H1' has already been rewarded in the billing cycle 2026-11-22 to 2026-12-21 (by T1); the promotion pays one reward per cycle.",
              "rewardsUsed": 1,
              "rewardsLeft": 3,
              "maxRewardsPerHolder": 4,
              "nextReward": {
                "ordinal": 2,
                "channel": "bank-app",
                "amount": "15.00",
                "byChannel": {
                  "bank-app": "15.00",
                  "wallet": "10.00"
                }
              },
              "cycle": {
                "start": "2026-11-22",
                "end": "2026-12-21",
                "rewards": 1,
                "rewardsPerCycle": 1,
                "rewardedBy": [
                  "T1"
                ]
              },
              "nextCycleStart": "2026-12-22"
            }
          ]
        }

        """)
  }

  @Test func noRewardLeftAndAnotherPromotion() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed([
      "promotion", "add",
      try session.write("summer.json", ExplainCommandTests.customPromotion),
    ])
    let result = try session.run(["check", "C-WF-CREDIT", "--format", "json"])
    #expect(result.status == 0)
    let object = try ExplainCommandTests.object(result.stdout)
    let promotions = try #require(object["promotions"] as? [[String: Any]])
    #expect(promotions.count == 2)
    #expect(promotions[0]["reason"] as? String == "reward-cap-reached")
    #expect(promotions[0]["rewardsLeft"] as? Int == 0)
    #expect(promotions[0]["nextReward"] is NSNull)
    // The custom promotion's campaign ended on 2026-10-31.
    #expect(promotions[1]["reason"] as? String == "outside-campaign")
    let table = try session.run(["check", "C-WF-CREDIT"])
    #expect(table.stdout.lines.contains("  next reward  none left"))
    #expect(table.stdout.lines.contains("银联夏日测试 (unionpay-summer)"))
  }

  @Test func helpDescribesTheCommands() throws {
    for command in [["check"], ["explain"]] {
      let result = try CommandHarness.run(command + ["--help"])
      #expect(result.status == 0)
      #expect(result.stdout.contains("USAGE: wallet \(command[0])"))
      #expect(result.stdout.contains("--db <path>"))
    }
    #expect(try CommandHarness.run(["check", "--help"]).stdout.contains("--networks <list>"))
  }
}
