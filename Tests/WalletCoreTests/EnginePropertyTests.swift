import Testing
import WalletTestSupport

@testable import WalletCore

/// Random cards, enrollments and transactions that exercise every rule, including ties in time,
/// under the refund policy `refunds`.
func randomScenario(
  seed: UInt64, transactions count: Int, refunds: RefundPolicy = .net
) -> Scenario {
  var random = SeededGenerator(seed: seed)
  var scenario = Scenario()
  scenario.promotion.refunds = refunds
  scenario.promotion.rewardsPerCycle = Int.random(in: 1...2, using: &random)
  scenario.promotion.quota =
    Bool.random(using: &random) ? nil : Int.random(in: 0...30, using: &random)
  scenario.promotion.excludedMCCs = Set([MerchantCategoryCode(parsing: "5411")].compactMap { $0 })
  scenario.promotion.campaignStart = CivilDate(year: 2026, month: 1, day: 10)
  scenario.promotion.supplementaryCards = Bool.random(using: &random) ? .exclude : .countForPrimary
  let base = Fixture.at("2026-01-01T00:00").nanosecondsSinceEpoch
  let year: Int64 = 365 * 86_400 * 1_000_000_000
  func randomInstant() -> Instant {
    // Coarse times make ties common, so the id tie-break is exercised.
    let minutes = Int64.random(in: 0...(year / 60_000_000_000 / 600), using: &random) * 600
    return Instant(nanosecondsSinceEpoch: base + minutes * 60_000_000_000)
  }
  scenario.cards = (0..<12).map { index in
    Card(
      id: Identifier("C\(index)"), holder: Identifier(["H1", "H2", "h1", "H\u{E9}"][index % 4]),
      network: [.unionpay, .visa][index % 2], type: index % 5 == 4 ? .debit : .credit,
      role: index % 3 == 2 ? .supplementary : .primary, issuer: index == 7 ? "icbc" : "bocom")
  }
  scenario.enrollments = (0..<16).map { index in
    let enrolled = randomInstant()
    let removed: Instant? =
      Bool.random(using: &random)
      ? nil : Instant(nanosecondsSinceEpoch: enrolled.nanosecondsSinceEpoch + year / 4)
    return Enrollment(
      id: Identifier("E\(index)"), card: Identifier("C\(index % 11)"),
      channel: Bool.random(using: &random) ? .bankApp : .wallet, enrolledAt: enrolled,
      removedAt: removed)
  }
  scenario.transactions = (0..<count).map { index in
    let amount = Money(minorUnits: Int64.random(in: 5_000...30_000, using: &random))
    let refunded =
      Int.random(in: 0..<8, using: &random) == 0
      ? Money(minorUnits: Int64.random(in: 0...amount.minorUnits, using: &random)) : .zero
    return Transaction(
      id: Identifier("T\(Int.random(in: 0..<1_000_000, using: &random))-\(index)"),
      card: Identifier("C\(Int.random(in: 0..<12, using: &random))"), time: randomInstant(),
      amount: amount,
      currency: Int.random(in: 0..<30, using: &random) == 0
        ? Currency(parsing: "USD") ?? .cny : .cny,
      method: Int.random(in: 0..<20, using: &random) == 0 ? .card : .applePay,
      status: [.settled, .settled, .settled, .pending, .declined, .refunded, .reversed][
        Int.random(in: 0..<7, using: &random)],
      refunded: refunded,
      enrollment: Int.random(in: 0..<4, using: &random) == 0
        ? Identifier("E\(Int.random(in: 0..<16, using: &random))") : nil,
      mcc: Int.random(in: 0..<10, using: &random) == 0 ? MerchantCategoryCode(parsing: "5411") : nil
    )
  }
  return scenario
}

