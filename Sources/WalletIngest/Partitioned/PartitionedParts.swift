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
  /// The rows read and checked but written to no part, their amounts below the minimum of
  /// `PartitionedBatch.leavingOutBelow`.
  var belowMinimum = 0

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
    var batch = PlainRowColumns(capacity: 256, keepingMerchants: base.keepsMerchants)
    defer { batch.deallocate() }
    func flush() {
      ledger.appendTransactions(batch.batch)
      batch.removeAll()
    }
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
          batch.cards[batch.count] = record.card
          batch.add(
            time: record.time, amount: record.amount, refunded: record.refunded,
            enrollment: record.enrollment, mcc: record.mcc, id: id, merchant: merchant)
          if batch.isFull { flush() }
          continue
        }
        flush()
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
    flush()
    return ledger
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
