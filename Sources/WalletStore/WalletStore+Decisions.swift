import WalletCore

/// What a change touched, and so which decisions must be recomputed.
struct ChangeSet {
  /// Holders whose transactions, cards or enrollments changed.
  var holders: Set<Identifier> = []
  /// The earliest instant from which decisions may differ.
  var earliest: Instant?
  /// Set when the change is too broad to narrow down.
  var everything = false
  /// Every transaction in the store, when the change knows them all (an import into an empty
  /// table), so that deciding them all again need not read them back.
  var allTransactions: [Transaction]?

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
    var everythingAgain: [Promotion] = []
    for promotion in try installedPromotions() {
      // An import into an empty table knows every transaction: deciding them all, in bulk, is
      // cheaper than any narrowing, however few holders they belong to.
      if changes.everything || changes.holders.count > narrowRecomputeLimit
        || changes.allTransactions != nil
      {
        everythingAgain.append(promotion)
      } else if promotion.quota == nil {
        try recompute(promotion, holders: changes.holders)
      } else if !RewardEngine.decidesAsSectionTwo(promotion) {
        // SPEC 8's limits and threshold cannot resume from counts of rewards: with a quota,
        // which ties every holder to every other, the whole promotion is decided again.
        everythingAgain.append(promotion)
      } else if let earliest = changes.earliest {
        try recompute(promotion, from: earliest)
      } else {
        // Nothing with a time changed (e.g. a card without transactions was added).
        continue
      }
    }
    try recomputeAll(everythingAgain, knowing: changes.allTransactions)
  }

  /// Decides every transaction again under each of `promotions`. Every decision of theirs is
  /// rewritten, so with many transactions the decisions are loaded in bulk.
  func recomputeAll(_ promotions: [Promotion], knowing known: [Transaction]? = nil) throws {
    guard !promotions.isEmpty else { return }
    // In the table's own order: the engine orders them itself, and reading through the time
    // index would visit the table's pages at random.
    let transactions =
      try known
      ?? db.fetchAll("SELECT \(Transaction.columns) FROM transactions", map: Transaction.init)
    let cards = try cards()
    let enrollments = try enrollments()
    let byID = transactions.indices.sorted { transactions[$0].id < transactions[$1].id }
    func rewrite() throws {
      for promotion in promotions {
        try db.execute("DELETE FROM decisions WHERE promotion = ?", [promotion.id.rawValue])
        let decisions = RewardEngine(promotion: promotion).decide(
          cards: cards, enrollments: enrollments, transactions: transactions)
        // In key order, (promotion, transaction id), so each row goes at the table's end.
        try insert(decisions, of: transactions, in: byID, promotion: promotion)
      }
    }
    if transactions.count * promotions.count >= bulkLoadMinimumRows {
      try withIndexesRebuilt(on: .decisions, rewrite)
    } else {
      try rewrite()
    }
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
    let (cards, enrollments, transactions) = try affectedHoldersRecords()
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: cards, enrollments: enrollments, transactions: transactions)
    try insert(decisions, of: transactions, in: transactions.indices, promotion: promotion)
  }

  /// The cards, enrollments and transactions of the holders in the temporary table
  /// `affected_holders`, with every enrollment one of their transactions names (of another
  /// holder's card, which then comes along): what the engine needs to decide them apart.
  func affectedHoldersRecords() throws -> (
    cards: [Card], enrollments: [Enrollment], transactions: [Transaction]
  ) {
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
    return (cards + extraCards, allEnrollments, transactions)
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
    try insert(decisions, of: transactions, in: transactions.indices, promotion: promotion)
  }

  /// Stores decisions, in the order of `indices`; `decisions[i]` is the decision of
  /// `transactions[i]`.
  private func insert<Indices: Sequence<Int>>(
    _ decisions: [Decision], of transactions: [Transaction], in indices: Indices,
    promotion: Promotion
  ) throws {
    let statement = try db.cachedStatement(
      "INSERT INTO decisions(promotion, transaction_id, holder, card, time, cycle_start, "
        + "cycle_end, reason, ordinal, reward, channel, enrollment, holder_rewards_before, "
        + "cycle_rewards_before, quota_paid_before) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    let promotionID = promotion.id.rawValue
    // A few dozen cycles cover years of transactions; their dates are written out once each.
    var cycleDates: [BillingCycle: (start: String, end: String)] = [:]
    for index in indices {
      let decision = decisions[index]
      // A forfeited reward keeps its place's ordinal, amount (taken back) and channel.
      let reward = decision.outcome.place
      let cycle = decision.cycle
      let dates: (start: String, end: String)
      if let known = cycleDates[cycle] {
        dates = known
      } else {
        dates = (cycle.start.description, cycle.end.description)
        cycleDates[cycle] = dates
      }
      try statement.bind(text: promotionID, at: 1)
      try statement.bind(text: decision.transaction.rawValue, at: 2)
      try statement.bind(text: decision.holder.rawValue, at: 3)
      try statement.bind(text: decision.card.rawValue, at: 4)
      try statement.bind(integer: transactions[index].time.nanosecondsSinceEpoch, at: 5)
      try statement.bind(text: dates.start, at: 6)
      try statement.bind(text: dates.end, at: 7)
      try statement.bind(text: decision.outcome.reason?.rawValue, at: 8)
      try statement.bind(integer: reward.map { Int64($0.ordinal) }, at: 9)
      try statement.bind(integer: reward?.amount.minorUnits, at: 10)
      try statement.bind(text: reward?.channel.rawValue, at: 11)
      try statement.bind(text: decision.enrollment?.rawValue, at: 12)
      try statement.bind(integer: Int64(decision.holderRewardsBefore), at: 13)
      try statement.bind(integer: Int64(decision.cycleRewardsBefore), at: 14)
      try statement.bind(integer: decision.quotaPaidBefore.map(Int64.init), at: 15)
      try statement.run()
    }
  }
}
