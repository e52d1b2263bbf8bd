import Testing
import WalletCore

@testable import WalletStore

/// `settle` and `void`: a pending purchase settles, or is voided (撤销) before it settles; a
/// settled one can only be refunded. Decisions follow each change.
struct StatusChangeTests {
  /// One holder, one bocom credit card bound in the bank's app, and a purchase `P` in the
  /// cycle starting 2026-11-22 with `status`, and a later one `Q` in the same cycle.
  static func store(status: TransactionStatus) throws -> WalletStore {
    let store = try WalletStore.inMemory()
    try store.addCard(
      Card(
        id: Identifier("C1"), holder: Identifier("H1"), network: .unionpay, type: .credit,
        issuer: "bocom"))
    try store.addEnrollment(
      Enrollment(
        id: Identifier("E1"), card: Identifier("C1"), channel: .bankApp,
        enrolledAt: instant("2026-01-01T00:00")))
    try store.addTransaction(
      Transaction(
        id: Identifier("P"), card: Identifier("C1"), time: instant("2026-11-23T10:00"),
        amount: Money(minorUnits: 15_000), status: status, enrollment: Identifier("E1")))
    try store.addTransaction(
      Transaction(
        id: Identifier("Q"), card: Identifier("C1"), time: instant("2026-11-25T10:00"),
        amount: Money(minorUnits: 20_000)))
    return store
  }

  enum Action: String, CaseIterable, Sendable {
    case settle, void
  }

  /// What each action does to each status: the new status, or the error.
  static let table: [(TransactionStatus, Action, Result<TransactionStatus, StatusChangeError>)] =
    [
      (.pending, .settle, .success(.settled)),
      (.settled, .settle, .failure(.cannotSettle(Identifier("P"), .settled))),
      (.declined, .settle, .failure(.cannotSettle(Identifier("P"), .declined))),
      (.reversed, .settle, .failure(.cannotSettle(Identifier("P"), .reversed))),
      (.refunded, .settle, .failure(.cannotSettle(Identifier("P"), .refunded))),
      (.pending, .void, .success(.reversed)),
      (
        .settled, .void,
        .failure(
          .cannotVoid(Identifier("P"), .settled, amount: Money(minorUnits: 15_000), currency: .cny))
      ),
      (
        .reversed, .void,
        .failure(
          .cannotVoid(Identifier("P"), .reversed, amount: Money(minorUnits: 15_000), currency: .cny)
        )
      ),
      (
        .declined, .void,
        .failure(
          .cannotVoid(Identifier("P"), .declined, amount: Money(minorUnits: 15_000), currency: .cny)
        )
      ),
    ]

  @Test(
    "settle and void, before and after settlement",
    arguments: table.indices)
  func statusChanges(index: Int) throws {
    let (status, action, expected) = Self.table[index]
    let store = try Self.store(status: status)
    let id = Identifier("P")
    func act() throws -> Transaction {
      switch action {
      case .settle: try store.settle(id)
      case .void: try store.void(id)
      }
    }
    switch expected {
    case .success(let newStatus):
      #expect(try act().status == newStatus)
      #expect(try store.transaction(id)?.status == newStatus)
    case .failure(let error):
      #expect(throws: error) { try act() }
      #expect(try store.transaction(id)?.status == status)
    }
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func voidingAPendingPurchaseHandsItsRewardToTheNextOne() throws {
    let store = try Self.store(status: .pending)
    let promotion = Promotion.bocomApplePayMonthly.id
    #expect(
      try store.decision(transaction: Identifier("P"), promotion: promotion)?.outcome.reward != nil)
    #expect(
      try store.decision(transaction: Identifier("Q"), promotion: promotion)?.outcome
        == .notRewarded(.cycleAlreadyRewarded))
    try store.void(Identifier("P"))
    #expect(
      try store.decision(transaction: Identifier("P"), promotion: promotion)?.outcome
        == .notRewarded(.refunded))
    #expect(
      try store.decision(transaction: Identifier("Q"), promotion: promotion)?.outcome.reward != nil)
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func settlingChangesNoDecision() throws {
    let store = try Self.store(status: .pending)
    let before = try store.decisions(promotion: Promotion.bocomApplePayMonthly.id)
    try store.settle(Identifier("P"))
    #expect(try store.decisions(promotion: Promotion.bocomApplePayMonthly.id) == before)
  }

  @Test func aSettledPurchaseIsRefundedNotVoided() throws {
    let store = try Self.store(status: .settled)
    let error = try #require(throws: StatusChangeError.self) { try store.void(Identifier("P")) }
    // What is left of it, for the refund the command line suggests.
    #expect(
      error
        == .cannotVoid(Identifier("P"), .settled, amount: Money(minorUnits: 150_00), currency: .cny)
    )
  }

  @Test func anUnknownTransaction() throws {
    let store = try Self.store(status: .pending)
    #expect(throws: StoreError.unknownTransaction(Identifier("X"))) {
      try store.void(Identifier("X"))
    }
    #expect(throws: StoreError.unknownTransaction(Identifier("X"))) {
      try store.settle(Identifier("X"))
    }
  }
}
