import WalletCore
import WalletStore

/// The SPEC's two output files, written from the engine's decisions.
enum ReportFiles {
  /// The rewards file's header.
  static let rewardsHeader = [
    "holder", "cycle_start", "cycle_end", "ordinal", "transaction", "card", "channel", "time",
    "amount", "reward",
  ]

  /// The decisions file's header.
  static let decisionsHeader = [
    "transaction", "holder", "card", "cycle_start", "outcome", "reason", "ordinal", "reward",
  ]

  /// The rewards file from a store's rewards, already in statement order. `batch` writes the
  /// same columns from its ledger (`LedgerReports`); tests hold the two to the same bytes.
  static func writeRewards(_ rows: [RewardRow], promotion: Promotion, to writer: CSVWriter)
    throws
  {
    try writer.writeRecord(rewardsHeader)
    for row in rows {
      try writer.writeRecord(row.record(in: promotion.timeZone))
    }
    try writer.flush()
  }

  /// A decision's fields in the order of `decisionsHeader`.
  static func decisionRecord(_ decision: Decision) -> [String] {
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
struct RewardRow: Equatable {
  var holder: Identifier
  var cycleStart: CivilDate
  var cycleEnd: CivilDate
  var ordinal: Int
  var transaction: Identifier
  var card: Identifier
  var channel: Channel
  var time: Instant
  /// What the purchase cost.
  var amount: Money
  /// What it earned.
  var reward: Money

  /// A reward kept in the store.
  init(_ line: RewardLine) {
    holder = line.holder
    cycleStart = line.cycleStart
    cycleEnd = line.cycleEnd
    ordinal = line.ordinal
    transaction = line.transaction
    card = line.card
    channel = line.channel
    time = line.time
    amount = line.amount
    reward = line.reward
  }

  /// The fields in the order of `ReportFiles.rewardsHeader`, the time in the promotion's zone.
  func record(in zone: TimeZoneRules) -> [String] {
    [
      holder.rawValue, cycleStart.description, cycleEnd.description, String(ordinal),
      transaction.rawValue, card.rawValue, channel.rawValue, time.formatted(in: zone),
      amount.description, reward.description,
    ]
  }
}