/// The SPEC's decision written as plainly as possible, quadratic and independent of the engine,
/// to cross-check it: under `refunds: clawback` too, where a refunded purchase still takes its
/// place and forfeits the reward.
func referenceDecisions(_ scenario: Scenario) -> [Identifier: Outcome] {
  let promotion = scenario.promotion
  let clawback = promotion.refunds == .clawback
  let ordered = scenario.transactions.sorted {
    $0.time != $1.time
      ? $0.time < $1.time
      : Array($0.id.rawValue.utf8).lexicographicallyPrecedes($1.id.rawValue.utf8)
  }
  var results: [Identifier: Outcome] = [:]
  // Every place taken, paid or (under clawback) forfeited.
  var paid: [(holder: Identifier, cycle: BillingCycle)] = []
  for transaction in ordered {
    let card = scenario.cards.first { $0.id == transaction.card }!
    let date = transaction.time.localDate(in: promotion.timeZone)
    let cycle = BillingCycle(containing: date, startDay: promotion.cycleStartDay)
    let active = scenario.enrollments.filter {
      $0.card == card.id && $0.isActive(at: transaction.time)
    }.sorted { ($0.enrolledAt, $0.id.rawValue) < ($1.enrolledAt, $1.id.rawValue) }
    let enrollment: Enrollment? =
      if let named = transaction.enrollment { active.first { $0.id == named } } else {
        active.first
      }
    let holderPaid = paid.filter { $0.holder == card.holder }
    func firstFailure() -> ReasonCode? {
      let refunded = [.refunded, .reversed].contains(transaction.status)
      if transaction.status == .declined { return .declined }
      if clawback {
        if transaction.status == .reversed { return .refunded }
      } else if refunded || transaction.refunded >= transaction.amount {
        return .refunded
      }
      if transaction.method != .applePay { return .notApplePay }
      if card.issuer?.lowercased() != promotion.issuer?.lowercased() { return .otherIssuer }
      if !(promotion.cardTypes?.contains(card.type) ?? true) { return .ineligibleCardType }
      if !(promotion.networks?.contains(card.network) ?? true) { return .ineligibleNetwork }
      if card.role == .supplementary && promotion.supplementaryCards == .exclude {
        return .supplementaryCard
      }
      if transaction.currency != promotion.currency { return .foreignCurrency }
      if date < (promotion.campaignStart ?? date) { return .outsideCampaign }
      if date > (promotion.campaignEnd ?? date) { return .outsideCampaign }
      if enrollment == nil { return .notEnrolled }
      if let mcc = transaction.mcc, promotion.excludedMCCs.contains(mcc) {
        return .excludedMerchant
      }
      let judged = clawback ? transaction.amount : transaction.amount - transaction.refunded
      if judged < promotion.minimumSpend { return .belowMinimum }
      if holderPaid.count >= promotion.maxRewardsPerHolder { return .rewardCapReached }
      if holderPaid.filter({ $0.cycle == cycle }).count >= promotion.rewardsPerCycle {
        return .cycleAlreadyRewarded
      }
      if let quota = promotion.quota, paid.count >= quota { return .quotaExhausted }
      return nil
    }
    let reason = firstFailure()
    if let reason {
      results[transaction.id] = .notRewarded(reason)
    } else if let enrollment {
      let ordinal = holderPaid.count + 1
      paid.append((card.holder, cycle))
      let reward = Reward(
        ordinal: ordinal, channel: enrollment.channel, enrollment: enrollment.id,
        amount: promotion.tiers[enrollment.channel][ordinal - 1])
      let forfeits =
        clawback
        && (transaction.status == .refunded
          || transaction.amount - transaction.refunded < promotion.minimumSpend)
      results[transaction.id] = forfeits ? .forfeited(reward) : .rewarded(reward)
    }
  }
  return results
}

struct EnginePropertyTests {
  @Test(
    "engine equals the plain reference", arguments: RefundPolicy.allCases,
    1...40 as ClosedRange<UInt64>)
  func matchesReference(refunds: RefundPolicy, seed: UInt64) {
    let scenario = randomScenario(seed: seed, transactions: 300, refunds: refunds)
    let expected = referenceDecisions(scenario)
    let decisions = scenario.decide()
    #expect(decisions.count == scenario.transactions.count)
    #expect(decisions.map(\.transaction) == scenario.transactions.map(\.id))
    for decision in decisions {
      #expect(decision.outcome == expected[decision.transaction], "\(decision.transaction)")
    }
    #expect(scenario.promotion.quota == 0 || decisions.contains { $0.outcome.reward != nil })
    // Net never forfeits; clawback does wherever refunds and free places meet.
    let forfeited = decisions.filter { $0.outcome.forfeitedReward != nil }.count
    #expect(refunds == .clawback || forfeited == 0)
  }

