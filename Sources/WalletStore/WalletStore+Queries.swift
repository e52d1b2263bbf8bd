import WalletCore

/// One row of a statement: a reward, as the SPEC's rewards file has it.
public struct RewardLine: Sendable, Equatable {
  /// The holder rewarded.
  public var holder: Identifier
  /// The cycle of the purchase.
  public var cycleStart: CivilDate
  /// Its last day.
  public var cycleEnd: CivilDate
  /// Which of the holder's rewards it is.
  public var ordinal: Int
  /// The purchase.
  public var transaction: Identifier
  /// The card it was paid with.
  public var card: Identifier
  /// The channel whose schedule paid.
  public var channel: Channel
  /// When it was paid.
  public var time: Instant
  /// What the purchase cost.
  public var amount: Money
  /// What it earned; for a forfeited reward, what was taken back.
  public var reward: Money
  /// Whether the reward was taken back (`refunds: clawback`): its place stays used, but it pays
  /// nothing.
  public var forfeited = false
}

/// A transaction's stored decision, with the facts that led to it.
public struct StoredDecision: Sendable, Equatable {
  /// The promotion.
  public var promotion: Identifier
  /// The decision, as the engine made it.
  public var decision: Decision
}

extension WalletStore {
  /// The rewards under a promotion, of one holder or all and of one cycle or all, by holder then
  /// ordinal: an indexed lookup in the materialised decisions. Only rewards paid, as the
  /// rewards file has them, unless `includingForfeited`: then also the places of rewards taken
  /// back (`refunds: clawback`), marked `forfeited`, as a statement shows them.
  public func rewards(
    promotion: Identifier, holder: Identifier? = nil, cycleStart: CivilDate? = nil,
    includingForfeited: Bool = false
  ) throws -> [RewardLine] {
    let (sql, arguments) = Self.rewardQuery(
      promotion: promotion, holder: holder, cycleStart: cycleStart,
      includingForfeited: includingForfeited)
    return try db.fetchAll(sql, arguments, map: Self.rewardLine)
  }

  /// The query of ``rewards(promotion:holder:cycleStart:includingForfeited:)``.
  static func rewardQuery(
    promotion: Identifier, holder: Identifier?, cycleStart: CivilDate?, includingForfeited: Bool
  ) -> (String, [(any DatabaseValueConvertible)?]) {
    var sql =
      "SELECT d.holder, d.cycle_start, d.cycle_end, d.ordinal, d.transaction_id, d.card, "
      + "d.channel, t.time, t.amount, d.reward, d.reason IS NOT NULL FROM decisions d "
      + "JOIN transactions t ON t.id = d.transaction_id "
      + "WHERE d.promotion = ? AND d.ordinal IS NOT NULL"
    // A forfeited place is the only row with both an ordinal and a reason.
    if !includingForfeited { sql += " AND d.reason IS NULL" }
    var arguments: [(any DatabaseValueConvertible)?] = [promotion.rawValue]
    if let holder {
      sql += " AND d.holder = ?"
      arguments.append(holder.rawValue)
    }
    if let cycleStart {
      sql += " AND d.cycle_start = ?"
      arguments.append(cycleStart.description)
    }
    sql += " ORDER BY d.holder, d.ordinal"
    return (sql, arguments)
  }

  /// One row of ``rewardQuery(promotion:holder:cycleStart:includingForfeited:)``.
  static func rewardLine(_ row: Row) throws -> RewardLine {
    let decision = StoredRow(row, table: "decisions", idColumn: 4)
    let purchase = StoredRow(row, table: "transactions", idColumn: 4)
    return RewardLine(
      holder: try decision.identifier(0, "holder"),
      cycleStart: try decision.date(1, "cycle_start"),
      cycleEnd: try decision.date(2, "cycle_end"),
      ordinal: try decision.int(3, "ordinal"), transaction: decision.id,
      card: try decision.identifier(5, "card"), channel: try decision.code(6, "channel"),
      time: try purchase.instant(7, "time"), amount: try purchase.money(8, "amount"),
      reward: try decision.money(9, "reward"), forfeited: row.int(at: 10) != 0)
  }

  static let decisionColumns =
    "transaction_id, holder, card, cycle_start, cycle_end, reason, ordinal, reward, channel, "
    + "enrollment, holder_rewards_before, cycle_rewards_before, quota_paid_before"

  static func decision(from row: Row) throws -> Decision {
    let stored = StoredRow(row, table: "decisions")
    let cycleStart = try stored.date(3, "cycle_start")
    let cycle = BillingCycle(containing: cycleStart, startDay: cycleStart.day)
    let enrollment = try stored.optionalIdentifier(9, "enrollment")
    let outcome: Outcome
    if row.isNull(at: 5) || !row.isNull(at: 6) {
      // A place taken, paid (no reason) or forfeited (reason `refunded`): the schema ties a
      // NULL reason to an ordinal, but not to the rest of the reward, which such a decision
      // always has.
      guard let enrollment else {
        throw stored.damaged(.null, "enrollment", expected: .rewardEnrollment)
      }
      let reward = Reward(
        ordinal: try stored.int(6, "ordinal"), channel: try stored.code(8, "channel"),
        enrollment: enrollment, amount: try stored.money(7, "reward"))
      if row.isNull(at: 5) {
        outcome = .rewarded(reward)
      } else {
        let reason = try stored.reason(5, "reason")
        guard reason == .refunded else {
          throw stored.damaged(
            .text(reason.rawValue), "reason", expected: .refundedBesideOrdinal)
        }
        outcome = .forfeited(reward)
      }
    } else {
      outcome = .notRewarded(try stored.reason(5, "reason"))
    }
    return Decision(
      transaction: stored.id, holder: try stored.identifier(1, "holder"),
      card: try stored.identifier(2, "card"), cycle: cycle, outcome: outcome,
      enrollment: enrollment, holderRewardsBefore: try stored.int(10, "holder_rewards_before"),
      cycleRewardsBefore: try stored.int(11, "cycle_rewards_before"),
      quotaPaidBefore: try stored.optionalInt(12, "quota_paid_before"))
  }

  /// A transaction's decision under a promotion.
  public func decision(transaction: Identifier, promotion: Identifier) throws -> Decision? {
    try db.fetchOne(
      "SELECT \(Self.decisionColumns) FROM decisions WHERE promotion = ? AND transaction_id = ?",
      [promotion.rawValue, transaction.rawValue], map: Self.decision(from:))
  }

  /// Every decision under a promotion, in the order of the transactions' time, then id.
  public func decisions(promotion: Identifier) throws -> [Decision] {
    try db.fetchAll(
      "SELECT \(Self.decisionColumns) FROM decisions WHERE promotion = ? "
        + "ORDER BY time, transaction_id", [promotion.rawValue], map: Self.decision(from:))
  }
}
