import WalletCore

/// A postings file (SPEC section 4), as `batch --adjustments` writes the postings an issuer must
/// make: readable again by `import postings` and `batch --postings`.
package enum PostingsFile {
  /// The header, and the order of every row's fields.
  package static let columns = InputKind.postings.columns

  /// A posting's fields in the order of `columns`.
  package static func fields(of posting: Posting) -> [String] {
    [
      posting.id.rawValue, posting.card.rawValue, posting.date.description,
      posting.kind.rawValue, posting.amount.description, posting.transaction?.rawValue ?? "",
      posting.reverses?.rawValue ?? "", posting.description ?? "",
    ]
  }

  /// The whole file: the header, then every posting.
  package static func write(_ postings: [Posting], to writer: CSVWriter) throws {
    try writer.writeRecord(columns)
    for posting in postings { try writer.writeRecord(fields(of: posting)) }
    try writer.flush()
  }
}
