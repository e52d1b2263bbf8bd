import WalletCore

extension WalletStore {
  // MARK: Cards

  /// Adds a card (and its holder). The same card again changes nothing; a different card with
  /// the same id is a conflict unless `replace` is set.
  @discardableResult
  public func addCard(_ card: Card, replace: Bool = false) throws -> UpsertOutcome {
    try write {
      var changes = ChangeSet()
      let outcome = try upsertCard(card, replace: replace, changes: &changes)
      try rematerialize(changes)
      return outcome
    }
  }

  func upsertCard(_ card: Card, replace: Bool, changes: inout ChangeSet) throws -> UpsertOutcome {
    let existing = try self.card(card.id)
    if existing == card { return .unchanged }
    if let existing, !replace { throw StoreError.conflict(kind: .card, id: existing.id) }
    try db.execute("INSERT OR IGNORE INTO holders(id) VALUES (?)", [card.holder.rawValue])
    if let existing {
      try db.execute(
        "UPDATE cards SET holder = ?2, network = ?3, type = ?4, role = ?5, issuer = ?6, "
          + "last4 = ?7 WHERE id = ?1", card.arguments)
      changes.holders.insert(existing.holder)
      changes.holders.insert(card.holder)
      if let earliest = try earliestTransaction(card: card.id) { changes.note(earliest) }
      return .replaced
    }
    try db.execute(
      "INSERT INTO cards(\(Card.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)", card.arguments)
    return .inserted
  }

  /// The card with this id.
  public func card(_ id: Identifier) throws -> Card? {
    try db.fetchOne("SELECT \(Card.columns) FROM cards WHERE id = ?", [id.rawValue], map: Card.init)
  }

  /// Cards, of one holder or all, by id.
  public func cards(holder: Identifier? = nil) throws -> [Card] {
    let (sql, arguments) = Self.cardQuery(holder: holder)
    return try db.fetchAll(sql, arguments, map: Card.init)
  }

  /// Calls `body` with each card of ``cards(holder:)``, in the same order, as the rows are read:
  /// the first arrives at once however many cards a bank's store holds. `body` returns false to
  /// stop.
  public func forEachCard(holder: Identifier? = nil, _ body: (Card) throws -> Bool) throws {
    let (sql, arguments) = Self.cardQuery(holder: holder)
    try db.forEach(sql, arguments, map: Card.init, body)
  }

  /// The query of ``cards(holder:)``.
  private static func cardQuery(holder: Identifier?) -> (
    String, [(any DatabaseValueConvertible)?]
  ) {
    guard let holder else { return ("SELECT \(Card.columns) FROM cards ORDER BY id", []) }
    return (
      "SELECT \(Card.columns) FROM cards WHERE holder = ? ORDER BY id", [holder.rawValue]
    )
  }

  /// What removing a card took with it.
  public struct CardRemoval: Equatable, Sendable {
    /// The card removed.
    public var card: Card
    /// Its transactions, removed with it.
    public var transactions: Int
    /// Its enrollments, removed with it.
    public var enrollments: Int
    /// Its postings (rewards the issuer posted to it), removed with it.
    public var postings: Int = 0
    /// Transactions on other cards that named one of its enrollments, and no longer do.
    public var unlinkedTransactions: Int
  }

  /// Removes a card. A card with transactions is kept unless `force` is set; then its
  /// transactions, enrollments and postings go too, and the holder's decisions are recomputed.
  public func removeCard(_ id: Identifier, force: Bool) throws -> CardRemoval {
    try write {
      guard let card = try card(id) else { throw StoreError.unknownCard(id) }
      let transactions = try count("SELECT COUNT(*) FROM transactions WHERE card = ?", id)
      let enrollments = try count("SELECT COUNT(*) FROM enrollments WHERE card = ?", id)
      let postings = try count("SELECT COUNT(*) FROM postings WHERE card = ?", id)
      if transactions > 0 && !force {
        throw StoreError.cardHasTransactions(id, count: transactions)
      }
      var changes = ChangeSet()
      changes.holders.insert(card.holder)
      changes.earliest = try earliestTransaction(card: id)
      // Transactions on other cards may name this card's enrollments; they lose that link, and
      // their holders' decisions are recomputed too.
      let linked = try db.fetchAll(
        "SELECT c.holder, t.time, t.id FROM transactions t JOIN cards c ON c.id = t.card "
          + "WHERE t.card <> ?1 AND t.enrollment IN (SELECT id FROM enrollments WHERE card = ?1)",
        [id.rawValue]
      ) { row in
        let stored = StoredRow(row, table: "transactions", idColumn: 2)
        return (Identifier(row.string(at: 0)), try stored.instant(1, "time"))
      }
      if !linked.isEmpty && !force {
        throw StoreError.cardEnrollmentsNamedElsewhere(id, count: linked.count)
      }
      for (holder, time) in linked {
        changes.holders.insert(holder)
        changes.note(time)
      }
      try db.execute(
        "UPDATE transactions SET enrollment = NULL WHERE enrollment IN "
          + "(SELECT id FROM enrollments WHERE card = ?)", [id.rawValue])
      try db.execute("DELETE FROM transactions WHERE card = ?", [id.rawValue])
      try db.execute("DELETE FROM enrollments WHERE card = ?", [id.rawValue])
      try db.execute("DELETE FROM cards WHERE id = ?", [id.rawValue])
      try rematerialize(changes)
      return CardRemoval(
        card: card, transactions: transactions, enrollments: enrollments, postings: postings,
        unlinkedTransactions: linked.count)
    }
  }

