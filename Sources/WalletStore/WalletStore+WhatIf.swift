import WalletCore

/// A recorded purchase's reward that an imagined purchase would take (`check`, `pay`): the
/// purchase, when it was made, its cycle and the reward it holds now.
public struct TakenReward: Sendable, Equatable {
  /// The recorded purchase.
  public var transaction: Identifier
  /// When it was made.
  public var time: Instant
  /// Its billing cycle.
  public var cycle: BillingCycle
  /// The reward whose place it holds now, paid or forfeited.
  public var reward: Reward
}

extension WalletStore {
  /// What the promotion had paid before `instant`: to one holder (or every holder), and, when it
  /// has a quota, in all (without one, nothing counts against it and `quotaPaid` stays 0).
  /// With `transaction`, rewards at exactly `instant` count too when their transaction's id
  /// sorts before it, as the engine orders a tie in time by id bytes (SQLite compares TEXT by
  /// its bytes too).
  /// Read from the materialised decisions through the partial indexes over rewarded rows, so
  /// one holder's progress costs a lookup of that holder's few rewards.
  public func progress(
    before instant: Instant, transaction: Identifier? = nil, promotion: Promotion,
    holder: Identifier? = nil
  ) throws -> RewardProgress {
    let id = promotion.id.rawValue
    let time = instant.nanosecondsSinceEpoch
    // Without a transaction, nothing at the instant itself comes before it.
    let tieID = transaction?.rawValue ?? ""
    var progress = RewardProgress()
    if promotion.quota != nil {
      // A range of rewards_by_time, but never a long one: no more rewards than the quota are
      // ever paid. Without a quota the count would walk every reward for a number no rule reads.
      progress.quotaPaid = Int(
        try db.scalar(Self.quotaPaidSQL, [id, time, time, tieID])?.int64Value ?? 0)
    }
    // Each holder's count of rewards per cycle; the latest cycle and the total follow.
    let rows: [(holder: Identifier, cycleStart: CivilDate, count: Int)]
    if let holder {
      // Without ANALYZE, SQLite guesses that `promotion = ?` alone picks out a handful of rows,
      // and would as soon walk rewards_by_time or rewards_by_cycle, which only that column
      // narrows: every reward of the promotion. Asking for the holder's rewards in
      // rewards_by_holder's own order leaves it no cheaper-looking index; the few rows are
      // filtered and counted here.
      let rewards = try db.fetchAll(
        "SELECT cycle_start, time, transaction_id FROM decisions "
          + "WHERE promotion = ? AND holder = ? AND ordinal IS NOT NULL ORDER BY ordinal",
        [id, holder.rawValue]
      ) { row in
        let stored = StoredRow(row, table: "decisions", idColumn: 2)
        return (
          cycleStart: try stored.date(0, "cycle_start"), time: try stored.integer(1, "time"),
          transaction: Identifier(row.string(at: 2))
        )
      }
      let tie = Identifier(tieID)
      var perCycle: [CivilDate: Int] = [:]
      for reward in rewards
      where reward.time < time || (reward.time == time && reward.transaction < tie) {
        perCycle[reward.cycleStart, default: 0] += 1
      }
      rows = perCycle.map { (holder, $0.key, $0.value) }
    } else {
      // Any one transaction of a group names the row when its cycle_start is not a date.
      rows = try db.fetchAll(
        "SELECT holder, cycle_start, COUNT(*), min(transaction_id) FROM decisions "
          + "WHERE promotion = ? AND ordinal IS NOT NULL "
          + "AND (time < ? OR (time = ? AND transaction_id < ?)) GROUP BY holder, cycle_start",
        [id, time, time, tieID]
      ) { row in
        let stored = StoredRow(row, table: "decisions", idColumn: 3)
        return (Identifier(row.string(at: 0)), try stored.date(1, "cycle_start"), row.int(at: 2))
      }
    }
    for (holderID, start, count) in rows {
      var entry = progress.holders[holderID] ?? HolderProgress()
      entry.rewards += count
      if entry.lastCycle.map({ $0.start < start }) ?? true {
        entry.lastCycle = BillingCycle(containing: start, startDay: start.day)
        entry.rewardsInLastCycle = count
      }
      progress.holders[holderID] = entry
    }
    return progress
  }

