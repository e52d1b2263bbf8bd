import Testing

@testable import WalletCore

/// Under section 2's rules a purchase below the minimum spend earns nothing and changes nothing
/// another purchase earns, so a batch that writes only the rewards leaves such purchases out of
/// memory once read (`RewardEngine.leastAmountThatCanEarn(under:)`). Random scenarios decided
/// with and without them must agree on every purchase kept.
struct LeastAmountThatCanEarnTests {
  @Test(arguments: [
    (UInt64(1), RefundPolicy.net), (2, .net), (3, .net), (4, .clawback), (5, .clawback),
    (6, .clawback),
  ])
  func purchasesBelowItChangeNothing(seed: UInt64, refunds: RefundPolicy) throws {
    let scenario = randomScenario(seed: seed, transactions: 400, refunds: refunds)
    let least = try #require(RewardEngine.leastAmountThatCanEarn(under: scenario.promotion))
    #expect(least == scenario.promotion.minimumSpend.minorUnits)
    let every = scenario.decide()
    var kept = scenario
    kept.transactions.removeAll { $0.amount.minorUnits < least }
    #expect(kept.transactions.count > 100 && kept.transactions.count < 350, "both kinds occur")
    let decidedByID = Dictionary(uniqueKeysWithValues: every.map { ($0.transaction, $0) })
    for decision in kept.decide() {
      #expect(decision == decidedByID[decision.transaction], "\(decision.transaction)")
    }
    for (transaction, decision) in zip(scenario.transactions, every)
    where transaction.amount.minorUnits < least {
      #expect(decision.outcome == .notRewarded(.belowMinimum) || decision.outcome.reward == nil)
    }
    #expect(every.contains { $0.outcome.reward != nil }, "the scenario earns")
    // Deciding a ledger without recording progress, as a batch does: the holders decided apart,
    // only the purchases that can earn sorted (where the clocks never step back).
    let engine = RewardEngine(promotion: scenario.promotion)
    let whole = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let keptLedger = Ledger(
      cards: kept.cards, enrollments: kept.enrollments, transactions: kept.transactions)
    let wholeDecided = engine.decide(whole)
    let keptDecided = engine.decide(keptLedger)
    var batchDecisions: [Identifier: Decision] = [:]
    for index in 0..<whole.transactionCount {
      let decision = wholeDecided.decision(at: index, in: whole)
      batchDecisions[decision.transaction] = decision
    }
    for index in 0..<keptLedger.transactionCount {
      let decision = keptDecided.decision(at: index, in: keptLedger)
      #expect(decision.outcome == batchDecisions[decision.transaction]?.outcome)
    }
  }

  @Test func noneWithoutAMinimumOrUnderAThreshold() {
    var promotion = Promotion.bocomApplePayMonthly
    #expect(RewardEngine.leastAmountThatCanEarn(under: promotion) == 100_00)
    promotion.minimumSpend = .zero
    #expect(RewardEngine.leastAmountThatCanEarn(under: promotion) == nil)
    promotion = Promotion.bocomApplePayMonthly
    promotion.threshold = SpendThreshold(spend: Money(minorUnits: 500_00), per: .month)
    #expect(RewardEngine.leastAmountThatCanEarn(under: promotion) == nil)
  }
}
