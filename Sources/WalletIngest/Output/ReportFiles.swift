import WalletCore

/// The SPEC's two output files, written from the engine's decisions.
package enum ReportFiles {
  /// The rewards file's header.
  package static let rewardsHeader = [
    "holder", "cycle_start", "cycle_end", "ordinal", "transaction", "card", "channel", "time",
    "amount", "reward",
  ]

  /// The decisions file's header.
  package static let decisionsHeader = [
    "transaction", "holder", "card", "cycle_start", "outcome", "reason", "ordinal", "reward",
  ]

  /// The rewards file from a store's rewards, already in statement order. `batch` writes the
  /// same columns from its ledger (`LedgerReports`); tests hold the two to the same bytes.
  package static func writeRewards(_ rows: [RewardRow], promotion: Promotion, to writer: CSVWriter)
    throws
  {
    try writer.writeRecord(rewardsHeader)
    for row in rows {
      try writer.writeRecord(row.record(in: promotion.timeZone))
    }
    try writer.flush()
  }

  /// A decision's fields in the order of `decisionsHeader`.
  package static func decisionRecord(_ decision: Decision) -> [String] {
    let reward = decision.outcome.reward
    return [
      decision.transaction.rawValue, decision.holder.rawValue, decision.card.rawValue,
      decision.cycle.start.description, reward == nil ? "not-rewarded" : "rewarded",
      decision.outcome.reason?.rawValue ?? "", reward.map { String($0.ordinal) } ?? "",
      reward?.amount.description ?? "",
    ]
  }
}

/// One reward as the rewards file has it, from the store (statement and export).
package struct RewardRow: Equatable {
  /// The holder rewarded.
  package var holder: Identifier
  /// The first day of the purchase's billing cycle.
  package var cycleStart: CivilDate
  /// Its last day.
  package var cycleEnd: CivilDate
  /// Which of the holder's rewards it is, from 1.
  package var ordinal: Int
  /// The purchase.
  package var transaction: Identifier
  /// The card it was paid with.
  package var card: Identifier
  /// The channel whose schedule paid.
  package var channel: Channel
  /// When the purchase was made.
  package var time: Instant
  /// What the purchase cost.
  package var amount: Money
  /// What it earned.
  package var reward: Money

  /// A reward with these values.
  package init(
    holder: Identifier, cycleStart: CivilDate, cycleEnd: CivilDate, ordinal: Int,
    transaction: Identifier, card: Identifier, channel: Channel, time: Instant, amount: Money,
    reward: Money
  ) {
    self.holder = holder
    self.cycleStart = cycleStart
    self.cycleEnd = cycleEnd
    self.ordinal = ordinal
    self.transaction = transaction
    self.card = card
    self.channel = channel
    self.time = time
    self.amount = amount
    self.reward = reward
  }

  /// The fields in the order of `ReportFiles.rewardsHeader`, the time in the promotion's zone.
  package func record(in zone: TimeZoneRules) -> [String] {
    [
      holder.rawValue, cycleStart.description, cycleEnd.description, String(ordinal),
      transaction.rawValue, card.rawValue, channel.rawValue, time.formatted(in: zone),
      amount.description, reward.description,
    ]
  }
}
