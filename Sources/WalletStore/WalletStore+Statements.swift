import WalletCore

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
  /// How the row's payment method was decided, in words; nil for rows that are not purchases.
  public var methodDecidedBy: String?

  /// An origin.
  public init(
    format: String, sourceKind: SourceKind, file: String, line: Int, methodDecidedBy: String? = nil
  ) {
    self.format = format
    self.sourceKind = sourceKind
    self.file = file
    self.line = line
    self.methodDecidedBy = methodDecidedBy
  }
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

/// What an import of an export did, row by row, in the order of the import's lists.
public struct StatementImportReport: Sendable {
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
    /// Not imported: nothing decided how it was paid, and it is no second sighting. An import
    /// with such a purchase is rolled back; the caller says which rows need a method.
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

  /// The indexes of the purchases that need a payment method.
  public var purchasesNeedingMethod: [Int] {
    purchases.indices.filter { purchases[$0] == .needsMethod }
  }
}

/// The store refused one row of an export; nothing of it was kept.
public struct StatementImportRejection: Error, Sendable {
  /// Which row.
  public enum Entry: Equatable, Sendable {
    /// The purchase at this index of the import.
    case purchase(Int)
    /// The refund at this index.
    case refund(Int)
    /// The posting at this index.
    case posting(Int)
  }

  /// Which row.
  public var entry: Entry
  /// Why.
  public var error: StoreError
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

  /// Why it still waits, as a stable code: its reason's when the purchase it names is in the
  /// store, else `purchase-not-in-store` when it names one and `no-matching-purchase` when it
  /// names none (no purchase on its card with its merchant and enough left to refund).
  public var reasonCode: String {
    if let reason { return reason.code }
    return purchase == nil ? "no-matching-purchase" : "purchase-not-in-store"
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
  /// How the payment method was decided, in words.
  public var methodDecidedBy: String?
}

private struct DryRunRollback: Error {}

extension WalletStore {
  /// Imports what one export holds in one SQLite transaction, all of it or none: purchases
  /// (recognising one already seen in the other kind of export), refunds applied to their
  /// purchases or kept until those arrive, and postings. Importing the same export again
  /// changes nothing. With `dryRun`, everything is worked out and reported, then rolled back.
  public func importStatement(
    _ statement: StatementImport, replace: Bool = false, dryRun: Bool = false
  ) throws -> StatementImportReport {
    var result = StatementImportReport()
    do {
      try write {
        var changes = ChangeSet()
        var report = StatementImportReport()
        func located<T>(_ entry: StatementImportRejection.Entry, _ body: () throws -> T) throws
          -> T
        {
          do {
            return try body()
          } catch let error as StoreError where !error.isDamage {
            throw StatementImportRejection(entry: entry, error: error)
          }
        }
        var sightings = try sightingCandidates(for: statement.purchases)
        for (index, purchase) in statement.purchases.enumerated() {
          report.purchases.append(
            try located(.purchase(index)) {
              try importPurchase(
                purchase, replace: replace, sightings: &sightings, changes: &changes)
            })
        }
        var candidates = try refundCandidates(
          cards: Set(statement.refunds.map(\.card)).union(try waitingRefundCards()))
        for (index, refund) in statement.refunds.enumerated() {
          report.refunds.append(
            try located(.refund(index)) {
              try importRefund(refund, candidates: &candidates, changes: &changes)
            })
        }
        report.appliedEarlierRefunds = try applyWaitingRefunds(
          except: Set(statement.refunds.map(\.id)), candidates: &candidates, changes: &changes)
        for (index, posting) in statement.postings.enumerated() {
          report.postings.append(
            try located(.posting(index)) { try upsertPosting(posting, replace: replace) })
        }
        report.waitingRefunds = try waitingRefunds()
        try rematerialize(changes)
        result = report
        if dryRun || !report.purchasesNeedingMethod.isEmpty { throw DryRunRollback() }
        result.committed = true
      }
    } catch is DryRunRollback {}
    return result
  }

  // MARK: Purchases

