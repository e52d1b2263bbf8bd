import WalletCore

/// The SPEC's reconciliation rows (section 7): the one place that says what their columns are
/// and how each field is written, for `batch --reconciliation` and `reconcile --format csv`.
package enum ReconciliationFile {
  /// The header, and the order of every row's fields.
  package static let columns = [
    "holder", "transaction", "card", "cycle_start", "due", "expected", "status", "posting",
    "posted_on", "posted",
  ]

  /// A row's fields in the order of `columns`; absent values are empty.
  package static func fields(of row: ReconciliationRow) -> [String] {
    [
      row.holder.rawValue, row.transaction?.rawValue ?? "", row.card.rawValue,
      row.cycleStart?.description ?? "", row.due?.description ?? "",
      row.expected?.description ?? "", row.status.rawValue, row.posting?.id.rawValue ?? "",
      row.postedOn?.description ?? "", row.posted?.description ?? "",
    ]
  }

  /// The whole file: the header, then every row.
  package static func write(_ rows: [ReconciliationRow], to writer: CSVWriter) throws {
    try writer.writeRecord(columns)
    for row in rows { try writer.writeRecord(fields(of: row)) }
    try writer.flush()
  }
}
