import WalletCore

/// Why a transaction's status cannot change as asked: the transaction and what it is now,
/// worded by the command line.
public enum StatusChangeError: Error, Equatable, Sendable {
  /// Only a pending transaction settles.
  case cannotSettle(Identifier, TransactionStatus)
  /// Only a transaction not yet settled can be voided (撤销); a settled one is refunded, for
  /// what is left of its amount.
  case cannotVoid(Identifier, TransactionStatus, amount: Money, currency: Currency)
}

extension WalletStore {
  /// Marks a pending transaction settled; its decisions are brought up to date (a pending
  /// purchase already counts like a settled one, so they do not change).
  @discardableResult
  public func settle(_ id: Identifier) throws -> Transaction {
    try changeStatus(id, to: .settled) { transaction in
      guard transaction.status == .pending else {
        throw StatusChangeError.cannotSettle(id, transaction.status)
      }
    }
  }

  /// Voids (撤销) a transaction not yet settled: its status becomes `reversed`, so it earns
  /// nothing, and the holder's later purchases are decided again. A settled one is refused: it
  /// is refunded (`refund`).
  @discardableResult
  public func void(_ id: Identifier) throws -> Transaction {
    try changeStatus(id, to: .reversed) { transaction in
      guard transaction.status == .pending else {
        throw StatusChangeError.cannotVoid(
          id, transaction.status, amount: transaction.amount - transaction.refunded,
          currency: transaction.currency)
      }
    }
  }

  private func changeStatus(
    _ id: Identifier, to status: TransactionStatus, check: (Transaction) throws -> Void
  ) throws -> Transaction {
    try write {
      guard var transaction = try transaction(id) else { throw StoreError.unknownTransaction(id) }
      try check(transaction)
      transaction.status = status
      try db.execute(
        "UPDATE transactions SET status = ? WHERE id = ?", [status.rawValue, id.rawValue])
      var changes = ChangeSet()
      if let card = try card(transaction.card) { changes.holders.insert(card.holder) }
      changes.note(transaction.time)
      try rematerialize(changes)
      return transaction
    }
  }
}
