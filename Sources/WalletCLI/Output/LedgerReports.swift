import WalletCore

/// The SPEC's rewards and decisions files written straight from a batch's ledger, without a
/// `Decision` value per transaction.
enum LedgerReports {
  /// One row per reward, by holder (UTF-8 bytes) then ordinal.
  static func writeRewards(
    _ decisions: LedgerDecisions, ledger: Ledger, promotion: Promotion, to writer: CSVWriter
  ) throws {
    try writer.writeRecord(ReportFiles.rewardsHeader)
    for index in decisions.statementOrder(in: ledger) {
      let card = ledger.cards[Int(ledger.transactionCard[index])]
      let cycle = decisions.cycle(at: index)
      guard let reward = decisions.outcome(at: index, in: ledger).reward else { continue }
      try writer.writeField(card.holder.rawValue)
      try writer.writeField(cycle.start.description)
      try writer.writeField(cycle.end.description)
      try writer.writeField(String(reward.ordinal))
      try ledger.transactionIDs.withBytes(at: index) { try writer.writeField(bytes: $0) }
      try writer.writeField(card.id.rawValue)
      try writer.writeField(reward.channel.rawValue)
      try writer.writeField(
        Instant(nanosecondsSinceEpoch: ledger.time[index]).formatted(in: promotion.timeZone))
      try writer.writeField(Money(minorUnits: ledger.amount[index]).description)
      try writer.writeField(reward.amount.description)
      try writer.endRecord()
    }
    try writer.flush()
  }

  /// One row per transaction, in input order.
  static func writeDecisions(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter
  ) throws {
    try writer.writeRecord(ReportFiles.decisionsHeader)
    var cycleNames: [Int32: String] = [:]
    let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
    for index in 0..<ledger.transactionCount {
      let card = ledger.cards[Int(ledger.transactionCard[index])]
      let sequence = decisions.cycleSequence[index]
      let cycleName: String
      if let known = cycleNames[sequence] {
        cycleName = known
      } else {
        cycleName = decisions.cycle(at: index).start.description
        cycleNames[sequence] = cycleName
      }
      try ledger.transactionIDs.withBytes(at: index) { try writer.writeField(bytes: $0) }
      try writer.writeField(card.holder.rawValue)
      try writer.writeField(card.id.rawValue)
      try writer.writeField(cycleName)
      let reason = decisions.reason[index]
      if reason == 0, let reward = decisions.outcome(at: index, in: ledger).reward {
        try writer.writeField("rewarded")
        try writer.writeField("")
        try writer.writeField(String(reward.ordinal))
        try writer.writeField(reward.amount.description)
      } else {
        try writer.writeField("not-rewarded")
        try writer.writeField(reasonNames[Int(reason)])
        try writer.writeField("")
        try writer.writeField("")
      }
      try writer.endRecord()
    }
    try writer.flush()
  }
}
