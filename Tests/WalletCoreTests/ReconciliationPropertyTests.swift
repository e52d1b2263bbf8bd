import Testing
import WalletTestSupport

@testable import WalletCore

/// What happened to the postings of one owed decision, and so the status it must get.
private enum Perturbation: CaseIterable {
  /// Credited inside the window.
  case paid
  /// Never credited.
  case dropped
  /// Credited after the due date.
  case late
  /// Credited inside the window with another amount.
  case amountChanged
  /// Credited, then taken back.
  case clawedBack
}

/// Postings generated from an engine's decisions and perturbed, with the status each owed
/// decision must get.
private struct PerturbedScenario {
  var owed: [OwedDecision] = []
  var postings: [Posting] = []
  var cardHolders: [Identifier: Identifier] = [:]
  var asOf = CivilDate(year: 2027, month: 3, day: 1)
  /// The expected status by transaction.
  var expected: [Identifier: ReconciliationStatus] = [:]
  /// The expected status of each posting without a decision.
  var expectedPostings: [Identifier: ReconciliationStatus] = [:]

  /// Decisions of a random scenario (quotas, several cycles, several holders); some rewards
  /// turned into forfeited ones. With `distinctAmounts`, every owed amount is made unique, so
  /// that a perturbed posting can only ever fit its own decision and each status is determined.
  init(seed: UInt64, distinctAmounts: Bool) {
    var random = SeededGenerator(seed: seed)
    let scenario = randomScenario(seed: seed, transactions: 300)
    let times = Dictionary(uniqueKeysWithValues: scenario.transactions.map { ($0.id, $0.time) })
    for card in scenario.cards { cardHolders[card.id] = card.holder }
    for decision in scenario.decide() {
      guard
        var owe = OwedDecision(
          decision: decision, time: times[decision.transaction]!, promotion: scenario.promotion)
      else { continue }
      if Int.random(in: 0..<5, using: &random) == 0 { owe.kind = .forfeited }
      if distinctAmounts {
        owe.amount = Money(minorUnits: 1_000 + 10 * Int64(owed.count))
      }
      owed.append(owe)
    }
    let lastDue = owed.map(\.due).max() ?? CivilDate(year: 2027, month: 1, day: 1)
    // Half the runs reconcile after everything, half part-way, when some postings are yet to
    // come and some decisions are not made yet.
    asOf =
      Bool.random(using: &random)
      ? lastDue.adding(days: 60)
      : CivilDate(year: 2026, month: Int.random(in: 2...12, using: &random), day: 15)
    for owe in owed {
      generatePostings(for: owe, distinctAmounts: distinctAmounts, using: &random)
    }
    for (index, card) in scenario.cards.enumerated() where index % 3 == 0 {
      generateStrayPostings(on: card.id, index: index, using: &random)
    }
  }

