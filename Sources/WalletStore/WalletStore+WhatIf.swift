import WalletCore

extension WalletStore {
  /// What the promotion had paid before `instant`: to one holder (or every holder), and in all.
  /// Read from the materialised decisions, so it costs an indexed lookup.
  public func progress(
    before instant: Instant, promotion: Promotion, holder: Identifier? = nil
  ) throws -> RewardProgress {
    let id = promotion.id.rawValue
    let time = instant.nanosecondsSinceEpoch
    var progress = RewardProgress()
    progress.quotaPaid = Int(
      try db.scalar(
        "SELECT COUNT(*) FROM decisions WHERE promotion = ? AND time < ? AND ordinal IS NOT NULL",
        [id, time])?.int64Value ?? 0)
    // One grouped pass over the rewards (a partial index keeps it to rewarded rows): each
    // holder's count per cycle; the latest cycle and the total follow.
    var sql =
      "SELECT holder, cycle_start, COUNT(*) FROM decisions "
      + "WHERE promotion = ? AND ordinal IS NOT NULL AND time < ?"
    var arguments: [(any DatabaseValueConvertible)?] = [id, time]
    if let holder {
      sql += " AND holder = ?"
      arguments.append(holder.rawValue)
    }
    sql += " GROUP BY holder, cycle_start"
    let rows = try db.fetchAll(sql, arguments) { row in
      (Identifier(row.string(at: 0)), row.string(at: 1), row.int(at: 2))
    }
    for (holderID, cycleStart, count) in rows {
      var entry = progress.holders[holderID] ?? HolderProgress()
      entry.rewards += count
      let start = try CivilDate.parse(cycleStart)
      if entry.lastCycle.map({ $0.start < start }) ?? true {
        entry.lastCycle = BillingCycle(containing: start, startDay: start.day)
        entry.rewardsInLastCycle = count
      }
      progress.holders[holderID] = entry
    }
    return progress
  }

  /// How a purchase that has not happened would be decided: the real engine, on the store's
  /// state at the purchase's time plus the purchase. Nothing is written.
  ///
  /// The purchase's card must be in the store; the decision counts the rewards paid before the
  /// purchase's time, so later transactions (which cannot affect it) are left out.
  public func whatIf(_ purchase: Transaction, promotion: Promotion) throws -> Decision {
    guard let card = try card(purchase.card) else { throw StoreError.unknownCard(purchase.card) }
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
      before: purchase.time, promotion: promotion, holder: card.holder)
    let decisions = RewardEngine(promotion: promotion).decide(
      cards: allCards, enrollments: enrollments, transactions: [purchase], startingFrom: progress)
    guard let decision = decisions.first else {
      preconditionFailure("the engine decides every transaction it is given")
    }
    return decision
  }
}
