import WalletCore
import WalletIngest

extension BatchJob {
  /// The batch past the memory limit: the transactions split into `parts` parts by holder on
  /// disk (`PartitionedBatch`), the same files written; with `loadsAhead`, each part is read
  /// while the one before is decided (`PartitionedBatch.loadsAhead`).
  static func runInParts(
    _ request: BatchRequest, parts: Int, loadsAhead: Bool, warning: BatchMemoryWarning?,
    promotion: Promotion,
    texts: BatchInputTexts, events: BatchEvents
  ) throws -> BatchReport {
    let rewardsFile = try AtomicOutputFile(path: request.rewards)
    let decisionsFile = try request.decisions.map { (path) throws(FileError) in
      try AtomicOutputFile(path: path)
    }
    var batch = PartitionedBatch(
      promotion: promotion, partitions: parts,
      workParent: BatchMemory.workParent(output: request.rewards, environment: request.environment),
      skipInvalid: request.skipInvalid)
    if let smallest = request.smallestFileInPieces { batch.smallestFileInPieces = smallest }
    batch.loadsAhead = loadsAhead
    // Only the rewards asked for: purchases that cannot earn need not reach the work files.
    batch.leavingOutBelow = RewardEngine.leastAmountThatCanEarn(under: promotion)
    let totals: PartitionedBatch.Totals
    do {
      totals = try batch.run(
        cards: request.cards, enrollments: request.enrollments,
        transactions: request.transactions, rewards: writer(rewardsFile, events),
        decisions: decisionsFile.map { writer($0, events) },
        readDone: { skipped in events.inputsRead(warning, skipped) }, text: texts.text,
        progress: { phase, totalBytes in
          events.progress(phase == "partitioning" ? .partitioning : .deciding, totalBytes)
        })
    } catch let failure as PartitionedBatch.OutputError {
      let file = failure.decisions ? decisionsFile ?? rewardsFile : rewardsFile
      throw BatchOutputError(path: file.path, underlying: failure.underlying)
    }
    try CommitGate.pass { () throws(FileError) in
      try rewardsFile.commit()
      try decisionsFile?.commit()
    }
    return BatchReport(
      totals: request.summarize
        ? BatchTotals(
          transactions: totals.transactions, paid: totals.paid,
          forfeited: promotion.refunds == .clawback ? totals.forfeited : nil,
          skippedRows: totals.skipped.count)
        : nil,
      reconciliation: nil, ranInParts: true, readInPieces: totals.readInPieces)
  }
}