  private mutating func generatePostings(
    for owe: OwedDecision, distinctAmounts: Bool, using random: inout SeededGenerator
  ) {
    let window = owe.localDate.daysSinceEpoch...owe.due.daysSinceEpoch
    func day(_ range: ClosedRange<Int>) -> CivilDate {
      CivilDate(daysSinceEpoch: Int.random(in: range, using: &random))
    }
    // Without distinct amounts, credits name their transaction and clawbacks their credit, as
    // issuers that know them do: otherwise which decision a posting fits depends on the others.
    func credit(_ date: CivilDate, _ amount: Money, named: Bool) -> Posting {
      Posting(
        id: Identifier("P\(postings.count)"), card: owe.card, date: date, kind: .credit,
        amount: amount, transaction: named ? owe.transaction : nil)
    }
    let named = !distinctAmounts || Bool.random(using: &random)
    let dropped: ReconciliationStatus = asOf > owe.due ? .missing : .notYetDue
    var status: ReconciliationStatus
    switch owe.kind {
    case .rewarded:
      switch Perturbation.allCases.randomElement(using: &random)! {
      case .paid:
        let paid = credit(day(window), owe.amount, named: named)
        postings.append(paid)
        status = paid.date <= asOf ? .paid : dropped
      case .dropped:
        status = dropped
      case .late:
        let late = credit(
          day((window.upperBound + 1)...(window.upperBound + 40)), owe.amount, named: named)
        postings.append(late)
        status = late.date <= asOf ? .paidLate : dropped
      case .amountChanged:
        // Always named: an anonymous credit of another amount may fit any decision of the
        // holder, so which one it pays would depend on the others.
        let other = credit(day(window), owe.amount + Money(minorUnits: 3), named: true)
        postings.append(other)
        status = other.date <= asOf ? .amountDiffers : dropped
      case .clawedBack:
        let paid = credit(day(window), owe.amount, named: named)
        let clawback = Posting(
          id: Identifier("P\(postings.count + 1)"), card: owe.card,
          date: paid.date.adding(days: Int.random(in: 0...20, using: &random)), kind: .clawback,
          amount: owe.amount,
          reverses: !distinctAmounts || Bool.random(using: &random) ? paid.id : nil)
        postings += [paid, clawback]
        // Taken back inside the window or after it, before the due date or after it: a
        // reward paid and taken back is clawed-back as soon as the clawback is posted.
        status = paid.date > asOf ? dropped : clawback.date <= asOf ? .clawedBack : .paid
      }
    case .forfeited:
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        // Paid and properly taken back.
        let paid = credit(day(window), owe.amount, named: named)
        let clawback = Posting(
          id: Identifier("P\(postings.count + 1)"), card: owe.card,
          date: paid.date.adding(days: Int.random(in: 0...20, using: &random)), kind: .clawback,
          amount: owe.amount, transaction: owe.transaction,
          reverses: distinctAmounts ? nil : paid.id)
        postings += [paid, clawback]
        status = paid.date > asOf || clawback.date <= asOf ? .forfeited : .notClawedBack
      case 1:
        let paid = credit(day(window), owe.amount, named: named)
        postings.append(paid)
        status = paid.date <= asOf ? .notClawedBack : .forfeited
      default:
        status = .forfeited
      }
    }
    if owe.localDate <= asOf { expected[owe.transaction] = status }
  }

  /// A credit no decision explains (dated before any purchase, so inside no window) and a
  /// clawback of an amount no credit has, with and without a credit that undoes it.
  private mutating func generateStrayPostings(
    on card: Identifier, index: Int, using random: inout SeededGenerator
  ) {
    let early = CivilDate(year: 2025, month: 12, day: Int.random(in: 1...28, using: &random))
    let stray = Posting(
      id: Identifier("S\(index)"), card: card, date: early, kind: .credit,
      amount: Money(minorUnits: 7),
      transaction: Bool.random(using: &random) ? Identifier("no-such") : nil)
    let clawback = Posting(
      id: Identifier("K\(index)"), card: card, date: early.adding(days: 3), kind: .clawback,
      amount: Money(minorUnits: 9))
    postings += [stray, clawback]
    expectedPostings[stray.id] = early <= asOf ? .unexpected : nil
    if Bool.random(using: &random) {
      // Undone by the issuer: settled, not reported.
      postings.append(
        Posting(
          id: Identifier("U\(index)"), card: card, date: early.adding(days: 5), kind: .credit,
          amount: Money(minorUnits: 9), reverses: clawback.id))
      if early.adding(days: 5) > asOf, early.adding(days: 3) <= asOf {
        expectedPostings[clawback.id] = .unmatchedClawback
      }
    } else if early.adding(days: 3) <= asOf {
      expectedPostings[clawback.id] = .unmatchedClawback
    }
  }
}

@Suite struct ReconciliationPropertyTests {
  static let settledStatuses: Set<ReconciliationStatus> = [
    .paid, .paidLate, .forfeited, .notYetDue,
  ]

