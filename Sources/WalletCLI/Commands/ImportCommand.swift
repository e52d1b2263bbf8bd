import WalletCore
import WalletStore

/// `wallet import`: add a cards, enrollments or transactions file to the store, all of it or
/// none, idempotently.
struct ImportCommand: WalletCommand {
  static let path = ["import"]

  static let configuration = CommandConfiguration(
    abstract: "Import a cards, enrollments or transactions CSV file into the store.",
    discussion: """
      Reads the file as batch does (the same columns and checks; times without an offset are \
      read in the store's time zone) and adds its rows in one SQLite transaction: after any \
      error nothing of the file is kept. A row already in the store unchanged is left alone, so \
      importing a file twice changes nothing. A row whose id is in the store with different \
      details is an error naming its file and line, unless --replace is given. Import cards \
      first, then enrollments, then transactions. A summary goes to standard error, and on \
      a terminal progress too: rows read, then rows written and the indexes and decisions.
      """)

  @Argument(help: "What the file holds: cards, enrollments or transactions.") var kind: InputKind
  @Argument(help: "The CSV file ('-' for standard input).") var file: String
  @Flag(help: "Report each invalid or conflicting row on standard error and import the others.")
  var skipInvalid: Bool
  @Flag(help: "Overwrite records whose id is in the store with other details.") var replace: Bool
  @OptionGroup var progress: QuietOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    // Opened first, so that a missing file (66) does not leave a new, empty store behind.
    let file = try InputFile.openAllowingStandardInput(self.file)
    let quiet = progress.quiet
    let policy = ImportPolicy(replace: replace, skipInvalid: skipInvalid)
    let store = try storeOptions.open(context: context, access: .create)
    let zone = store.timeZone
    let reader = RowFileReader(
      kind: kind, file: file, skipInvalid: policy.skipInvalid,
      progress: ProgressReporter.make(
        console: context.console, quiet: quiet, label: kind.rawValue, totalBytes: file.size)
    )

    let outcome: ImportOutcome
    switch kind {
    case .cards:
      let rows = try ImportRows.read(reader, idColumn: "card", id: \Card.id) {
        (row) throws(InputError) in
        try row.card()
      }
      outcome = try rows.store { try store.importCards($0, policy: policy) }
    case .enrollments:
      let rows = try ImportRows.read(reader, idColumn: "id", id: \Enrollment.id) {
        (row) throws(InputError) in
        try row.enrollment(naiveIn: zone)
      }
      outcome = try rows.store { try store.importEnrollments($0, policy: policy) }
    case .transactions:
      var columns: TransactionColumns?
      let rows = try ImportRows.read(reader, idColumn: "id", id: \Transaction.id) {
        (row) throws(InputError) in
        // Every row of a file shares its header's columns.
        let known = columns ?? TransactionColumns(row.columns)
        columns = known
        return try row.transaction(naiveIn: zone, columns: known)
      }
      // Writing millions of rows and deciding them takes longer than reading them: its own line.
      let storing = ProgressReporter.make(
        console: context.console, quiet: quiet, label: "storing transactions",
        totalBytes: rows.values.count)
      // Cleared whatever happens, so that an error starts a line of its own.
      defer { storing?.finish(rows: rows.values.count) }
      outcome = try rows.store { values in
        try store.importTransactions(values, policy: policy) { progress in
          switch progress {
          case .writing(let written, _): storing?.update(rows: written, bytes: written)
          case .updatingIndexesAndDecisions: storing?.show("updating indexes and decisions")
          }
        }
      }
    }

    for error in outcome.skipped {
      context.console.message("skipped \(error.description)")
    }
    if !quiet {
      let report = outcome.report
      context.console.message(
        "\(SafeText.path(file.path)): \(ProgressReporter.grouped(report.inserted)) new, "
          + "\(ProgressReporter.grouped(report.unchanged)) already present, "
          + "\(ProgressReporter.grouped(report.replaced)) replaced, "
          + "\(ProgressReporter.grouped(outcome.skipped.count)) invalid")
    }
    return .success
  }
}

/// What an import did: the store's report and every row left out, by line.
struct ImportOutcome {
  var report: ImportReport
  var skipped: [InputError]
}

/// The valid rows of one input file with the line each came from, so that an error the store
/// raises about the n-th row can name the file and line the user has to fix.
struct ImportRows<Value> {
  var values: [Value] = []
  var lines: [Int] = []
  /// The file's header, to point at the field an error is about.
  var columns: CSVColumns?
  var skipped = SkippedRows()
  let idColumn: String
  /// The line of a row's id field, by row index, where it is not the row's first line.
  var idLines: [Int: Int] = [:]

