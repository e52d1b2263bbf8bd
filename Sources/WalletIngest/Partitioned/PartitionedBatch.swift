import Foundation
import WalletCore

/// A batch too large for memory, decided a part at a time: the same outputs, byte for byte, as
/// reading everything into one ledger (`BatchInput`, `RewardEngine`, `RewardsFile`,
/// `DecisionsFile`), with only the cards, the enrollments and one part's transactions in memory.
///
/// 1. Partitioning: each transaction goes, as a binary record, to the work file of its
///    holder's part. Holders are split into `partitions` ranges of their ids in byte order, of
///    about as many cards each, so that the parts' rewards files, one after the other, are the
///    rewards file in its order. Each row's part is noted in a routing file (a byte a row) and
///    its id's hash in a bucket file by hash, from which repeated ids are found as the ledger
///    reader finds them. A large file is read in pieces at once, one per core at a time, each
///    writing work files of its own (read back piece by piece, so rows keep the file's order);
///    at any invalid row or repeated id it is read again row by row with the ledger reader's
///    rules and messages (so the same row fails, at the same line and column).
/// 2. The quota, when the promotion has one, is the only thing one holder's decisions take
///    from another's: it goes to the earliest places taken. Each part is decided without a quota
///    and the earliest places over all parts settle where it ran out (`QuotaSettlement`).
/// 3. Deciding: each part is read back into a ledger (with every card and enrollment, so that
///    holders keep their ranks; what they alone decide is worked out once, `PreparedCards`),
///    decided knowing the settlement, its rewards written straight
///    to the rewards output and its decisions to a work file; the decisions output is then
///    merged from those in input order, as the routing file says.
///
/// The work files live in a directory of their own, removed when the run ends, however it ends:
/// an interrupt removes it (`Leftovers.removeAll`), and the directory of a run killed outright
/// is removed by the next run to make one in the same place (`Leftovers.removeDeadRuns`).
package struct PartitionedBatch {
  /// The promotion decided under.
  package let promotion: Promotion
  /// Into how many parts the holders are split (1 to `maximumPartitions`).
  package let partitions: Int
  /// Where the work directory is made.
  package let workParent: String
  /// Whether invalid rows are skipped and reported rather than the end of the run.
  package let skipInvalid: Bool

  /// The smallest transactions file read in pieces at once (`FileParts.minimumFileSize`
  /// unless a test lowers it).
  package var smallestFileInPieces: Int = FileParts.minimumFileSize

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
    // What the cards and enrollments alone decide, worked out once for every part.
    let prepared = PreparedCards(base.ledger, promotion: promotion)
    let parts = try partition(
      transactionsFile, base: base, loader: loader,
      partOfCard: Self.partOfCard(prepared, partitions: partitions), in: directory,
      progress: progress("partitioning", transactionsFile.size))
    totals.skipped = base.skipped
    totals.skipped.append(contentsOf: parts.skipped)
    totals.readInPieces = parts.pieces.count > 1
    readDone(totals.skipped)

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
      throw OutputFailure(decisions: false, underlying: error)
    }
    for part in 0..<partitions {
      let ledger = try parts.ledger(part, base: base.ledger)
      let decided = engine.decide(ledger, cards: prepared, quotaSettled: settlement)
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
    // Decided from the files as they were read: a file changed since is no input to trust.
    try base.checkUnchanged()
    return totals
  }

  /// Decides each part without the quota and settles where the quota ran out over all of
  /// them; nil when the promotion has no quota.
  private func settleQuota(
    _ parts: Parts, base: Ledger, cards: PreparedCards, advance: (Int, Int) -> Void
  ) throws(FileFailure) -> QuotaSettlement? {
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
    var position = 0
    for piece in parts.pieces {
      let routing = try WorkFileReader(path: directory.file(piece.routingFile))
      while let route = try routing.next(UInt8.self) {
        defer { position += 1 }
        if !parts.leftOut.isEmpty && parts.leftOut.contains(position) { continue }
        let found = try readers[Int(route)].nextRecord { bytes in
          do {
            try output.writeEncodedRecords(bytes.assumingMemoryBound(to: UInt8.self))
          } catch {
            throw OutputFailure(decisions: true, underlying: error)
          }
        }
        precondition(found, "a part's decisions end before its transactions")
      }
    }
    do {
      try output.flush()
    } catch {
      throw OutputFailure(decisions: true, underlying: error)
    }
  }
}

