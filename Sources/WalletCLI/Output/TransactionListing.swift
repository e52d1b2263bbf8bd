import WalletCore

/// What `wallet txn list` prints: a transaction as a row of a transactions file, and the
/// refunds that wait for their purchases.
enum TransactionListing {
  /// A transaction's cells, in the columns of a transactions file.
  static func cells(of transaction: Transaction, in zone: TimeZoneRules) -> [Listing.Cell] {
    let currency = transaction.currency
    return [
      .text(transaction.id.rawValue), .text(transaction.card.rawValue),
      .text(transaction.time.formatted(in: zone)), .money(transaction.amount, currency),
      .text(currency.code), .text(transaction.method.rawValue),
      .text(transaction.status.rawValue), .money(transaction.refunded, currency),
      .text(transaction.enrollment?.rawValue), .text(transaction.merchant),
      .text(transaction.mcc?.description),
    ]
  }

  /// The refunds kept until their purchases arrive, each with the file and line it came from
  /// and why it still waits.
  static func waiting(_ refunds: some Sequence<WaitingRefund>, in zone: TimeZoneRules)
    -> Listing
  {
    var listing = Listing(columns: [
      "id", "card", "time", "amount", "merchant", "purchase", "file", "line", "reason",
    ])
    for refund in refunds {
      // A table says why in words; CSV and JSON carry the code, whatever the language.
      let reason = Listing.Cell.code(
        refund.reasonCode, words: BankStatementImportText.whyWaiting(refund))
      listing.append([
        .text(refund.id.rawValue), .text(refund.card.rawValue),
        .text(refund.time.formatted(in: zone)), .money(refund.amount, .cny),
        .text(refund.merchant), .text(refund.purchase?.rawValue), .text(refund.file),
        .integer(refund.line), reason,
      ])
    }
    return listing
  }
}
