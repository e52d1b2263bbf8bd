import WalletCore

extension WalletStore {
  /// The kinds of ids a command may name, for checking that the store knows one.
  public enum IDKind: Sendable {
    /// A card's id.
    case card
    /// A holder's id (a holder the store knows has at least one card).
    case holder
    /// An enrollment's id.
    case enrollment
    /// A transaction's id.
    case transaction
    /// A posting's id.
    case posting
  }

  /// Whether the store holds an id of this kind.
  public func knows(_ id: Identifier, as kind: IDKind) throws -> Bool {
    let sql =
      switch kind {
      case .card: "SELECT 1 FROM cards WHERE id = ?"
      case .holder: "SELECT 1 FROM cards WHERE holder = ? LIMIT 1"
      case .enrollment: "SELECT 1 FROM enrollments WHERE id = ?"
      case .transaction: "SELECT 1 FROM transactions WHERE id = ?"
      case .posting: "SELECT 1 FROM postings WHERE id = ?"
      }
    return try db.scalar(sql, [id.rawValue]) != nil
  }

  /// Ids of this kind that might be what `id` was meant to be: every one for the small tables
  /// (cards, holders, enrollments), and for the large ones only the ids next to it in sorted
  /// order, so that a store of a million transactions answers at once.
  public func idsNear(_ id: Identifier, as kind: IDKind) throws -> [Identifier] {
    let table: String
    switch kind {
    case .card:
      return try db.fetchAll("SELECT id FROM cards ORDER BY id") { Identifier($0.string(at: 0)) }
    case .holder:
      return try db.fetchAll("SELECT DISTINCT holder FROM cards ORDER BY holder") {
        Identifier($0.string(at: 0))
      }
    case .enrollment:
      return try db.fetchAll("SELECT id FROM enrollments ORDER BY id") {
        Identifier($0.string(at: 0))
      }
    case .transaction: table = "transactions"
    case .posting: table = "postings"
    }
    let after = try db.fetchAll(
      "SELECT id FROM \(table) WHERE id >= ? ORDER BY id LIMIT 5", [id.rawValue]
    ) { Identifier($0.string(at: 0)) }
    let before = try db.fetchAll(
      "SELECT id FROM \(table) WHERE id < ? ORDER BY id DESC LIMIT 5", [id.rawValue]
    ) { Identifier($0.string(at: 0)) }
    // A wrong first character sorts far away; the same id in another case is the commonest.
    let folded = try db.fetchAll(
      "SELECT id FROM \(table) WHERE id = ? COLLATE NOCASE LIMIT 5", [id.rawValue]
    ) { Identifier($0.string(at: 0)) }
    return before.reversed() + after + folded
  }
}

extension WalletStore {
  /// Up to `limit` ids of this kind that start with `prefix`, in order, for shell completion:
  /// a range of the id index, so a large table answers at once.
  public func ids(
    of kind: IDKind, startingWith prefix: String, limit: Int = 200
  ) throws -> [Identifier] {
    let (table, column) =
      switch kind {
      case .card: ("cards", "id")
      case .holder: ("cards", "holder")
      case .enrollment: ("enrollments", "id")
      case .transaction: ("transactions", "id")
      case .posting: ("postings", "id")
      }
    var found: [Identifier] = []
    let rows = try db.fetchAll(
      "SELECT DISTINCT \(column) FROM \(table) WHERE \(column) >= ? ORDER BY \(column) LIMIT ?",
      [prefix, Int64(limit)]
    ) { $0.string(at: 0) }
    for row in rows {
      guard row.hasPrefix(prefix) else { break }
      found.append(Identifier(row))
    }
    return found
  }
}