/// The parts' work files, once the transactions are partitioned. The file was read in pieces
/// (one, or several at once, in file order), and each piece wrote its own work files: part
/// `part`'s transactions are its files in every piece, one piece after the other.
private struct Parts {
  /// The work directory.
  let directory: TemporaryDirectory
  /// The pieces, in file order.
  let pieces: [Piece]
  /// Each part's transactions.
  let counts: [Int]
  /// Each part's work files' size in bytes.
  let bytes: [Int]
  /// The positions of rows left out as repeats of an earlier row's id (when skipping them).
  let leftOut: Set<Int>
  /// The transaction rows skipped.
  let skipped: SkippedRows

  /// The ledger of part `part`: every card and enrollment of `base`, and its transactions.
  func ledger(_ part: Int, base: Ledger) throws(FileFailure) -> Ledger {
    var ledger = base
    ledger.reserveTransactions(counts[part], averageIDLength: 12)
    let methods = PaymentMethod.allCases
    let statuses = TransactionStatus.allCases
    for piece in pieces {
      let reader = try WorkFileReader(path: directory.file(piece.partFile(part)))
      while let record = try reader.next(TransactionRecord.self) {
        guard let id = try reader.next(Int(record.idLength)) else {
          throw FileFailure(.readOrWriteFailed, "a work file ends part way")
        }
        if !leftOut.isEmpty && leftOut.contains(piece.firstPosition + Int(record.position)) {
          continue
        }
        ledger.appendTransaction(
          id: id, card: record.card, time: Instant(nanosecondsSinceEpoch: record.time),
          amount: Money(minorUnits: record.amount),
          currency: piece.currencies[Int(record.currency)], method: methods[Int(record.method)],
          status: statuses[Int(record.status)], refunded: Money(minorUnits: record.refunded),
          enrollment: record.enrollment,
          mcc: record.mcc < 0 ? nil : MerchantCategoryCode(value: record.mcc))
      }
    }
    return ledger
  }
}

/// One piece of the transactions file as partitioned: its work files are named by `tag`.
private struct Piece: Sendable {
  /// What its work files' names end with.
  var tag: Int
  /// The position of its first row among all the rows read.
  var firstPosition = 0
  /// Its rows.
  var rows = 0
  /// Its rows in each part.
  var counts: [Int]
  /// Its bytes in each part's work file.
  var bytes: [Int]
  /// The currencies its records name, by their index.
  var currencies: [Currency]

  /// The work file of its transactions of part `part`.
  func partFile(_ part: Int) -> String { "p\(part).\(tag)" }
  /// The work file of its ids' hashes in bucket `bucket`.
  func bucketFile(_ bucket: Int) -> String { "b\(bucket).\(tag)" }
  /// The work file of its rows' parts, a byte a row.
  var routingFile: String { "r\(tag)" }
}

/// The work files a piece of the transactions file is written to as it is read.
///
/// `add` runs for every transaction: the parts' and buckets' writers are reached through
/// unretained references and the counts through plain memory, so that it counts no references
/// and checks no exclusive access (a fifth of the partitioning's time when it did).
private final class PieceFiles {
  private let writers: UnsafeMutableBufferPointer<Unmanaged<WorkFileWriter>>
  private let buckets: UnsafeMutableBufferPointer<Unmanaged<WorkFileWriter>>
  private let routing: WorkFileWriter
  private let counts: UnsafeMutableBufferPointer<Int>
  private let tag: Int
  private var currencies: [Currency] = []
  private let methods = PaymentMethod.allCases
  private let statuses = TransactionStatus.allCases

  /// The rows added so far.
  private(set) var rows = 0