  /// Over many scenarios, clawback forfeits somewhere, and its forfeited rewards hold places:
  /// the ordinals of each holder's places run 1, 2, 3… with no gap.
  @Test func clawbackForfeitsAndKeepsPlaces() {
    var forfeited = 0
    for seed in 1...10 as ClosedRange<UInt64> {
      var scenario = randomScenario(seed: seed, transactions: 300, refunds: .clawback)
      scenario.promotion.quota = nil
      var ordinals: [Identifier: [Int]] = [:]
      for decision in scenario.decide() {
        if let place = decision.outcome.place {
          ordinals[decision.holder, default: []].append(place.ordinal)
        }
        if decision.outcome.forfeitedReward != nil {
          forfeited += 1
          #expect(decision.outcome.reason == .refunded)
          #expect(decision.outcome.reward == nil)
        }
      }
      for (holder, list) in ordinals {
        #expect(list.sorted() == Array(1...list.count), "\(holder)")
      }
    }
    #expect(forfeited > 0)
  }

  /// A batch decides without recording progress, and its ordered pass then skips transactions
  /// that failed checks 1–12; the outcomes must not change. Large cases, with and without a
  /// quota (odd and even seeds), also take the two-halves sort: by default one, with a quota,
  /// under `clawback` (the large ledger below takes `net`), with the halves made from
  /// `LargeLedgerTests.size.halvesFrom` transactions; every pair, of 70,000 transactions with
  /// the engine's own threshold, under `WALLET_TEST_FULL=1`.
  @Test(
    "a batch's outcomes equal the plain reference",
    arguments: [
      (.net, 1, 300), (.net, 2, 300), (.net, 3, 300), (.net, 4, 300), (.net, 5, 300),
      (.net, 6, 300), (.clawback, 1, 300), (.clawback, 2, 300), (.clawback, 3, 300),
      (.clawback, 4, 300), (.clawback, 7, LargeLedgerTests.size.transactions),
    ]
      + TestSize.choose(
        quick: [], full: [(.net, 8, 70_000), (.net, 7, 70_000), (.clawback, 8, 70_000)])
      as [(RefundPolicy, UInt64, Int)])
  func batchMatchesReference(refunds: RefundPolicy, seed: UInt64, count: Int) {
    var scenario = randomScenario(seed: seed, transactions: count, refunds: refunds)
    if count > 1_000 {
      scenario.promotion.quota = seed % 2 == 0 ? nil : 25
      // Made in order of time, each half would already be in order: mixed, a wrong merge shows.
      var random = SeededGenerator(seed: seed)
      scenario.transactions.shuffle(using: &random)
    }
    let expected = referenceDecisions(scenario)
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let engine = RewardEngine(
      promotion: scenario.promotion, sortingInHalvesFrom: LargeLedgerTests.size.halvesFrom)
    let decisions = engine.decide(ledger)
    var mismatches = 0
    for index in 0..<ledger.transactionCount
    where decisions.outcome(at: index, in: ledger) != expected[ledger.transactionIDs[index]] {
      mismatches += 1
    }
    #expect(mismatches == 0)
    #expect((0..<ledger.transactionCount).contains { decisions.reason[$0] == 0 })
    // The summary's totals, counted from the rewards as paid, are the reference's.
    var expectedPaid: [Channel: (rewards: Int, fen: Int64)] = [:]
    for case .rewarded(let reward) in expected.values {
      expectedPaid[reward.channel, default: (0, 0)].rewards += 1
      expectedPaid[reward.channel, default: (0, 0)].fen += reward.amount.minorUnits
    }
    let paid = decisions.paidByChannel(in: ledger)
    for channel in Channel.allCases {
      #expect(paid[channel]?.rewards == expectedPaid[channel]?.rewards ?? 0)
      #expect(paid[channel]?.amount.minorUnits == Int128(expectedPaid[channel]?.fen ?? 0))
    }
  }

  @Test("shuffling the input never changes the output", arguments: 1...20 as ClosedRange<UInt64>)
  func orderIndependence(seed: UInt64) {
    var scenario = randomScenario(seed: seed, transactions: 400)
    let before = Dictionary(uniqueKeysWithValues: scenario.decide().map { ($0.transaction, $0) })
    var random = SeededGenerator(seed: seed &* 31)
    scenario.cards.shuffle(using: &random)
    scenario.enrollments.shuffle(using: &random)
    scenario.transactions.shuffle(using: &random)
    let after = scenario.decide()
    #expect(after.map(\.transaction) == scenario.transactions.map(\.id))
    for decision in after {
      #expect(before[decision.transaction] == decision)
    }
  }
}

