import Testing

@testable import WalletCore

/// The SPEC's reconciliation rules one at a time, on a holder H1 with cards C1 and C2 and cycles
/// starting on the 22nd (the 2026-11-22 cycle ends 2026-12-21 and is due 2027-01-20).
@Suite struct ReconciliationTests {
  static let cardHolders = [
    Identifier("C1"): Identifier("H1"), Identifier("C2"): Identifier("H1"),
    Identifier("C9"): Identifier("H9"),
  ]

  static func owe(
    _ transaction: String, _ time: String, _ amount: String, card: String = "C1",
    holder: String = "H1", kind: OwedDecision.Kind = .rewarded
  ) -> OwedDecision {
    let instant = Fixture.at(time)
    let date = instant.localDate(in: Promotion.bocomApplePayMonthly.timeZone)
    let cycle = BillingCycle(containing: date, startDay: 22)
    return OwedDecision(
      transaction: Identifier(transaction), holder: Identifier(holder), card: Identifier(card),
      time: instant, localDate: date,
      cycleStart: cycle.start, cycleEnd: cycle.end, kind: kind, amount: try! Money.parse(amount),
      postingDays: 30)
  }

  static func post(
    _ id: String, _ date: String, _ kind: Posting.Kind, _ amount: String,
    card: String = "C1", transaction: String? = nil, reverses: String? = nil
  ) -> Posting {
    Posting(
      id: Identifier(id), card: Identifier(card), date: try! CivilDate.parse(date), kind: kind,
      amount: try! Money.parse(amount), transaction: transaction.map(Identifier.init),
      reverses: reverses.map(Identifier.init))
  }

  static func reconcile(
    _ owed: [OwedDecision], _ postings: [Posting], asOf: String = "2027-03-01"
  ) -> Reconciliation {
    Reconciliation(
      owed: owed, postings: postings, cardHolders: cardHolders,
      asOf: try! CivilDate.parse(asOf))
  }

  /// Each row as "transaction-or-posting status posting".
  static func summary(_ result: Reconciliation) -> [String] {
    result.rows.map { row in
      "\(row.transaction?.rawValue ?? "-") \(row.status) \(row.posting?.id.rawValue ?? "-")"
    }
  }

