import WalletCore
import WalletIngest
import WalletStore

/// A record of one of the store's own CSV files, as read: what a conflict with the store's
/// record of the same id is worded from.
package enum ImportedRow {
  /// A row of a cards file.
  case card(Card)
  /// A row of an enrollments file.
  case enrollment(Enrollment)
  /// A row of a transactions file.
  case transaction(Transaction)
  /// A row of a postings file.
  case posting(Posting)
}

/// The stages of a record import after the file is read, for its progress lines.
package enum RecordImportStage {
  /// The file's `rows` are being written and decided (transactions, which take longest).
  case storing(rows: Int)
  /// `written` rows of them are written.
  case written(Int)
  /// The rows are written; the indexes and decisions are being brought up to date.
  case updatingIndexesAndDecisions
  /// Storing ended, whether it succeeded or not.
  case stored(rows: Int)
}

/// What `wallet import cards|enrollments|transactions|postings` did.
package struct RecordImportReport {
  /// How many rows were new, already present or replaced, and the refunds now applied.
  package let counts: ImportReport
  /// Every row left out, the reader's and the store's refusals, in file order.
  package let skipped: [InputError]
  /// The transactions the file holds (none for the other kinds).
  package let transactions: [Transaction]

  /// The file's transactions dated after `now`.
  package func transactions(after now: Instant) -> [Transaction] {
    transactions.filter { $0.time > now }
  }
}

/// A record import as a job: one of the store's CSV files read as batch reads it and stored in
/// one SQLite transaction, all of it or none, with every row the store refuses located at its
/// line and field.
package enum RecordImportJob {
  /// Imports `file` as rows of `kind` into `store` under `policy`. `readProgress` follows the
  /// read, `stage` what comes after; `wording` words what the store refuses about a row (the
  /// store's errors carry no prose). Throws the reader's errors, and an `InputError` for a row the
  /// store refuses unless the policy skips it.
  package static func run(
    _ kind: InputKind, file: InputFile, policy: ImportPolicy, store: WalletStore,
    readProgress: (any ReadProgress)? = nil, stage: (RecordImportStage) -> Void = { _ in },
    wording: (StoreError, ImportedRow) throws -> String
  ) throws -> RecordImportReport {
    let reader = RowFileReader(
      kind: kind, file: file, skipInvalid: policy.skipInvalid, progress: readProgress)
    let zone = store.timeZone
    switch kind {
    case .cards:
      let rows = try FileRows.cards(reader)
      return try rows.store(
        { try store.importCards($0, policy: policy) }, wording: { try wording($0, .card($1)) })
    case .enrollments:
      let rows = try FileRows.enrollments(reader, naiveIn: zone)
      return try rows.store(
        { try store.importEnrollments($0, policy: policy) },
        wording: { try wording($0, .enrollment($1)) })
    case .transactions:
      let rows = try FileRows.transactions(reader, naiveIn: zone)
      let count = rows.values.count
      stage(.storing(rows: count))
      // Said whatever happens, so that an error starts a line of its own.
      defer { stage(.stored(rows: count)) }
      // The store asks for an escaping closure; it calls it only while it imports.
      let report = try withoutActuallyEscaping(stage) { stage in
        try rows.store(
          { values in
            try store.importTransactions(values, policy: policy) { progress in
              switch progress {
              case .writing(let written, _): stage(.written(written))
              case .updatingIndexesAndDecisions: stage(.updatingIndexesAndDecisions)
              }
            }
          },
          wording: { try wording($0, .transaction($1)) })
      }
      return RecordImportReport(
        counts: report.counts, skipped: report.skipped, transactions: rows.values)
    case .postings:
      let rows = try FileRows.postings(reader)
      return try rows.store(
        { try store.importPostings($0, policy: policy) }, wording: { try wording($0, .posting($1)) }
      )
    }
  }
}

extension FileRows {
  /// Hands the rows to the store and locates what it refuses: a refusal stops the import
  /// (nothing is kept) unless the policy skips invalid rows; skipped rows come back by line.
  fileprivate func store(
    _ importRows: ([Value]) throws -> ImportReport, wording: (StoreError, Value) throws -> String
  ) throws -> RecordImportReport {
    func message(_ error: StoreError, index: Int) throws -> String {
      try wording(error, values[index])
    }
    let report: ImportReport
    do {
      report = try importRows(values)
    } catch let rejection as ImportError {
      throw located(
        rejection.error, index: rejection.index,
        message: try message(rejection.error, index: rejection.index))
    }
    let refused = try report.rejected.map {
      located($0.error, index: $0.index, message: try message($0.error, index: $0.index))
    }
    let skipped = (self.skipped.errors + refused).sorted {
      ($0.line, $0.column) < ($1.line, $1.column)
    }
    return RecordImportReport(counts: report, skipped: skipped, transactions: [])
  }

  /// The store's error at the row's line and at the field it is about.
  private func located(_ error: StoreError, index: Int, message: String) -> InputError {
    let name: String
    switch error {
    case .unknownCard: name = "card"
    case .unknownEnrollment: name = "enrollment"
    case .conflict: name = idColumn
    default: name = ""
    }
    let column = columns?.index(of: name).map { $0 + 1 } ?? 1
    return InputError(
      file: columns?.file ?? "", line: lines[index], column: column, message: message)
  }
}