  @Test(arguments: [true, false])
  func perturbedPostingsGiveTheStatusesTheyImply(distinctAmounts: Bool) throws {
    let seed = try SeededGenerator.testSeed("perturbedPostings(distinct: \(distinctAmounts))")
    for round in 0..<40 {
      let scenario = PerturbedScenario(
        seed: seed &+ UInt64(round), distinctAmounts: distinctAmounts)
      let result = Reconciliation(
        owed: scenario.owed, postings: scenario.postings, cardHolders: scenario.cardHolders,
        asOf: scenario.asOf)
      var decisionRows = 0
      for row in result.rows {
        if let transaction = row.transaction {
          decisionRows += 1
          #expect(
            row.status == scenario.expected[transaction],
            "seed \(seed &+ UInt64(round)): \(transaction) as of \(scenario.asOf)")
        } else {
          #expect(
            row.status == scenario.expectedPostings[row.posting!.id],
            "seed \(seed &+ UInt64(round)): \(row.posting!.id)")
        }
      }
      #expect(decisionRows == scenario.expected.count, "seed \(seed &+ UInt64(round))")
      #expect(
        result.rows.count - decisionRows == scenario.expectedPostings.count,
        "seed \(seed &+ UInt64(round))")
      try expectAdjustmentsSettle(result, scenario, seed: seed &+ UInt64(round))
    }
  }

  /// Engine amounts as they are (many decisions of one holder share an amount), credits without
  /// transactions, and postings shuffled: whatever matches whatever, posting the adjustments
  /// must leave nothing to adjust.
  @Test func adjustmentsSettleEvenWhenAmountsCollide() throws {
    let seed = try SeededGenerator.testSeed("adjustmentsSettleEvenWhenAmountsCollide")
    for round in 0..<60 {
      var random = SeededGenerator(seed: seed &+ UInt64(round))
      var scenario = PerturbedScenario(seed: seed &+ UInt64(round), distinctAmounts: false)
      // Strip the names and move dates a little so credits wander between decisions.
      scenario.postings = scenario.postings.map { posting in
        var moved = posting
        if Bool.random(using: &random) { moved.transaction = nil }
        moved.date = moved.date.adding(days: Int.random(in: -5...5, using: &random))
        return moved
      }
      let result = Reconciliation(
        owed: scenario.owed, postings: scenario.postings.shuffled(using: &random),
        cardHolders: scenario.cardHolders, asOf: scenario.asOf)
      try expectAdjustmentsSettle(result, scenario, seed: seed &+ UInt64(round))
    }
  }

  private func expectAdjustmentsSettle(
    _ result: Reconciliation, _ scenario: PerturbedScenario, seed: UInt64
  ) throws {
    let adjustments = result.adjustments
    #expect(Set(adjustments.map(\.id)).count == adjustments.count, "seed \(seed): ids unique")
    #expect(
      Set(adjustments.map(\.id)).isDisjoint(with: scenario.postings.map(\.id)),
      "seed \(seed): no posting's id reused")
    #expect(adjustments.allSatisfy { $0.date == scenario.asOf }, "seed \(seed)")
    let again = Reconciliation(
      owed: scenario.owed, postings: scenario.postings + adjustments,
      cardHolders: scenario.cardHolders, asOf: scenario.asOf)
    let unsettled = again.rows.filter { !Self.settledStatuses.contains($0.status) }
    #expect(
      unsettled.isEmpty,
      "seed \(seed): \(unsettled.prefix(3).map { "\($0.transaction ?? $0.posting!.id) \($0.status)" })"
    )
    #expect(again.adjustments.isEmpty, "seed \(seed)")
    #expect(!again.needsAttention, "seed \(seed)")
    #expect(result.needsAttention == !adjustments.isEmpty, "seed \(seed)")
  }
}

