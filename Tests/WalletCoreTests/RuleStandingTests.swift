import Testing
import WalletTestSupport

@testable import WalletCore

/// What `check`, `statement` and `explain` say about a threshold and limits is what the decision
/// met: held to the readable reference on random SPEC 8 promotions, and worked by hand on
/// small cases.
struct RuleStandingTests {
  /// Each holder's transactions as the reference decided them.
  static func purchasesByHolder(_ scenario: Scenario, _ decisions: [Decision])
    -> [Identifier: [DecidedPurchase]]
  {
    var byHolder: [Identifier: [DecidedPurchase]] = [:]
    for (transaction, decision) in zip(scenario.transactions, decisions) {
      byHolder[decision.holder, default: []].append(
        DecidedPurchase(transaction, decision: decision))
    }
    return byHolder
  }

  @Test(
    "the standing a transaction met, applied, gives its decision",
    arguments: RefundPolicy.allCases,
    1...TestSize.choose(quick: 30, full: 300) as ClosedRange<UInt64>)
  func standingGivesTheDecision(refunds: RefundPolicy, seed: UInt64) {
    let scenario = randomSectionEightScenario(seed: seed, transactions: 200, refunds: refunds)
    let promotion = scenario.promotion
    let decisions = decideReadably(
      promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let byHolder = Self.purchasesByHolder(scenario, decisions)
    let countReasons: Set<ReasonCode> = [
      .rewardCapReached, .cycleAlreadyRewarded, .periodAlreadyRewarded,
    ]
    for (transaction, decision) in zip(scenario.transactions, decisions) {
      let purchase = DecidedPurchase(transaction, decision: decision)
      guard purchase.qualifies(under: promotion) else { continue }
      let reason = decision.outcome.place == nil ? decision.outcome.reason : nil
      if reason == .belowMinimum { continue }
      let finding = RuleFinding(
        promotion: promotion, purchases: byHolder[decision.holder] ?? [], purchase: purchase,
        outcome: decision.outcome)
      let standing = finding.standing
      let context = "seed \(seed), \(transaction.id): \(decision.outcome) under \(promotion)"
      #expect(standing.thresholds.count == (promotion.threshold == nil ? 0 : 1), "\(context)")
      let reached = standing.thresholds.allSatisfy(\.isReached)
      #expect(reached == (reason != .belowThreshold), "\(context)")
      guard reached else { continue }
      let counts = standing.limits.filter {
        if case .count = $0.limit.bound { true } else { false }
      }
      if let reason, countReasons.contains(reason) {
        #expect(finding.refusedBy?.limit.period.countReason == reason, "\(context)")
        continue
      }
      let roomLeft = counts.allSatisfy { !$0.isExhausted }
      #expect(roomLeft, "\(context)")
      let amountsLeft = standing.limits.compactMap { standing -> Money? in
        if case .amount(let left) = standing.left { left } else { nil }
      }
      if reason == .amountCapReached {
        #expect(amountsLeft.min() == .zero, "\(context)")
        #expect(finding.refusedBy?.isExhausted == true, "\(context)")
        continue
      }
      guard let reward = decision.outcome.place else { continue }
      let full = promotion.reward.amountBeforeLimits(
        base: purchase.base(under: promotion), channel: reward.channel, ordinal: reward.ordinal)
      #expect(reward.amount == min(full, amountsLeft.min() ?? full), "\(context)")
      #expect((finding.reducedBy != nil) == (reward.amount < full), "\(context)")
      #expect(finding.reducedBy.map { $0.from == full } ?? true, "\(context)")
    }
  }

  /// DBS Hong Kong's: HK$30 once a month once the month's spend reaches HK$100.
  static let monthly: Promotion = {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.reward = .fixed(.same(Fixture.yuan("30")))
    promotion.limits = [RewardLimit(.count(1), per: .month)]
    promotion.threshold = SpendThreshold(spend: Fixture.yuan("100"), per: .month)
    promotion.minimumSpend = .zero
    promotion.campaignEnd = CivilDate(year: 2026, month: 6, day: 15)
    return promotion
  }()

  @Test func aMonthlyThresholdSaysTheSpendSoFarAndUntilWhen() throws {
    var scenario = Scenario()
    scenario.promotion = Self.monthly
    scenario.transactions = [
      Fixture.purchase("T1", at: "2026-05-03T10:00", amount: "40.00"),
      Fixture.purchase("T2", at: "2026-05-09T10:00", amount: "25.50"),
    ]
    let decisions = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let purchases = Self.purchasesByHolder(scenario, decisions)[Identifier("H1")] ?? []
    let standing = RuleStanding(
      promotion: scenario.promotion, purchases: purchases, cards: [Identifier("C1")],
      at: Fixture.at("2026-05-20T09:00"))
    let threshold = try #require(standing.thresholds.first)
    #expect(threshold.spent == Fixture.yuan("65.50"))
    #expect(threshold.toSpend == Fixture.yuan("34.50"))
    #expect(threshold.window.firstDay == CivilDate(year: 2026, month: 5, day: 1))
    #expect(threshold.window.lastDay == CivilDate(year: 2026, month: 5, day: 31))
    #expect(standing.limits.map(\.left) == [.count(1)])

    // In June the month starts again, and the campaign ends on the 15th.
    let june = RuleStanding(
      promotion: scenario.promotion, purchases: purchases, cards: [Identifier("C1")],
      at: Fixture.at("2026-06-02T09:00"))
    #expect(june.thresholds.first?.spent == .zero)
    #expect(june.thresholds.first?.window.lastDay == CivilDate(year: 2026, month: 6, day: 15))
  }

  @Test func aReachedThresholdAndAUsedLimit() {
    var scenario = Scenario()
    scenario.promotion = Self.monthly
    scenario.transactions = [
      Fixture.purchase("T1", at: "2026-05-03T10:00", amount: "80.00"),
      Fixture.purchase("T2", at: "2026-05-09T10:00", amount: "30.00"),
      Fixture.purchase("T3", at: "2026-05-10T10:00", amount: "30.00"),
    ]
    let decisions = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(decisions.map(\.outcome.reason) == [.belowThreshold, nil, .periodAlreadyRewarded])
    let purchases = Self.purchasesByHolder(scenario, decisions)[Identifier("H1")] ?? []
    // Just before T3 (same instant, smaller id first): T2's reward is counted, T3 is not.
    let standing = RuleStanding(
      promotion: scenario.promotion, purchases: purchases, cards: [Identifier("C1")],
      at: Fixture.at("2026-05-10T10:00"), tie: Identifier("T3"))
    #expect(standing.thresholds.first?.spent == Fixture.yuan("110.00"))
    #expect(standing.thresholds.first?.toSpend == .zero)
    #expect(standing.limits.first?.used == .count(1))
    #expect(standing.limits.first?.isExhausted == true)
    let finding = RuleFinding(
      promotion: scenario.promotion, purchases: purchases, purchase: purchases[2],
      outcome: decisions[2].outcome)
    #expect(finding.refusedBy?.limit == RewardLimit(.count(1), per: .month))
    #expect(finding.refusedBy?.window.firstDay == CivilDate(year: 2026, month: 5, day: 1))
    // T1 met the threshold below it: its own 80.00 counted, reaching.
    let first = RuleFinding(
      promotion: scenario.promotion, purchases: purchases, purchase: purchases[0],
      outcome: decisions[0].outcome)
    #expect(first.standing.thresholds.first?.spent == Fixture.yuan("80.00"))
    #expect(first.refusedBy == nil)
  }

  @Test func anAmountLimitCutsAPercentageDown() {
    var scenario = Scenario()
    scenario.promotion.reward = .percent(Percentage(hundredths: 500)!, cap: nil)
    scenario.promotion.limits = [RewardLimit(.amount(Fixture.yuan("12.00")), per: .campaign)]
    scenario.promotion.minimumSpend = .zero
    scenario.transactions = [
      Fixture.purchase("T1", at: "2026-05-03T10:00", amount: "200.00"),
      Fixture.purchase("T2", at: "2026-05-04T10:00", amount: "200.00"),
      Fixture.purchase("T3", at: "2026-05-05T10:00", amount: "200.00"),
    ]
    let decisions = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let purchases = Self.purchasesByHolder(scenario, decisions)[Identifier("H1")] ?? []
    let reduced = RuleFinding(
      promotion: scenario.promotion, purchases: purchases, purchase: purchases[1],
      outcome: decisions[1].outcome)
    #expect(decisions[1].outcome.reward?.amount == Fixture.yuan("2.00"))
    #expect(reduced.reducedBy?.from == Fixture.yuan("10.00"))
    #expect(reduced.reducedBy?.limit.left == .amount(Fixture.yuan("2.00")))
    let refused = RuleFinding(
      promotion: scenario.promotion, purchases: purchases, purchase: purchases[2],
      outcome: decisions[2].outcome)
    #expect(decisions[2].outcome.reason == .amountCapReached)
    #expect(refused.refusedBy?.used == .amount(Fixture.yuan("12.00")))
    #expect(refused.refusedBy?.usedCells(of: 10) == 10)
    #expect(reduced.reducedBy?.limit.usedCells(of: 10) == 8)
  }

  @Test(arguments: [
    (PromotionPeriod.day, "2026-02-27", "2026-02-27"),
    (.week, "2026-02-23", "2026-03-01"),
    (.month, "2024-02-01", "2024-02-29"),
    (.cycle, "2026-12-22", "2027-01-21"),
    (.quarter, "2026-10-01", "2026-12-31"),
  ])
  func aPeriodsLastDay(period: PromotionPeriod, first: String, last: String) throws {
    let start = try CivilDate.parse(first)
    #expect(
      period.lastDay(ofPeriodStarting: start, cycleStartDay: 22).description == last)
  }
}
