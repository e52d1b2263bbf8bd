import WalletCore
import WalletIngest

/// How a batch will run: in memory, or in parts on disk, as `BatchMemory` plans from the
/// files' sizes and the limit.
package struct BatchPlan: Equatable {
  /// The parts to run in; nil to run in memory.
  package var parts: Int?
  /// Why the run will take more memory than allowed, if it will.
  package var warning: BatchMemoryWarning?

  /// A plan in `parts` parts (nil: in memory), with `warning` said before the run.
  package init(parts: Int? = nil, warning: BatchMemoryWarning? = nil) {
    self.parts = parts
    self.warning = warning
  }
}

/// `wallet batch` as a job: decides every transaction of three CSV files under one promotion,
/// in memory or in parts on disk, and writes the rewards (decisions, adjustments,
/// reconciliation) files, every one in place or none.
package enum BatchJob {
  /// Plans the run of `request`; throws when it has postings and does not fit in memory.
  package static func plan(_ request: BatchRequest) throws(BatchPostingsPastMemoryLimit)
    -> BatchPlan
  {
    let (cardsBytes, enrollmentsBytes, transactionsBytes) = (
      BatchMemory.size(of: request.cards), BatchMemory.size(of: request.enrollments),
      BatchMemory.size(of: request.transactions)
    )
    let limit = request.memoryLimit ?? BatchMemory.defaultLimit
    let inParts =
      request.forcedParts != nil
      || BatchMemory.need(
        cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
        transactionsBytes: transactionsBytes) > limit
    if inParts && request.postings != nil { throw BatchPostingsPastMemoryLimit() }
    guard inParts else { return BatchPlan() }
    let needed = BatchMemory.partsNeeded(
      cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
      transactionsBytes: transactionsBytes, limit: limit)
    let most = PartitionedBatch.maximumPartitions
    var plan = BatchPlan(parts: request.forcedParts ?? min(needed ?? most, most))
    if let needed, needed > most {
      plan.warning = .tooManyParts(needed: needed, most: most)
    } else if needed == nil {
      let shared = BatchMemory.shared(cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes)
      plan.warning = .sharedDataTooLarge(mebibytes: (shared + (1 << 20) - 1) >> 20)
    }
    return plan
  }

  /// Runs `request` as `plan` says under the promotion `resolvePromotion` gives. `asOf` gives
  /// the day to reconcile as of, asked only when there are postings. Write failures throw
  /// `BatchOutputError`; input failures `FileError`.
  package static func run(
    _ request: BatchRequest, plan: BatchPlan, resolvePromotion: () throws -> Promotion,
    asOf: (Promotion) throws -> CivilDate, events: BatchEvents
  ) throws -> BatchReport {
    LargeAllocations.returnToTheSystemWhenFreed()
    let promotion = try resolvePromotion()
    if let parts = plan.parts {
      return try runInParts(
        request, parts: parts, warning: plan.warning, promotion: promotion, events: events)
    }
    return try runInMemory(request, promotion: promotion, asOf: asOf, events: events)
  }

  /// The writer of `file`: standard output goes through the command's console.
  static func writer(_ file: AtomicOutputFile, _ events: BatchEvents) -> CSVWriter {
    file.path == "-" ? events.standardOutput() : file.csvWriter()
  }

  /// Runs `write`, naming `file` when it fails.
  static func writing(_ file: AtomicOutputFile, _ write: () throws -> Void) throws {
    do {
      try write()
    } catch {
      throw BatchOutputError(path: file.path, underlying: error)
    }
  }
}