  private func importPurchase(
    _ purchase: ImportedPurchase, replace: Bool,
    sightings: inout [ImportOrigin.SourceKind: SightingCandidates], changes: inout ChangeSet
  ) throws -> StatementImportReport.PurchaseOutcome {
    let incoming = purchase.transaction
    guard let card = try card(incoming.card) else { throw StoreError.unknownCard(incoming.card) }
    if let seen = try canonicalTransaction(ofRecord: incoming.id), seen != incoming.id {
      return .alreadySeenAs(seen)
    }
    if let existing = try transaction(incoming.id) {
      if purchase.methodIsUndecided {
        var decided = incoming
        decided.method = existing.method
        if Self.sameFacts(existing, decided) { return .unchanged }
        return .needsMethod
      }
      if Self.sameFacts(existing, incoming) { return .unchanged }
      guard replace else { throw StoreError.conflict(kind: .transaction, id: existing.id) }
      // The export's facts are replaced; what refunds did since stays, refunds included.
      try db.execute(
        "UPDATE transactions SET card = ?2, time = ?3, amount = ?4, currency = ?5, method = ?6, "
          + "merchant = ?7, mcc = ?8, enrollment = ?9, refunded = min(refunded, ?4) WHERE id = ?1",
        [
          incoming.id.rawValue, incoming.card.rawValue, incoming.time.nanosecondsSinceEpoch,
          incoming.amount.minorUnits, incoming.currency.code, incoming.method.rawValue,
          incoming.merchant, incoming.mcc?.description, incoming.enrollment?.rawValue,
        ])
      if let oldCard = try self.card(existing.card) { changes.holders.insert(oldCard.holder) }
      changes.holders.insert(card.holder)
      changes.note(min(existing.time, incoming.time))
      try recordOrigin(record: incoming.id, of: incoming.id, purchase.origin, incoming.merchant)
      return .replaced
    }
    guard let partner = sightings[purchase.origin.sourceKind]?.take(for: incoming) else {
      if purchase.methodIsUndecided { return .needsMethod }
      changes.holders.insert(card.holder)
      changes.note(incoming.time)
      try insertPurchase(incoming, origin: purchase.origin)
      return .inserted
    }
    changes.holders.insert(card.holder)
    changes.note(incoming.time)
    changes.note(partner.time)
    if purchase.origin.sourceKind == .cardStatement || purchase.methodIsUndecided {
      // The app's row already holds the better facts: its time and its merchant.
      try recordOrigin(record: incoming.id, of: partner.id, purchase.origin, incoming.merchant)
      return .sameAs(partner.id)
    }
    // The app's row replaces the statement's, keeping what happened to it since (refunds).
    var replacement = incoming
    replacement.status = partner.status
    replacement.refunded = min(partner.refunded, incoming.amount)
    try insertPurchase(replacement, origin: purchase.origin)
    try db.execute(
      "UPDATE refunds SET transaction_id = ? WHERE transaction_id = ?",
      [incoming.id.rawValue, partner.id.rawValue])
    try db.execute(
      "UPDATE origins SET transaction_id = ? WHERE transaction_id = ?",
      [incoming.id.rawValue, partner.id.rawValue])
    try db.execute("DELETE FROM transactions WHERE id = ?", [partner.id.rawValue])
    return .replacedStatementRow(partner.id)
  }

  /// The facts an export gives; status and refunded change afterwards, by refunds.
  private static func sameFacts(_ stored: Transaction, _ incoming: Transaction) -> Bool {
    stored.card == incoming.card && stored.time == incoming.time
      && stored.amount == incoming.amount && stored.currency == incoming.currency
      && stored.method == incoming.method && stored.merchant == incoming.merchant
      && stored.mcc == incoming.mcc && stored.enrollment == incoming.enrollment
  }

