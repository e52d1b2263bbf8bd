/// Where an imported record came from: which export, which line, and how its payment method was
/// decided. `explain` shows it.
public struct ImportOrigin: Hashable, Sendable {
  /// What kind of export a record came from; the same purchase may be in one of each.
  public enum SourceKind: String, Sendable, CaseIterable {
    /// A card's statement from its bank: dates, no times.
    case cardStatement = "card-statement"
    /// A payment app's export (Alipay, WeChat Pay): times to the second, the app's merchant.
    case appExport = "app-export"
  }

  /// The format's id, e.g. `bocom-credit`.
  public var format: String
  /// A bank statement or an app's export.
  public var sourceKind: SourceKind
  /// The file's name as it may be shown (never a card number).
  public var file: String
  /// The line in the file where the row starts.
  public var line: Int
  /// How the row's payment method was decided; nil for rows that are not purchases.
  public var methodDecidedBy: MethodDecision?

  /// An origin.
  public init(
    format: String, sourceKind: SourceKind, file: String, line: Int,
    methodDecidedBy: MethodDecision? = nil
  ) {
    self.format = format
    self.sourceKind = sourceKind
    self.file = file
    self.line = line
    self.methodDecidedBy = methodDecidedBy
  }
}

/// How an imported purchase's payment method was decided, kept as values (not words) so that
/// each language can say it and machine output can say it in English.
public enum MethodDecision: Hashable, Sendable {
  /// A rule of the statement's format, 1-based, and the reason the format gives for it.
  case formatRule(format: String, number: Int, reason: String)
  /// A rule of the user's rules file, 1-based, its name when it has one, and the file's name as
  /// it may be shown.
  case rulesFileRule(number: Int, name: String?, file: String)
  /// The payment method given on the command line for rows nothing else decided.
  case commandLine
}

/// A purchase read from an export, with where it came from.
public struct ImportedPurchase: Sendable {
  /// The purchase; its id is stable across imports of the same export.
  public var transaction: Transaction
  /// Where it came from.
  public var origin: ImportOrigin
  /// Set when nothing decided how it was paid (its transaction's method is a placeholder): it
  /// is imported only as a second sighting of a purchase already in the store, which has one.
  public var methodIsUndecided: Bool

  /// An imported purchase.
  public init(transaction: Transaction, origin: ImportOrigin, methodIsUndecided: Bool = false) {
    self.transaction = transaction
    self.origin = origin
    self.methodIsUndecided = methodIsUndecided
  }
}

/// A refund read from an export: it is applied to the purchase it refunds, found by the order
/// id the export gives, else by card, merchant and an amount no larger than what is left.
public struct ImportedRefund: Sendable {
  /// The refund row's id, stable across imports; a refund is applied once.
  public var id: Identifier
  /// The card refunded.
  public var card: Identifier
  /// When it was refunded (a statement's date at 00:00, or an app's time).
  public var time: Instant
  /// The latest instant the purchase it refunds may have: the refund's time, or the end of its
  /// date when the export has dates only.
  public var latestPurchase: Instant
  /// The amount refunded, greater than zero.
  public var amount: Money
  /// The merchant, as the export writes it on the purchase too.
  public var merchant: String?
  /// The purchase it refunds, when the export says (an app's order id).
  public var refundedTransaction: Identifier?
  /// Where it came from.
  public var origin: ImportOrigin

  /// An imported refund.
  public init(
    id: Identifier, card: Identifier, time: Instant, latestPurchase: Instant, amount: Money,
    merchant: String?, refundedTransaction: Identifier?, origin: ImportOrigin
  ) {
    precondition(amount > .zero, "a refund is a positive amount")
    self.id = id
    self.card = card
    self.time = time
    self.latestPurchase = latestPurchase
    self.amount = amount
    self.merchant = merchant
    self.refundedTransaction = refundedTransaction
    self.origin = origin
  }
}

