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

  /// The ledger of part `part`: every card and enrollment of `base`, and its transactions.
  func ledger(_ part: Int, base: Ledger) throws(FileError) -> Ledger {
    var ledger = base
    ledger.reserveTransactions(counts[part], averageIDLength: 12)
    let methods = PaymentMethod.allCases
    let statuses = TransactionStatus.allCases
    for piece in pieces {
      let reader = try WorkFileReader(path: directory.file(piece.partFile(part)))
      while let record = try reader.next(TransactionRecord.self) {
        guard let id = try reader.next(Int(record.idLength)) else {
          throw FileError.workFileEndsPartWay(path: nil)
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
