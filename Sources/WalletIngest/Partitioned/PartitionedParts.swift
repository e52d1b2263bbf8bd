import WalletCore

/// The parts' work files, once the transactions are partitioned. The file was read in pieces
/// (one, or several at once, in file order), and each piece wrote its own work files: part
/// `part`'s transactions are its files in every piece, one piece after the other.
struct PartitionedParts {
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

  /// The ledger of part `part`: every card and enrollment of `base`, and its transactions,
  /// with their merchants when `base` keeps them (as the work files then do). Rows in CNY,
  /// paid with Apple Pay and settled, as nearly all are, reach the ledger a batch at a time, a
  /// column at a time; any other row alone, after the batch before it.
  func ledger(_ part: Int, base: Ledger) throws(FileError) -> Ledger {
    var ledger = base
    ledger.reserveTransactions(counts[part], averageIDLength: 12)
    let methods = PaymentMethod.allCases
    let statuses = TransactionStatus.allCases
    let applePay = UInt8(methods.firstIndex(of: .applePay)!)
    let settled = UInt8(statuses.firstIndex(of: .settled)!)
    var batch = RecordBatch(keepingMerchants: base.keepsMerchants)
    defer { batch.deallocate() }
    for piece in pieces {
      let cny = piece.currencies.firstIndex(of: .cny).map { UInt16($0) }
      let reader = try WorkFileReader(path: directory.file(piece.partFile(part)))
      while let record = try reader.next(TransactionRecord.self) {
        guard
          let (id, merchant) = try reader.nextIDAndMerchant(
            record, keepsMerchants: base.keepsMerchants)
        else { throw FileError.workFileEndsPartWay(path: nil) }
        if !leftOut.isEmpty && leftOut.contains(piece.firstPosition + Int(record.position)) {
          continue
        }
        if record.currency == cny && record.method == applePay && record.status == settled {
          batch.add(record, id: id, merchant: merchant)
          if batch.isFull { batch.flush(into: &ledger) }
          continue
        }
        batch.flush(into: &ledger)
        ledger.appendTransaction(
          id: id, card: record.card, time: Instant(nanosecondsSinceEpoch: record.time),
          amount: Money(minorUnits: record.amount),
          currency: piece.currencies[Int(record.currency)], method: methods[Int(record.method)],
          status: statuses[Int(record.status)], refunded: Money(minorUnits: record.refunded),
          enrollment: record.enrollment,
          mcc: record.mcc < 0 ? nil : MerchantCategoryCode(value: record.mcc),
          merchant: merchant)
      }
    }
    batch.flush(into: &ledger)
    return ledger
  }
}

/// Rows read back from a part's work files in CNY, paid with Apple Pay and settled, waiting to
/// reach the ledger together (`Ledger.appendTransactions`), column by column in buffers of
/// fixed size: appending a row at a time grew every column for every row. A struct with a
/// method to call, not a class with a deinitialiser, so that no access is checked per row.
private struct RecordBatch {
  private let capacity = 256
  private var count = 0
  private var ids = IdentifierArena()
  private var merchants = IdentifierArena()
  private let keepsMerchants: Bool
  private let cards: UnsafeMutableBufferPointer<Int32>
  private let times: UnsafeMutableBufferPointer<Int64>
  private let amounts: UnsafeMutableBufferPointer<Int64>
  private let refunded: UnsafeMutableBufferPointer<Int64>
  private let enrollments: UnsafeMutableBufferPointer<Int32>
  private let mcc: UnsafeMutableBufferPointer<Int16>

  /// No rows, with room for a batch, keeping merchants when asked.
  init(keepingMerchants: Bool) {
    keepsMerchants = keepingMerchants
    cards = .allocate(capacity: capacity)
    times = .allocate(capacity: capacity)
    amounts = .allocate(capacity: capacity)
    refunded = .allocate(capacity: capacity)
    enrollments = .allocate(capacity: capacity)
    mcc = .allocate(capacity: capacity)
    ids.reserveCapacity(capacity, averageLength: 16)
    if keepingMerchants { merchants.reserveCapacity(capacity, averageLength: 16) }
  }

  /// Frees the buffers (their elements are plain values).
  func deallocate() {
    cards.deallocate()
    times.deallocate()
    amounts.deallocate()
    refunded.deallocate()
    enrollments.deallocate()
    mcc.deallocate()
  }

  /// Whether a batch's worth of rows is waiting.
  var isFull: Bool { count == capacity }

  /// Keeps a row until `flush`.
  mutating func add(
    _ record: TransactionRecord, id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?
  ) {
    precondition(count < capacity, "a full batch")
    cards[count] = record.card
    times[count] = record.time
    amounts[count] = record.amount
    refunded[count] = record.refunded
    enrollments[count] = record.enrollment
    mcc[count] = record.mcc
    ids.append(id)
    if keepsMerchants { merchants.append(merchant ?? UnsafeRawBufferPointer(start: nil, count: 0)) }
    count += 1
  }

  /// Appends the rows waiting to `ledger`, in order, and forgets them.
  mutating func flush(into ledger: inout Ledger) {
    guard count > 0 else { return }
    let rows = count
    ledger.appendTransactions(
      ids: ids, cards: UnsafeBufferPointer(cards.extracting(0..<rows)),
      times: UnsafeBufferPointer(times.extracting(0..<rows)),
      amounts: UnsafeBufferPointer(amounts.extracting(0..<rows)),
      refunded: UnsafeBufferPointer(refunded.extracting(0..<rows)),
      enrollments: UnsafeBufferPointer(enrollments.extracting(0..<rows)),
      mcc: UnsafeBufferPointer(mcc.extracting(0..<rows)), currency: .cny, method: .applePay,
      status: .settled, merchants: keepsMerchants ? merchants : nil)
    count = 0
    ids.removeAll()
    merchants.removeAll()
  }
}

extension WorkFileReader {
  /// The bytes after `record` in a part's work file (`PieceFiles.add(_:id:merchant:part:)`):
  /// its id's and, when merchants are kept, its merchant's (else nil), taken in one read, as a
  /// second read may move the first's bytes. Nil at the end of the file.
  func nextIDAndMerchant(_ record: TransactionRecord, keepsMerchants: Bool) throws(FileError)
    -> (id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?)?
  {
    let idLength = Int(record.idLength)
    guard keepsMerchants else { return try next(idLength).map { ($0, nil) } }
    guard let merchantLength = try next(UInt32.self),
      let bytes = try next(idLength + Int(merchantLength))
    else { return nil }
    return (
      UnsafeRawBufferPointer(rebasing: bytes[..<idLength]),
      UnsafeRawBufferPointer(rebasing: bytes[idLength...])
    )
  }
}
