import WalletCore
import WalletIngest
import WalletStore

/// A file `wallet export` writes, with the promotion it is of.
package enum ExportedFile {
  /// The rewards file of a promotion, as `wallet batch` writes it.
  case rewards(Promotion)
  /// The decisions file of a promotion.
  case decisions(Promotion)
  /// The transactions file, which `wallet import transactions` reads back.
  case transactions

  /// The promotion the file is of; nil for transactions.
  package var promotion: Promotion? {
    switch self {
    case .rewards(let promotion), .decisions(let promotion): promotion
    case .transactions: nil
    }
  }
}

/// `wallet export` as a job: one of the store's files written as CSV, row by row as the store
/// yields them.
package enum ExportJob {
  /// Writes `file`'s header and its rows of the transactions in `range`; returns how many
  /// rows. Write failures throw the writer's `CSVWriteError`.
  package static func write(
    _ file: ExportedFile, range: WalletStore.TransactionFilter, store: WalletStore,
    to writer: RecordWriter
  ) throws -> Int {
    try writer.writeHeader()
    var count = 0
    let unbounded = range.from == nil && range.until == nil
    func inRange(_ time: Instant) -> Bool {
      (range.from.map { time >= $0 } ?? true) && (range.until.map { time < $0 } ?? true)
    }
    // Rows are written as the store yields them: the first line comes at once however large
    // the store, and memory stays flat.
    switch file {
    case .rewards(let promotion):
      try store.forEachReward(promotion: promotion.id) { line in
        if inRange(line.time) {
          try writer.write(RewardsFile.fields(of: RewardRow(line), in: promotion.timeZone))
          count += 1
        }
        return true
      }
    case .decisions(let promotion):
      // The store keeps decisions in the order of the transactions' time, then id: the order a
      // store has, where the SPEC's "input order" of a batch has no meaning.
      var selected: Set<Identifier>?
      if !unbounded {
        var ids = Set<Identifier>()
        try store.forEachTransaction(range) { transaction in
          ids.insert(transaction.id)
          return true
        }
        selected = ids
      }
      try store.forEachDecision(promotion: promotion.id) { decision in
        if selected?.contains(decision.transaction) ?? true {
          try writer.write(DecisionsFile.fields(of: decision))
          count += 1
        }
        return true
      }
    case .transactions:
      let zone = store.timeZone
      try store.forEachTransaction(range) { transaction in
        try writer.write(TransactionsFile.fields(of: transaction, in: zone))
        count += 1
        return true
      }
    }
    try writer.csv.flush()
    return count
  }
}
