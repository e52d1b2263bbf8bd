import WalletCore
import WalletIngest
import WalletStore

/// A record of one of the store's own CSV files, as read: what a conflict with the store's
/// record of the same id is worded from.
package enum ImportedRow: Sendable {
  /// A row of a cards file.
  case card(Card)
  /// A row of an enrollments file.
  case enrollment(Enrollment)
  /// A row of a transactions file.
  case transaction(Transaction)
  /// A row of a postings file.
  case posting(Posting)
}

/// The stages of a record import, for its progress lines and notices.
package enum RecordImportStage {
  /// The file was found to be in this encoding, before any of its rows is read: UTF-8, or
  /// GB18030 (GBK), which is said (SPEC 4).
  case readAs(StatementEncoding)
  /// The file's `rows` are being written and decided (transactions, which take longest).
  case storing(rows: Int)
  /// `written` rows of them are written.
  case written(Int)
  /// The rows are written; the indexes and decisions are being brought up to date.
  case updatingIndexesAndDecisions
  /// Storing ended, whether it succeeded or not.
  case stored(rows: Int)
}

/// A row of a record file that the store refused, at its place in the file: the store's error
/// and the row itself, from which the command line words it (a conflict names the fields that
/// differ from the record the store holds).
package struct RefusedRow: Error {
  /// The file as the user named it.
  package let file: String
  /// The row's line.
  package let line: Int
  /// The field the error is about (the card, the enrollment, the id), 1 for the whole row.
  package let column: Int
  /// Why the store refused the row.
  package let error: StoreError
  /// The row as read.
  package let row: ImportedRow
}

/// A row an import left out: one the reader could not read, or one the store refused.
package enum SkippedRecord {
  /// The reader's refusal.
  case unreadable(InputError)
  /// The store's refusal.
  case refused(RefusedRow)

  /// The line of the row.
  package var line: Int {
    switch self {
    case .unreadable(let error): error.line
    case .refused(let refusal): refusal.line
    }
  }

  /// The column of the problem.
  package var column: Int {
    switch self {
    case .unreadable(let error): error.column
    case .refused(let refusal): refusal.column
    }
  }
}

/// What `wallet import cards|enrollments|transactions|postings` did.
package struct RecordImportReport {
  /// How many rows were new, already present or replaced, and the refunds now applied.
  package let counts: ImportReport
  /// Every row left out, the reader's and the store's refusals, in file order.
  package let skipped: [SkippedRecord]
  /// The transactions the file holds (none for the other kinds).
  package let transactions: [Transaction]
  /// The cards of a cards file that the store kept (none for the other kinds).
  package var cards: [Card] = []

  /// The file's transactions dated after `now`.
  package func transactions(after now: Instant) -> [Transaction] {
    transactions.filter { $0.time > now }
  }

  /// The error of an import of `path` whose every row was skipped, which kept nothing of the
  /// file (SPEC 4: 65 when nothing of a file was used); nil when a row was used, or when none
  /// was skipped (a postings file of its header alone is no mistake).
  package func everyRowSkipped(path: String) -> FileError? {
    let used = counts.inserted + counts.unchanged + counts.replaced
    return used == 0 && !skipped.isEmpty ? .everyRowSkipped(path: path) : nil
  }
}

/// A record import as a job: one of the store's CSV files read as batch reads it and stored in
/// one SQLite transaction, all of it or none, with every row the store refuses located at its
/// line and field.
package enum RecordImportJob {
  /// Imports `file` as rows of `kind` into `store` under `policy`: UTF-8, or else GB18030
  /// (`InputFile.decoded()`), as `stage` is told first. `readProgress`, given the size of the
  /// text to read, returns what follows the read; `stage` is told what comes after. Throws the
  /// reader's errors, and a ``RefusedRow`` for a row the store refuses unless the policy skips
  /// it.
  package static func run(
    _ kind: InputKind, file: InputFile, policy: ImportPolicy, store: WalletStore,
    readProgress: (_ totalBytes: Int) -> (any ReadProgress)? = { _ in nil },
    stage: (RecordImportStage) -> Void = { _ in }
  ) throws -> RecordImportReport {
    let (text, encoding) = try file.decoded()
    stage(.readAs(encoding))
    let reader = RowFileReader(
      kind: kind, file: text, skipInvalid: policy.skipInvalid, progress: readProgress(text.size))
    let zone = store.timeZone
    switch kind {
    case .cards:
      let rows = try FileRows.cards(reader)
      var report = try rows.store(
        { try store.importCards($0, policy: policy) }, as: ImportedRow.card)
      // What `import cards` warns of: the cards stored, not those the store refused.
      let refused = Set(
        report.skipped.compactMap { skipped -> Identifier? in
          guard case .refused(let refusal) = skipped, case .card(let card) = refusal.row
          else { return nil }
          return card.id
        })
      report.cards = rows.values.filter { !refused.contains($0.id) }
      return report
    case .enrollments:
      let rows = try FileRows.enrollments(reader, naiveIn: zone)
      return try rows.store(
        { try store.importEnrollments($0, policy: policy) }, as: ImportedRow.enrollment)
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
          as: ImportedRow.transaction)
      }
      return RecordImportReport(
        counts: report.counts, skipped: report.skipped, transactions: rows.values)
    case .postings:
      let rows = try FileRows.postings(reader)
      return try rows.store(
        { try store.importPostings($0, policy: policy) }, as: ImportedRow.posting)
    }
  }
}

extension FileRows {
  /// Hands the rows to the store and locates what it refuses: a refusal stops the import
  /// (nothing is kept) unless the policy skips invalid rows; skipped rows come back by line.
  /// A file whose every row the reader skipped never reaches the store, which stays as it was.
  fileprivate func store(
    _ importRows: ([Value]) throws -> ImportReport, as row: (Value) -> ImportedRow
  ) throws -> RecordImportReport {
    let report: ImportReport
    do {
      report = values.isEmpty && skipped.count > 0 ? ImportReport() : try importRows(values)
    } catch let rejection as ImportError {
      throw located(rejection.error, index: rejection.index, row: row)
    }
    let refused = report.rejected.map {
      SkippedRecord.refused(located($0.error, index: $0.index, row: row))
    }
    let skipped = (self.skipped.errors.map(SkippedRecord.unreadable) + refused).sorted {
      ($0.line, $0.column) < ($1.line, $1.column)
    }
    return RecordImportReport(counts: report, skipped: skipped, transactions: [])
  }

  /// The store's error at the row's line and at the field it is about.
  private func located(
    _ error: StoreError, index: Int, row: (Value) -> ImportedRow
  ) -> RefusedRow {
    let name: String
    switch error {
    case .unknownCard: name = "card"
    case .unknownEnrollment: name = "enrollment"
    case .conflict: name = idColumn
    default: name = ""
    }
    let column = columns?.index(of: name).map { $0 + 1 } ?? 1
    return RefusedRow(
      file: columns?.file ?? "", line: lines[index], column: column, error: error,
      row: row(values[index]))
  }
}
