import WalletCore

/// The work files a piece of the transactions file is written to as it is read.
///
/// `add` runs for every transaction: the writers are reached through unretained references and
/// the counts through plain memory, so that it counts no references and checks no exclusive
/// access.
final class PieceFiles {
  private let writers: UnsafeMutableBufferPointer<Unmanaged<WorkFileWriter>>
  private let buckets: UnsafeMutableBufferPointer<Unmanaged<WorkFileWriter>>
  private let routing: WorkFileWriter
  /// Where the rows' lines go, when they are known (`LineRecord`).
  private let lines: WorkFileWriter?
  private let counts: UnsafeMutableBufferPointer<Int>
  private let tag: Int
  /// Whether each transaction's merchant is written after its id.
  private let keepsMerchants: Bool
  private var currencies: [Currency] = []
  private let methods = PaymentMethod.allCases
  private let statuses = TransactionStatus.allCases

  /// The rows added so far, those left out included.
  private(set) var rows = 0
  /// The rows left out (`leaveOut(id:)`).
  private var belowMinimum = 0

  /// The routing byte of a row written to no part.
  static let noPart = UInt8.max

  /// Files for piece `tag` of `partitions` parts in `directory`; with `keepingMerchants`, each
  /// transaction's merchant is written too (see `add(_:id:merchant:part:)`); with
  /// `recordingLines`, the lines of rows added with theirs.
  init(
    directory: String, tag: Int, partitions: Int, keepingMerchants: Bool,
    recordingLines: Bool = false
  ) throws(FileError) {
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
    lines =
      recordingLines ? try WorkFileWriter(path: directory + "/" + names.linesFile) : nil
    self.tag = tag
    keepsMerchants = keepingMerchants
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

  /// Adds the next row's transaction, with `id`, to part `part`: its record, then its id's
  /// bytes. When merchants are kept, the merchant's length (a `UInt32`) comes between the two
  /// and its bytes after the id, so that a reader takes the id and the merchant in one read;
  /// without them, the files are as they were before merchants were kept.
  @inline(__always)
  func add(
    _ record: TransactionRecord, id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?,
    part: Int
  ) {
    var record = record
    let position = rows
    record.position = Int64(position)
    record.idLength = Int32(id.count)
    writers[part]._withUnsafeGuaranteedRef { writer in
      record.store(at: writer.appendRoom(MemoryLayout<TransactionRecord>.size))
      if keepsMerchants {
        let merchant = merchant ?? UnsafeRawBufferPointer(start: nil, count: 0)
        writer.append(value: UInt32(merchant.count))
        writer.append(id)
        writer.append(merchant)
      } else {
        writer.append(id)
      }
    }
    addToBucket(id: id, position: position)
    routing.append(value: UInt8(part))
    counts[part] += 1
    rows = position + 1
  }

  /// Counts a row read and checked but written to no part, as its amount is below a minimum:
  /// only its id's hash goes to its bucket, so that a repeat of its id is still found.
  func leaveOut(id: UnsafeRawBufferPointer) {
    addToBucket(id: id, position: rows)
    routing.append(value: Self.noPart)
    rows += 1
    belowMinimum += 1
  }

  /// Writes the hash of `id`, the id of the row at `position`, to its bucket's file.
  @inline(__always)
  private func addToBucket(id: UnsafeRawBufferPointer, position: Int) {
    let hash = IDHash.of(id)
    // The bucket from the hash's top half scaled to the bucket count: a multiply, where `%`
    // took a 64-bit division per row. Any fixed choice serves: only this picks a bucket.
    let bucket = Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(buckets.count)) >> 32)
    buckets[bucket]._withUnsafeGuaranteedRef {
      $0.append(value: IDRecord(hash: hash, position: Int64(position)))
    }
  }

  /// Adds a batch of plain rows, each to its card's part; with `minimum`, a row whose amount is
  /// below it is left out (`leaveOut(id:)`).
  func add(
    _ batch: PlainRowColumns.Batch, partOfCard: UnsafeBufferPointer<UInt8>,
    leavingOutBelow minimum: Int64? = nil
  ) {
    let currency = currencyIndex(.cny)
    let method = UInt8(methods.firstIndex(of: .applePay)!)
    let status = UInt8(statuses.firstIndex(of: .settled)!)
    // Each row's part, read for the whole batch in one tight loop: a card's part is a likely
    // cache miss (a quarter of this method's time, read row by row), and so the misses overlap.
    let rows = batch.cards.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rows) { parts in
      for row in 0..<rows { parts[row] = partOfCard[Int(batch.cards[row])] }
      batch.ids.bytes.withUnsafeBytes { bytes in
        batch.ids.ends.withUnsafeBufferPointer { ends in
          var start = 0
          for row in 0..<rows {
            let card = batch.cards[row]
            let record = TransactionRecord(
              position: 0, time: batch.times[row],
              amount: batch.amounts[row], refunded: batch.refunded[row], card: card,
              enrollment: batch.enrollments[row], idLength: 0, currency: currency,
              mcc: batch.mcc[row], method: method, status: status)
            let id = UnsafeRawBufferPointer(rebasing: bytes[start..<ends[row]])
            if let minimum, record.amount < minimum {
              leaveOut(id: id)
              start = ends[row]
              continue
            }
            let part = Int(parts[row])
            if let merchants = batch.merchants {
              merchants.withBytes(at: row) { merchant in
                add(record, id: id, merchant: UnsafeRawBufferPointer(merchant), part: part)
              }
            } else {
              add(record, id: id, merchant: nil, part: part)
            }
            start = ends[row]
          }
        }
      }
    }
  }

  /// Adds a transaction read by the row reader, with the lines of its row and its id field
  /// when they are known (in files made `recordingLines`).
  func add(
    _ parsed: ParsedTransaction, id: UnsafeRawBufferPointer, part: Int,
    lines rowLines: (row: Int, id: Int)? = nil
  ) {
    if let lines, let rowLines {
      lines.append(
        value: LineRecord(
          position: Int64(rows), rowLine: Int64(rowLines.row), idLine: Int64(rowLines.id)))
    }
    add(
      TransactionRecord(
        position: 0, time: parsed.time.nanosecondsSinceEpoch, amount: parsed.amount.minorUnits,
        refunded: parsed.refunded.minorUnits, card: parsed.card, enrollment: parsed.enrollment,
        idLength: 0, currency: currencyIndex(parsed.currency), mcc: parsed.mcc?.value ?? -1,
        method: UInt8(methods.firstIndex(of: parsed.method)!),
        status: UInt8(statuses.firstIndex(of: parsed.status)!)),
      id: id, merchant: parsed.merchant, part: part)
  }

  /// Writes what is buffered; the piece as written, or the first failure.
  func finish() throws(FileError) -> Piece {
    for writer in writers { try writer.takeUnretainedValue().finish() }
    for bucket in buckets { try bucket.takeUnretainedValue().finish() }
    try routing.finish()
    try lines?.finish()
    return Piece(
      tag: tag, rows: rows, counts: Array(counts),
      bytes: writers.map { $0.takeUnretainedValue().size }, currencies: currencies,
      hasLines: lines != nil, belowMinimum: belowMinimum)
  }
}
