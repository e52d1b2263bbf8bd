import WalletCore

extension Posting {
  static let columns = "id, card, date, kind, amount, transaction_id, reverses, description"

  init(row: Row) throws {
    let stored = StoredRow(row, table: "postings")
    self.init(
      id: stored.id, card: try stored.identifier(1, "card"), date: try stored.date(2, "date"),
      kind: try stored.code(3, "kind"), amount: try stored.money(4, "amount"),
      transaction: try stored.optionalIdentifier(5, "transaction_id"),
      reverses: try stored.optionalIdentifier(6, "reverses"),
      description: try stored.optionalText(7, "description"))
  }

  var arguments: [(any DatabaseValueConvertible)?] {
    [
      id.rawValue, card.rawValue, date.description, kind.rawValue, amount.minorUnits,
      transaction?.rawValue, reverses?.rawValue, description,
    ]
  }
}

extension WalletStore {
  /// Records a posting by hand.
  @discardableResult
  public func addPosting(_ posting: Posting, replace: Bool = false) throws -> UpsertOutcome {
    try write { try upsertPosting(posting, replace: replace) }
  }

  /// Imports postings in one SQLite transaction: all of them or none (none, too, when every one
  /// is refused, as for cards). A posting already in the store unchanged is left alone; one
  /// with different details is refused unless `replace`.
  public func importPostings(_ postings: [Posting], policy: ImportPolicy) throws -> ImportReport {
    try Self.keptUnlessEveryRowRefused {
      try write {
        var report = ImportReport()
        for (index, posting) in postings.enumerated() {
          do {
            report.count(try upsertPosting(posting, replace: policy.replace))
          } catch let error as StoreError where !error.isDamage {
            guard policy.skipInvalid else { throw ImportError(index: index, error: error) }
            report.rejected.append((index, error))
          }
        }
        try Self.checkSomeRowUsed(report, count: postings.count, policy: policy)
        return report
      }
    }
  }

  func upsertPosting(_ posting: Posting, replace: Bool) throws -> UpsertOutcome {
    guard try card(posting.card) != nil else { throw StoreError.unknownCard(posting.card) }
    let existing = try db.fetchOne(
      "SELECT \(Posting.columns) FROM postings WHERE id = ?", [posting.id.rawValue],
      map: Posting.init)
    if existing == posting { return .unchanged }
    if existing != nil && !replace {
      throw StoreError.conflict(kind: .posting, id: posting.id)
    }
    try db.execute(
      "INSERT INTO postings(\(Posting.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
        + "ON CONFLICT(id) DO UPDATE SET card = excluded.card, date = excluded.date, "
        + "kind = excluded.kind, amount = excluded.amount, "
        + "transaction_id = excluded.transaction_id, reverses = excluded.reverses, "
        + "description = excluded.description",
      posting.arguments)
    return existing == nil ? .inserted : .replaced
  }

  /// Which postings to list.
  public struct PostingFilter: Sendable {
    /// Only this holder's cards.
    public var holder: Identifier?
    /// Only this card.
    public var card: Identifier?

    /// A filter; nil fields do not filter.
    public init(holder: Identifier? = nil, card: Identifier? = nil) {
      self.holder = holder
      self.card = card
    }
  }

  /// Postings matching the filter, by date, then id.
  public func postings(_ filter: PostingFilter = PostingFilter()) throws -> [Posting] {
    var clause = WhereClause()
    clause.cards(holder: filter.holder, card: filter.card)
    return try db.fetchAll(
      "SELECT \(Posting.columns) FROM postings\(clause.sql) ORDER BY date, id", clause.arguments,
      map: Posting.init)
  }

  /// The posting with this id.
  public func posting(_ id: Identifier) throws -> Posting? {
    try db.fetchOne(
      "SELECT \(Posting.columns) FROM postings WHERE id = ?", [id.rawValue], map: Posting.init)
  }

  /// Removes a posting; nil when there is none with the id.
  public func removePosting(_ id: Identifier) throws -> Posting? {
    try write {
      guard let posting = try posting(id) else { return nil }
      try db.execute("DELETE FROM postings WHERE id = ?", [id.rawValue])
      return posting
    }
  }
}
