import Testing
import WalletTestSupport

@testable import WalletCore

/// One way to break each rule of SPEC section 3, applied to a purchase `T` that otherwise earns.
enum Breakage: Int, CaseIterable, CustomTestStringConvertible {
  case declined = 1
  case refunded, notApplePay, otherIssuer, cardType, network, supplementary
  case currency, campaign, notEnrolled, merchant, belowMinimum, cap, cycle, quota

  var testDescription: String { "\(rawValue) \(expected)" }

  /// The reason section 3's check of this number gives; SPEC 8's added reasons sit between
  /// them in `ReasonCode`, so the numbers are no longer positions there.
  var expected: ReasonCode {
    let sectionThree: [ReasonCode] = [
      .declined, .refunded, .notApplePay, .otherIssuer, .ineligibleCardType, .ineligibleNetwork,
      .supplementaryCard, .foreignCurrency, .outsideCampaign, .notEnrolled, .excludedMerchant,
      .belowMinimum, .rewardCapReached, .cycleAlreadyRewarded, .quotaExhausted,
    ]
    return sectionThree[rawValue - 1]
  }

  /// `T` is on 2026-11-25, in the cycle that starts 2026-11-22.
  func apply(to scenario: inout Scenario, purchase: inout Transaction) {
    switch self {
    case .declined: purchase.status = .declined
    case .refunded: purchase.refunded = purchase.amount
    case .notApplePay: purchase.method = .card
    case .otherIssuer: scenario.cards[0].issuer = "ICBC"
    case .cardType: scenario.cards[0].type = .debit
    case .network:
      scenario.promotion.networks = [.visa, .mastercard]
    case .supplementary:
      scenario.cards[0].role = .supplementary
      scenario.promotion.supplementaryCards = .exclude
    case .currency: purchase.currency = Currency(parsing: "USD") ?? .cny
    case .campaign: scenario.promotion.campaignEnd = CivilDate(year: 2026, month: 11, day: 24)
    case .notEnrolled:
      scenario.cards.append(Fixture.card("C2"))
      purchase.card = Identifier("C2")
    case .merchant:
      purchase.mcc = MerchantCategoryCode(parsing: "5411")
      scenario.promotion.excludedMCCs = Set(
        [MerchantCategoryCode(parsing: "5411")].compactMap { $0 })
    case .belowMinimum: purchase.amount = Fixture.yuan("99.99")
    case .cap:
      for (index, month) in ["07", "08", "09", "11"].enumerated() {
        scenario.transactions.append(Fixture.purchase("P\(index)", at: "2026-\(month)-23T10:00"))
      }
    case .cycle:
      scenario.transactions.append(Fixture.purchase("Q", at: "2026-11-24T10:00"))
    case .quota:
      // Set below, once the other breakages' earlier rewards are known.
      break
    }
  }

  static func scenario(breaking breakages: [Breakage]) -> Scenario {
    var scenario = Scenario()
    var purchase = Fixture.purchase("T", at: "2026-11-25T12:00")
    for breakage in breakages { breakage.apply(to: &scenario, purchase: &purchase) }
    scenario.transactions.append(purchase)
    if breakages.contains(.quota) {
      scenario.promotion.quota =
        scenario.decide().filter { $0.outcome.reward != nil }
        .filter { $0.transaction != Identifier("T") }.count
    }
    return scenario
  }
}

struct ReasonCodeTests {
  @Test func unbrokenPurchaseEarns() {
    let outcome = Breakage.scenario(breaking: []).outcome("T")
    #expect(outcome?.reward?.amount == Fixture.yuan("10.00"))
  }

  @Test("each rule alone", arguments: Breakage.allCases)
  func eachRule(breakage: Breakage) {
    #expect(Breakage.scenario(breaking: [breakage]).outcome("T") == .notRewarded(breakage.expected))
  }

  @Test("each rule before the next", arguments: Breakage.allCases.dropLast())
  func precedence(breakage: Breakage) throws {
    let next = try #require(Breakage(rawValue: breakage.rawValue + 1))
    let scenario = Breakage.scenario(breaking: [breakage, next])
    #expect(scenario.outcome("T") == .notRewarded(breakage.expected))
    // The next rule really is broken too: lifting the first leaves it as the reason.
    #expect(Breakage.scenario(breaking: [next]).outcome("T") == .notRewarded(next.expected))
  }

