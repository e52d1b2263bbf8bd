import WalletCore

extension WalletStore {
  /// One holder's transactions under `promotion` as the materialised decisions left them: what a
  /// SPEC 8 threshold sums and its limits count (`RuleStanding`, `RuleFinding`). Reads only the
  /// holder's decisions, through `decisions_by_holder`, and each one's transaction by its key.
  public func decidedPurchases(promotion: Identifier, holder: Identifier) throws
    -> [DecidedPurchase]
  {
    try db.fetchAll(Self.decidedPurchasesSQL, [promotion.rawValue, holder.rawValue]) { row in
      let stored = StoredRow(row, table: "decisions")
      let hasPlace = !row.isNull(at: 6)
      return DecidedPurchase(
        transaction: stored.id, card: try stored.identifier(1, "card"),
        time: try stored.instant(2, "time"), amount: try stored.money(3, "amount"),
        refunded: try stored.money(4, "refunded"),
        reason: row.isNull(at: 5) ? nil : try stored.reason(5, "reason"),
        place: hasPlace ? try stored.money(7, "reward") : nil)
    }
  }

  /// One holder's decisions under a promotion, each with its transaction's amount and refunds.
  /// Without ANALYZE, SQLite would as soon search the primary key by `promotion = ?` alone (every
  /// decision of the promotion) as `decisions_by_holder`; asking in that index's own order
  /// leaves it no cheaper-looking choice (as `progress(before:promotion:holder:)` does).
  static let decidedPurchasesSQL =
    "SELECT d.transaction_id, d.card, d.time, t.amount, t.refunded, d.reason, d.ordinal, d.reward "
    + "FROM decisions d JOIN transactions t ON t.id = d.transaction_id "
    + "WHERE d.promotion = ? AND d.holder = ? ORDER BY d.ordinal"
}