  @Test func aRewardPaidInsideItsWindowIsPaid() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")], [Self.post("P1", "2027-01-20", .credit, "20")])
    #expect(Self.summary(result) == ["T1 paid P1"])
    #expect(result.rows[0].due == CivilDate(year: 2027, month: 1, day: 20))
    #expect(!result.needsAttention)
    #expect(result.adjustments.isEmpty)
  }

  @Test(arguments: [
    ("2027-01-20", ReconciliationStatus.notYetDue), ("2027-01-21", .missing),
  ])
  func anUnpaidRewardIsMissingOnlyAfterItsDueDate(asOf: String, status: ReconciliationStatus) {
    let result = Self.reconcile([Self.owe("T1", "2026-11-22T10:00", "20")], [], asOf: asOf)
    #expect(result.rows.map(\.status) == [status])
    #expect(result.needsAttention == (status == .missing))
  }

  @Test func aCreditBeforeThePurchaseOrAfterTheDueDateIsOutsideTheWindow() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P0", "2026-11-21", .credit, "20"),
        Self.post("P2", "2027-01-21", .credit, "20"),
      ])
    #expect(Self.summary(result) == ["T1 paid-late P2", "- unexpected P0"])
  }

  @Test func passesGoInOrderSoThatExactAmountsWinOverAnyAmount() {
    // T1 is earlier and would take P1 (any amount) if pass E ran first; pass A gives P1 to T2.
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "10"), Self.owe("T2", "2026-11-23T10:00", "15")],
      [Self.post("P1", "2026-12-01", .credit, "15"), Self.post("P2", "2026-12-02", .credit, "12")])
    #expect(Self.summary(result) == ["T1 amount-differs P2", "T2 paid P1"])
    #expect(
      result.adjustments.map { "\($0.id) \($0.kind) \($0.amount) \($0.reverses?.rawValue ?? "-")" }
        == [
          "adj:amount-differs:T1:1 clawback 12.00 P2", "adj:amount-differs:T1:2 credit 10.00 -",
        ])
  }

  @Test func theEarliestFittingCreditIsTakenTiesBySmallerID() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P9", "2026-12-01", .credit, "20"),
        Self.post("P3", "2026-12-01", .credit, "20"),
        Self.post("P1", "2026-12-05", .credit, "20"),
      ])
    #expect(Self.summary(result) == ["T1 paid P3", "- unexpected P9", "- unexpected P1"])
  }

  @Test func aCreditNamingATransactionFitsOnlyThatTransaction() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20"), Self.owe("T2", "2026-11-23T10:00", "20")],
      [Self.post("P1", "2026-12-01", .credit, "20", transaction: "T2")])
    #expect(Self.summary(result) == ["T1 missing -", "T2 paid P1"])
  }

  @Test func aClawbackCancelsTheLatestCreditOnOrBeforeItOfTheSameCardAndAmount() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20"), Self.owe("T2", "2026-11-25T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("P2", "2026-12-03", .credit, "20"),
        Self.post("P3", "2026-12-03", .credit, "20", card: "C2"),
        Self.post("K1", "2026-12-04", .clawback, "20"),
      ])
    // K1 cancels P2 (C1, latest on or before); T1 takes P1; T2 takes P3 (same holder, any card).
    #expect(Self.summary(result) == ["T1 paid P1", "T2 paid P3"])
  }

  @Test func aClawbackBeforeAnyCreditCancelsTheEarliestAfterIt() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("K1", "2026-11-30", .clawback, "20"),
        Self.post("P2", "2026-12-05", .credit, "20"),
        Self.post("P1", "2026-12-01", .credit, "20"),
      ])
    #expect(Self.summary(result) == ["T1 paid P2"])
  }

  @Test func aClawbackNamingItsCreditCancelsThatOne() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("P2", "2026-12-03", .credit, "20"),
        Self.post("K1", "2026-12-04", .clawback, "20", reverses: "P1"),
      ])
    #expect(Self.summary(result) == ["T1 paid P2"])
  }

  @Test func aRewardTakenBackIsClawedBackAndTheAdjustmentPaysItAgain() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("K1", "2026-12-04", .clawback, "20"),
      ])
    #expect(Self.summary(result) == ["T1 clawed-back P1"])
    #expect(result.adjustments.map(\.id.rawValue) == ["adj:clawed-back:T1"])
    #expect(result.adjustments.first?.transaction?.rawValue == "T1")
  }

  /// SPEC 7 pass D: a reward paid and taken back inside its window is clawed-back whether or
  /// not its due date (2027-01-20) has passed, and its adjustment settles it either way. (Dated
  /// the clawback's day, the adjustment is the latest credit on or before it, so the clawback
  /// cancels that one and P1 pays the reward.)
  @Test(arguments: [
    ("2026-12-03", "T1 paid P1", nil), ("2026-12-04", "T1 clawed-back P1", "T1 paid P1"),
    ("2027-01-20", "T1 clawed-back P1", "T1 paid adj:clawed-back:T1"),
    ("2027-01-21", "T1 clawed-back P1", "T1 paid-late adj:clawed-back:T1"),
  ])
  func aRewardTakenBackBeforeItsDueDateIsClawedBack(
    asOf: String, expected: String, settled: String?
  ) {
    let owed = [Self.owe("T1", "2026-11-22T10:00", "20")]
    let postings = [
      Self.post("P1", "2026-12-01", .credit, "20"),
      Self.post("K1", "2026-12-04", .clawback, "20"),
    ]
    let result = Self.reconcile(owed, postings, asOf: asOf)
    #expect(Self.summary(result) == [expected])
    #expect(result.needsAttention == (settled != nil))
    let again = Self.reconcile(owed, postings + result.adjustments, asOf: asOf)
    #expect(!again.needsAttention)
    if let settled {
      #expect(result.adjustments.map(\.id.rawValue) == ["adj:clawed-back:T1"])
      #expect(Self.summary(again) == [settled])
    }
  }

  /// Paying T1 again leaves its taken-back credit P1 free, and T2, not due yet, whose window
  /// holds it, would take it in pass D once the adjustments are posted: so the adjustments pay
  /// T2 too, and reconciling again with them settles both.
  @Test func aCreditTakenBackThatAnAdjustmentFreesIsPaidForTheNextReward() {
    let owed = [
      Self.owe("T1", "2026-10-22T10:00", "20"), Self.owe("T2", "2026-11-22T10:00", "20"),
    ]
    let postings = [
      Self.post("P1", "2026-11-25", .credit, "20"),
      Self.post("K1", "2026-11-26", .clawback, "20"),
    ]
    let first = Self.reconcile(owed, postings, asOf: "2026-12-25")
    #expect(Self.summary(first) == ["T1 clawed-back P1", "T2 not-yet-due -"])
    #expect(
      first.adjustments.map(\.id.rawValue) == ["adj:clawed-back:T1", "adj:clawed-back:T2"])
    #expect(first.adjustments.map(\.transaction?.rawValue) == ["T1", "T2"])
    let again = Self.reconcile(owed, postings + first.adjustments, asOf: "2026-12-25")
    #expect(
      Self.summary(again) == ["T1 paid-late adj:clawed-back:T1", "T2 paid adj:clawed-back:T2"])
    #expect(!again.needsAttention)
  }

  /// An adjustment never reuses the id of a posting read (SPEC 7): `adj:missing:T1` is taken by
  /// another holder's posting, so T1's credit is the next free `adj:missing:T1:N`.
  @Test(arguments: [
    (["adj:missing:T1"], ["adj:missing:T1:2"]),
    (["adj:missing:T1", "adj:missing:T1:2"], ["adj:missing:T1:3"]),
    (["adj:missing:T1:2"], ["adj:missing:T1"]),
  ])
  func anAdjustmentTakesTheNextFreeIDWhenAPostingHasItsID(taken: [String], ids: [String]) {
    let owed = [Self.owe("T1", "2026-11-22T10:00", "20")]
    let postings = taken.enumerated().map { index, id in
      Self.post(id, "2026-12-0\(index + 1)", .credit, "20", card: "C9", transaction: "T9")
    }
    let result = Self.reconcile(owed, postings)
    let forT1 = result.adjustments.filter { $0.transaction?.rawValue == "T1" }
    #expect(forT1.map(\.id.rawValue) == ids)
    let all = result.adjustments.map(\.id) + postings.map(\.id)
    #expect(Set(all).count == all.count)
    let again = Self.reconcile(owed, postings + result.adjustments)
    #expect(!again.needsAttention, "\(Self.summary(again))")
  }

  /// The two adjustments of amount-differs and an unexpected credit's clawback keep clear of
  /// postings that already have their ids.
  @Test func everyKindOfAdjustmentKeepsClearOfThePostingsIDs() {
    let owed = [Self.owe("T1", "2026-11-22T10:00", "20")]
    let postings = [
      Self.post("P1", "2026-12-01", .credit, "25", transaction: "T1"),
      Self.post("adj:amount-differs:T1:1", "2026-12-02", .credit, "7", card: "C9"),
      Self.post("adj:amount-differs:T1:2", "2026-12-02", .credit, "8", card: "C9"),
      Self.post("adj:unexpected:adj:amount-differs:T1:1", "2026-12-03", .clawback, "9"),
    ]
    let result = Self.reconcile(owed, postings)
    #expect(
      result.adjustments.map(\.id.rawValue) == [
        "adj:amount-differs:T1:1:2", "adj:amount-differs:T1:2:2",
        "adj:unmatched-clawback:adj:unexpected:adj:amount-differs:T1:1",
        "adj:unexpected:adj:amount-differs:T1:1:2", "adj:unexpected:adj:amount-differs:T1:2",
      ])
    let again = Self.reconcile(owed, postings + result.adjustments)
    #expect(!again.needsAttention, "\(Self.summary(again))")
  }

  @Test func aClawbackUndoneByACreditIsSettledWithIt() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("K1", "2026-12-04", .clawback, "20"),
        Self.post("U1", "2026-12-05", .credit, "20", reverses: "K1"),
      ])
    #expect(Self.summary(result) == ["T1 paid P1"])
  }

  @Test func aClawbackThatCancelsNothingIsUnmatchedAndTheAdjustmentUndoesIt() {
    let result = Self.reconcile([], [Self.post("K1", "2026-12-04", .clawback, "20", card: "C2")])
    #expect(Self.summary(result) == ["- unmatched-clawback K1"])
    #expect(result.rows[0].holder.rawValue == "H1")
    let undo = try! #require(result.adjustments.first)
    #expect(undo.id.rawValue == "adj:unmatched-clawback:K1")
    #expect(undo.kind == .credit && undo.reverses?.rawValue == "K1" && undo.card.rawValue == "C2")
  }

  @Test func forfeitedRewardsTakeCancelledCreditsFirst() {
    let result = Self.reconcile(
      [
        Self.owe("T1", "2026-11-22T10:00", "20", kind: .forfeited),
        Self.owe("T2", "2026-11-23T10:00", "20", kind: .forfeited),
        Self.owe("T3", "2026-11-24T10:00", "20", kind: .forfeited),
      ],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("P2", "2026-12-02", .credit, "20"),
        Self.post("K2", "2026-12-03", .clawback, "20", reverses: "P2"),
      ])
    #expect(Self.summary(result) == ["T1 forfeited P2", "T2 not-clawed-back P1", "T3 forfeited -"])
    #expect(result.adjustments.map(\.id.rawValue) == ["adj:not-clawed-back:T2"])
    #expect(result.adjustments.first?.reverses?.rawValue == "P1")
  }

  @Test func rowsGoByHolderThenCycleThenTimeThenPostings() {
    let result = Self.reconcile(
      [
        Self.owe("T9", "2026-12-22T10:00", "20", card: "C9", holder: "H9"),
        Self.owe("T3", "2026-12-23T10:00", "20"),
        Self.owe("T2", "2026-11-22T10:00", "20"),
        Self.owe("T1", "2026-11-22T10:00", "20"),
      ],
      [
        Self.post("X2", "2026-10-02", .credit, "1"),
        Self.post("X1", "2026-10-02", .credit, "1", card: "C9"),
        Self.post("X0", "2026-10-01", .clawback, "3"),
      ])
    #expect(
      Self.summary(result) == [
        "T1 missing -", "T2 missing -", "T3 missing -", "- unmatched-clawback X0",
        "- unexpected X2", "T9 missing -", "- unexpected X1",
      ])
  }

  @Test func onlyWhatHappenedByTheAsOfDateTakesPart() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20"), Self.owe("T2", "2026-12-02T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("K1", "2026-12-02", .clawback, "20"),
      ], asOf: "2026-12-01")
    #expect(Self.summary(result) == ["T1 paid P1"])
    #expect(result.adjustments.isEmpty)
  }

  @Test func adjustmentsAreDatedTheAsOfDayAndNameWhatTheySettle() {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [Self.post("X1", "2026-10-02", .credit, "5", transaction: "T0")], asOf: "2027-02-01")
    #expect(
      result.adjustments == [
        Posting(
          id: Identifier("adj:missing:T1"), card: Identifier("C1"),
          date: CivilDate(year: 2027, month: 2, day: 1),
          kind: .credit, amount: Money(minorUnits: 2_000), transaction: Identifier("T1"),
          description: "missing"),
        Posting(
          id: Identifier("adj:unexpected:X1"), card: Identifier("C1"),
          date: CivilDate(year: 2027, month: 2, day: 1),
          kind: .clawback, amount: Money(minorUnits: 500), transaction: Identifier("T0"),
          reverses: Identifier("X1"),
          description: "unexpected"),
      ])
  }
}