struct EngineResumeTests {
  @Test(
    "resuming from the progress before an instant decides the rest alike",
    arguments: RefundPolicy.allCases, 1...15 as ClosedRange<UInt64>)
  func resume(refunds: RefundPolicy, seed: UInt64) {
    let scenario = randomScenario(seed: seed, transactions: 300, refunds: refunds)
    let full = Dictionary(uniqueKeysWithValues: scenario.decide().map { ($0.transaction, $0) })
    let times = scenario.transactions.map(\.time).sorted()
    let split = times[times.count / 2]
    var progress = RewardProgress()
    let earlier = scenario.transactions.filter { $0.time < split }
      .sorted { ($0.time, $0.id) < ($1.time, $1.id) }
    for transaction in earlier {
      // Every place counts, a forfeited one too.
      guard let decision = full[transaction.id], let reward = decision.outcome.place else {
        continue
      }
      progress.quotaPaid += 1
      var holder = progress.holders[decision.holder] ?? HolderProgress()
      holder.rewards = reward.ordinal
      holder.rewardsInLastCycle =
        holder.lastCycle == decision.cycle ? holder.rewardsInLastCycle + 1 : 1
      holder.lastCycle = decision.cycle
      progress.holders[decision.holder] = holder
    }
    let later = scenario.transactions.filter { $0.time >= split }
    let resumed = RewardEngine(promotion: scenario.promotion).decide(
      cards: scenario.cards, enrollments: scenario.enrollments, transactions: later,
      startingFrom: progress)
    #expect(resumed.count == later.count)
    for decision in resumed {
      #expect(full[decision.transaction] == decision)
    }
    // A batch's ledger, decided without recording progress, resumes alike too.
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments, transactions: later)
    let batch = RewardEngine(promotion: scenario.promotion).decide(ledger, startingFrom: progress)
    for index in 0..<ledger.transactionCount {
      #expect(
        batch.outcome(at: index, in: ledger) == full[ledger.transactionIDs[index]]?.outcome)
    }
  }
}

struct ManyEnrollmentTests {
  @Test(
    "a card with many bindings picks the earliest active one",
    arguments: 1...8 as ClosedRange<UInt64>)
  func manyEnrollments(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var scenario = randomScenario(seed: seed, transactions: 200)
    let base = Fixture.at("2026-01-01T00:00").nanosecondsSinceEpoch
    let day: Int64 = 86_400_000_000_000
    scenario.enrollments = (0..<60).map { index in
      let enrolled = base + Int64.random(in: 0..<300, using: &random) * day
      return Enrollment(
        id: Identifier("M\(Int.random(in: 0..<5, using: &random))-\(index)"),
        card: Identifier("C\(index % 2)"),
        channel: Bool.random(using: &random) ? .bankApp : .wallet,
        enrolledAt: Instant(nanosecondsSinceEpoch: enrolled),
        removedAt: Int.random(in: 0..<4, using: &random) == 0
          ? nil
          : Instant(
            nanosecondsSinceEpoch: enrolled + Int64.random(in: 1...40, using: &random) * day))
    }
    scenario.transactions = scenario.transactions.map { transaction in
      var changed = transaction
      changed.enrollment = nil
      return changed
    }
    let expected = referenceDecisions(scenario)
    for decision in scenario.decide() {
      #expect(decision.outcome == expected[decision.transaction], "\(decision.transaction)")
    }
  }
}

/// Ledgers of 65,536 transactions and more are sorted in two halves at once and merged while
/// deciding; these check that path against the plain one, with the halves made from fewer
/// transactions (`RewardEngine(promotion:sortingInHalvesFrom:)`) so that ledgers small enough to
/// check quickly take it: 6,000 transactions by default, 70,000 under `WALLET_TEST_FULL=1`. A
/// batch sorts only the transactions that passed checks 1–12, about one in ten of these, hence
/// the low threshold.
struct LargeLedgerTests {
  static let size = TestSize.choose(
    quick: (transactions: 6_000, halvesFrom: 512), full: (transactions: 70_000, halvesFrom: 4_096))

