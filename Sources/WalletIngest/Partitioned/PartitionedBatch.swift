import WalletCore

/// A batch too large for memory, decided a part at a time: the same outputs, byte for byte, as
/// reading everything into one ledger (`BatchInput`, `RewardEngine`, `RewardsFile`,
/// `DecisionsFile`), with only the cards, the enrollments and one part's transactions in memory.
///
/// 1. Partitioning: the transactions file is read row by row with the ledger reader's rules
///    and messages (so the same row fails, at the same line and column), and each transaction
///    goes, as a binary record, to the work file of its holder's part. Holders are split into
///    `partitions` ranges of their ids in byte order, of about as many cards each, so that the
///    parts' rewards files, one after the other, are the rewards file in its order. Each row's
///    part is noted in a routing file (a byte a row) and its id's hash in a bucket file by
///    hash, from which repeated ids are found as the ledger reader finds them.
/// 2. The quota, when the promotion has one, is the only thing one holder's decisions take
///    from another's: it goes to the earliest places taken. Each part is decided without a quota
///    and the earliest places over all parts settle where it ran out (`QuotaSettlement`).
/// 3. Deciding: each part is read back into a ledger (with every card and enrollment, so that
///    holders keep their ranks), decided knowing the settlement, its rewards written straight
///    to the rewards output and its decisions to a work file; the decisions output is then
///    merged from those in input order, as the routing file says.
///
/// The work files live in a directory of their own, removed when the run ends, however it ends.
package struct PartitionedBatch {
  /// The promotion decided under.
  package let promotion: Promotion
  /// Into how many parts the holders are split (1 to `maximumPartitions`).
  package let partitions: Int
  /// Where the work directory is made.
  package let workParent: String
  /// Whether invalid rows are skipped and reported rather than the end of the run.
  package let skipInvalid: Bool

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
    package var paid: [Channel: (rewards: Int, amount: Money)] = [:]
    /// The places taken whose rewards were taken back (`refunds: clawback`).
    package var forfeited = 0
    /// Every row left out as invalid, in file order.
    package var skipped = SkippedRows()
  }

  /// A write to one of the outputs that failed: the command names the output.
  package struct OutputFailure: Error {
    /// Whether it was the decisions output (else the rewards output).
    package let decisions: Bool
    /// What failed.
    package let underlying: any Error
  }

  /// Reads the three files, decides every transaction and writes the rewards (and decisions)
  /// rows to `rewards` (and `decisions`). `readDone` is called with the rows skipped once every
  /// input is read and found valid, before any output is written. `progress` is given a phase's
  /// name and the bytes it will go through, and returns what to tell, if anything. Input errors
  /// and work file failures throw `FileFailure`; output failures `OutputFailure`.
  package func run(
    cards: String, enrollments: String, transactions: String, rewards: CSVWriter,
    decisions: CSVWriter?, readDone: (SkippedRows) -> Void,
    progress: (_ phase: String, _ totalBytes: Int) -> (any ReadProgress)?
  ) throws -> Totals {
    let (base, loader, transactionsFile) = try BatchInput.loadCardsAndEnrollments(
      cards: cards, enrollments: enrollments, transactions: transactions,
      naiveIn: promotion.timeZone, skipInvalid: skipInvalid)
    let directory = try TemporaryDirectory(in: workParent)
    defer { directory.remove() }
    var totals = Totals()
    let parts = try partition(
      transactionsFile, base: base, loader: loader, in: directory,
      progress: progress("partitioning", transactionsFile.size))
    totals.skipped = base.skipped
    totals.skipped.append(contentsOf: parts.skipped)
    readDone(totals.skipped)

    let passes = promotion.quota == nil ? 1 : 2
    let deciding = progress("deciding", parts.bytes.reduce(0, +) * passes)
    var decided = (rows: 0, bytes: 0)
    func advance(_ part: Int, rows: Int) {
      decided.rows += rows
      decided.bytes += parts.bytes[part]
      deciding?.update(rows: decided.rows, bytes: decided.bytes)
    }
    let settlement = try settleQuota(parts, base: base.ledger, advance: advance)

    let engine = RewardEngine(promotion: promotion)
    do {
      try rewards.writeRecord(RewardsFile.columns)
    } catch {
      throw OutputFailure(decisions: false, underlying: error)
    }
    for part in 0..<partitions {
      let ledger = try parts.ledger(part, base: base.ledger)
      let decided =
        settlement.map { engine.decide(ledger, quotaSettled: $0) } ?? engine.decide(ledger)
      do {
        try RewardsFile.write(
          decided, ledger: ledger, promotion: promotion, to: rewards, header: false)
      } catch {
        throw OutputFailure(decisions: false, underlying: error)
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
    if let decisions {
      try merge(parts, from: directory, into: decisions)
    }
    deciding?.finish(rows: decided.rows)
    return totals
  }

  /// Decides each part without the quota and settles where the quota ran out over all of
  /// them; nil when the promotion has no quota.
  private func settleQuota(
    _ parts: Parts, base: Ledger, advance: (Int, Int) -> Void
  ) throws(FileFailure) -> QuotaSettlement? {
    guard let quota = promotion.quota else { return nil }
    guard quota > 0 else { return .exhaustedFromStart }
    var unlimited = promotion
    unlimited.quota = nil
    let engine = RewardEngine(promotion: unlimited)
    var places: [(time: Int64, id: [UInt8])] = []
    for part in 0..<partitions {
      let ledger = try parts.ledger(part, base: base)
      let decided = engine.decide(ledger)
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
  private func merge(_ parts: Parts, from directory: TemporaryDirectory, into output: CSVWriter)
    throws
  {
    do {
      try output.writeRecord(DecisionsFile.columns)
    } catch {
      throw OutputFailure(decisions: true, underlying: error)
    }
    var readers: [WorkFileReader] = []
    for part in 0..<partitions {
      readers.append(try WorkFileReader(path: directory.file("d\(part)"), capacity: 1 << 16))
    }
    let routing = try WorkFileReader(path: directory.file("routing"))
    var position = 0
    while let route = try routing.next(UInt8.self) {
      defer { position += 1 }
      if parts.leftOut.contains(position) { continue }
      let found = try readers[Int(route)].nextRecord { bytes in
        do {
          try output.writeEncodedRecords(bytes.assumingMemoryBound(to: UInt8.self))
        } catch {
          throw OutputFailure(decisions: true, underlying: error)
        }
      }
      precondition(found, "a part's decisions end before its transactions")
    }
    do {
      try output.flush()
    } catch {
      throw OutputFailure(decisions: true, underlying: error)
    }
  }
}

/// The parts' work files, once the transactions are partitioned.
private struct Parts {
  /// The work directory.
  let directory: TemporaryDirectory
  /// Each part's transactions.
  let counts: [Int]
  /// Each part's work file size in bytes.
  let bytes: [Int]
  /// The currencies met, by the index the records give.
  let currencies: [Currency]
  /// The positions of rows left out as repeats of an earlier row's id (when skipping them).
  let leftOut: Set<Int>
  /// The transaction rows skipped.
  let skipped: SkippedRows

  /// The ledger of part `part`: every card and enrollment of `base`, and its transactions.
  func ledger(_ part: Int, base: Ledger) throws(FileFailure) -> Ledger {
    var ledger = base
    ledger.reserveTransactions(counts[part], averageIDLength: 12)
    let reader = try WorkFileReader(path: directory.file("p\(part)"))
    while let record = try reader.next(TransactionRecord.self) {
      guard let id = try reader.next(Int(record.idLength)) else {
        throw FileFailure(.readOrWriteFailed, "a work file ends part way")
      }
      if leftOut.contains(Int(record.position)) { continue }
      ledger.appendTransaction(
        id: id, card: record.card, time: Instant(nanosecondsSinceEpoch: record.time),
        amount: Money(minorUnits: record.amount), currency: currencies[Int(record.currency)],
        method: PaymentMethod.allCases[Int(record.method)],
        status: TransactionStatus.allCases[Int(record.status)],
        refunded: Money(minorUnits: record.refunded), enrollment: record.enrollment,
        mcc: record.mcc < 0 ? nil : MerchantCategoryCode(value: record.mcc))
    }
    return ledger
  }
}

/// A transaction as a part's work file holds it, followed by its id's bytes.
private struct TransactionRecord: BitwiseCopyable {
  /// Its row's position among the rows read (the ledger's index, were it read whole).
  var position: Int64
  /// The line its row starts on.
  var rowLine: Int64
  /// The line of its id field.
  var idLine: Int64
  var time: Int64
  var amount: Int64
  var refunded: Int64
  var card: Int32
  var enrollment: Int32
  var idLength: Int32
  var currency: UInt16
  var mcc: Int16
  var method: UInt8
  var status: UInt8
}

/// An id's hash beside its row's position, in a bucket file.
private struct IDRecord: BitwiseCopyable {
  var hash: UInt64
  var position: Int64
}

extension PartitionedBatch {
  /// Reads the transactions file into the parts' work files.
  private func partition(
    _ file: InputFile, base: BatchInput, loader: LedgerLoader,
    in directory: TemporaryDirectory, progress: (any ReadProgress)?
  ) throws(FileFailure) -> Parts {
    loader.rememberLookups(of: base.ledger)
    let partOfCard = Self.partOfCard(base.ledger, partitions: partitions)
    var writers: [WorkFileWriter] = []
    var buckets: [WorkFileWriter] = []
    for part in 0..<partitions {
      writers.append(try WorkFileWriter(path: directory.file("p\(part)")))
      buckets.append(try WorkFileWriter(path: directory.file("b\(part)")))
    }
    let routing = try WorkFileWriter(path: directory.file("routing"))
    var counts = [Int](repeating: 0, count: partitions)
    var currencies: [Currency] = []
    let reader = RowFileReader(
      kind: .transactions, file: file, skipInvalid: skipInvalid, progress: progress)

    // Rows are read into a ledger a chunk at a time, then sent to their parts.
    var chunk = base.ledger
    var rowLines: [Int] = []
    var idLines: [Int] = []
    var written = 0
    var idColumn: Int?
    func send() {
      let currencyIndex = chunk.currencies.map { currency -> UInt16 in
        if let known = currencies.firstIndex(of: currency) { return UInt16(known) }
        currencies.append(currency)
        return UInt16(currencies.count - 1)
      }
      let methods = PaymentMethod.allCases
      let statuses = TransactionStatus.allCases
      for index in 0..<chunk.transactionCount {
        let part = Int(partOfCard[Int(chunk.transactionCard[index])])
        chunk.transactionIDs.withBytes(at: index) { id in
          let record = TransactionRecord(
            position: Int64(written), rowLine: Int64(rowLines[index]),
            idLine: Int64(idLines[index]), time: chunk.time[index], amount: chunk.amount[index],
            refunded: chunk.refunded[index], card: chunk.transactionCard[index],
            enrollment: chunk.namedEnrollment[index], idLength: Int32(id.count),
            currency: currencyIndex[Int(chunk.currencyIndex[index])], mcc: chunk.mcc[index],
            method: UInt8(methods.firstIndex(of: chunk.method[index])!),
            status: UInt8(statuses.firstIndex(of: chunk.status[index])!))
          writers[part].append(value: record)
          writers[part].append(UnsafeRawBufferPointer(id))
          let hash = IDHash.of(UnsafeRawBufferPointer(id))
          buckets[Int(hash % UInt64(partitions))].append(
            value: IDRecord(hash: hash, position: Int64(written)))
        }
        routing.append(value: UInt8(part))
        counts[part] += 1
        written += 1
      }
      chunk = base.ledger
      rowLines.removeAll(keepingCapacity: true)
      idLines.removeAll(keepingCapacity: true)
    }

    var skipped = SkippedRows()
    var rowError: FileFailure?
    do throws(FileFailure) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        try loader.addTransaction(row, to: &chunk)
        let column = idColumn ?? row.columns.index(of: InputKind.transactions.idColumn) ?? -1
        idColumn = column
        rowLines.append(row.line)
        idLines.append(column >= 0 ? row.record[column].line : row.line)
        if chunk.transactionCount >= Self.chunkRows { send() }
      }
    } catch {
      rowError = error
    }
    send()
    // The lookups of card and enrollment ids are not needed again: tens of megabytes.
    loader.forgetLookups()
    for writer in writers + buckets + [routing] { try writer.finish() }

    let repeats = try findRepeats(
      directory: directory, buckets: partitions, parts: partitions)
    let idColumnNumber = max(idColumn ?? -1, 0) + 1
    func refusal(_ repeated: RepeatFound) -> InputError {
      let kind = InputKind.transactions
      return InputError(
        file: file.path, line: repeated.idLine, column: idColumnNumber,
        message: "\(kind.noun) "
          + "\(SafeText.quoted(repeated.id, masksCardNumbers: !kind.showsIDsUnmasked)) "
          + "is listed twice (first on line \(repeated.firstLine))")
    }
    if let rowError {
      if !skipInvalid, let first = repeats.first {
        throw FileFailure(.invalidData, refusal(first).description)
      }
      throw rowError
    }
    if let first = repeats.first, !skipInvalid {
      throw FileFailure(.invalidData, refusal(first).description)
    }
    for repeated in repeats { skipped.skip(refusal(repeated)) }
    if !repeats.isEmpty { skipped.sortByPosition() }
    let bytes = writers.map(\.size)
    return Parts(
      directory: directory, counts: counts, bytes: bytes, currencies: currencies,
      leftOut: Set(repeats.map(\.position)), skipped: skipped)
  }

  /// Rows read before a chunk goes to the parts.
  private static let chunkRows = 1 << 16

  /// Each card's part: holders, in the order of their ids' bytes, are split into ranges of
  /// about as many cards each.
  private static func partOfCard(_ ledger: Ledger, partitions: Int) -> [UInt8] {
    let (holderOfCard, holderCount) = ledger.holderRanks()
    var cardsOfHolder = [Int](repeating: 0, count: holderCount)
    for holder in holderOfCard { cardsOfHolder[Int(holder)] += 1 }
    var partOfHolder = [UInt8](repeating: 0, count: holderCount)
    var before = 0
    let cards = max(ledger.cards.count, 1)
    for holder in 0..<holderCount {
      partOfHolder[holder] = UInt8(min(partitions - 1, before * partitions / cards))
      before += cardsOfHolder[holder]
    }
    return holderOfCard.map { partOfHolder[Int($0)] }
  }

  /// A row whose id an earlier row has.
  private struct RepeatFound {
    var position: Int
    var id: String
    var idLine: Int
    var firstLine: Int
  }

  /// Every row whose id an earlier row has, in order: the ids whose hashes repeat within a
  /// bucket (almost always none) are read back from the parts and compared byte by byte.
  private func findRepeats(
    directory: TemporaryDirectory, buckets: Int, parts: Int
  ) throws(FileFailure) -> [RepeatFound] {
    var suspects = Set<Int>()
    for bucket in 0..<buckets {
      let reader = try WorkFileReader(path: directory.file("b\(bucket)"))
      var records: [IDRecord] = []
      while let record = try reader.next(IDRecord.self) { records.append(record) }
      records.sort { $0.hash < $1.hash }
      var start = 0
      while start < records.count {
        var end = start + 1
        while end < records.count && records[end].hash == records[start].hash { end += 1 }
        if end - start > 1 {
          for record in records[start..<end] { suspects.insert(Int(record.position)) }
        }
        start = end
      }
    }
    guard !suspects.isEmpty else { return [] }
    var found: [(position: Int, id: [UInt8], rowLine: Int, idLine: Int)] = []
    for part in 0..<parts {
      let reader = try WorkFileReader(path: directory.file("p\(part)"))
      while let record = try reader.next(TransactionRecord.self) {
        guard let id = try reader.next(Int(record.idLength)) else { break }
        if suspects.contains(Int(record.position)) {
          found.append(
            (Int(record.position), Array(id), Int(record.rowLine), Int(record.idLine)))
        }
      }
    }
    found.sort { $0.position < $1.position }
    var first: [[UInt8]: Int] = [:]
    var repeats: [RepeatFound] = []
    for row in found {
      if let earlier = first[row.id] {
        repeats.append(
          RepeatFound(
            position: row.position, id: String(decoding: row.id, as: UTF8.self),
            idLine: row.idLine, firstLine: earlier))
      } else {
        first[row.id] = row.rowLine
      }
    }
    return repeats
  }
}
