import WalletCore

/// The SPEC's rewards and decisions files written straight from a batch's ledger, without a
/// `Decision` value per transaction.
enum LedgerReports {
  /// One row per reward, by holder (UTF-8 bytes) then ordinal.
  static func writeRewards(
    _ decisions: LedgerDecisions, ledger: Ledger, promotion: Promotion, to writer: CSVWriter
  ) throws {
    try writer.writeRecord(ReportFiles.rewardsHeader)
    let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Instant.formattedCapacity)
    defer { scratch.deallocate() }
    // Cycles and tier amounts repeat across hundreds of thousands of rows: name each once.
    var cycleNames: [Int: (start: String, end: String)] = [:]
    let tierNames = Dictionary(
      uniqueKeysWithValues: Channel.allCases.map { ($0, promotion.tiers[$0].map(\.description)) })
    for index in decisions.statementOrder(in: ledger) {
      let card = ledger.cards[Int(ledger.transactionCard[index])]
      let sequence = decisions.cycleSequence(at: index, in: ledger)
      let cycle: (start: String, end: String)
      if let known = cycleNames[sequence] {
        cycle = known
      } else {
        let value = decisions.cycle(at: index, in: ledger)
        cycle = (value.start.description, value.end.description)
        cycleNames[sequence] = cycle
      }
      let ordinal = Int(decisions.ordinal[index])
      let channel = ledger.enrollments[Int(decisions.enrollment[index])].channel
      try writer.writeField(card.holder.rawValue)
      try writer.writeField(cycle.start)
      try writer.writeField(cycle.end)
      try writer.writeField(String(ordinal))
      try ledger.transactionIDs.withBytes(at: index) { try writer.writeField(bytes: $0) }
      try writer.writeField(card.id.rawValue)
      try writer.writeField(channel.rawValue)
      let timeLength = Instant(nanosecondsSinceEpoch: ledger.time[index]).formatted(
        in: promotion.timeZone, into: scratch)
      try writer.writeField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<timeLength]))
      let amountLength = Money(minorUnits: ledger.amount[index]).formatted(into: scratch)
      try writer.writeField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<amountLength]))
      try writer.writeField(tierNames[channel]?[ordinal - 1] ?? "")
      try writer.endRecord()
    }
    try writer.flush()
  }

  /// One row per transaction, in input order.
  static func writeDecisions(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter
  ) throws {
    try writer.writeRecord(ReportFiles.decisionsHeader)
    var cycleNames: [Int: String] = [:]
    let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
    for index in 0..<ledger.transactionCount {
      let card = ledger.cards[Int(ledger.transactionCard[index])]
      let sequence = decisions.cycleSequence(at: index, in: ledger)
      let cycleName: String
      if let known = cycleNames[sequence] {
        cycleName = known
      } else {
        cycleName = decisions.cycle(at: index, in: ledger).start.description
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
