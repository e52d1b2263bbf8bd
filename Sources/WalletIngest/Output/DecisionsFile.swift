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
  /// The outcome of a transaction that took a reward's place, whose reward was taken back.
  static let forfeited = "forfeited"
  /// The outcome of any other.
  static let notRewarded = "not-rewarded"

  /// A decision's fields in the order of `columns`. A forfeited row has its reason, its
  /// ordinal and, as its reward, the amount taken back.
  package static func fields(of decision: Decision) -> [String] {
    let place = decision.outcome.place
    return [
      decision.transaction.rawValue, decision.holder.rawValue, decision.card.rawValue,
      decision.cycle.start.description, decision.outcome.name,
      decision.outcome.reason?.rawValue ?? "", place.map { String($0.ordinal) } ?? "",
      place?.amount.description ?? "",
    ]
  }

  /// The whole file straight from a batch's ledger and its decisions, one row per transaction
  /// in input order, without a `Decision` per row: `fields(of:)`'s fields, from text made once.
  /// Without `header`, only the rows.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock, header: Bool = true
  ) throws {
    if header { try writer.writeRecord(columns) }
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
        let ordinal = Int(decisions.ordinal[index])
        if ordinal != 0 {
          // A place taken: paid, or (with a reason) forfeited and taken back.
          let channel = names.channel(ofEnrollment: decisions.enrollment[index])
          try out.writeField(reason == 0 ? rewarded : forfeited)
          try out.writeField(reasonNames[Int(reason)])
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
