import WalletCore

extension WalletStore {
  /// The decisions under a promotion that leave the issuer owing something, of one holder or
  /// all, with their transactions' times: what reconciliation compares with the postings.
  public func owedDecisions(promotion: Promotion, holder: Identifier? = nil) throws
    -> [OwedDecision]
  {
    // Owed decisions are those with an ordinal: rewarded ones, and (SPEC 4) forfeited ones,
    // which keep theirs. Which of them owe what is `OwedDecision`'s to say.
    var sql =
      "SELECT \(Self.decisionColumns), time FROM decisions "
      + "WHERE promotion = ? AND ordinal IS NOT NULL"
    var arguments: [(any DatabaseValueConvertible)?] = [promotion.id.rawValue]
    if let holder {
      sql += " AND holder = ?"
      arguments.append(holder.rawValue)
    }
    sql += " ORDER BY time, transaction_id"
    return try db.fetchAll(sql, arguments) { row in
      (try Self.decision(from: row), try StoredRow(row, table: "decisions").instant(13, "time"))
    }.compactMap { decision, time in
      OwedDecision(decision: decision, time: time, promotion: promotion)
    }
  }

  /// The holder each card's postings belong to: the card's own holder, which for a
  /// supplementary card is its primary holder.
  public func cardHolders() throws -> [Identifier: Identifier] {
    Dictionary(try cards().map { ($0.id, $0.holder) }) { first, _ in first }
  }
}
