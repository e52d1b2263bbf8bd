import WalletCore

/// The SPEC's decisions file: one row per transaction. The one place that says what its columns
/// are, in what order, and how each field is written, for `batch` (from its ledger) and
/// `export decisions` (from the store).
package enum DecisionsFile: CSVFileFormat {
  /// The header, and the order of every row's fields.
  package static let columns = [
    "transaction", "holder", "card", "cycle_start", "outcome", "reason", "ordinal", "reward",
  ]

  /// The cycle's first day, the ordinal and the reward.
  package static let numericColumns: Set<String> = ["cycle_start", "ordinal", "reward"]

  /// The outcome of a rewarded transaction.
  static let rewarded = "rewarded"
  /// The outcome of any other.
  static let notRewarded = "not-rewarded"

  /// A decision's fields in the order of `columns`.
  package static func fields(of decision: Decision) -> [String] {
    let reward = decision.outcome.reward
    return [
      decision.transaction.rawValue, decision.holder.rawValue, decision.card.rawValue,
      decision.cycle.start.description, reward == nil ? notRewarded : rewarded,
      decision.outcome.reason?.rawValue ?? "", reward.map { String($0.ordinal) } ?? "",
      reward?.amount.description ?? "",
    ]
  }

  /// The whole file straight from a batch's ledger and its decisions, one row per transaction
  /// in input order, without a `Decision` per row: `fields(of:)`'s fields, from text made once.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock
  ) throws {
    try writer.writeRecord(columns)
    let names = RowNames(decisions: decisions, ledger: ledger)
    let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
    try LedgerRowBlocks.write(
      rows: ledger.transactionCount, rowsPerHalfBlock: rowsPerHalfBlock, to: writer
    ) { rows, out, _ in
      for index in rows {
        let card = ledger.cards[Int(ledger.transactionCard[index])]
        try ledger.transactionIDs.withBytes(at: index) { try out.writeField(bytes: $0) }
        try out.writeField(card.holder.rawValue)
        try out.writeField(card.id.rawValue)
        try out.writeField(names.cycle(of: index).start)
        let reason = decisions.reason[index]
        if reason == 0 {
          let ordinal = Int(decisions.ordinal[index])
          let channel = names.channel(ofEnrollment: decisions.enrollment[index])
          try out.writeField(rewarded)
          try out.writeField("")
          try out.writeField(names.number(ordinal))
          try out.writeField(names.tiers[channel][ordinal - 1])
        } else {
          try out.writeField(notRewarded)
          try out.writeField(reasonNames[Int(reason)])
          try out.writeField("")
          try out.writeField("")
        }
        try out.endRecord()
      }
    }
  }
}
