import WalletCore

extension WalletStore {
  /// Calls `body` with each transaction matching the filter, in time order then id, as the
  /// rows are read: nothing is gathered, so the first one arrives at once however large the
  /// store, and memory stays flat. At most `limit` are read; `body` returns false to stop.
  public func forEachTransaction(
    _ filter: TransactionFilter = TransactionFilter(), limit: Int? = nil,
    _ body: (Transaction) throws -> Bool
  ) throws {
    var clause = WhereClause()
    clause.cards(holder: filter.holder, card: filter.card)
    clause.add("time >= ?", filter.from?.nanosecondsSinceEpoch)
    clause.add("time < ?", filter.until?.nanosecondsSinceEpoch)
    var arguments = clause.arguments
    var sql = "SELECT \(Transaction.columns) FROM transactions\(clause.sql) ORDER BY time, id"
    if let limit {
      sql += " LIMIT ?"
      arguments.append(Int64(limit))
    }
    try db.forEach(sql, arguments, map: Transaction.init(row:), body)
  }
}

extension WalletStore {
  /// A cursor over rows, read one at a time as a merge of several lists needs them.
  public final class Cursor<Element> {
    private let statement: SQLiteStatement
    private let map: (Row) throws -> Element
    /// The row read last and not yet taken, if any.
    public private(set) var current: Element?

    init(
      _ db: Database, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
      map: @escaping (Row) throws -> Element
    ) throws {
      statement = try StoreConnection.mapped {
        let statement = try db.prepare(sql)
        try statement.bind(arguments)
        return statement
      }
      self.map = map
      try advance()
    }

    /// Reads the next row into ``current``; nil at the end.
    public func advance() throws {
      // Read as the caller needs it, outside the store's own calls: mapped here.
      current = try StoreConnection.mapped { try statement.step().map(map) }
    }

    deinit { try? statement.reset() }
  }

  /// The rewards of ``rewards(promotion:holder:cycleStart:includingForfeited:)``, by holder
  /// then ordinal, read as they are needed.
  public func rewardCursor(
    promotion: Identifier, holder: Identifier? = nil, includingForfeited: Bool = false
  ) throws -> Cursor<RewardLine> {
    let (sql, arguments) = Self.rewardQuery(
      promotion: promotion, holder: holder, cycleStart: nil,
      includingForfeited: includingForfeited)
    return try Cursor(db.database, sql, arguments, map: Self.rewardLine)
  }

  /// Each holder with cards (only `holder`, when given), by id, with the first enrollment of
  /// their cards (nil when none was ever bound), read as they are needed.
  public func holderCursor(
    holder: Identifier? = nil
  ) throws -> Cursor<(holder: Identifier, firstEnrollment: Instant?)> {
    var clause = WhereClause()
    clause.add("c.holder = ?", holder?.rawValue)
    return try Cursor(
      db.database,
      "SELECT c.holder, MIN(e.enrolled_at) FROM cards c LEFT JOIN enrollments e ON e.card = c.id"
        + "\(clause.sql) GROUP BY c.holder ORDER BY c.holder", clause.arguments
    ) { row in
      (
        Identifier(row.string(at: 0)),
        row.isNull(at: 1) ? nil : Instant(nanosecondsSinceEpoch: row.int64(at: 1))
      )
    }
  }

  /// The time of the holder's first transaction, if any.
  public func firstTransaction(holder: Identifier) throws -> Instant? {
    try db.scalar(
      "SELECT MIN(time) FROM transactions WHERE card IN (SELECT id FROM cards WHERE holder = ?)",
      [holder.rawValue]
    )?.int64Value.map(Instant.init(nanosecondsSinceEpoch:))
  }
}

extension WalletStore {
  /// Calls `body` with each reward under a promotion, in the order of
  /// ``rewards(promotion:holder:cycleStart:includingForfeited:)``, as the rows are read: the
  /// first arrives at once however large the store, and memory stays flat. `body` returns false
  /// to stop.
  public func forEachReward(
    promotion: Identifier, includingForfeited: Bool = false,
    _ body: (RewardLine) throws -> Bool
  ) throws {
    let (sql, arguments) = Self.rewardQuery(
      promotion: promotion, holder: nil, cycleStart: nil, includingForfeited: includingForfeited)
    try db.forEach(sql, arguments, map: Self.rewardLine, body)
  }

  /// Calls `body` with each decision under a promotion, in the order of the transactions' time,
  /// then id (as ``decisions(promotion:)``), as the rows are read. `body` returns false to stop.
  public func forEachDecision(promotion: Identifier, _ body: (Decision) throws -> Bool) throws {
    try db.forEach(
      "SELECT \(Self.decisionColumns) FROM decisions WHERE promotion = ? "
        + "ORDER BY time, transaction_id", [promotion.rawValue], map: Self.decision(from:), body)
  }
}