/// A batch reconciles straight from the engine's ledger, its holders and cards numbered as the
/// engine numbered them, two halves of the holders at once; the store hands over decisions and
/// ids. Both must give the same rows and adjustments.
@Suite struct LedgerReconciliationTests {
  /// Under section 2's rules and under SPEC 8's (each reward an amount of its own, which a
  /// batch's reconciliation once looked up among the tiers by ordinal, past their end).
  @Test(arguments: [RefundPolicy.net, .clawback], [false, true])
  func theLedgerPathEqualsTheIdentifierPath(refunds: RefundPolicy, sectionEight: Bool) throws {
    let seed = try SeededGenerator.testSeed(
      "theLedgerPathEqualsTheIdentifierPath(\(refunds)\(sectionEight ? ", SPEC 8" : ""))")
    var compared = 0
    for round in 0..<60 {
      var random = SeededGenerator(seed: seed &+ UInt64(round))
      var scenario = randomScenario(
        seed: seed &+ UInt64(round), transactions: 200, refunds: refunds)
      if sectionEight { RandomSectionEightRules.apply(to: &scenario.promotion, using: &random) }
      let ledger = Ledger(
        cards: scenario.cards, enrollments: scenario.enrollments,
        transactions: scenario.transactions)
      let decisions = RewardEngine(promotion: scenario.promotion).decide(ledger)
      var owed: [OwedDecision] = []
      for index in 0..<ledger.transactionCount {
        let time = Instant(nanosecondsSinceEpoch: ledger.time[index])
        if let owe = OwedDecision(
          decision: decisions.decision(at: index, in: ledger), time: time,
          promotion: scenario.promotion)
        {
          owed.append(owe)
        }
      }
      // Credits for most owed decisions, some with another amount, late, naming their
      // transaction, clawed back (naming the credit or not), and stray postings.
      var postings: [Posting] = []
      var postingCards: [Int32] = []
      func post(
        _ card: Identifier, _ date: CivilDate, _ kind: Posting.Kind, _ amount: Money,
        transaction: Identifier? = nil, reverses: Identifier? = nil
      ) -> Identifier {
        let id = Identifier("P\(postings.count)")
        postings.append(
          Posting(
            id: id, card: card, date: date, kind: kind, amount: amount,
            transaction: transaction, reverses: reverses))
        postingCards.append(Int32(scenario.cards.firstIndex { $0.id == card }!))
        return id
      }
      for owe in owed where Int.random(in: 0..<6, using: &random) != 0 {
        let late = Int.random(in: 0..<8, using: &random) == 0
        let date = owe.localDate.adding(
          days: late ? owe.postingDays + 40 : Int.random(in: 0...40, using: &random))
        let amount =
          Int.random(in: 0..<8, using: &random) == 0
          ? Money(minorUnits: owe.amount.minorUnits + 500) : owe.amount
        let credit = post(
          owe.card, date, .credit, amount,
          transaction: Bool.random(using: &random) ? owe.transaction : nil)
        if Int.random(in: 0..<5, using: &random) == 0 {
          _ = post(
            owe.card, date.adding(days: 3), .clawback, amount,
            reverses: Bool.random(using: &random) ? credit : nil)
        }
      }
      for card in scenario.cards where Int.random(in: 0..<3, using: &random) == 0 {
        _ = post(
          card.id, CivilDate(year: 2026, month: 6, day: 1), .credit, Money(minorUnits: 1_000))
        _ = post(
          card.id, CivilDate(year: 2026, month: 7, day: 1), .clawback, Money(minorUnits: 700))
      }
      var cardHolders: [Identifier: Identifier] = [:]
      for card in scenario.cards { cardHolders[card.id] = card.holder }
      let asOf =
        Bool.random(using: &random)
        ? CivilDate(year: 2027, month: 6, day: 1) : CivilDate(year: 2026, month: 8, day: 15)
      let expected = Reconciliation(
        owed: owed, postings: postings, cardHolders: cardHolders, asOf: asOf)
      let fromLedger = decisions.reconcile(
        ledger, postings: postings, postingCards: postingCards, asOf: asOf)
      let firstDifference = zip(fromLedger.rows, expected.rows).enumerated().first {
        $0.element.0 != $0.element.1
      }?.offset
      #expect(
        fromLedger.rows.count == expected.rows.count && firstDifference == nil,
        "seed \(seed &+ UInt64(round)): row \(firstDifference ?? -1) differs")
      #expect(fromLedger.adjustments == expected.adjustments, "seed \(seed &+ UInt64(round))")
      compared += expected.rows.count
    }
    #expect(compared > 500, "the scenarios owe and post something")
  }
}
