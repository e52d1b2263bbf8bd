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
  /// What it earned.
  public var reward: Money
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
  /// ordinal: an indexed lookup in the materialised decisions.
  public func rewards(
    promotion: Identifier, holder: Identifier? = nil, cycleStart: CivilDate? = nil
  ) throws -> [RewardLine] {
    var sql =
      "SELECT d.holder, d.cycle_start, d.cycle_end, d.ordinal, d.transaction_id, d.card, "
      + "d.channel, t.time, t.amount, d.reward FROM decisions d "
      + "JOIN transactions t ON t.id = d.transaction_id "
      + "WHERE d.promotion = ? AND d.ordinal IS NOT NULL"
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
    return try db.fetchAll(sql, arguments) { row in
      RewardLine(
        holder: Identifier(row.string(at: 0)), cycleStart: try CivilDate.parse(row.string(at: 1)),
        cycleEnd: try CivilDate.parse(row.string(at: 2)), ordinal: row.int(at: 3),
        transaction: Identifier(row.string(at: 4)), card: Identifier(row.string(at: 5)),
        channel: Channel(rawValue: row.string(at: 6)) ?? .wallet,
        time: Instant(nanosecondsSinceEpoch: row.int64(at: 7)),
        amount: Money(minorUnits: row.int64(at: 8)), reward: Money(minorUnits: row.int64(at: 9)))
    }
  }

  static let decisionColumns =
    "transaction_id, holder, card, cycle_start, cycle_end, reason, ordinal, reward, channel, "
    + "enrollment, holder_rewards_before, cycle_rewards_before, quota_paid_before"

  static func decision(from row: Row) throws -> Decision {
    let cycle = BillingCycle(
      containing: try CivilDate.parse(row.string(at: 3)),
      startDay: try CivilDate.parse(row.string(at: 3)).day)
    let outcome: Outcome
    if row.isNull(at: 5) {
      outcome = .rewarded(
        Reward(
          ordinal: row.int(at: 6), channel: Channel(rawValue: row.string(at: 8)) ?? .wallet,
          enrollment: Identifier(row.string(at: 9)), amount: Money(minorUnits: row.int64(at: 7))))
    } else {
      outcome = .notRewarded(ReasonCode(rawValue: row.string(at: 5)) ?? .declined)
    }
    return Decision(
      transaction: Identifier(row.string(at: 0)), holder: Identifier(row.string(at: 1)),
      card: Identifier(row.string(at: 2)), cycle: cycle, outcome: outcome,
      enrollment: row.isNull(at: 9) ? nil : Identifier(row.string(at: 9)),
      holderRewardsBefore: row.int(at: 10), cycleRewardsBefore: row.int(at: 11),
      quotaPaidBefore: row.isNull(at: 12) ? nil : row.int(at: 12))
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
