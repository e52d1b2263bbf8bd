import WalletCore

extension WalletStore {
  /// What removing a transaction took with it.
  public struct TransactionRemoval: Equatable, Sendable {
    /// The transaction removed, as it was.
    public var transaction: Transaction
    /// How many refunds of it were removed with it.
    public var refunds: Int
  }

  /// Removes a transaction with its refunds, and decides again every purchase its decisions
  /// touched, as if it had never been recorded: the store stays equal to what `batch` decides
  /// for the files without it. Postings that named it keep their row (they are what the issuer
  /// posted) and are simply no longer matched to a transaction of the store.
  public func removeTransaction(_ id: Identifier) throws -> TransactionRemoval {
    try write {
      guard let transaction = try transaction(id) else { throw StoreError.unknownTransaction(id) }
      let refunds = try count("SELECT COUNT(*) FROM refunds WHERE transaction_id = ?", id)
      var changes = ChangeSet()
      if let card = try card(transaction.card) { changes.holders.insert(card.holder) }
      changes.note(transaction.time)
      try db.execute("DELETE FROM transactions WHERE id = ?", [id.rawValue])
      try rematerialize(changes)
      return TransactionRemoval(transaction: transaction, refunds: refunds)
    }
  }
}
