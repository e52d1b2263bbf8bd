import Testing
import WalletTestSupport

@testable import WalletCore

/// `randomScenario`'s cards, enrollments and transactions (ties, removed and named enrollments,
/// refunds, supplementary cards, quotas) under random SPEC 8 rules, with merchants and category
/// codes for the lists to match, in a zone drawn from Shanghai's, New York's (daylight saving)
/// and St John's, whose clocks were turned back across midnight in November 2009 (the
/// scenario's year is moved there).
func randomSectionEightScenario(
  seed: UInt64, transactions count: Int, refunds: RefundPolicy
) -> Scenario {
  var scenario = randomScenario(seed: seed, transactions: count, refunds: refunds)
  var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 8)
  RandomSectionEightRules.apply(to: &scenario.promotion, using: &random)
  let zone = ["Asia/Shanghai", "America/New_York", "America/St_Johns"][
    Int.random(in: 0..<3, using: &random)]
  scenario.promotion.timeZone = (try? TimeZoneRules(identifier: zone)) ?? .shanghai
  // 2026-01-01 to 2009-01-01: 17 years, 4 of them leap years.
  let shift: Int64 = zone == "America/St_Johns" ? -(17 * 365 + 4) * 86_400 * 1_000_000_000 : 0
  if shift != 0 {
    scenario.promotion.campaignStart = nil
    scenario.enrollments = scenario.enrollments.map { enrollment in
      var moved = enrollment
      moved.enrolledAt = Instant(
        nanosecondsSinceEpoch: enrollment.enrolledAt.nanosecondsSinceEpoch + shift)
      moved.removedAt = enrollment.removedAt.map {
        Instant(nanosecondsSinceEpoch: $0.nanosecondsSinceEpoch + shift)
      }
      return moved
    }
  }
  let names = RandomSectionEightRules.merchantNames
  let codes = RandomSectionEightRules.categoryCodes
  for index in scenario.transactions.indices {
    var transaction = scenario.transactions[index]
    transaction.time = Instant(
      nanosecondsSinceEpoch: transaction.time.nanosecondsSinceEpoch + shift)
    if shift != 0 && Int.random(in: 0..<4, using: &random) == 0 {
      // Crowded round 2009-11-01 02:31Z, when St John's turned its clocks back from 00:01 to
      // 23:01: the minute of November before it, then October 31 again for an hour, so that
      // a day (and week, month, cycle) is left and comes back.
      let november: Int64 = 1_257_042_600_000_000_000
      let minute: Int64 = 60_000_000_000
      let offset =
        Int.random(in: 0..<3, using: &random) == 0
        ? Int64.random(in: 0..<minute, using: &random)
        : Int64.random(in: -60 * minute...60 * minute, using: &random) / minute * minute
      transaction.time = Instant(nanosecondsSinceEpoch: november + offset)
    }
    transaction.merchant =
      Int.random(in: 0..<4, using: &random) == 0
      ? nil : names[Int.random(in: 0..<names.count, using: &random)]
    if transaction.mcc == nil && Int.random(in: 0..<2, using: &random) == 0 {
      transaction.mcc = codes[Int.random(in: 0..<codes.count, using: &random)]
    }
    scenario.transactions[index] = transaction
  }
  return scenario
}

/// The engine decides SPEC 8's promotions as the readable reference does, on every path: the
/// one ordered pass (progress recorded, a quota, clocks turned back), each holder apart, and
/// the sort in two halves.
struct SectionEightEngineTests {
  @Test(
    "the engine decides random SPEC 8 promotions as the reference does",
    arguments: RefundPolicy.allCases,
    1...TestSize.choose(quick: 40, full: 200) as ClosedRange<UInt64>)
  func matchesReference(refunds: RefundPolicy, seed: UInt64) {
    let scenario = randomSectionEightScenario(seed: seed, transactions: 300, refunds: refunds)
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let recorded = scenario.decide()
    #expect(recorded.count == readable.count)
    for (engine, reference) in zip(recorded, readable) where engine != reference {
      Issue.record("seed \(seed): \(engine) ≠ \(reference) under \(scenario.promotion)")
      break
    }
    // Without recording progress: each holder apart when there is no quota; in two halves.
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    for engine in [
      RewardEngine(promotion: scenario.promotion),
      RewardEngine(promotion: scenario.promotion, sortingInHalvesFrom: 2),
    ] {
      let decided = engine.decide(ledger)
      for index in readable.indices
      where decided.outcome(at: index, in: ledger) != readable[index].outcome {
        Issue.record(
          "seed \(seed), \(readable[index].transaction): \(decided.outcome(at: index, in: ledger)) ≠ \(readable[index].outcome)"
        )
        break
      }
    }
  }