  /// Files for piece `tag` of `partitions` parts in `directory`.
  init(directory: String, tag: Int, partitions: Int) throws(FileFailure) {
    let bucketCount = PartitionedBatch.buckets(partitions: partitions)
    let names = Piece(tag: tag, counts: [], bytes: [], currencies: [])
    var writers: [WorkFileWriter] = []
    var buckets: [WorkFileWriter] = []
    for index in 0..<partitions {
      writers.append(
        try WorkFileWriter(path: directory + "/" + names.partFile(index), capacity: 1 << 16))
    }
    for index in 0..<bucketCount {
      buckets.append(
        try WorkFileWriter(path: directory + "/" + names.bucketFile(index), capacity: 1 << 15))
    }
    routing = try WorkFileWriter(path: directory + "/" + names.routingFile)
    self.tag = tag
    self.writers = .allocate(capacity: partitions)
    _ = self.writers.initialize(from: writers.map { Unmanaged.passRetained($0) })
    self.buckets = .allocate(capacity: bucketCount)
    _ = self.buckets.initialize(from: buckets.map { Unmanaged.passRetained($0) })
    counts = .allocate(capacity: partitions)
    counts.initialize(repeating: 0)
  }

  deinit {
    for writer in writers { writer.release() }
    for bucket in buckets { bucket.release() }
    writers.deallocate()
    buckets.deallocate()
    counts.deallocate()
  }

  /// The index of `currency` in the piece's list.
  func currencyIndex(_ currency: Currency) -> UInt16 {
    if let known = currencies.firstIndex(of: currency) { return UInt16(known) }
    currencies.append(currency)
    return UInt16(currencies.count - 1)
  }

  /// Adds the next row's transaction, with `id`, to part `part`.
  @inline(__always)
  func add(_ record: TransactionRecord, id: UnsafeRawBufferPointer, part: Int) {
    var record = record
    let position = rows
    record.position = Int64(position)
    record.idLength = Int32(id.count)
    writers[part]._withUnsafeGuaranteedRef { writer in
      writer.append(value: record)
      writer.append(id)
    }
    let hash = IDHash.of(id)
    buckets[Int(hash % UInt64(buckets.count))]._withUnsafeGuaranteedRef {
      $0.append(value: IDRecord(hash: hash, position: Int64(position)))
    }
    routing.append(value: UInt8(part))
    counts[part] += 1
    rows = position + 1
  }

  /// Adds a batch of plain rows, each to its card's part.
  func add(_ batch: PendingRows.Batch, partOfCard: UnsafeBufferPointer<UInt8>) {
    let currency = currencyIndex(.cny)
    let method = UInt8(methods.firstIndex(of: .applePay)!)
    let status = UInt8(statuses.firstIndex(of: .settled)!)
    batch.ids.bytes.withUnsafeBytes { bytes in
      batch.ids.ends.withUnsafeBufferPointer { ends in
        var start = 0
        for row in 0..<batch.cards.count {
          let card = batch.cards[row]
          add(
            TransactionRecord(
              position: 0, rowLine: 0, idLine: 0, time: batch.times[row],
              amount: batch.amounts[row], refunded: batch.refunded[row], card: card,
              enrollment: batch.enrollments[row], idLength: 0, currency: currency,
              mcc: batch.mcc[row], method: method, status: status),
            id: UnsafeRawBufferPointer(rebasing: bytes[start..<ends[row]]),
            part: Int(partOfCard[Int(card)]))
          start = ends[row]
        }
      }
    }
  }

  /// Adds a transaction read by the row reader.
  func add(_ parsed: ParsedTransaction, id: UnsafeRawBufferPointer, part: Int, lines: (Int, Int)) {
    add(
      TransactionRecord(
        position: 0, rowLine: Int64(lines.0), idLine: Int64(lines.1),
        time: parsed.time.nanosecondsSinceEpoch, amount: parsed.amount.minorUnits,
        refunded: parsed.refunded.minorUnits, card: parsed.card, enrollment: parsed.enrollment,
        idLength: 0, currency: currencyIndex(parsed.currency), mcc: parsed.mcc?.value ?? -1,
        method: UInt8(methods.firstIndex(of: parsed.method)!),
        status: UInt8(statuses.firstIndex(of: parsed.status)!)),
      id: id, part: part)
  }

  /// Writes what is buffered; the piece as written, or the first failure.
  func finish() throws(FileFailure) -> Piece {
    for writer in writers { try writer.takeUnretainedValue().finish() }
    for bucket in buckets { try bucket.takeUnretainedValue().finish() }
    try routing.finish()
    return Piece(
      tag: tag, rows: rows, counts: Array(counts),
      bytes: writers.map { $0.takeUnretainedValue().size }, currencies: currencies)
  }
}

