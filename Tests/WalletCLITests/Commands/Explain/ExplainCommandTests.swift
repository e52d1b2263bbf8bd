import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

/// `wallet explain`: every reason code, in words and with its facts.
struct ExplainCommandTests {
  /// A transaction of the sample for each reason the built-in promotion gives it
  /// (data/sample/expected/decisions.csv), and a sentence of the words that must explain it.
  static let builtInCases: [(String, ReasonCode, String)] = [
    ("T2003", .declined, "The bank declined the payment"),
    ("T2004", .refunded, "The purchase was refunded, so it no longer counts."),
    ("T2006", .notApplePay, "It was paid with the card itself, not with Apple Pay"),
    ("T3002", .otherIssuer, "The card is issued by cmb; only bocom cards count."),
    ("T3001", .ineligibleCardType, "It is a debit card; only credit cards count."),
    ("T3003", .foreignCurrency, "The purchase is in USD; only purchases in CNY count."),
    (
      "T2005", .notEnrolled,
      "No Apple Pay binding of card C-LL-VISA is active at 2026-09-20T16:00:00+08:00"
    ),
    ("T1006", .belowMinimum, "It comes to ¥99.99; purchases must be at least ¥100.00."),
    (
      "T2002", .belowMinimum,
      "It comes to ¥60.00 after ¥150.00 of refunds; purchases must be at least ¥100.00."
    ),
    ("T1008", .rewardCapReached, "Holder 'H001' already has all 4 rewards this promotion pays"),
    (
      "T1003", .cycleAlreadyRewarded,
      "Holder 'H001' has already been rewarded in the billing cycle 2026-05-22 to 2026-06-21 (by T1001)"
    ),
    (
      "T4003", .cycleAlreadyRewarded,
      "Holder 'H004' has already been rewarded in the billing cycle 2026-11-22 to 2026-12-21 (by T4002)"
    ),
  ]

  /// A promotion that gives the codes the built-in one cannot: UnionPay only, no
  /// supplementary cards, June to October, no restaurants (5812), one reward in all.
  static let customPromotion = """
    {
      "id": "unionpay-summer",
      "name": "银联夏日测试",
      "issuer": "bocom",
      "campaign": { "start": "2026-06-01", "end": "2026-10-31" },
      "minimumSpend": "100.00",
      "cardTypes": ["credit"],
      "networks": ["unionpay"],
      "supplementaryCards": "exclude",
      "excludedMCCs": ["5812"],
      "cycleStartDay": 22,
      "maxRewardsPerHolder": 4,
      "quota": 1,
      "tiers": {
        "bank-app": ["10.00", "15.00", "20.00", "20.00"],
        "wallet": ["5.00", "10.00", "15.00", "20.00"]
      }
    }
    """

  static let customCases: [(String, ReasonCode, String)] = [
    ("T2001", .ineligibleNetwork, "It is a visa card; only unionpay cards count."),
    (
      "T1005", .supplementaryCard,
      "It is a supplementary card, and this promotion leaves supplementary cards out."
    ),
    (
      "T1001", .outsideCampaign,
      "It falls on 2026-05-28, before the campaign's first day, 2026-06-01."
    ),
    ("T1006", .excludedMerchant, "The merchant's category 5812 is excluded from this promotion."),
    (
      "T1004", .quotaExhausted,
      "The promotion has already paid the one reward of its quota (first come, first served)."
    ),
  ]

  @Test func theCasesCoverEveryReasonCode() {
    let covered = Set(Self.builtInCases.map(\.1) + Self.customCases.map(\.1))
    // SPEC 8's reasons come once section 8 promotions are decided (the gate refuses them).
    #expect(covered == Set(ReasonCode.allCases).subtracting(ReasonCode.sectionEightOnly))
  }

