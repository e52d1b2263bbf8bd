import WalletCore

/// What a change touched, and so which decisions must be recomputed.
struct ChangeSet {
  /// Holders whose transactions, cards or enrollments changed.
  var holders: Set<Identifier> = []
  /// The earliest instant from which decisions may differ.
  var earliest: Instant?
  /// Set when the change is too broad to narrow down.
  var everything = false

  mutating func note(_ instant: Instant) {
    earliest = earliest.map { min($0, instant) } ?? instant
  }

  var isEmpty: Bool { holders.isEmpty && !everything }
}

/// Above this many affected holders, recomputing everything is cheaper than narrowing down.
private let narrowRecomputeLimit = 2_000

extension WalletStore {
  /// Brings every installed promotion's decisions up to date after a change, inside the
  /// caller's transaction. Without a quota, holders are independent, so only the affected
  /// holders are decided again. With a quota, one holder's reward can exhaust it for another, so
  /// everything from the change's earliest instant on is decided again, starting from the rewards
  /// paid before it.
  func rematerialize(_ changes: ChangeSet) throws {
    guard !changes.isEmpty else { return }
    for promotion in try installedPromotions() {
      if changes.everything || changes.holders.count > narrowRecomputeLimit {
        try recomputeAll(promotion)
      } else if promotion.quota == nil {
        try recompute(promotion, holders: changes.holders)
      } else if let earliest = changes.earliest {
        try recompute(promotion, from: earliest)
      } else {
        // Nothing with a time changed (e.g. a card without transactions was added).
        continue
      }
    }
  }

  /// Decides every transaction again under `promotion`.
  func recomputeAll(_ promotion: Promotion) throws {
    try db.execute("DELETE FROM decisions WHERE promotion = ?", [promotion.id.rawValue])
    let transactions = try transactions()
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: try cards(), enrollments: try enrollments(), transactions: transactions)
    try insert(decisions, of: transactions, promotion: promotion)
  }

  private func recompute(_ promotion: Promotion, holders: Set<Identifier>) throws {
    try db.execute("CREATE TEMP TABLE IF NOT EXISTS affected_holders(id TEXT PRIMARY KEY)")
    try db.execute("DELETE FROM affected_holders")
    for holder in holders {
      try db.execute("INSERT OR IGNORE INTO affected_holders(id) VALUES (?)", [holder.rawValue])
    }
    try db.execute(
      "DELETE FROM decisions WHERE promotion = ? AND holder IN (SELECT id FROM affected_holders)",
      [promotion.id.rawValue])
    let cards = try db.fetchAll(
      "SELECT \(Card.columns) FROM cards WHERE holder IN (SELECT id FROM affected_holders)",
      map: Card.init)
    let enrollments = try db.fetchAll(
      "SELECT \(Enrollment.columns) FROM enrollments WHERE card IN "
        + "(SELECT id FROM cards WHERE holder IN (SELECT id FROM affected_holders))",
      map: Enrollment.init)
    // A transaction may name an enrollment of another holder's card; the engine must know it to
    // decide (it does not count), so those enrollments come along.
    let named = try db.fetchAll(
      "SELECT e.id, e.card, e.channel, e.enrolled_at, e.removed_at FROM enrollments e JOIN transactions t ON t.enrollment = e.id "
        + "JOIN cards c ON c.id = t.card WHERE c.holder IN (SELECT id FROM affected_holders)",
      map: Enrollment.init)
    let transactions = try db.fetchAll(
      "SELECT \(Transaction.columns) FROM transactions WHERE card IN "
        + "(SELECT id FROM cards WHERE holder IN (SELECT id FROM affected_holders))",
      map: Transaction.init)
    var allEnrollments = enrollments
    var seen = Set(enrollments.map(\.id))
    var extraCards: [Card] = []
    var seenCards = Set(cards.map(\.id))
    for enrollment in named where seen.insert(enrollment.id).inserted {
      allEnrollments.append(enrollment)
      if seenCards.insert(enrollment.card).inserted, let card = try card(enrollment.card) {
        extraCards.append(card)
      }
    }
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: cards + extraCards, enrollments: allEnrollments, transactions: transactions)
    try insert(decisions, of: transactions, promotion: promotion)
  }

  private func recompute(_ promotion: Promotion, from earliest: Instant) throws {
    let id = promotion.id.rawValue
    let start = earliest.nanosecondsSinceEpoch
    try db.execute("DELETE FROM decisions WHERE promotion = ? AND time >= ?", [id, start])
    // Rewards paid before the change stand; they are where the engine resumes.
    let progress = try self.progress(before: earliest, promotion: promotion)
    let transactions = try self.transactions(TransactionFilter(from: earliest))
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: try cards(), enrollments: try enrollments(), transactions: transactions,
      startingFrom: progress)
    try insert(decisions, of: transactions, promotion: promotion)
  }

  /// Stores decisions; `decisions[i]` is the decision of `transactions[i]`.
  private func insert(
    _ decisions: [Decision], of transactions: [Transaction], promotion: Promotion
  ) throws {
    let statement = try db.cachedStatement(
      "INSERT INTO decisions(promotion, transaction_id, holder, card, time, cycle_start, "
        + "cycle_end, reason, ordinal, reward, channel, enrollment, holder_rewards_before, "
        + "cycle_rewards_before, quota_paid_before) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    for (decision, transaction) in zip(decisions, transactions) {
      let reward = decision.outcome.reward
      try statement.execute([
        promotion.id.rawValue, decision.transaction.rawValue, decision.holder.rawValue,
        decision.card.rawValue, transaction.time.nanosecondsSinceEpoch,
        decision.cycle.start.description, decision.cycle.end.description,
        decision.outcome.reason?.rawValue, reward?.ordinal, reward?.amount.minorUnits,
        reward?.channel.rawValue, decision.enrollment?.rawValue, decision.holderRewardsBefore,
        decision.cycleRewardsBefore, decision.quotaPaidBefore,
      ])
    }
  }
}