  // MARK: Enrollments

  /// Adds an enrollment of a card that is in the store.
  @discardableResult
  public func addEnrollment(_ enrollment: Enrollment, replace: Bool = false) throws
    -> UpsertOutcome
  {
    try write {
      var changes = ChangeSet()
      let outcome = try upsertEnrollment(enrollment, replace: replace, changes: &changes)
      try rematerialize(changes)
      return outcome
    }
  }

  func upsertEnrollment(_ enrollment: Enrollment, replace: Bool, changes: inout ChangeSet)
    throws -> UpsertOutcome
  {
    guard let card = try card(enrollment.card) else {
      throw StoreError.unknownCard(enrollment.card)
    }
    let existing = try self.enrollment(enrollment.id)
    if existing == enrollment { return .unchanged }
    if let existing, !replace {
      throw StoreError.conflict(kind: .enrollment, id: existing.id)
    }
    changes.holders.insert(card.holder)
    changes.note(enrollment.enrolledAt)
    if let existing {
      changes.note(existing.enrolledAt)
      if let oldCard = try self.card(existing.card) { changes.holders.insert(oldCard.holder) }
      // Transactions on any card may name the enrollment; moving it can make them count.
      let naming = try db.fetchAll(
        "SELECT c.holder FROM transactions t JOIN cards c ON c.id = t.card WHERE t.enrollment = ?",
        [existing.id.rawValue]
      ) { Identifier($0.string(at: 0)) }
      changes.holders.formUnion(naming)
      try db.execute(
        "UPDATE enrollments SET card = ?2, channel = ?3, enrolled_at = ?4, removed_at = ?5 "
          + "WHERE id = ?1", enrollment.arguments)
      return .replaced
    }
    try db.execute(
      "INSERT INTO enrollments(\(Enrollment.columns)) VALUES (?, ?, ?, ?, ?)",
      enrollment.arguments)
    return .inserted
  }

  /// The enrollment with this id.
  public func enrollment(_ id: Identifier) throws -> Enrollment? {
    try db.fetchOne(
      "SELECT \(Enrollment.columns) FROM enrollments WHERE id = ?", [id.rawValue],
      map: Enrollment.init)
  }

  /// Enrollments, of one card or all, by card then time.
  public func enrollments(card: Identifier? = nil) throws -> [Enrollment] {
    let (sql, arguments) = Self.enrollmentQuery(card: card)
    return try db.fetchAll(sql, arguments, map: Enrollment.init)
  }

  /// Calls `body` with each enrollment of ``enrollments(card:)``, in the same order, as the
  /// rows are read. `body` returns false to stop.
  public func forEachEnrollment(
    card: Identifier? = nil, _ body: (Enrollment) throws -> Bool
  ) throws {
    let (sql, arguments) = Self.enrollmentQuery(card: card)
    try db.forEach(sql, arguments, map: Enrollment.init, body)
  }

  /// The query of ``enrollments(card:)``.
  private static func enrollmentQuery(card: Identifier?) -> (
    String, [(any DatabaseValueConvertible)?]
  ) {
    guard let card else {
      return ("SELECT \(Enrollment.columns) FROM enrollments ORDER BY card, enrolled_at, id", [])
    }
    return (
      "SELECT \(Enrollment.columns) FROM enrollments WHERE card = ? ORDER BY enrolled_at, id",
      [card.rawValue]
    )
  }

  /// Marks an enrollment removed at `time`, keeping its history.
  @discardableResult
  public func removeEnrollment(_ id: Identifier, at time: Instant) throws -> Enrollment {
    try write {
      guard var enrollment = try enrollment(id) else { throw StoreError.unknownEnrollment(id) }
      if let removed = enrollment.removedAt {
        throw StoreError.enrollmentAlreadyRemoved(id, at: removed)
      }
      guard time > enrollment.enrolledAt else { throw StoreError.removalBeforeEnrollment(id) }
      enrollment.removedAt = time
      try db.execute(
        "UPDATE enrollments SET removed_at = ? WHERE id = ?",
        [time.nanosecondsSinceEpoch, id.rawValue])
      var changes = ChangeSet()
      if let card = try card(enrollment.card) { changes.holders.insert(card.holder) }
      changes.note(time)
      try rematerialize(changes)
      return enrollment
    }
  }

  // MARK: Transactions

  /// Records a transaction on a card in the store.
  @discardableResult
  public func addTransaction(_ transaction: Transaction, replace: Bool = false) throws
    -> UpsertOutcome
  {
    try write {
      var changes = ChangeSet()
      let outcome = try upsertTransaction(transaction, replace: replace, changes: &changes)
      _ = try applyWaitingRefundsAfterChange(changes: &changes)
      try rematerialize(changes)
      return outcome
    }
  }