  @Test("stored codes number the reasons 1-21 in the SPEC's order, and read back")
  func storedCodes() {
    for (index, reason) in ReasonCode.allCases.enumerated() {
      #expect(reason.storedCode == UInt8(index + 1))
      #expect(ReasonCode(storedCode: reason.storedCode) == reason)
    }
  }

  /// Section 2's promotion can give every reason but SPEC 8's, which PromotionDecisionTests
  /// cover.
  @Test func everyReasonCodeIsCovered() {
    #expect(
      Set(Breakage.allCases.map(\.expected))
        == Set(ReasonCode.allCases).subtracting(ReasonCode.sectionEightOnly))
  }

  @Test(
    "refunds",
    arguments: [
      ("refunded", "0", "refunded"), ("settled", "150.00", "refunded"),
      ("settled", "50.01", "below-minimum"), ("settled", "50.00", nil), ("pending", "0", nil),
    ]
      as [(String, String, String?)])
  func refunds(status: String, refunded: String, reason: String?) throws {
    var scenario = Scenario()
    scenario.transactions = [
      Fixture.purchase(
        "T", at: "2026-11-25T12:00", status: try #require(TransactionStatus(parsing: status)),
        refunded: refunded)
    ]
    #expect(scenario.outcome("T")?.reason?.rawValue == reason)
  }
}

struct RewardRuleTests {
  @Test("the minimum is inclusive", arguments: [("99.99", false), ("100.00", true), ("100", true)])
  func minimumSpend(amount: String, earns: Bool) {
    var scenario = Scenario()
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T12:00", amount: amount)]
    #expect((scenario.outcome("T")?.reward != nil) == earns)
  }

