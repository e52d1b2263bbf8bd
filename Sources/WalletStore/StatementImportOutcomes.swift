import WalletCore

/// What an import of an export did, row by row, in the order of the import's lists.
public struct StatementImportOutcomes: Sendable {
  /// What became of a purchase.
  public enum PurchaseOutcome: Equatable, Sendable {
    /// It was new.
    case inserted
    /// It was already in the store, unchanged.
    case unchanged
    /// It overwrote a different record with its id (only with `replace`).
    case replaced
    /// The same purchase from the other kind of export was in the store: this row is recorded
    /// as a second sighting of that transaction, which keeps the app's time and merchant.
    case sameAs(Identifier)
    /// The same purchase from a card's statement was in the store under this id: the app's row
    /// took its place (with the app's time and merchant) and the statement's row became a
    /// sighting of it.
    case replacedStatementRow(Identifier)
    /// Seen before, as a second sighting of this transaction.
    case alreadySeenAs(Identifier)
    /// Not kept: nothing decided how it was paid, and it is no second sighting. The import goes
    /// on as it would with a method given (refunds may apply to it), then is rolled back; the
    /// caller says which rows need a method.
    case needsMethod
  }

  /// What became of a refund.
  public enum RefundOutcome: Equatable, Sendable {
    /// Applied to this purchase now.
    case applied(to: Identifier)
    /// Applied to this purchase by an earlier import.
    case alreadyApplied(to: Identifier)
    /// The same refund, from the other kind of export, was already applied to this purchase
    /// (under the given refund row's id): this row is recorded as a second sighting of it.
    case sameAs(Identifier, on: Identifier)
    /// Its purchase is not in the store yet: kept, and applied when the purchase arrives.
    case waiting
    /// The purchase it names is in the store, but the refund cannot belong to it (see the
    /// reason): kept waiting, reported by every import, until the purchase changes or the
    /// refund is removed.
    case waitingBecause(WaitingRefund.Reason)
  }

  /// One outcome per purchase of the import.
  public var purchases: [PurchaseOutcome] = []
  /// One outcome per refund of the import.
  public var refunds: [RefundOutcome] = []
  /// One outcome per posting of the import (`inserted`, `unchanged` or `replaced`).
  public var postings: [UpsertOutcome] = []
  /// Refunds kept by earlier imports that this one's purchases let be applied.
  public var appliedEarlierRefunds: [(refund: Identifier, to: Identifier)] = []
  /// Every refund still waiting for its purchase after the import, this file's and earlier ones.
  public var waitingRefunds: [WaitingRefund] = []
  /// Whether the import was kept: false for a dry run, and for one with purchases that need a
  /// payment method, which changes nothing.
  public var committed = false

  /// An import that has done nothing yet.
  public init() {}

  /// The indexes of the purchases that need a payment method.
  public var purchasesNeedingMethod: [Int] {
    purchases.indices.filter { purchases[$0] == .needsMethod }
  }
}