  @Test("random SPEC 8 scenarios reach every reason and reward kind")
  func scenariosReachEveryReason() {
    var reasons = Set<ReasonCode>()
    var kinds = Set<RewardKind>()
    var reduced = false
    for seed in 1...60 as ClosedRange<UInt64> {
      let scenario = randomSectionEightScenario(seed: seed, transactions: 300, refunds: .net)
      let readable = decideReadably(
        scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
        transactions: scenario.transactions)
      for decision in readable {
        if let reason = decision.outcome.reason { reasons.insert(reason) }
        if let place = decision.outcome.place {
          kinds.insert(scenario.promotion.reward.kind)
          if case .fixed(let fixed) = scenario.promotion.reward, place.amount < fixed[place.channel]
          {
            reduced = true
          }
        }
      }
    }
    #expect(
      reasons.isSuperset(of: ReasonCode.allCases.filter { $0 != .ineligibleNetwork }), "\(reasons)")
    #expect(kinds == Set(RewardKind.allCases))
    #expect(reduced, "no amount limit reduced a fixed reward")
  }
}

/// Where a zone's clocks turn back across midnight, a day is left and comes back: its count
/// is remembered, not started again.
struct SectionEightClocksTurnedBackTests {
  @Test func aDayThatComesBackKeepsItsCount() throws {
    var scenario = Scenario()
    scenario.promotion.timeZone = try TimeZoneRules(identifier: "America/St_Johns")
    scenario.promotion.campaignStart = nil
    scenario.promotion.campaignEnd = nil
    scenario.promotion.quota = nil
    scenario.promotion.reward = .fixed(.same(Fixture.yuan("5.00")))
    scenario.promotion.limits = [RewardLimit(.count(1), per: .day, scope: .card)]
    scenario.enrollments = [
      Enrollment(
        id: Identifier("E1"), card: Identifier("C1"), channel: .bankApp,
        enrolledAt: Instant(nanosecondsSinceEpoch: 0))
    ]
    func purchase(_ id: String, _ utc: String) -> Transaction {
      Transaction(
        id: Identifier(id), card: Identifier("C1"),
        time: Instant(nanosecondsSinceEpoch: Fixture.utcSeconds(utc) * 1_000_000_000),
        amount: Fixture.yuan("150.00"))
    }
    // 23:30 on October 31; 00:00:30 on November 1; 23:15 on October 31 again (clocks back at
    // 00:01 to 23:01).
    scenario.transactions = [
      purchase("T1", "2009-11-01T02:00:00Z"), purchase("T2", "2009-11-01T02:30:30Z"),
      purchase("T3", "2009-11-01T02:45:00Z"),
    ]
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(readable.map { $0.outcome.reason } == [nil, nil, .periodAlreadyRewarded])
    #expect(scenario.decide().map(\.outcome) == readable.map(\.outcome))
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let decided = RewardEngine(promotion: scenario.promotion).decide(ledger)
    #expect((0..<3).map { decided.outcome(at: $0, in: ledger) } == readable.map(\.outcome))
  }
}

/// Under `refunds: clawback`, a purchase refunded in full forfeits its reward whatever its
/// status says, even without a minimum spend (SPEC 8's default), on every path.
struct SectionEightClawbackTests {
  @Test(arguments: [TransactionStatus.settled, .pending, .refunded])
  func aFullRefundForfeitsWithoutAMinimum(status: TransactionStatus) {
    var scenario = Scenario()
    scenario.promotion.reward = .fixed(.same(Fixture.yuan("10.00")))
    scenario.promotion.limits = [RewardLimit(.count(1), per: .month)]
    scenario.promotion.minimumSpend = .zero
    scenario.promotion.refunds = .clawback
    scenario.transactions = [
      Transaction(
        id: Identifier("T1"), card: Identifier("C1"), time: Fixture.at("2026-03-05T10:00"),
        amount: Fixture.yuan("100.00"), status: status, refunded: Fixture.yuan("100.00")),
      Transaction(
        id: Identifier("T2"), card: Identifier("C1"), time: Fixture.at("2026-03-06T10:00"),
        amount: Fixture.yuan("100.00")),
    ]
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(readable[0].outcome.forfeitedReward?.amount == Fixture.yuan("10.00"))
    #expect(readable[1].outcome.reason == .periodAlreadyRewarded)
    #expect(scenario.decide().map(\.outcome) == readable.map(\.outcome))
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let decided = RewardEngine(promotion: scenario.promotion).decide(ledger)
    #expect((0..<2).map { decided.outcome(at: $0, in: ledger) } == readable.map(\.outcome))
  }
}
