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

  @Test(arguments: [
    ("2027-01-20", "T1 not-yet-due -"), ("2027-01-21", "T1 clawed-back P1"),
  ])
  func aRewardTakenBackBeforeItsDueDateCanStillBePaid(asOf: String, expected: String) {
    let result = Self.reconcile(
      [Self.owe("T1", "2026-11-22T10:00", "20")],
      [
        Self.post("P1", "2026-12-01", .credit, "20"),
        Self.post("K1", "2026-12-04", .clawback, "20"),
      ], asOf: asOf)
    #expect(Self.summary(result) == [expected])
  }

  /// The credit that pays T1 late must not free T1's cancelled credit for T2, which is not due
  /// yet and whose window covers it: the adjustments would otherwise never settle.
  @Test func aLatePaymentOfATakenBackRewardLeavesTheNextRewardNotYetDue() {
    let owed = [
      Self.owe("T1", "2026-10-22T10:00", "20"), Self.owe("T2", "2026-11-22T10:00", "20"),
    ]
    let postings = [
      Self.post("P1", "2026-11-25", .credit, "20"),
      Self.post("K1", "2026-11-26", .clawback, "20"),
    ]
    let first = Self.reconcile(owed, postings, asOf: "2026-12-25")
    #expect(Self.summary(first) == ["T1 clawed-back P1", "T2 not-yet-due -"])
    let again = Self.reconcile(owed, postings + first.adjustments, asOf: "2026-12-25")
    #expect(Self.summary(again) == ["T1 paid-late adj:clawed-back:T1", "T2 not-yet-due -"])
    #expect(!again.needsAttention)
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