  @Test func chronologicalOrderOfALargeLedgerIsTimeThenIdBytes() {
    let scenario = randomScenario(seed: 7, transactions: Self.size.transactions)
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let expected = scenario.transactions.indices.sorted { left, right in
      let a = scenario.transactions[left]
      let b = scenario.transactions[right]
      return RewardEngine.decides(a.id, at: a.time, before: b.id, at: b.time)
    }
    let order = RewardEngine.chronologicalOrder(
      ledger, sortingInHalvesFrom: Self.size.halvesFrom)
    #expect(order.map(Int.init) == expected)
  }

  @Test(
    "transactions are decided by time, ties broken by id bytes",
    arguments: [
      ("T2", "2026-06-01T10:00", "T1", "2026-06-01T10:01", true),
      ("T1", "2026-06-01T10:01", "T2", "2026-06-01T10:00", false),
      ("T1", "2026-06-01T10:00", "T2", "2026-06-01T10:00", true),
      ("T2", "2026-06-01T10:00", "T10", "2026-06-01T10:00", false),
      ("Z", "2026-06-01T10:00", "a", "2026-06-01T10:00", true),
      ("T1", "2026-06-01T10:00", "T1", "2026-06-01T10:00", false),
    ])
  func decisionOrder(id: String, time: String, other: String, otherTime: String, first: Bool) {
    #expect(
      RewardEngine.decides(
        Identifier(id), at: Fixture.at(time), before: Identifier(other),
        at: Fixture.at(otherTime)) == first)
  }

  /// One ledger under `net` by default (the batch test above takes a large one under
  /// `clawback`); one per policy and another under `WALLET_TEST_FULL=1`.
  @Test(
    "a large ledger is decided as the reference decides it",
    arguments: [(3, .net)] + TestSize.choose(quick: [], full: [(5, .clawback), (11, .net)])
      as [(UInt64, RefundPolicy)])
  func largeLedgerMatchesReference(seed: UInt64, refunds: RefundPolicy) {
    let count = Self.size.transactions
    var scenario = randomScenario(seed: seed, transactions: count, refunds: refunds)
    // A quota makes the order across all holders matter, so a wrong merge would show.
    scenario.promotion.quota = 10
    let expected = referenceDecisions(scenario)
    let decisions = RewardEngine(
      promotion: scenario.promotion, sortingInHalvesFrom: Self.size.halvesFrom
    ).decide(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(decisions.count == count)
    var mismatches = 0
    for decision in decisions where decision.outcome != expected[decision.transaction] {
      mismatches += 1
    }
    #expect(mismatches == 0)
    #expect(decisions.contains { $0.outcome == .notRewarded(.quotaExhausted) })
  }
}

/// Where clocks were turned back across midnight (America/St_Johns until 2011), a later time can
/// fall in an earlier billing cycle; a batch must then decide as the store does.
struct ClocksTurnedBackTests {
  @Test func theZoneSaysWhenLocalDatesStepBack() throws {
    let stJohns = try TimeZoneRules(identifier: "America/St_Johns")
    let night = Fixture.utcSeconds("2009-11-01T02:30:00Z")
    #expect(stJohns.localDateStepsBack(afterUTCSeconds: night - 86_400, through: night + 86_400))
    #expect(!stJohns.localDateStepsBack(afterUTCSeconds: night + 3_600, through: night + 86_400))
    let shanghai = Promotion.bocomApplePayMonthly.timeZone
    let decade = Fixture.utcSeconds("2020-01-01T00:00:00Z")
    #expect(
      !shanghai.localDateStepsBack(afterUTCSeconds: decade, through: decade + 10 * 31_557_600))
    let newYork = try TimeZoneRules(identifier: "America/New_York")
    #expect(!newYork.localDateStepsBack(afterUTCSeconds: decade, through: decade + 10 * 31_557_600))
  }

  @Test func aBatchDecidesAsTheStoreDoes() throws {
    var scenario = Scenario()
    scenario.promotion.timeZone = try TimeZoneRules(identifier: "America/St_Johns")
    scenario.promotion.cycleStartDay = 1
    scenario.promotion.rewardsPerCycle = 1
    scenario.promotion.quota = nil
    scenario.promotion.campaignStart = nil
    scenario.promotion.campaignEnd = nil
    scenario.enrollments = [
      Enrollment(
        id: Identifier("E1"), card: Identifier("C1"), channel: .bankApp,
        enrolledAt: Instant(nanosecondsSinceEpoch: 0))
    ]
    func at(_ text: String) -> Instant {
      Instant(nanosecondsSinceEpoch: Fixture.utcSeconds(text) * 1_000_000_000)
    }
    let amount = Fixture.yuan("150.00")
    scenario.transactions = [
      Transaction(
        id: Identifier("T1"), card: Identifier("C1"), time: at("2009-11-01T02:30:30Z"),
        amount: amount),
      Transaction(
        id: Identifier("T2"), card: Identifier("C1"), time: at("2009-11-01T02:45:00Z"),
        amount: amount,
        status: .declined),
      Transaction(
        id: Identifier("T3"), card: Identifier("C1"), time: at("2009-11-15T12:00:00Z"),
        amount: amount),
    ]
    let stored = scenario.decide()
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let batch = RewardEngine(promotion: scenario.promotion).decide(ledger)
    #expect(stored.first?.outcome.reward != nil)
    // November's cycle, left for October's an hour after it began, is the same cycle when
    // it comes back: its one reward is taken.
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(readable.last?.outcome == .notRewarded(.cycleAlreadyRewarded))
    #expect(stored.map(\.outcome) == readable.map(\.outcome))
    for (index, decision) in stored.enumerated() {
      #expect(batch.outcome(at: index, in: ledger) == decision.outcome, "\(decision.transaction)")
    }
  }
}

