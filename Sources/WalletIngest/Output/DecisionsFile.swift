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
  /// Without `header`, only the rows. Each card's holder and id, and each combination of
  /// outcome, reason, ordinal and reward, are encoded once (`EncodedFields`), and each row
  /// copies their bytes.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock, header: Bool = true
  ) throws {
    if header { try writer.writeRecord(columns) }
    let names = RowNames(decisions: decisions, ledger: ledger)
    let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
    let cardFields = try EncodedFields(ledger.cards.map { [$0.holder.rawValue, $0.id.rawValue] })
    // The last four fields of a row without a place, by reason; of a row with one, by reason,
    // channel and ordinal (at `placed[reason][channel] + ordinal - 1`).
    let unplaced = try EncodedFields(reasonNames.map { [notRewarded, $0, "", ""] })
    var placedTails: [[String]] = []
    var placedStart = [[Int]](
      repeating: [Int](repeating: 0, count: names.tiers.count), count: reasonNames.count)
    for reason in reasonNames.indices {
      for channel in names.tiers.indices {
        placedStart[reason][channel] = placedTails.count
        for (ordinal, tier) in names.tiers[channel].enumerated() {
          placedTails.append([
            reason == 0 ? rewarded : forfeited, reasonNames[reason], names.number(ordinal + 1),
            tier,
          ])
        }
      }
    }
    let placed = try EncodedFields(placedTails)
    let starts = placedStart
    try LedgerRowBlocks.write(
      rows: ledger.transactionCount, rowsPerHalfBlock: rowsPerHalfBlock, to: writer
    ) { rows, out, scratch in
      for index in rows {
        try ledger.transactionIDs.withBytes(at: index) { try out.writeField(bytes: $0) }
        try cardFields.write(Int(ledger.transactionCard[index]), fields: 2, to: out)
        try out.writeField(names.cycle(of: index).start)
        let reason = Int(decisions.reason[index])
        let ordinal = Int(decisions.ordinal[index])
        if ordinal != 0 && !decisions.rewardAmount.isEmpty {
          // SPEC 8's reward is an amount of its own, not a tier's entry.
          try out.writePlainField(reason == 0 ? rewarded : forfeited)
          // A rewarded row's reason is empty, which only `writeField` writes.
          try out.writeField(reasonNames[reason])
          try out.writePlainField(names.number(ordinal))
          let length = Money(minorUnits: decisions.rewardAmount[index]).formatted(into: scratch)
          try out.writePlainField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<length]))
        } else if ordinal != 0 {
          // A place taken: paid, or (with a reason) forfeited and taken back.
          let channel = names.channel(ofEnrollment: decisions.enrollment[index])
          precondition(ordinal <= names.tiers[channel].count, "a place past the tiers")
          try placed.write(starts[reason][channel] + ordinal - 1, fields: 4, to: out)
        } else {
          try unplaced.write(reason, fields: 4, to: out)
        }
        try out.endRecord()
      }
    }
  }
}

/// Runs of fields encoded once, as `CSVWriter` writes them (quoted where they must be, joined
/// by commas), for rows that repeat them: a decisions file writes each card's holder and id,
/// and one of a few dozen endings, on millions of rows.
struct EncodedFields: Sendable {
  /// Every run's bytes, back to back.
  private let bytes: [UInt8]
  /// Where each run starts in `bytes`, and (last) where the last one ends.
  private let starts: [Int]

  /// The runs of `runs`' fields, in order.
  init(_ runs: [[String]]) throws {
    var bytes: [UInt8] = []
    var starts = [0]
    starts.reserveCapacity(runs.count + 1)
    let encoder = CSVWriter(chunkSize: 1 << 16) { bytes.append(contentsOf: $0) }
    for run in runs {
      for field in run { try encoder.writeField(field) }
      try encoder.endRecord()
      try encoder.flush()
      // Without the record's line break.
      bytes.removeLast(2)
      starts.append(bytes.count)
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// Appends run `run`, of `fields` fields, to the record `writer` is writing.
  func write(_ run: Int, fields: Int, to writer: CSVWriter) throws {
    try bytes.withUnsafeBufferPointer {
      try writer.writeEncodedFields(
        UnsafeBufferPointer(rebasing: $0[starts[run]..<starts[run + 1]]), count: fields)
    }
  }
}