  func upsertTransaction(_ transaction: Transaction, replace: Bool, changes: inout ChangeSet)
    throws -> UpsertOutcome
  {
    guard let card = try card(transaction.card) else {
      throw StoreError.unknownCard(transaction.card)
    }
    if let named = transaction.enrollment, try enrollment(named) == nil {
      throw StoreError.unknownEnrollment(named)
    }
    let existing = try self.transaction(transaction.id)
    if existing == transaction { return .unchanged }
    if let existing, !replace {
      throw StoreError.conflict(kind: .transaction, id: existing.id)
    }
    changes.holders.insert(card.holder)
    changes.note(transaction.time)
    if let existing {
      changes.note(existing.time)
      if let oldCard = try self.card(existing.card) { changes.holders.insert(oldCard.holder) }
      try db.execute("DELETE FROM refunds WHERE transaction_id = ?", [existing.id.rawValue])
      try db.execute(
        "UPDATE transactions SET card = ?2, time = ?3, amount = ?4, currency = ?5, method = ?6, "
          + "status = ?7, refunded = ?8, enrollment = ?9, merchant = ?10, mcc = ?11 WHERE id = ?1",
        transaction.arguments)
      return .replaced
    }
    try db.execute(
      "INSERT INTO transactions(\(Transaction.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      transaction.arguments)
    return .inserted
  }

  /// The transaction with this id.
  public func transaction(_ id: Identifier) throws -> Transaction? {
    try db.fetchOne(
      "SELECT \(Transaction.columns) FROM transactions WHERE id = ?", [id.rawValue],
      map: Transaction.init)
  }

  /// Adds a refund to a transaction: refunds accumulate, and their total may not exceed the
  /// amount. The refund's time is kept for display; decisions use the running total.
  @discardableResult
  public func refund(_ id: Identifier, amount: Money, at time: Instant) throws -> Transaction {
    precondition(amount > .zero, "a refund is a positive amount")
    return try write {
      guard var transaction = try transaction(id) else { throw StoreError.unknownTransaction(id) }
      let total = transaction.refunded + amount
      guard total <= transaction.amount else {
        throw StoreError.refundExceedsAmount(id, refunded: total, amount: transaction.amount)
      }
      transaction.refunded = total
      try db.execute(
        "INSERT INTO refunds(transaction_id, amount, at) VALUES (?, ?, ?)",
        [id.rawValue, amount.minorUnits, time.nanosecondsSinceEpoch])
      try db.execute(
        "UPDATE transactions SET refunded = ? WHERE id = ?", [total.minorUnits, id.rawValue])
      var changes = ChangeSet()
      if let card = try card(transaction.card) { changes.holders.insert(card.holder) }
      changes.note(transaction.time)
      try rematerialize(changes)
      return transaction
    }
  }

  /// The refunds recorded for a transaction, oldest first.
  public func refunds(of id: Identifier) throws -> [(amount: Money, at: Instant)] {
    try db.fetchAll(
      "SELECT amount, at, transaction_id FROM refunds WHERE transaction_id = ? ORDER BY sequence",
      [id.rawValue]
    ) { row in
      let stored = StoredRow(row, table: "refunds", idColumn: 2)
      return (try stored.money(0, "amount"), try stored.instant(1, "at"))
    }
  }

  /// Which transactions to list.
  public struct TransactionFilter: Sendable {
    /// Only this holder's cards.
    public var holder: Identifier?
    /// Only this card.
    public var card: Identifier?
    /// Only at or after this instant.
    public var from: Instant?
    /// Only before this instant.
    public var until: Instant?

    /// A filter; nil fields do not filter.
    public init(
      holder: Identifier? = nil, card: Identifier? = nil, from: Instant? = nil,
      until: Instant? = nil
    ) {
      self.holder = holder
      self.card = card
      self.from = from
      self.until = until
    }
  }

  /// Transactions matching the filter, in time order, then id.
  public func transactions(_ filter: TransactionFilter = TransactionFilter()) throws
    -> [Transaction]
  {
    var clause = WhereClause()
    clause.cards(holder: filter.holder, card: filter.card)
    clause.add("time >= ?", filter.from?.nanosecondsSinceEpoch)
    clause.add("time < ?", filter.until?.nanosecondsSinceEpoch)
    return try db.fetchAll(
      "SELECT \(Transaction.columns) FROM transactions\(clause.sql) ORDER BY time, id",
      clause.arguments,
      map: Transaction.init)
  }

  // MARK: Helpers

  func count(_ sql: String, _ id: Identifier) throws -> Int {
    Int(try db.scalar(sql, [id.rawValue])?.int64Value ?? 0)
  }

  func earliestTransaction(card: Identifier) throws -> Instant? {
    try db.scalar("SELECT MIN(time) FROM transactions WHERE card = ?", [card.rawValue])?
      .int64Value.map(Instant.init(nanosecondsSinceEpoch:))
  }
}