/// Hundreds of holders, so that the two threads that decide holders apart (by the parity of
/// their rank) each take many, and a holder's keys sit among many others'.
struct ManyHolderTests {
  /// `randomScenario`'s transactions over 240 cards of 150 holders, each card enrolled once
  /// from before the campaign, some of them named.
  static func scenario(seed: UInt64, refunds: RefundPolicy) -> Scenario {
    var scenario = randomScenario(seed: seed, transactions: 3_000, refunds: refunds)
    scenario.promotion.quota = nil
    var random = SeededGenerator(seed: seed &+ 1_000)
    let cards = 240
    scenario.cards = (0..<cards).map { index in
      Card(
        id: Identifier("C\(index)"),
        holder: Identifier("H\(Int.random(in: 0..<150, using: &random))"), network: .unionpay,
        type: index % 17 == 0 ? .debit : .credit, role: .primary,
        issuer: "bocom")
    }
    scenario.enrollments = (0..<cards).map { index in
      Enrollment(
        id: Identifier("E\(index)"), card: Identifier("C\(index)"),
        channel: Bool.random(using: &random) ? .bankApp : .wallet,
        enrolledAt: Fixture.at("2025-12-01T00:00"), removedAt: nil)
    }
    for index in scenario.transactions.indices {
      let card = Int.random(in: 0..<cards, using: &random)
      scenario.transactions[index].card = Identifier("C\(card)")
      scenario.transactions[index].enrollment =
        Int.random(in: 0..<5, using: &random) == 0
        ? Identifier("E\(Bool.random(using: &random) ? card : (card + 1) % cards)") : nil
    }
    return scenario
  }

  @Test(
    "holders decided apart are decided as the reference decides them, rewards in file order",
    arguments: [(RefundPolicy.net, UInt64(1)), (.net, 2), (.clawback, 3)])
  func manyHoldersMatchTheReference(refunds: RefundPolicy, seed: UInt64) {
    let scenario = Self.scenario(seed: seed, refunds: refunds)
    let expected = referenceDecisions(scenario)
    let ledger = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    let decisions = RewardEngine(promotion: scenario.promotion).decide(ledger)
    var mismatches = 0
    for index in 0..<ledger.transactionCount
    where decisions.outcome(at: index, in: ledger) != expected[ledger.transactionIDs[index]] {
      mismatches += 1
    }
    #expect(mismatches == 0)
    // The rewards file's order: holder id bytes, then ordinal, every reward paid once.
    let order = decisions.statementOrder()
    let keys = order.map { index in
      let card = ledger.cards[Int(ledger.transactionCard[index])]
      return (Array(card.holder.rawValue.utf8), Int(decisions.ordinal[index]))
    }
    #expect(
      zip(keys, keys.dropFirst()).allSatisfy { left, right in
        left.0 != right.0 ? left.0.lexicographicallyPrecedes(right.0) : left.1 < right.1
      })
    let paid = expected.values.filter { if case .rewarded = $0 { true } else { false } }
    #expect(order.count == paid.count)
    #expect(Set(ledger.cards.map(\.holder)).count > 100)
  }
}