  @Test(arguments: builtInCases)
  func explainsEveryReasonOfTheBuiltInPromotion(
    transaction: String, reason: ReasonCode, words: String
  ) throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", transaction])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let lines = result.stdout.lines
    #expect(lines.first == "交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)")
    #expect(lines.dropFirst().first == "\(transaction) does not earn: \(reason).")
    #expect(lines.dropFirst(2).first?.hasPrefix(words) == true, "\(result.stdout)")
    let json = try session.run(["explain", transaction, "--format", "json"])
    let object = try Self.object(json.stdout)
    #expect(object["reason"] as? String == reason.rawValue)
    #expect((object["explanation"] as? String)?.hasPrefix(words) == true)
  }

  @Test(arguments: customCases)
  func explainsTheOtherReasonsUnderACustomPromotion(
    transaction: String, reason: ReasonCode, words: String
  ) throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed([
      "promotion", "add", try session.write("summer.json", Self.customPromotion),
    ])
    let result = try session.run(["explain", transaction, "--promotion", "unionpay-summer"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.lines
    #expect(lines.first == "银联夏日测试 (unionpay-summer)")
    #expect(lines.dropFirst().first == "\(transaction) does not earn: \(reason).")
    #expect(lines.dropFirst(2).first == words)
  }

  @Test func theFactsOfAPurchaseBelowTheMinimum() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", "T2002"])
    #expect(
      result.stdout == """
        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)
        T2002 does not earn: below-minimum.
        It comes to ¥60.00 after ¥150.00 of refunds; purchases must be at least ¥100.00.

          time            2026-07-23T10:00:00+08:00
          card            C-LL-VISA: visa credit card, primary, issued by bocom, •••• 4321
          holder          H002
          merchant        京东到家, mcc 5411
          status          settled
          method          apple-pay
          amount          ¥210.00
          refunded        ¥150.00
          net amount      ¥60.00
          enrollment      E-LL-1, wallet, from 2026-06-01T08:00:00+08:00 to 2026-09-15T12:00:00+08:00 (the card's earliest binding active then)
          channel         wallet
          cycle           2026-07-22 to 2026-08-21
          rewards before  1 of 4
          in this cycle   0 of 1 before this one
          minimum spend   ¥100.00

        """)
  }

  @Test func aRewardedPurchaseSaysWhichRewardAndChannel() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", "T4002"])
    #expect(result.status == 0)
    let lines = result.stdout.lines
    #expect(lines[1] == "T4002 earns ¥15.00.")
    #expect(
      lines[2]
        == "It counts as reward 2 of 4 for holder 'H004' and, bound through the bank's app (bank-app), "
        + "pays ¥15.00.")
    // T4002 names its binding; the card's earliest (a wallet one) does not count then.
    #expect(
      lines.contains(
        "  enrollment      E-CJ-APP, bank-app, from 2026-06-15T18:00:00+08:00 (named by the "
          + "transaction)"))
    #expect(lines.contains("  reward          ¥15.00: reward 2 of 4, bank-app schedule"))
  }

  @Test func notEnrolledShowsTheCardsBindings() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", "T2005"])
    #expect(result.stdout.lines.contains("  enrollment       none active then"))
    #expect(
      result.stdout.lines.contains(
        "  card's bindings  E-LL-1, wallet, from 2026-06-01T08:00:00+08:00 to "
          + "2026-09-15T12:00:00+08:00; E-LL-2, bank-app, from 2026-10-01T10:30:00+08:00"))
  }

  @Test func aNamedBindingOfAnotherCardOrNotActive() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "card", "add", "C2", "--holder", "H1", "--network", "visa", "--type", "credit",
      "--issuer", "bocom",
    ])
    try session.succeed([
      "enroll", "C2", "--channel", "wallet", "--at", "2026-01-01T00:00", "--id", "E2",
    ])
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--enrollment", "E2",
      "--at", "2026-11-25T10:00",
    ])
    let other = try session.run(["explain", "T1"])
    #expect(other.stdout.lines[1] == "T1 does not earn: not-enrolled.")
    #expect(
      other.stdout.lines[2]
        == "It names the Apple Pay binding E2, which belongs to another card (C2), not to C1.")
    #expect(
      other.stdout.lines.contains("  enrollment       E2, named by the transaction, binds card C2"))

    try session.succeed(["enrollment", "remove", "E1", "--at", "2026-11-01T00:00"])
    try session.succeed([
      "txn", "add", "--id", "T2", "--card", "C1", "--amount", "150", "--enrollment", "E1",
      "--at", "2026-11-26T10:00",
    ])
    let removed = try session.run(["explain", "T2", "--format", "json"])
    let object = try Self.object(removed.stdout)
    #expect(object["reason"] as? String == "not-enrolled")
    #expect(
      object["explanation"] as? String
        == "It names the Apple Pay binding E1, which was removed at 2026-11-01T00:00:00+08:00, "
        + "before the purchase at 2026-11-26T10:00:00+08:00.")
    let facts = try #require(object["facts"] as? [String: Any])
    let enrollment = try #require(facts["enrollment"] as? [String: Any])
    #expect(enrollment["id"] as? String == "E1")
    #expect(enrollment["named"] as? Bool == true)
    #expect(enrollment["counts"] as? Bool == false)
  }

  @Test func refundsRecordedOneByOneAreListed() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "180", "--at", "2026-11-25T10:00",
    ])
    try session.succeed(["txn", "refund", "T1", "--amount", "50", "--at", "2026-11-26T09:00"])
    try session.succeed(["txn", "refund", "T1", "--amount", "40", "--at", "2026-11-27T09:00"])
    let result = try session.run(["explain", "T1"])
    #expect(result.stdout.lines[1] == "T1 does not earn: below-minimum.")
    #expect(
      result.stdout.lines[2]
        == "It comes to ¥90.00 after ¥90.00 of refunds; purchases must be at least ¥100.00.")
    #expect(
      result.stdout.lines.contains(
        "  refunds         ¥50.00 at 2026-11-26T09:00:00+08:00; ¥40.00 at "
          + "2026-11-27T09:00:00+08:00"))
    #expect(result.stdout.lines.contains("  net amount      ¥90.00"))
  }

  @Test func severalPromotionsAreExplainedUnderEach() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed([
      "promotion", "add", try session.write("summer.json", Self.customPromotion),
    ])
    let result = try session.run(["explain", "T1002"])
    #expect(result.status == 0)
    let lines = result.stdout.lines
    #expect(lines.first == "交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)")
    #expect(lines.contains("T1002 does not earn: cycle-already-rewarded."))
    #expect(lines.contains("银联夏日测试 (unionpay-summer)"))
    #expect(lines.contains("T1002 earns ¥10.00."))
    #expect(lines.contains("  quota           0 of 1 paid before this one"))
    let json = try session.run(["explain", "T1002", "--format", "json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 2)
    #expect(array.map { $0["outcome"] as? String } == ["not-rewarded", "rewarded"])
  }

  @Test func unknownTransactionOrPromotionIsADataError() throws {
    let session = try StoreSession()
    try session.importSample()
    let unknown = try session.run(["explain", "T1001x"])
    #expect(unknown.status == 65)
    #expect(unknown.stdout.isEmpty)
    #expect(
      unknown.stderr.hasPrefix("Error: no transaction 'T1001x' in the store; the nearest ids"))
    #expect(unknown.stderr.contains("'T1001'"))
    // An id near none of the store's gets no suggestion.
    let far = try session.run(["explain", "T9999"])
    #expect(far.stderr == "Error: no transaction 'T9999' in the store\n")
    let promotion = try session.run(["explain", "T1001", "--promotion", "nope"])
    #expect(promotion.status == 65)
    #expect(promotion.stderr == "Error: no promotion 'nope' is installed\n")
    let typo = try session.run(["explain", "T1001", "--promotion", "bocom-applepay-montly"])
    #expect(
      typo.stderr
        == "Error: no promotion 'bocom-applepay-montly' is installed; the nearest id the store "
        + "knows is 'bocom-applepay-monthly'\n")
    let missing = try session.run(["explain"])
    #expect(missing.status == 64)
    let csv = try session.run(["explain", "T1001", "--format", "csv"])
    #expect(csv.status == 64)
  }

  @Test func jsonHasAStableShape() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", "T1003", "--format", "json"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "transaction": "T1003",
          "promotion": {
            "id": "bocom-applepay-monthly",
            "name": "交通银行信用卡 Apple Pay 月月返",
            "currency": "CNY",
            "timezone": "Asia/Shanghai"
          },
          "outcome": "not-rewarded",
          "reason": "cycle-already-rewarded",
          "explanation": "Holder 'H001' has already been rewarded in the billing cycle 2026-05-22 to 2026-06-21 (by T1001); the promotion pays one reward per cycle.",
          "reward": null,
          "posted": null,
          "facts": {
            "time": "2026-06-21T23:59:59+08:00",
            "card": {
              "card": "C-WF-CREDIT",
              "holder": "H001",
              "network": "unionpay",
              "type": "credit",
              "role": "primary",
              "issuer": "bocom",
              "last4": "1234"
            },
            "holder": "H001",
            "merchant": "全家 FamilyMart, 静安店",
            "mcc": "5499",
            "status": "settled",
            "method": "apple-pay",
            "currency": "CNY",
            "amount": "120.00",
            "refunded": "0.00",
            "refunds": [],
            "netAmount": "120.00",
            "origins": [],
            "enrollment": {
              "id": "E-WF-1",
              "card": "C-WF-CREDIT",
              "channel": "bank-app",
              "enrolledAt": "2026-05-10T09:00:00+08:00",
              "removedAt": null,
              "named": false,
              "counts": true
            },
            "cycleStart": "2026-05-22",
            "cycleEnd": "2026-06-21",
            "holderRewardsBefore": 1,
            "cycleRewardsBefore": 1,
            "cycleRewardedBy": [
              "T1001"
            ],
            "quotaPaidBefore": null
          },
          "rules": {
            "issuer": "bocom",
            "cardTypes": [
              "credit"
            ],
            "networks": null,
            "supplementaryCards": "count-for-primary",
            "campaignStart": null,
            "campaignEnd": null,
            "excludedMCCs": [],
            "minimumSpend": "100.00",
            "rewardsPerCycle": 1,
            "maxRewardsPerHolder": 4,
            "quota": null,
            "refunds": "net"
          }
        }

        """)
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }
}