/// Tags for the pieces read at once, each one different: they name the pieces' work files.
private final class PieceTags: @unchecked Sendable {
  private let lock = NSLock()
  private var last = 0

  /// A tag no other piece has.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    last += 1
    return last
  }
}

/// A transaction as a part's work file holds it, followed by its id's bytes.
private struct TransactionRecord: BitwiseCopyable {
  /// Its row's position among its piece's rows.
  var position: Int64
  /// The line its row starts on (read row by row only).
  var rowLine: Int64
  /// The line of its id field (read row by row only).
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
  /// Pieces a large transactions file is partitioned in, as many at once as there are cores:
  /// several per core, so that a core slowed down takes fewer of them.
  private static let pieceCount = 4

  /// The files the ids' hashes are spread over: a bucket's records, 24 bytes a row as they are
  /// checked, take a quarter of the memory a part's transactions take (some 95 bytes a row).
  /// Fewer files than parts, as every piece makes its own, and making files is not free.
  static func buckets(partitions: Int) -> Int { (partitions + 3) / 4 }

  /// Reads the transactions file into the parts' work files: in pieces at once when it is large
  /// and every row is valid, else (or when an id repeats) row by row, which reports exactly what
  /// is wrong, as the ledger reader does.
  private func partition(
    _ file: InputFile, base: BatchInput, loader: LedgerLoader, partOfCard: [UInt8],
    in directory: TemporaryDirectory, progress: (any ReadProgress)?
  ) throws(FileFailure) -> Parts {
    loader.rememberLookups(of: base.ledger)
    // The lookups of card and enrollment ids are not needed once read: tens of megabytes.
    defer { loader.forgetLookups() }
    if let pieces = partitionInPieces(
      file, loader: loader, partOfCard: partOfCard, in: directory, progress: progress)
    {
      if try findRepeats(pieces, in: directory).isEmpty {
        return Parts(
          directory: directory, pieces: pieces, counts: Self.sums(pieces.map(\.counts)),
          bytes: Self.sums(pieces.map(\.bytes)), leftOut: [], skipped: SkippedRows())
      }
    }
    directory.removeFiles()
    return try partitionRowByRow(
      file, loader: loader, partOfCard: partOfCard, in: directory, progress: progress)
  }

  /// The sums of arrays of the same length, element by element.
  private static func sums(_ arrays: [[Int]]) -> [Int] {
    var total = [Int](repeating: 0, count: arrays.first?.count ?? 0)
    for array in arrays {
      for index in array.indices { total[index] += array[index] }
    }
    return total
  }

  /// The pieces of a large transactions file, each read and written to its own work files at
  /// once (`FileParts`), in file order; nil when the file is small or any row is not valid.
  private func partitionInPieces(
    _ file: InputFile, loader: LedgerLoader, partOfCard: [UInt8],
    in directory: TemporaryDirectory, progress: (any ReadProgress)?
  ) -> [Piece]? {
    guard file.size >= smallestFileInPieces,
      let columns = try? CSVColumns(
        reader: CSVReader(
          fileDescriptor: file.descriptor, range: 0..<file.size, chunkSize: 1 << 16),
        file: file.path, known: InputKind.transactions.columns,
        required: InputKind.transactions.requiredColumns)
    else { return nil }
    let reader = loader.transactionReader(columns: columns)
    let counter = SharedProgress(progress)
    let tags = PieceTags()
    let (path, partitions) = (directory.path, self.partitions)
    guard
      var pieces = FileParts.read(
        file, kind: .transactions, parts: Self.pieceCount, smallest: smallestFileInPieces,
        { csv, columns, _ -> Piece? in
          Self.readPiece(
            csv, columns: columns, reader: reader, partOfCard: partOfCard,
            files: try? PieceFiles(directory: path, tag: tags.next(), partitions: partitions),
            progress: counter)
        })
    else { return nil }
    var first = 0
    for index in pieces.indices {
      pieces[index].firstPosition = first
      first += pieces[index].rows
    }
    return pieces
  }