  /// Finds, in file order, every row whose id an earlier row has: the first is an error, or
  /// with `skipInvalid` each is skipped and left out.
  private mutating func refuseRepeatedIDs(
    _ id: KeyPath<Value, Identifier>, kind: InputKind, skipInvalid: Bool,
    skipped: inout SkippedRows
  ) throws(CommandFailure) {
    var firstLine: [Identifier: Int] = [:]
    var repeated: [Int] = []
    for index in values.indices {
      let key = values[index][keyPath: id]
      guard let first = firstLine[key] else {
        firstLine[key] = lines[index]
        continue
      }
      // Card ids never hold card numbers (the row parser refused them); other ids may be long
      // bank references, which are shown as they are.
      let shown = SafeText.quoted(key.rawValue, masksCardNumbers: false)
      let error = InputError(
        file: columns?.file ?? "", line: idLines[index] ?? lines[index],
        column: (columns?.index(of: idColumn) ?? 0) + 1,
        message: "\(kind.noun) \(shown) is listed twice (first on line \(first))")
      guard skipInvalid else { throw CommandFailure(.dataError, error.description) }
      skipped.skip(error)
      repeated.append(index)
    }
    guard !repeated.isEmpty else { return }
    var kept = [Bool](repeating: true, count: values.count)
    for index in repeated { kept[index] = false }
    values = values.indices.compactMap { kept[$0] ? values[$0] : nil }
    lines = lines.indices.compactMap { kept[$0] ? lines[$0] : nil }
    idLines = [:]
  }

  /// Reads every row of the file; a second row with the same id is an error at that row, as in
  /// a batch, because it would make the result depend on the order of the rows.
  ///
  /// Ids are checked after the read, by sorting 64-bit hashes of them: a dictionary of millions
  /// of ids cost a third of the read. Only when two hashes are equal are the ids compared, in
  /// file order, so the row reported is the one a row-by-row check would stop at; and a row
  /// error ends the read only after the rows before it were checked the same way.
  static func read(
    _ reader: RowFileReader, idColumn: String, id: KeyPath<Value, Identifier>,
    _ parse: (CSVRow) throws(InputError) -> Value
  ) throws(CommandFailure) -> ImportRows<Value> {
    var rows = ImportRows(idColumn: idColumn)
    var skipped = SkippedRows()
    var hashes: [UInt64] = []
    var idColumnIndex: Int?
    do throws(CommandFailure) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        rows.columns = row.columns
        let value = try parse(row)
        let column = idColumnIndex ?? row.columns.index(of: idColumn) ?? -1
        idColumnIndex = column
        // A quoted field before the id may span lines; the error points at the id's own line.
        if column >= 0, row.record[column].line != row.line {
          rows.idLines[rows.values.count] = row.record[column].line
        }
        var text = value[keyPath: id].rawValue
        hashes.append(text.withUTF8 { ByteStringIndex.hash(UnsafeRawBufferPointer($0)) })
        rows.values.append(value)
        rows.lines.append(row.line)
      }
    } catch {
      if !reader.skipInvalid {
        try rows.refuseRepeatedIDs(id, kind: reader.kind, skipInvalid: false, skipped: &skipped)
      }
      throw error
    }
    hashes.sort()
    if zip(hashes, hashes.dropFirst()).contains(where: { $0 == $1 }) {
      try rows.refuseRepeatedIDs(
        id, kind: reader.kind, skipInvalid: reader.skipInvalid, skipped: &skipped)
    }
    rows.skipped = skipped
    return rows
  }

  /// Hands the rows to the store and locates what it refuses: a refusal stops the import
  /// (nothing is kept) unless the policy skips invalid rows; skipped rows come back by line.
  func store(_ importRows: ([Value]) throws -> ImportReport) throws -> ImportOutcome {
    let report: ImportReport
    do {
      report = try importRows(values)
    } catch let rejection as ImportRejection {
      throw located(rejection.error, index: rejection.index)
    }
    let refused = report.rejected.map { located($0.error, index: $0.index) }
    let skipped = (self.skipped.errors + refused).sorted {
      ($0.line, $0.column) < ($1.line, $1.column)
    }
    return ImportOutcome(report: report, skipped: skipped)
  }

  /// The store's error at the row's line and at the field it is about.
  private func located(_ error: StoreError, index: Int) -> InputError {
    let name: String
    switch error {
    case .unknownCard: name = "card"
    case .unknownEnrollment: name = "enrollment"
    case .conflict: name = idColumn
    default: name = ""
    }
    let column = columns?.index(of: name).map { $0 + 1 } ?? 1
    return InputError(
      file: columns?.file ?? "", line: lines[index], column: column, message: error.description)
  }
}
