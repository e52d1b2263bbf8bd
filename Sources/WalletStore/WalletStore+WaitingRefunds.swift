import WalletCore

extension WalletStore {
  /// Every refund kept until its purchase is imported, oldest first, each with why it still
  /// waits when the purchase it names is in the store; with `holder` or `card`, only those on
  /// that holder's cards or on that card, found through `waiting_refunds_by_card`.
  public func waitingRefunds(holder: Identifier? = nil, card: Identifier? = nil) throws
    -> [WaitingRefund]
  {
    var clause = WhereClause()
    clause.cards(holder: holder, card: card)
    return try withReasons(
      try db.fetchAll(
        "SELECT \(Self.waitingColumns) FROM waiting_refunds\(clause.sql) ORDER BY at, id",
        clause.arguments, map: Self.waitingRefund))
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
}