  /// The rewards a promotion had paid before an instant, all holders together: what counts
  /// against its quota.
  /// Counts places by their ordinal: a reward forfeited under `refunds: clawback` has one too,
  /// and uses up the quota as a paid one does. The bound `time <= ?` (the instant) gives SQLite a
  /// range of rewards_by_time, which holds no more rewards than the quota; written only as
  /// `time < ? OR (time = ? AND …)`, it searched every decision of the promotion.
  static let quotaPaidSQL =
    "SELECT COUNT(*) FROM decisions WHERE promotion = ? AND ordinal IS NOT NULL "
    + "AND time <= ? AND (time < ? OR transaction_id < ?)"

  /// How a purchase that has not happened would be decided: the real engine, on the store's
  /// state at the purchase's time plus the purchase. Nothing is written.
  ///
  /// The purchase's card must be in the store; the decision counts the rewards paid before the
  /// purchase's time, so later transactions (which cannot affect it) are left out.
  public func whatIf(_ purchase: Transaction, promotion: Promotion) throws -> Decision {
    guard let card = try card(purchase.card) else { throw StoreError.unknownCard(purchase.card) }
    if !RewardEngine.decidesAsSectionTwo(promotion) {
      return try whatIfUnderSectionEight(purchase, holder: card.holder, promotion: promotion)
    }
    let cards = try self.cards(holder: card.holder)
    var enrollments = try cards.flatMap { try self.enrollments(card: $0.id) }
    var allCards = cards
    if let named = purchase.enrollment {
      guard let enrollment = try enrollment(named) else {
        throw StoreError.unknownEnrollment(named)
      }
      if !enrollments.contains(where: { $0.id == named }) {
        enrollments.append(enrollment)
        if let owner = try self.card(enrollment.card), !allCards.contains(owner) {
          allCards.append(owner)
        }
      }
    }
    let progress = try self.progress(
      before: purchase.time, transaction: purchase.id, promotion: promotion, holder: card.holder)
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: allCards, enrollments: enrollments, transactions: [purchase], startingFrom: progress)
    guard let decision = decisions.first else {
      preconditionFailure("the engine decides every transaction it is given")
    }
    return decision
  }

  /// The holder's recorded purchases that hold a reward's place now and would lose it were
  /// `purchase` made: a purchase before them in their cycle takes the cycle's reward, or one of
  /// the holder's last rewards. In order of time.
  ///
  /// The holder's transactions are decided twice, without the purchase and with it, under the
  /// quota as the store's decisions have settled it, so that the two differ only by the
  /// purchase; nothing is written.
  public func rewardsTaken(by purchase: Transaction, promotion: Promotion) throws -> [TakenReward] {
    guard let card = try card(purchase.card) else { throw StoreError.unknownCard(purchase.card) }
    try db.execute("CREATE TEMP TABLE IF NOT EXISTS affected_holders(id TEXT PRIMARY KEY)")
    try db.execute("DELETE FROM affected_holders")
    try db.execute("INSERT INTO affected_holders(id) VALUES (?)", [card.holder.rawValue])
    var (cards, enrollments, transactions) = try affectedHoldersRecords()
    transactions.removeAll { $0.id == purchase.id }
    if let named = purchase.enrollment, !enrollments.contains(where: { $0.id == named }) {
      guard let enrollment = try enrollment(named) else {
        throw StoreError.unknownEnrollment(named)
      }
      enrollments.append(enrollment)
      if !cards.contains(where: { $0.id == enrollment.card }),
        let owner = try self.card(enrollment.card)
      {
        cards.append(owner)
      }
    }
    let engine = RewardEngine(promotion: promotion)
    let settled = try quotaSettlement(promotion)
    let before = Ledger(cards: cards, enrollments: enrollments, transactions: transactions)
    let after = Ledger(
      cards: cards, enrollments: enrollments, transactions: transactions + [purchase])
    let (was, would) = (
      engine.decide(before, quotaSettled: settled), engine.decide(after, quotaSettled: settled)
    )
    return transactions.indices.compactMap { index -> TakenReward? in
      let decision = was.decision(at: index, in: before)
      guard let place = decision.outcome.place,
        would.decision(at: index, in: after).outcome.place == nil
      else { return nil }
      return TakenReward(
        transaction: decision.transaction, time: transactions[index].time,
        cycle: decision.cycle, reward: place)
    }.sorted { ($0.time, $0.transaction) < ($1.time, $1.transaction) }
  }

  /// `whatIf` under SPEC 8's rules, which no count of rewards can resume: a limit's period and
  /// scope, and a threshold over whole periods, read the holder's other transactions, later
  /// ones included. Every transaction of the holder is decided again with the purchase, under
  /// the quota as the store's decisions have settled it.
  private func whatIfUnderSectionEight(
    _ purchase: Transaction, holder: Identifier, promotion: Promotion
  ) throws -> Decision {
    try db.execute("CREATE TEMP TABLE IF NOT EXISTS affected_holders(id TEXT PRIMARY KEY)")
    try db.execute("DELETE FROM affected_holders")
    try db.execute("INSERT INTO affected_holders(id) VALUES (?)", [holder.rawValue])
    var (cards, enrollments, transactions) = try affectedHoldersRecords()
    if let named = purchase.enrollment, !enrollments.contains(where: { $0.id == named }) {
      guard let enrollment = try enrollment(named) else {
        throw StoreError.unknownEnrollment(named)
      }
      enrollments.append(enrollment)
      if !cards.contains(where: { $0.id == enrollment.card }),
        let owner = try card(enrollment.card)
      {
        cards.append(owner)
      }
    }
    transactions.removeAll { $0.id == purchase.id }
    transactions.append(purchase)
    let ledger = Ledger(cards: cards, enrollments: enrollments, transactions: transactions)
    let decided = RewardEngine(promotion: promotion).decide(
      ledger, quotaSettled: try quotaSettlement(promotion), recordingProgress: true)
    var decision = decided.decision(at: transactions.count - 1, in: ledger)
    // The holder's counts are this ledger's; the quota's are every holder's.
    if promotion.quota != nil {
      decision.quotaPaidBefore = try self.progress(
        before: purchase.time, transaction: purchase.id, promotion: promotion, holder: holder
      ).quotaPaid
    }
    return decision
  }

  /// Every place taken under a promotion with a quota, of which there are never more than the
  /// quota: read in rewards_by_time's own order, since asked `ORDER BY time, transaction_id`
  /// SQLite walks decisions_by_time instead, every decision of the promotion, rewarded or not.
  static let quotaSettlementSQL =
    "SELECT time, transaction_id FROM decisions WHERE promotion = ? AND ordinal IS NOT NULL "
    + "ORDER BY time, holder, cycle_start"

  /// How the promotion's quota stands in the store's decisions: the place that exhausted it,
  /// in order of time then id bytes, if any.
  func quotaSettlement(_ promotion: Promotion) throws -> QuotaSettlement {
    guard let quota = promotion.quota else { return .notReached }
    guard quota > 0 else { return .exhaustedFromStart }
    var places = try db.fetchAll(Self.quotaSettlementSQL, [promotion.id.rawValue]) { row in
      (time: row.int64(at: 0), id: Array(row.string(at: 1).utf8))
    }
    guard places.count >= quota else { return .notReached }
    places.sort { $0.time != $1.time ? $0.time < $1.time : $0.id.lexicographicallyPrecedes($1.id) }
    let last = places[quota - 1]
    return .exhaustedAfter(time: last.time, id: last.id)
  }
}
