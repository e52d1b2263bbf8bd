import WalletCore

/// The SPEC's transactions file as wallet writes it (`export transactions`), every column
/// filled in, so that `import transactions` reads each transaction back as it was.
package enum TransactionsFile: CSVFileFormat {
  /// The header, and the order of every row's fields: the input file's columns.
  package static let columns = InputKind.transactions.columns

  /// The time and the amounts.
  package static let numericColumns: Set<String> = ["time", "amount", "refunded"]

  /// A transaction's fields in the order of `columns`, its time in `zone` (the store's).
  package static func fields(of transaction: Transaction, in zone: TimeZoneRules) -> [String] {
    [
      transaction.id.rawValue, transaction.card.rawValue, exactTime(transaction.time, in: zone),
      transaction.amount.description, transaction.currency.code, transaction.method.rawValue,
      transaction.status.rawValue, transaction.refunded.description,
      transaction.enrollment?.rawValue ?? "", transaction.merchant ?? "",
      transaction.mcc?.description ?? "",
    ]
  }

  /// ISO 8601 with the zone's offset, keeping a fraction of a second when there is one: an
  /// exported transaction must import as the same instant, or importing it again would be a
  /// conflict, and the order of two purchases in one second would be lost.
  static func exactTime(_ instant: Instant, in zone: TimeZoneRules) -> String {
    let text = instant.formatted(in: zone)
    let nanoseconds = instant.nanosecondsSinceEpoch % 1_000_000_000
    let fraction = nanoseconds < 0 ? nanoseconds + 1_000_000_000 : nanoseconds
    guard fraction != 0 else { return text }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 9 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    // The seconds end at index 19 (`YYYY-MM-DDTHH:MM:SS`); the offset follows.
    let secondsEnd = text.index(text.startIndex, offsetBy: 19)
    return text[..<secondsEnd] + "." + digits + text[secondsEnd...]
  }
}