  @Test func cycleBoundaryIsTheTwentySecondAtMidnightInShanghai() {
    var scenario = Scenario()
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-12-21T23:59:59+08:00"),
      Fixture.purchase("B", at: "2026-12-21T16:00:00Z"),
      Fixture.purchase("C", at: "2026-12-22T00:00:01"),
    ]
    let decisions = scenario.decide()
    #expect(decisions.map(\.cycle.description) == ["2026-11-22", "2026-12-22", "2026-12-22"])
    #expect(decisions.map { $0.outcome.reward?.ordinal } == [1, 2, nil])
    #expect(decisions[2].outcome == .notRewarded(.cycleAlreadyRewarded))
  }

  @Test func schedulesFollowTheChannelAndOrdinalsContinueAcrossCards() {
    var scenario = Scenario()
    scenario.cards.append(Fixture.card("C2"))
    scenario.cards.append(Fixture.card("S1", role: .supplementary))
    scenario.enrollments = [
      Fixture.enrollment("E1", card: "C1", channel: .wallet),
      Fixture.enrollment("E2", card: "C2", channel: .bankApp),
      Fixture.enrollment("E3", card: "S1", channel: .wallet),
    ]
    scenario.transactions = [
      Fixture.purchase("T1", card: "C1", at: "2026-01-25T10:00"),
      Fixture.purchase("T2", card: "C2", at: "2026-02-25T10:00"),
      Fixture.purchase("T3", card: "S1", at: "2026-03-25T10:00"),
      Fixture.purchase("T4", card: "C2", at: "2026-04-25T10:00"),
      Fixture.purchase("T5", card: "C1", at: "2026-05-25T10:00"),
    ]
    let rewards = scenario.decide().map(\.outcome.reward)
    #expect(rewards.map { $0?.ordinal } == [1, 2, 3, 4, nil])
    #expect(rewards.map { $0?.channel } == [.wallet, .bankApp, .wallet, .bankApp, nil])
    #expect(rewards.map { $0?.amount.description } == ["5.00", "15.00", "15.00", "20.00", nil])
    #expect(scenario.outcome("T5") == .notRewarded(.rewardCapReached))
  }

  @Test func supplementaryCardsShareTheirPrimaryHoldersLimits() {
    var scenario = Scenario()
    scenario.cards.append(Fixture.card("S1", holder: "H1", role: .supplementary))
    scenario.enrollments.append(Fixture.enrollment("E2", card: "S1"))
    scenario.transactions = [
      Fixture.purchase("A", card: "S1", at: "2026-11-23T10:00"),
      Fixture.purchase("B", card: "C1", at: "2026-11-24T10:00"),
    ]
    #expect(scenario.decision("A")?.holder == Identifier("H1"))
    #expect(scenario.outcome("A")?.reward?.ordinal == 1)
    #expect(scenario.outcome("B") == .notRewarded(.cycleAlreadyRewarded))

    scenario.promotion.supplementaryCards = .exclude
    #expect(scenario.outcome("A") == .notRewarded(.supplementaryCard))
    #expect(scenario.outcome("B")?.reward?.ordinal == 1)
  }

  @Test func severalRewardsPerCycle() {
    var scenario = Scenario()
    scenario.promotion.rewardsPerCycle = 2
    scenario.transactions = (1...4).map {
      Fixture.purchase("T\($0)", at: "2026-11-2\($0 + 2)T10:00")
    }
    #expect(scenario.decide().map { $0.outcome.reward?.ordinal } == [1, 2, nil, nil])
    #expect(scenario.outcome("T3") == .notRewarded(.cycleAlreadyRewarded))
  }

  @Test func quotaIsFirstComeFirstServedWithTiesBrokenByIdBytes() {
    var scenario = Scenario()
    scenario.promotion.quota = 2
    scenario.cards = ["C1", "C2", "C3"].enumerated().map { Fixture.card($1, holder: "H\($0)") }
    scenario.enrollments = ["C1", "C2", "C3"].map { Fixture.enrollment("E\($0)", card: $0) }
    scenario.transactions = [
      Fixture.purchase("b", card: "C1", at: "2026-11-25T10:00"),
      Fixture.purchase("a", card: "C2", at: "2026-11-25T10:00"),
      Fixture.purchase("B", card: "C3", at: "2026-11-25T10:00"),
    ]
    #expect(scenario.outcome("B")?.reward != nil)
    #expect(scenario.outcome("a")?.reward != nil)
    #expect(scenario.outcome("b") == .notRewarded(.quotaExhausted))
    #expect(scenario.decision("b")?.quotaPaidBefore == 2)
  }

  @Test func nanosecondsDecideWhichPurchaseCameFirst() {
    var scenario = Scenario()
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-11-25T10:00:00.000000002"),
      Fixture.purchase("Z", at: "2026-11-25T10:00:00.000000001"),
    ]
    #expect(scenario.outcome("Z")?.reward != nil)
    #expect(scenario.outcome("A") == .notRewarded(.cycleAlreadyRewarded))
  }

  @Test func namedEnrollmentDecidesTheChannel() {
    var scenario = Scenario()
    scenario.enrollments = [
      Fixture.enrollment("E1", channel: .bankApp, at: "2026-01-01T00:00"),
      Fixture.enrollment("E2", channel: .wallet, at: "2026-02-01T00:00"),
    ]
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T10:00", enrollment: "E2")]
    #expect(scenario.outcome("T")?.reward?.channel == .wallet)
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T10:00")]
    #expect(scenario.outcome("T")?.reward?.channel == .bankApp)
  }

  @Test func inferredEnrollmentIsTheEarliestActiveThenSmallerId() {
    var scenario = Scenario()
    scenario.enrollments = [
      Fixture.enrollment(
        "E9", channel: .bankApp, at: "2026-01-01T00:00", removed: "2026-06-01T00:00"),
      Fixture.enrollment("E5", channel: .wallet, at: "2026-03-01T00:00"),
      Fixture.enrollment("E4", channel: .bankApp, at: "2026-03-01T00:00"),
    ]
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-04-25T10:00"), Fixture.purchase("B", at: "2026-06-25T10:00"),
    ]
    #expect(scenario.decision("A")?.enrollment == Identifier("E9"))
    #expect(scenario.decision("B")?.enrollment == Identifier("E4"))
  }

  @Test(
    "named enrollments that do not count",
    arguments: [
      ("E2", "2026-11-25T10:00"), ("E1", "2025-12-31T23:59:59"), ("E3", "2026-06-01T00:00"),
    ])
  func namedEnrollmentMustBeThisCardsAndActive(named: String, time: String) {
    var scenario = Scenario()
    scenario.cards.append(Fixture.card("C2"))
    scenario.enrollments = [
      Fixture.enrollment("E1"), Fixture.enrollment("E2", card: "C2"),
      Fixture.enrollment("E3", at: "2026-01-01T00:00", removed: "2026-06-01T00:00"),
    ]
    scenario.transactions = [Fixture.purchase("T", at: time, enrollment: named)]
    #expect(scenario.outcome("T") == .notRewarded(.notEnrolled))
  }

  @Test func removedEnrollmentStopsAtItsRemovalInstant() {
    var scenario = Scenario()
    scenario.enrollments = [
      Fixture.enrollment("E1", at: "2026-11-01T00:00", removed: "2026-11-25T10:00")
    ]
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T09:59:59.999")]
    #expect(scenario.outcome("T")?.reward != nil)
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T10:00")]
    #expect(scenario.outcome("T") == .notRewarded(.notEnrolled))
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-01T00:00")]
    #expect(scenario.outcome("T")?.reward != nil)
  }

  @Test func issuerComparisonIgnoresCase() {
    var scenario = Scenario()
    scenario.cards[0].issuer = "BoCom"
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T10:00")]
    #expect(scenario.outcome("T")?.reward != nil)
    scenario.cards[0].issuer = nil
    #expect(scenario.outcome("T") == .notRewarded(.otherIssuer))
  }

  @Test func statementOrderIsHolderBytesThenOrdinal() {
    var scenario = Scenario()
    scenario.cards = [Fixture.card("C1", holder: "b"), Fixture.card("C2", holder: "B")]
    scenario.enrollments = [Fixture.enrollment("E1"), Fixture.enrollment("E2", card: "C2")]
    scenario.transactions = [
      Fixture.purchase("T3", card: "C1", at: "2026-10-25T10:00"),
      Fixture.purchase("T1", card: "C1", at: "2026-09-25T10:00"),
      Fixture.purchase("T2", card: "C2", at: "2026-11-25T10:00"),
    ]
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let decisions = RewardEngine(promotion: scenario.promotion).decide(ledger)
    let order = decisions.statementOrder().map { ledger.transactionIDs[$0].rawValue }
    #expect(order == ["T2", "T1", "T3"])
  }
}

