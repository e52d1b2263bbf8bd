import Foundation
import WalletCore

/// A batch too large for memory, decided a part at a time: the same outputs, byte for byte, as
/// reading everything into one ledger, with only the cards, the enrollments and one part's
/// transactions in memory. The transactions are partitioned by holder into work files, the
/// quota is settled over every part (`QuotaSettlement`), and each part is decided and written
/// in turn; docs/design/batch.md tells how. The work files live in a directory of their own,
/// removed however the run ends (`Leftovers`).
package struct PartitionedBatch {
  /// The promotion decided under.
  package let promotion: Promotion
  /// Into how many parts the holders are split (1 to `maximumPartitions`).
  package let partitions: Int
  /// Where the work directory is made.
  package let workParent: String
  /// Whether invalid rows are skipped and reported rather than the end of the run.
  package let skipInvalid: Bool

  /// The smallest file read in pieces at once (`FileParts.minimumFileSize` unless a test
  /// lowers it).
  package var smallestFileInPieces: Int = FileParts.minimumFileSize

  /// Whether each part's transactions are read while the part before is decided and written:
  /// two parts' transactions are then in memory at once, so the caller makes the parts half as
  /// large as the memory allows (or has no memory to keep to).
  package var loadsAhead = false

  /// With a minimum amount (minor units), a run that writes no decisions leaves out of the work
  /// files every row read in pieces whose amount is below it, once the row is read and checked
  /// (see `RewardEngine.leastAmountThatCanEarn(under:)`); the totals still count it.
  package var leavingOutBelow: Int64?

  /// Whether the work files and the parts' ledgers keep each transaction's merchant: only
  /// when the promotion lists merchants (`BatchInput.keepsMerchants(under:)`).
  package var keepsMerchants: Bool { BatchInput.keepsMerchants(under: promotion) }

  /// The most parts: each one holds two work files open while partitioning.
  package static let maximumPartitions = 128

  /// A run under `promotion` in `partitions` parts, its work files in a new directory inside
  /// `workParent`.
  package init(promotion: Promotion, partitions: Int, workParent: String, skipInvalid: Bool) {
    self.promotion = promotion
    self.partitions = min(max(partitions, 1), Self.maximumPartitions)
    self.workParent = workParent
    self.skipInvalid = skipInvalid
  }

  /// What a run decided, for the summary on standard error.
  package struct Totals {
    /// The transactions decided.
    package var transactions = 0
    /// The rewards paid and their sum per channel.
    package var paid: [Channel: (rewards: Int, amount: MoneyTotal)] = [:]
    /// The places taken whose rewards were taken back (`refunds: clawback`).
    package var forfeited = 0
    /// Every row left out as invalid, in file order.
    package var skipped = SkippedRows()
    /// Whether the transactions file was partitioned in pieces at once (rather than row by
    /// row, as a small file or one with a problem is).
    package var readInPieces = false
  }

  /// A write to one of the outputs that failed: the command names the output.
  package struct OutputError: Error {
    /// Whether it was the decisions output (else the rewards output).
    package let decisions: Bool
    /// What failed.
    package let underlying: any Error
  }

  /// Reads the three files, decides every transaction and writes the rewards (and decisions)
  /// rows to `rewards` (and `decisions`). `readDone` is called with the rows skipped once every
  /// input is read and found valid, before any output is written; then a file whose every row
  /// was skipped stops the run. `text` gives each input's text as UTF-8 (see
  /// `BatchInput.loadCardsAndEnrollments`).
  /// `progress` is given a phase's
  /// name and the bytes it will go through, and returns what to tell, if anything. Input errors
  /// and work file failures throw `FileError`; output failures `OutputError`.
  package func run(
    cards: String, enrollments: String, transactions: String, rewards: CSVWriter,
    decisions: CSVWriter?, readDone: (SkippedRows) -> Void,
    text: (InputFile) throws(FileError) -> InputFile = { try $0.decodedAtFirstSight().file },
    progress: (_ phase: String, _ totalBytes: Int) -> (any ReadProgress)?
  ) throws -> Totals {
    let (base, loader, transactionsFile) = try BatchInput.loadCardsAndEnrollments(
      cards: cards, enrollments: enrollments, transactions: transactions,
      naiveIn: promotion.timeZone, skipInvalid: skipInvalid, keepingMerchants: keepsMerchants,
      smallestFileInParts: smallestFileInPieces, text: text)
    let directory = try TemporaryDirectory(in: workParent)
    defer { directory.remove() }
    var totals = Totals()
    // What the cards and enrollments alone decide, worked out once for every part: the
    // holders' ranks now, which say each card's part, and the rest on the first core to run
    // out of pieces of the transactions file, which would otherwise wait for the last one.
    let ranks = PreparedCards.HolderRanks(of: base.ledger)
    let preparation = CardsPreparation(base.ledger, promotion: promotion, ranks: ranks)
    let parts = try partition(
      transactionsFile, base: base, loader: loader,
      partOfCard: Self.partOfCard(ranks, partitions: partitions),
      leavingOutBelow: decisions == nil ? leavingOutBelow : nil, in: directory,
      progress: progress("partitioning", transactionsFile.size), alongside: preparation.start)
    let prepared =
      preparation.prepared ?? PreparedCards(base.ledger, promotion: promotion, ranks: ranks)
    totals.transactions = parts.belowMinimum
    totals.skipped = base.skipped
    totals.skipped.append(contentsOf: parts.skipped)
    totals.readInPieces = parts.pieces.count > 1
    readDone(totals.skipped)
    // A file none of whose rows is used stops the run, as a batch in memory stops (SPEC 4).
    try base.checkEachFileUsed()
    if parts.counts.reduce(0, +) == parts.leftOut.count && parts.skipped.count > 0 {
      throw FileError.everyRowSkipped(path: transactionsFile.path)
    }

    let passes = promotion.quota == nil ? 1 : 2
    let deciding = progress("deciding", parts.bytes.reduce(0, +) * passes)
    var decided = (rows: 0, bytes: 0)
    func advance(_ part: Int, rows: Int) {
      decided.rows += rows
      decided.bytes += parts.bytes[part]
      deciding?.update(rows: decided.rows, bytes: decided.bytes)
    }
    let settlement = try settleQuota(
      parts, base: base.ledger, cards: prepared, advance: advance)

    let engine = RewardEngine(promotion: promotion)
    do {
      try rewards.writeRecord(RewardsFile.columns)
    } catch {
      throw OutputError(decisions: false, underlying: error)
    }
    /// Decides part `part`, whose ledger is `ledger`, and writes its rows.
    func decideAndWrite(_ part: Int, _ ledger: Ledger) throws {
      let decided = engine.decide(ledger, cards: prepared, quotaSettled: settlement)
      do {
        try RewardsFile.write(
          decided, ledger: ledger, promotion: promotion, to: rewards, header: false)
      } catch {
        throw OutputError(decisions: false, underlying: error)
      }
      if decisions != nil {
        let file = try WorkFileWriter(path: directory.file("d\(part)"))
        let writer = CSVWriter { file.append($0) }
        try DecisionsFile.write(decided, ledger: ledger, to: writer, header: false)
        try file.finish()
      }
      totals.transactions += ledger.transactionCount
      for (channel, paid) in decided.paidByChannel(in: ledger) {
        let before = totals.paid[channel] ?? (0, .zero)
        totals.paid[channel] = (before.rewards + paid.rewards, before.amount + paid.amount)
      }
      totals.forfeited += decided.forfeitedCount()
      advance(part, rows: ledger.transactionCount)
    }
    func ledger(_ part: Int) -> Result<Ledger, FileError> {
      Result { () throws(FileError) in try parts.ledger(part, base: base.ledger) }
    }
    // With `loadsAhead`, each part's ledger is read from its work files on another thread
    // while the part before it is decided and written: reading it is one thread's work, and
    // deciding and writing a part of tens of thousands of rows hardly two threads'.
    var next = ledger(0)
    for part in 0..<partitions {
      let current = try next.get()
      let following = part + 1 < partitions ? part + 1 : nil
      let written: Result<Void, any Error>
      if loadsAhead, let following {
        (written, next) = bothAtOnce(
          { Result { try decideAndWrite(part, current) } }, { ledger(following) })
      } else {
        written = Result { try decideAndWrite(part, current) }
        if let following { next = ledger(following) }
      }
      try written.get()
    }
    if let decisions {
      try merge(parts, from: directory, into: decisions)
    }
    deciding?.finish(rows: decided.rows)
    // Decided from the files as they were read: a file changed since is no input to trust.
    try base.checkUnchanged()
    return totals
  }

  /// Decides each part without the quota and settles where the quota ran out over all of
  /// them; nil when the promotion has no quota.
  private func settleQuota(
    _ parts: PartitionedParts, base: Ledger, cards: PreparedCards, advance: (Int, Int) -> Void
  ) throws(FileError) -> QuotaSettlement? {
    guard let quota = promotion.quota else { return nil }
    guard quota > 0 else { return .exhaustedFromStart }
    var unlimited = promotion
    unlimited.quota = nil
    let engine = RewardEngine(promotion: unlimited)
    var places: [(time: Int64, id: [UInt8])] = []
    for part in 0..<partitions {
      let ledger = try parts.ledger(part, base: base)
      let decided = engine.decide(ledger, cards: cards, quotaSettled: nil)
      for index in 0..<ledger.transactionCount where decided.ordinal[index] != 0 {
        places.append(
          (ledger.time[index], ledger.transactionIDs.withBytes(at: index) { Array($0) }))
      }
      // Only the quota's earliest places can matter.
      if places.count > 2 * quota { places = QuotaSettlement.earliest(quota, of: places) }
      advance(part, ledger.transactionCount)
    }
    return QuotaSettlement.settle(quota: quota, placesTaken: places)
  }

  /// Writes the decisions rows of every part, in input order, to `output`.
  private func merge(
    _ parts: PartitionedParts, from directory: TemporaryDirectory, into output: CSVWriter
  )
    throws
  {
    do {
      try output.writeRecord(DecisionsFile.columns)
    } catch {
      throw OutputError(decisions: true, underlying: error)
    }
    var readers: [WorkFileReader] = []
    for part in 0..<partitions {
      readers.append(try WorkFileReader(path: directory.file("d\(part)"), capacity: 1 << 16))
    }
    var position = 0
    for piece in parts.pieces {
      let routing = try WorkFileReader(path: directory.file(piece.routingFile))
      while let route = try routing.next(UInt8.self) {
        defer { position += 1 }
        precondition(route != PieceFiles.noPart, "decisions of a run that left rows out")
        if !parts.leftOut.isEmpty && parts.leftOut.contains(position) { continue }
        let found = try readers[Int(route)].nextRecord { bytes in
          do {
            try output.writeEncodedRecords(bytes.assumingMemoryBound(to: UInt8.self))
          } catch {
            throw OutputError(decisions: true, underlying: error)
          }
        }
        precondition(found, "a part's decisions end before its transactions")
      }
    }
    do {
      try output.flush()
    } catch {
      throw OutputError(decisions: true, underlying: error)
    }
  }
}
