import WalletCore

// Where imported transactions came from: the export rows the `origins` table keeps.
extension WalletStore {
  /// The transaction a record id stands for: itself, or the transaction an export's row was
  /// recognised as.
  func canonicalTransaction(ofRecord record: Identifier) throws -> Identifier? {
    try db.scalar("SELECT transaction_id FROM origins WHERE record = ?", [record.rawValue])?
      .stringValue.map(Identifier.init)
  }

  /// Where a transaction came from: the row it was imported from first, then every other
  /// export's row recognised as the same purchase. Empty for one recorded by hand or from our
  /// own CSV.
  public func origins(of transaction: Identifier) throws -> [TransactionOrigin] {
    try db.fetchAll(
      "SELECT record, format, source_kind, file, line, merchant, \(MethodDecisionColumns.names) "
        + "FROM origins "
        + "WHERE transaction_id = ? ORDER BY record <> transaction_id, record",
      [transaction.rawValue]
    ) { row in
      let stored = StoredRow(row, table: "origins")
      return TransactionOrigin(
        record: stored.id, format: try stored.text(1, "format"),
        sourceKind: try stored.sourceKind(2), file: try stored.text(3, "file"),
        line: try stored.int(4, "line"), merchant: try stored.optionalText(5, "merchant"),
        methodDecidedBy: try MethodDecisionColumns.decision(in: stored, from: 6))
    }
  }
}

extension StoredRow {
  func sourceKind(_ index: Int) throws -> ImportOrigin.SourceKind {
    let text = try self.text(index, "source_kind")
    guard let kind = ImportOrigin.SourceKind(rawValue: text) else {
      throw StoreError.damagedRow(
        table: table, row: id, column: "source_kind", value: text,
        expected: .sourceKind)
    }
    return kind
  }
}