/// Holders are numbered in the order of their id bytes, which the rewards file is sorted by.
struct HolderRankingTests {
  static let holders = [
    "b", "B", "H1", "H1 ", "H10", "H2", "h1", "H\u{E9}", "He\u{301}", "卡主",
    "0123456789abcdef", "0123456789abcdefB", "0123456789abcdefA", "0123456789abcdefAA",
    "0123456789abcde", "0123456789abcdeg", "H1",
  ]

  /// Every transaction reads its card's record, a likely cache miss: it must fit half a line.
  @Test func aCardRecordIsThirtyTwoBytes() {
    #expect(MemoryLayout<CardFacts.CardRecord>.stride == 32)
  }

  @Test func ranksAreTheOrderOfTheIDBytes() {
    let cards = Self.holders.enumerated().map { Fixture.card("C\($0.offset)", holder: $0.element) }
    let (holderOfCard, holderCards) = CardFacts.rankHolders(cards)
    let holderIDs = holderCards.map { cards[Int($0)].holder }
    #expect(holderIDs == Set(cards.map(\.holder)).sorted())
    for (index, card) in cards.enumerated() {
      #expect(holderIDs[Int(holderOfCard[index])] == card.holder)
    }
  }

  @Test("statement order is holder bytes then ordinal", arguments: [5, 23] as [UInt64])
  func statementOrderOfARandomLedger(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var scenario = Scenario()
    scenario.cards = (0..<40).map {
      Fixture.card("C\($0)", holder: Self.holders[$0 % Self.holders.count])
    }
    scenario.enrollments = scenario.cards.map { Fixture.enrollment("E-\($0.id)", card: "\($0.id)") }
    let start = Fixture.at("2026-01-01T00:00").nanosecondsSinceEpoch
    scenario.transactions = (0..<800).map { index in
      let day = Int64.random(in: 0..<330, using: &random)
      return Transaction(
        id: Identifier("T\(index)"), card: Identifier("C\(Int.random(in: 0..<40, using: &random))"),
        time: Instant(nanosecondsSinceEpoch: start + day * 86_400_000_000_000),
        amount: Money(minorUnits: Int64.random(in: 5_000...30_000, using: &random)))
    }
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let decisions = RewardEngine(promotion: scenario.promotion).decide(ledger)
    let rewarded = (0..<ledger.transactionCount).filter { decisions.reason[$0] == 0 }
    func holder(_ index: Int) -> Identifier {
      ledger.cards[Int(ledger.transactionCard[index])].holder
    }
    let expected = rewarded.sorted {
      holder($0) != holder($1)
        ? holder($0) < holder($1) : decisions.ordinal[$0] < decisions.ordinal[$1]
    }
    #expect(rewarded.count > 40)
    #expect(decisions.statementOrder() == expected)
  }
}