  /// Reads the rows of one piece into `files`; nil at the first problem of any kind.
  private static func readPiece(
    _ csv: CSVReader, columns: CSVColumns, reader: LedgerTransactionReader,
    partOfCard: [UInt8], files: PieceFiles?, progress: SharedProgress
  ) -> Piece? {
    guard let files else { return nil }
    let read = partOfCard.withUnsafeBufferPointer { partOfCard in
      TransactionParts.readRows(
        csv, columns: columns, reader: reader, progress: { progress.add(rows: $0, bytes: $1) },
        batch: { files.add($0, partOfCard: partOfCard) },
        row: { parsed, id in
          files.add(parsed, id: id, part: Int(partOfCard[Int(parsed.card)]), lines: (0, 0))
        })
    }
    return read ? try? files.finish() : nil
  }

  /// Reads the transactions file row by row into the parts' work files, with the ledger
  /// reader's rules and messages: the same row fails, at the same line and column.
  private func partitionRowByRow(
    _ file: InputFile, loader: LedgerLoader, partOfCard: [UInt8],
    in directory: TemporaryDirectory, progress: (any ReadProgress)?
  ) throws(FileFailure) -> Parts {
    let files = try PieceFiles(directory: directory.path, tag: 0, partitions: partitions)
    let reader = RowFileReader(
      kind: .transactions, file: file, skipInvalid: skipInvalid, progress: progress)
    var idColumn: Int?
    var skipped = SkippedRows()
    var rowError: FileFailure?
    do throws(FileFailure) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        let column = idColumn ?? row.columns.index(of: InputKind.transactions.idColumn) ?? -1
        idColumn = column
        let lines = (row.line, column >= 0 ? row.record[column].line : row.line)
        try loader.transactionReader(columns: row.columns).read(row) { parsed, id in
          files.add(parsed, id: id, part: Int(partOfCard[Int(parsed.card)]), lines: lines)
        }
      }
    } catch {
      rowError = error
    }
    let pieces = [try files.finish()]

    let repeats = try findRepeats(pieces, in: directory)
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
    return Parts(
      directory: directory, pieces: pieces, counts: pieces[0].counts, bytes: pieces[0].bytes,
      leftOut: Set(repeats.map(\.position)), skipped: skipped)
  }

  /// Each card's part: holders, in the order of their ids' bytes, are split into ranges of
  /// about as many cards each.
  private static func partOfCard(_ cards: PreparedCards, partitions: Int) -> [UInt8] {
    let (holderOfCard, holderCount) = cards.holderRanks
    var cardsOfHolder = [Int](repeating: 0, count: holderCount)
    for holder in holderOfCard { cardsOfHolder[Int(holder)] += 1 }
    var partOfHolder = [UInt8](repeating: 0, count: holderCount)
    var before = 0
    let cardCount = max(holderOfCard.count, 1)
    for holder in 0..<holderCount {
      partOfHolder[holder] = UInt8(min(partitions - 1, before * partitions / cardCount))
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
    _ pieces: [Piece], in directory: TemporaryDirectory
  ) throws(FileFailure) -> [RepeatFound] {
    var suspects = Set<Int>()
    var records: [IDRecord] = []
    var hashes: [UInt64] = []
    for bucket in 0..<Self.buckets(partitions: partitions) {
      records.removeAll(keepingCapacity: true)
      for piece in pieces {
        let reader = try WorkFileReader(path: directory.file(piece.bucketFile(bucket)))
        while var record = try reader.next(IDRecord.self) {
          record.position += Int64(piece.firstPosition)
          records.append(record)
        }
      }
      // The hashes alone, side by side, are grouped and checked on both cores; the records of
      // a hash that repeats are looked for after.
      hashes.removeAll(keepingCapacity: true)
      hashes.append(contentsOf: records.lazy.map(\.hash))
      let repeated = hashes.withUnsafeBufferPointer { RepeatedHashes.find(in: $0) }
      guard !repeated.isEmpty else { continue }
      for record in records where repeated.contains(record.hash) {
        suspects.insert(Int(record.position))
      }
    }
    guard !suspects.isEmpty else { return [] }
    var found: [(position: Int, id: [UInt8], rowLine: Int, idLine: Int)] = []
    for part in 0..<partitions {
      for piece in pieces {
        let reader = try WorkFileReader(path: directory.file(piece.partFile(part)))
        while let record = try reader.next(TransactionRecord.self) {
          guard let id = try reader.next(Int(record.idLength)) else { break }
          let position = piece.firstPosition + Int(record.position)
          if suspects.contains(position) {
            found.append((position, Array(id), Int(record.rowLine), Int(record.idLine)))
          }
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