/// Everything one export adds to the store, imported in one SQLite transaction.
public struct StatementImport: Sendable {
  /// The purchases, in file order.
  public var purchases: [ImportedPurchase]
  /// The refunds, in file order.
  public var refunds: [ImportedRefund]
  /// The postings (rewards credited and taken back), in file order.
  public var postings: [Posting]

  /// An import.
  public init(
    purchases: [ImportedPurchase] = [], refunds: [ImportedRefund] = [], postings: [Posting] = []
  ) {
    self.purchases = purchases
    self.refunds = refunds
    self.postings = postings
  }
}

/// An imported transaction's source, for `explain`: the row it was read from, and any other
/// export that showed the same purchase.
public struct TransactionOrigin: Equatable, Sendable {
  /// The id the row was imported under (the transaction's own, or the other export's).
  public var record: Identifier
  /// The format's id.
  public var format: String
  /// A bank statement or an app's export.
  public var sourceKind: ImportOrigin.SourceKind
  /// The file's name.
  public var file: String
  /// The line.
  public var line: Int
  /// The merchant as that export wrote it.
  public var merchant: String?
  /// How the payment method was decided.
  public var methodDecidedBy: MethodDecision?

  /// A source, as the store read it back.
  public init(
    record: Identifier, format: String, sourceKind: ImportOrigin.SourceKind, file: String,
    line: Int, merchant: String?, methodDecidedBy: MethodDecision?
  ) {
    self.record = record
    self.format = format
    self.sourceKind = sourceKind
    self.file = file
    self.line = line
    self.merchant = merchant
    self.methodDecidedBy = methodDecidedBy
  }
}

/// A refund kept until the purchase it refunds is imported.
public struct WaitingRefund: Equatable, Sendable {
  /// Why a refund waits although the purchase it names is in the store.
  public enum Reason: Equatable, Sendable {
    /// The purchase has less left to refund than the refund's amount: `left` of `amount`
    /// (less than `amount` when other refunds took some of it).
    case moreThanThePurchase(Identifier, left: Money, amount: Money)
    /// The purchase is on another card than the refund.
    case purchaseOnAnotherCard(Identifier, card: Identifier)

    /// The reason's stable code, the kebab-case of its name as a decision's reason codes are
    /// (`more-than-the-purchase`), for data formats: it never changes with the language.
    public var code: String {
      switch self {
      case .moreThanThePurchase: "more-than-the-purchase"
      case .purchaseOnAnotherCard: "purchase-on-another-card"
      }
    }
  }

  /// The refund row's id.
  public var id: Identifier
  /// The card refunded.
  public var card: Identifier
  /// When it was refunded.
  public var time: Instant
  /// The amount.
  public var amount: Money
  /// The merchant the export names.
  public var merchant: String?
  /// The file and line it came from.
  public var file: String
  /// The line.
  public var line: Int
  /// The purchase the export says it refunds (an app's order id), when it says.
  public var purchase: Identifier?
  /// Why it waits although that purchase is in the store; nil while the purchase is missing.
  public var reason: Reason?

  /// A kept refund; `reason` is set when the purchase it names is in the store.
  public init(
    id: Identifier, card: Identifier, time: Instant, amount: Money, merchant: String?,
    file: String, line: Int, purchase: Identifier?, reason: Reason? = nil
  ) {
    self.id = id
    self.card = card
    self.time = time
    self.amount = amount
    self.merchant = merchant
    self.file = file
    self.line = line
    self.purchase = purchase
    self.reason = reason
  }

  /// Why it still waits, as a stable code: its reason's when the purchase it names is in the
  /// store, else `purchase-not-in-store` when it names one and `no-matching-purchase` when it
  /// names none (no purchase on its card with its merchant and enough left to refund).
  public var reasonCode: String {
    if let reason { return reason.code }
    return purchase == nil ? "no-matching-purchase" : "purchase-not-in-store"
  }
}
