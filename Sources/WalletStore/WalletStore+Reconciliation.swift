import WalletCore

extension WalletStore {
  /// The decisions under a promotion that leave the issuer owing something, of one holder or
  /// all, with their transactions' times, in the order of their times (then transaction ids):
  /// what reconciliation compares with the postings.
  public func owedDecisions(promotion: Promotion, holder: Identifier? = nil) throws
    -> [OwedDecision]
  {
    // Owed decisions are those with an ordinal: rewarded ones, and (SPEC 4) forfeited ones,
    // which keep theirs. Which of them owe what is `OwedDecision`'s to say.
    let sql =
      "SELECT \(Self.decisionColumns), time FROM decisions "
      + "WHERE promotion = ? AND ordinal IS NOT NULL"
    let read = { (row: Row) in
      (try Self.decision(from: row), try StoredRow(row, table: "decisions").instant(13, "time"))
    }
    guard let holder else {
      return try db.fetchAll(
        sql + " ORDER BY time, transaction_id", [promotion.id.rawValue], map: read
      ).compactMap { OwedDecision(decision: $0, time: $1, promotion: promotion) }
    }
    // Asked in time order, SQLite (without ANALYZE) walks every reward of the promotion in
    // rewards_by_time's order, which is that order, and keeps the holder's. Asked in
    // rewards_by_holder's own order, it has no cheaper-looking choice than to look up the
    // holder's few, which are put in time order here, ties by id bytes as SQLite compares TEXT.
    return try db.fetchAll(
      sql + " AND holder = ? ORDER BY ordinal", [promotion.id.rawValue, holder.rawValue], map: read
    )
    .sorted { ($0.1, $0.0.transaction) < ($1.1, $1.0.transaction) }
    .compactMap { OwedDecision(decision: $0, time: $1, promotion: promotion) }
  }

  /// The holder each card's postings belong to: the card's own holder, which for a
  /// supplementary card is its primary holder. With `holder`, only that holder's cards: all
  /// that a reconciliation of the holder's postings looks up.
  public func cardHolders(of holder: Identifier? = nil) throws -> [Identifier: Identifier] {
    Dictionary(try cards(holder: holder).map { ($0.id, $0.holder) }) { first, _ in first }
  }
}
