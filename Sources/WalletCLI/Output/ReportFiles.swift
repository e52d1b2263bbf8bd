import WalletCore

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

  /// One row per reward, by holder (UTF-8 bytes) then ordinal.
  static func writeRewards(
    _ decisions: [Decision], transactions: [Transaction], promotion: Promotion, to writer: CSVWriter
  ) throws {
    try writer.writeRecord(rewardsHeader)
    for index in RewardEngine.statementOrder(decisions) {
      let decision = decisions[index]
      guard let reward = decision.outcome.reward else { continue }
      let transaction = transactions[index]
      try writer.writeRecord([
        decision.holder.rawValue, decision.cycle.start.description,
        decision.cycle.end.description, String(reward.ordinal), decision.transaction.rawValue,
        decision.card.rawValue, reward.channel.rawValue,
        transaction.time.formatted(in: promotion.timeZone), transaction.amount.description,
        reward.amount.description,
      ])
    }
    try writer.flush()
  }

  /// One row per transaction, in input order.
  static func writeDecisions(_ decisions: [Decision], to writer: CSVWriter) throws {
    try writer.writeRecord(decisionsHeader)
    for decision in decisions {
      let reward = decision.outcome.reward
      try writer.writeRecord([
        decision.transaction.rawValue, decision.holder.rawValue, decision.card.rawValue,
        decision.cycle.start.description, reward == nil ? "not-rewarded" : "rewarded",
        decision.outcome.reason?.rawValue ?? "", reward.map { String($0.ordinal) } ?? "",
        reward?.amount.description ?? "",
      ])
    }
    try writer.flush()
  }
}
