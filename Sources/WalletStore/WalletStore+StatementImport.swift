import WalletCore

/// The store refused one row of an export; nothing of it was kept.
public struct StatementImportError: Error, Sendable {
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
  /// Why the store refused the row.
  public var error: StoreError
}

private struct DryRunRollback: Error {}

extension WalletStore {
  /// Imports what one export holds in one SQLite transaction, all of it or none: purchases
  /// (recognising one already seen in the other kind of export), refunds applied to their
  /// purchases or kept until those arrive, and postings. Importing the same export again
  /// changes nothing. With `dryRun`, everything is worked out and reported, then rolled back.
  public func importStatement(
    _ statement: StatementImport, replace: Bool = false, dryRun: Bool = false
  ) throws -> StatementImportOutcomes {
    var result = StatementImportOutcomes()
    do {
      try write {
        var changes = ChangeSet()
        var report = StatementImportOutcomes()
        func located<T>(_ entry: StatementImportError.Entry, _ body: () throws -> T) throws
          -> T
        {
          do {
            return try body()
          } catch let error as StoreError where !error.isDamage {
            throw StatementImportError(entry: entry, error: error)
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
  ) throws -> StatementImportOutcomes.PurchaseOutcome {
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
      changes.holders.insert(card.holder)
      changes.note(incoming.time)
      // A purchase without a method is stored all the same, for the rest of the import to see:
      // the refunds it takes are those it takes once a method is given (matching never looks
      // at the method), and the import, which is rolled back, reports just that.
      try insertPurchase(incoming, origin: purchase.origin)
      return purchase.methodIsUndecided ? .needsMethod : .inserted
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
        + "\(MethodDecisionColumns.names)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT(record) DO UPDATE SET "
        + "transaction_id = excluded.transaction_id, format = excluded.format, "
        + "source_kind = excluded.source_kind, file = excluded.file, line = excluded.line, "
        + "merchant = excluded.merchant, method_source = excluded.method_source, "
        + "method_rule = excluded.method_rule, method_words = excluded.method_words, "
        + "method_file = excluded.method_file",
      [
        record.rawValue, transaction.rawValue, origin.format, origin.sourceKind.rawValue,
        origin.file, origin.line, merchant,
      ] + MethodDecisionColumns.values(of: origin.methodDecidedBy))
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
}