  private func insertPurchase(_ transaction: Transaction, origin: ImportOrigin) throws {
    try db.execute(
      "INSERT INTO transactions(\(Transaction.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      transaction.arguments)
    try recordOrigin(record: transaction.id, of: transaction.id, origin, transaction.merchant)
  }

  private func recordOrigin(
    record: Identifier, of transaction: Identifier, _ origin: ImportOrigin, _ merchant: String?
  ) throws {
    try db.execute(
      "INSERT INTO origins(record, transaction_id, format, source_kind, file, line, merchant, "
        + "method_decided_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(record) DO UPDATE SET "
        + "transaction_id = excluded.transaction_id, format = excluded.format, "
        + "source_kind = excluded.source_kind, file = excluded.file, line = excluded.line, "
        + "merchant = excluded.merchant, method_decided_by = excluded.method_decided_by",
      [
        record.rawValue, transaction.rawValue, origin.format, origin.sourceKind.rawValue,
        origin.file, origin.line, merchant, origin.methodDecidedBy,
      ])
  }

  /// The transaction a record id stands for: itself, or the transaction an export's row was
  /// recognised as.
  private func canonicalTransaction(ofRecord record: Identifier) throws -> Identifier? {
    try db.scalar("SELECT transaction_id FROM origins WHERE record = ?", [record.rawValue])?
      .stringValue.map(Identifier.init)
  }

  /// For each kind of export among `purchases`, the purchases from the other kind on their
  /// cards not yet paired with a row of that kind: what they may be second sightings of.
  private func sightingCandidates(for purchases: [ImportedPurchase]) throws
    -> [ImportOrigin.SourceKind: SightingCandidates]
  {
    var result: [ImportOrigin.SourceKind: SightingCandidates] = [:]
    for kind in Set(purchases.map(\.origin.sourceKind)) {
      let other: ImportOrigin.SourceKind = kind == .cardStatement ? .appExport : .cardStatement
      var transactions: [Transaction] = []
      for card in Set(purchases.map(\.transaction.card)).sorted() {
        transactions += try db.fetchAll(
          "SELECT \(Transaction.columns(of: "t")) FROM transactions t "
            + "JOIN origins o ON o.record = t.id WHERE t.card = ? AND o.source_kind = ? "
            + "AND NOT EXISTS (SELECT 1 FROM origins a WHERE a.transaction_id = t.id "
            + "AND a.record <> t.id)",
          [card.rawValue, other.rawValue], map: Transaction.init)
      }
      result[kind] = SightingCandidates(transactions, zone: timeZone)
    }
    return result
  }

  // MARK: Refunds

  private func importRefund(
    _ refund: ImportedRefund, candidates: inout RefundCandidates, changes: inout ChangeSet
  ) throws -> StatementImportReport.RefundOutcome {
    guard try card(refund.card) != nil else { throw StoreError.unknownCard(refund.card) }
    if let applied = try db.scalar(
      "SELECT transaction_id FROM refunds WHERE source = ?1 OR also_source = ?1",
      [refund.id.rawValue])?.stringValue
    {
      return .alreadyApplied(to: Identifier(applied))
    }
    let waiting = WaitingRow(refund)
    if let (first, target) = try sameRefund(as: waiting) {
      try db.execute(
        "UPDATE refunds SET also_source = ? WHERE source = ?",
        [refund.id.rawValue, first.rawValue])
      try db.execute("DELETE FROM waiting_refunds WHERE id = ?", [refund.id.rawValue])
      return .sameAs(first, on: target)
    }
    if let target = try purchase(refundedBy: waiting, candidates: &candidates) {
      try apply(waiting, to: target, changes: &changes)
      try db.execute("DELETE FROM waiting_refunds WHERE id = ?", [refund.id.rawValue])
      return .applied(to: target.id)
    }
    // Kept, even when the purchase it names cannot take it: refusing the row would refuse
    // the file the next time it is imported, and a purchase that arrives later cannot refuse
    // a refund the store already keeps. Every import says it waits, and why.
    let reason = try waitingReason(
      waiting.refundedTransaction, card: refund.card, amount: refund.amount)
    try db.execute(
      "INSERT INTO waiting_refunds(id, card, at, latest_purchase, amount, merchant, "
        + "refunded_transaction, format, file, line, source_kind) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT(id) DO NOTHING",
      [
        refund.id.rawValue, refund.card.rawValue, refund.time.nanosecondsSinceEpoch,
        refund.latestPurchase.nanosecondsSinceEpoch, refund.amount.minorUnits, refund.merchant,
        refund.refundedTransaction?.rawValue, refund.origin.format, refund.origin.file,
        refund.origin.line, refund.origin.sourceKind.rawValue,
      ])
    return reason.map { .waitingBecause($0) } ?? .waiting
  }

  /// The same refund from the other kind of export, already applied and not yet paired: on a
  /// purchase of the refund's card that it would refund (the one it names, or one with its
  /// merchant as any export wrote it), of the same amount, dated at most a day apart. Returns
  /// that refund's row id and its purchase.
  private func sameRefund(as refund: WaitingRow) throws -> (Identifier, Identifier)? {
    let other: ImportOrigin.SourceKind =
      refund.sourceKind == .cardStatement ? .appExport : .cardStatement
    let date = refund.time.localDate(in: timeZone)
    let from = timeZone.startOfDay(date.adding(days: -1))
    let until = timeZone.startOfDay(date.adding(days: 2))
    let named = try refund.refundedTransaction.flatMap { try canonicalTransaction(ofRecord: $0) }
    return try db.fetchOne(
      "SELECT r.source, r.transaction_id FROM refunds r JOIN transactions t "
        + "ON t.id = r.transaction_id WHERE r.amount = ?1 AND r.at >= ?2 AND r.at < ?3 "
        + "AND r.source_kind = ?4 AND r.also_source IS NULL AND t.card = ?5 AND ("
        + "t.id IS ?6 OR t.merchant IS ?7 OR EXISTS (SELECT 1 FROM origins o "
        + "WHERE o.transaction_id = t.id AND o.merchant IS ?7)) "
        + "ORDER BY abs(r.at - ?8), r.sequence LIMIT 1",
      [
        refund.amount.minorUnits, from.nanosecondsSinceEpoch, until.nanosecondsSinceEpoch,
        other.rawValue, refund.card.rawValue, named?.rawValue, refund.merchant,
        refund.time.nanosecondsSinceEpoch,
      ]
    ) { row in (Identifier(row.string(at: 0)), Identifier(row.string(at: 1))) }
  }

  /// A refund as matching needs it, whether just read or kept from an earlier import.
  private struct WaitingRow {
    var id: Identifier
    var card: Identifier
    var time: Instant
    var latestPurchase: Instant
    var amount: Money
    var merchant: String?
    var refundedTransaction: Identifier?
    var sourceKind: ImportOrigin.SourceKind

    init(_ refund: ImportedRefund) {
      sourceKind = refund.origin.sourceKind
      id = refund.id
      card = refund.card
      time = refund.time
      latestPurchase = refund.latestPurchase
      amount = refund.amount
      merchant = refund.merchant
      refundedTransaction = refund.refundedTransaction
    }

    init(row: Row) throws {
      let stored = StoredRow(row, table: "waiting_refunds")
      id = stored.id
      card = try stored.identifier(1, "card")
      time = try stored.instant(2, "at")
      latestPurchase = try stored.instant(3, "latest_purchase")
      amount = try stored.money(4, "amount")
      merchant = try stored.optionalText(5, "merchant")
      refundedTransaction = try stored.optionalIdentifier(6, "refunded_transaction")
      sourceKind = try stored.sourceKind(7)
    }
  }

  /// The purchase a refund refunds: the one its order id names (through any sighting), when
  /// it is on the refund's card with at least the refund's amount left unrefunded; else the
  /// latest purchase on its card on or before it, with its merchant (as any export wrote it)
  /// and at least its amount left unrefunded (ties: the larger id). Nil when none is: the
  /// refund waits (see ``waitingReason(_:card:amount:)`` for why, when its purchase is there).
  private func purchase(refundedBy refund: WaitingRow, candidates: inout RefundCandidates)
    throws -> RefundCandidates.Purchase?
  {
    guard let named = refund.refundedTransaction else {
      return candidates.take(
        card: refund.card, merchant: refund.merchant, latest: refund.latestPurchase,
        amount: refund.amount)
    }
    guard let target = try namedPurchase(named), target.card == refund.card,
      target.amount - target.refunded >= refund.amount
    else { return nil }
    candidates.reduce(target.id, by: refund.amount)
    return RefundCandidates.Purchase(
      id: target.id, card: target.card, time: target.time,
      left: target.amount - target.refunded - refund.amount)
  }

  /// The purchase an export's order id names, through any sighting of it.
  private func namedPurchase(_ named: Identifier) throws -> Transaction? {
    guard let id = try canonicalTransaction(ofRecord: named) ?? transactionID(named) else {
      return nil
    }
    return try transaction(id)
  }

  /// Why a refund of `amount` on `card` that names the purchase `named` cannot be applied to
  /// it although that purchase is in the store: the rule of ``purchase(refundedBy:candidates:)``
  /// in words. Nil when it names none, when the purchase is missing, or when it fits.
  private func waitingReason(_ named: Identifier?, card: Identifier, amount: Money) throws
    -> WaitingRefund.Reason?
  {
    guard let named, let target = try namedPurchase(named) else { return nil }
    if target.card != card { return .purchaseOnAnotherCard(target.id, card: target.card) }
    let left = target.amount - target.refunded
    guard left < amount else { return nil }
    return .moreThanThePurchase(target.id, left: left, amount: target.amount)
  }

  /// The purchases on `cards` a refund may go to, with every merchant each is known by.
  private func refundCandidates(cards: Set<Identifier>) throws -> RefundCandidates {
    var rows: [(purchase: RefundCandidates.Purchase, merchants: Set<String?>)] = []
    var positions: [Identifier: Int] = [:]
    for card in cards.sorted() {
      _ = try db.fetchAll(
        "SELECT id, time, amount - refunded, merchant FROM transactions "
          + "WHERE card = ? AND status NOT IN ('declined', 'reversed')", [card.rawValue]
      ) { row in
        let stored = StoredRow(row, table: "transactions")
        positions[stored.id] = rows.count
        rows.append(
          (
            RefundCandidates.Purchase(
              id: stored.id, card: card, time: try stored.instant(1, "time"),
              left: try stored.money(2, "amount")),
            [try stored.optionalText(3, "merchant")]
          ))
      }
      _ = try db.fetchAll(
        "SELECT o.transaction_id, o.merchant FROM origins o JOIN transactions t "
          + "ON t.id = o.transaction_id WHERE t.card = ? AND o.merchant IS NOT NULL",
        [card.rawValue]
      ) { row in
        let stored = StoredRow(row, table: "origins", idColumn: 0)
        if let position = positions[stored.id] {
          rows[position].merchants.insert(try stored.optionalText(1, "merchant"))
        }
      }
    }
    return RefundCandidates(rows)
  }

  private func waitingRefundCards() throws -> [Identifier] {
    try db.fetchAll("SELECT DISTINCT card FROM waiting_refunds") { Identifier($0.string(at: 0)) }
  }

  private func transactionID(_ id: Identifier) throws -> Identifier? {
    try db.scalar("SELECT id FROM transactions WHERE id = ?", [id.rawValue]).map { _ in id }
  }

  private func apply(
    _ refund: WaitingRow, to target: RefundCandidates.Purchase, changes: inout ChangeSet
  ) throws {
    try db.execute(
      "INSERT INTO refunds(transaction_id, amount, at, source, source_kind) "
        + "VALUES (?, ?, ?, ?, ?)",
      [
        target.id.rawValue, refund.amount.minorUnits, refund.time.nanosecondsSinceEpoch,
        refund.id.rawValue, refund.sourceKind.rawValue,
      ])
    try db.execute(
      "UPDATE transactions SET refunded = refunded + ? WHERE id = ?",
      [refund.amount.minorUnits, target.id.rawValue])
    if let card = try card(target.card) { changes.holders.insert(card.holder) }
    changes.note(target.time)
  }

  /// Applies the refunds kept by earlier imports whose purchases are now in the store.
  private func applyWaitingRefunds(
    except current: Set<Identifier>, candidates: inout RefundCandidates, changes: inout ChangeSet
  ) throws -> [(refund: Identifier, to: Identifier)] {
    let waiting = try db.fetchAll(
      "SELECT id, card, at, latest_purchase, amount, merchant, refunded_transaction, "
        + "source_kind FROM waiting_refunds ORDER BY at, id", map: WaitingRow.init)
    var applied: [(refund: Identifier, to: Identifier)] = []
    for refund in waiting where !current.contains(refund.id) {
      guard let target = try purchase(refundedBy: refund, candidates: &candidates) else {
        continue
      }
      try apply(refund, to: target, changes: &changes)
      try db.execute("DELETE FROM waiting_refunds WHERE id = ?", [refund.id.rawValue])
      applied.append((refund.id, target.id))
    }
    return applied
  }

  /// Applies the refunds kept by statement imports whose purchases a change brought in (a
  /// transactions file, a purchase typed by hand), inside the caller's transaction; returns
  /// how many. Costs one query when none is waiting.
  func applyWaitingRefundsAfterChange(changes: inout ChangeSet) throws -> Int {
    let cards = try waitingRefundCards()
    guard !cards.isEmpty else { return 0 }
    var candidates = try refundCandidates(cards: Set(cards))
    return try applyWaitingRefunds(except: [], candidates: &candidates, changes: &changes).count
  }

  /// Every refund kept until its purchase is imported, oldest first, each with why it still
  /// waits when the purchase it names is in the store.
  public func waitingRefunds() throws -> [WaitingRefund] {
    try withReasons(
      try db.fetchAll(
        "SELECT \(Self.waitingColumns) FROM waiting_refunds ORDER BY at, id",
        map: Self.waitingRefund))
  }

  /// The refund with this id kept until its purchase is imported, if one is.
  public func waitingRefund(_ id: Identifier) throws -> WaitingRefund? {
    try withReasons(
      try db.fetchAll(
        "SELECT \(Self.waitingColumns) FROM waiting_refunds WHERE id = ?", [id.rawValue],
        map: Self.waitingRefund)
    ).first
  }

  /// Removes a refund kept until its purchase is imported (one that can never belong to it,
  /// say), and returns it; nil when no refund with this id waits. Importing its export again
  /// keeps it again, as it brings back a removed transaction.
  public func removeWaitingRefund(_ id: Identifier) throws -> WaitingRefund? {
    try write {
      guard let refund = try waitingRefund(id) else { return nil }
      try db.execute("DELETE FROM waiting_refunds WHERE id = ?", [id.rawValue])
      return refund
    }
  }

  private static let waitingColumns =
    "id, card, at, amount, merchant, file, line, refunded_transaction"

  private static func waitingRefund(_ row: Row) throws -> WaitingRefund {
    let stored = StoredRow(row, table: "waiting_refunds")
    return WaitingRefund(
      id: stored.id, card: try stored.identifier(1, "card"), time: try stored.instant(2, "at"),
      amount: try stored.money(3, "amount"), merchant: try stored.optionalText(4, "merchant"),
      file: try stored.text(5, "file"), line: try stored.int(6, "line"),
      purchase: try stored.optionalIdentifier(7, "refunded_transaction"))
  }

  /// The refunds with their reasons, worked out now from the purchases they name, so that a
  /// reason is never stale: a purchase replaced or refunded since changes it.
  private func withReasons(_ refunds: [WaitingRefund]) throws -> [WaitingRefund] {
    var result = refunds
    for index in result.indices where result[index].purchase != nil {
      result[index].reason = try waitingReason(
        result[index].purchase, card: result[index].card, amount: result[index].amount)
    }
    return result
  }

  /// Where a transaction came from: the row it was imported from first, then every other
  /// export's row recognised as the same purchase. Empty for one recorded by hand or from our
  /// own CSV.
  public func origins(of transaction: Identifier) throws -> [TransactionOrigin] {
    try db.fetchAll(
      "SELECT record, format, source_kind, file, line, merchant, method_decided_by FROM origins "
        + "WHERE transaction_id = ? ORDER BY record <> transaction_id, record",
      [transaction.rawValue]
    ) { row in
      let stored = StoredRow(row, table: "origins")
      return TransactionOrigin(
        record: stored.id, format: try stored.text(1, "format"),
        sourceKind: try stored.sourceKind(2), file: try stored.text(3, "file"),
        line: try stored.int(4, "line"), merchant: try stored.optionalText(5, "merchant"),
        methodDecidedBy: try stored.optionalText(6, "method_decided_by"))
    }
  }
}

extension StoredRow {
  fileprivate func sourceKind(_ index: Int) throws -> ImportOrigin.SourceKind {
    let text = try self.text(index, "source_kind")
    guard let kind = ImportOrigin.SourceKind(rawValue: text) else {
      throw StoreError.damagedRow(
        table: table, row: id, column: "source_kind", value: text,
        expected: .sourceKind)
    }
    return kind
  }
}
