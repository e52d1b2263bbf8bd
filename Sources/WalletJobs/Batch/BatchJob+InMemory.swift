import WalletCore
import WalletIngest

extension BatchJob {
  /// The batch of every transaction at once: one ledger, decided and written.
  static func runInMemory(
    _ request: BatchRequest, promotion: Promotion, asOf: (Promotion) throws -> CivilDate,
    texts: BatchInputTexts, events: BatchEvents
  ) throws -> BatchReport {
    let input = try BatchInput.load(
      cards: request.cards, enrollments: request.enrollments, transactions: request.transactions,
      naiveIn: promotion.timeZone, skipInvalid: request.skipInvalid,
      keepingMerchants: BatchInput.keepsMerchants(under: promotion),
      smallestFileInParts: request.smallestFileInPieces ?? FileParts.minimumFileSize,
      text: texts.text,
      // Only the rewards asked for: purchases that cannot earn need not stay in memory.
      leavingOutBelow: request.decisions == nil && request.postings == nil
        ? RewardEngine.leastAmountThatCanEarn(under: promotion) : nil,
      preparingCardsFor: promotion, progress: { events.progress(.reading, $0) })
    events.inputsRead(nil, input.skipped)
    // The postings file as UTF-8 text, its encoding said (on this thread, before it is read).
    func postingsText(_ path: String) throws(FileError) -> InputFile {
      try texts.wholeText(try InputFile(path: path))
    }
    func readPostings(_ file: InputFile) throws(FileError) -> BatchPostings {
      try BatchPostings.read(
        file, ledger: input.ledger, cardsPath: request.cards, skipInvalid: request.skipInvalid,
        smallestFileInParts: request.smallestFileInPieces ?? FileParts.minimumFileSize)
    }
    if input.fileWithEveryRowSkipped != nil {
      // Nothing is decided from a file none of whose rows is used; the postings are read all
      // the same, so that every row skipped is reported before the run stops.
      if let path = request.postings {
        events.postingsRead(try readPostings(try postingsText(path)).skipped)
      }
      try input.checkEachFileUsed()
    }

    // Today is asked for only when reconciling: a bad clock does not stop a plain batch.
    let asOfDay = try request.postings == nil ? nil : asOf(promotion)
    let postingsFile = try request.postings.map { (path) throws(FileError) in
      try postingsText(path)
    }
    // The postings are read while the transactions are decided: neither touches the other.
    let (decisions, postingsRead) = bothAtOnce(
      {
        let engine = RewardEngine(promotion: promotion)
        guard let prepared = input.preparedCards else { return engine.decide(input.ledger) }
        return engine.decide(input.ledger, cards: prepared, quotaSettled: nil)
      },
      {
        postingsFile.map { file in
          Result { () throws(FileError) in try readPostings(file) }
        }
      })
    let reconciled = try postingsRead.map { read in
      let read = try read.get()
      events.postingsRead(read.skipped)
      if let path = request.postings { try read.checkUsed(path: path) }
      return decisions.reconcile(
        input.ledger, postings: read.values, postingCards: read.cards, asOf: asOfDay!)
    }

    // Every output is complete on disk before any replaces an older file.
    let rewardsFile = try AtomicOutputFile(path: request.rewards)
    let decisionsFile = try request.decisions.map { (path) throws(FileError) in
      try AtomicOutputFile(path: path)
    }
    let adjustmentsFile = try request.adjustments.map { (path) throws(FileError) in
      try AtomicOutputFile(path: path)
    }
    let reconciliationFile = try request.reconciliation.map { (path) throws(FileError) in
      try AtomicOutputFile(path: path)
    }
    try writing(rewardsFile) {
      try RewardsFile.write(
        decisions, ledger: input.ledger, promotion: promotion, to: writer(rewardsFile, events))
    }
    if let decisionsFile {
      try writing(decisionsFile) {
        try DecisionsFile.write(decisions, ledger: input.ledger, to: writer(decisionsFile, events))
      }
    }
    if let reconciled, let adjustmentsFile {
      try writing(adjustmentsFile) {
        try PostingsFile.write(reconciled.adjustments, to: writer(adjustmentsFile, events))
      }
    }
    if let reconciled, let reconciliationFile {
      try writing(reconciliationFile) {
        try ReconciliationFile.write(reconciled.rows, to: writer(reconciliationFile, events))
      }
    }
    // Decided from the files as they were read: one changed since (truncated while it was
    // read, rewritten) is no input to trust, and the previous outputs stay.
    try input.checkUnchanged()
    // The totals are counted while the outputs are flushed to disk: both only read.
    let (committed, totals) = bothAtOnce(
      { () -> Result<Void, FileError> in
        Result { () throws(FileError) in
          // One step for an interrupt: all of the outputs are in place, or none.
          try CommitGate.pass { () throws(FileError) in
            try rewardsFile.commit()
            try decisionsFile?.commit()
            try adjustmentsFile?.commit()
            try reconciliationFile?.commit()
          }
        }
      },
      {
        request.summarize
          ? BatchTotals(
            decisions: decisions, ledger: input.ledger, leftOut: input.transactionsLeftOut,
            skippedRows: input.skipped.count)
          : nil
      })
    try committed.get()
    KeptUntilExit.keep(input)
    KeptUntilExit.keep(decisions)
    return BatchReport(
      totals: totals, reconciliation: reconciled, ranInParts: false, readInPieces: false)
  }
}
