import WalletCore

// An export's refunds matched to the purchases they refund, or kept waiting until those arrive.
extension WalletStore {
  /// Applies one refund of an export to its purchase, or keeps it waiting: see
  /// ``purchase(refundedBy:candidates:)``.
  func importRefund(
    _ refund: ImportedRefund, candidates: inout RefundCandidates, changes: inout ChangeSet
  ) throws -> StatementImportOutcomes.RefundOutcome {
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
  func waitingReason(_ named: Identifier?, card: Identifier, amount: Money) throws
    -> WaitingRefund.Reason?
  {
    guard let named, let target = try namedPurchase(named) else { return nil }
    if target.card != card { return .purchaseOnAnotherCard(target.id, card: target.card) }
    let left = target.amount - target.refunded
    guard left < amount else { return nil }
    return .moreThanThePurchase(target.id, left: left, amount: target.amount)
  }

  /// The purchases on `cards` a refund may go to, with every merchant each is known by.
  func refundCandidates(cards: Set<Identifier>) throws -> RefundCandidates {
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

  func waitingRefundCards() throws -> [Identifier] {
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
  func applyWaitingRefunds(
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
}
