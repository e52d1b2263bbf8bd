import WalletCore
import WalletIngest
import WalletStore

/// What `wallet import cards|enrollments|transactions|postings` share: the file, the policy for rows
/// the store refuses, and the store. Each kind is a command of its own (one file each) so that
/// `import statement` and `import postings` can sit beside them with options of their own.
struct RecordImportOptions: ParsableArguments {
  @Argument(help: "The CSV file ('-' for standard input).") var file: String
  @Flag(help: "Report each invalid or conflicting row on standard error and import the others.")
  var skipInvalid: Bool
  @Flag(help: "Overwrite records whose id is in the store with other details.") var replace: Bool
  @OptionGroup var progress: QuietOption
  @OptionGroup var storeOptions: StoreOptions

  /// What help says of every record import, after the command's own first sentence.
  static let discussion = """
    Reads the file as batch does (the same columns and checks; times without an offset are \
    read in the store's time zone) and adds its rows in one SQLite transaction: after any \
    error nothing of the file is kept. A row already in the store unchanged is left alone, so \
    importing a file twice changes nothing. A row whose id is in the store with different \
    details is an error naming its file and line, unless --replace is given. Transactions \
    dated after now are imported, with a warning. Import cards \
    first, then enrollments, then transactions. A summary goes to standard error, and on \
    a terminal progress too: rows read, then rows written and the indexes and decisions.
    """

  /// Imports the file as rows of `kind`.
  func run(kind: InputKind, context: CommandContext) throws -> ExitStatus {
    // Interrupted, it leaves the store as it was: the import is one transaction.
    Interruption.catchSignals(.store, console: context.console)
    // Opened first, so that a missing file (66) does not leave a new, empty store behind.
    let file = try InputFile.openAllowingStandardInput(
      self.file, standardInput: context.standardInput)
    let quiet = progress.quiet
    let policy = ImportPolicy(replace: replace, skipInvalid: skipInvalid)
    let store = try storeOptions.open(context: context, access: .create)
    // A store made just now is no change of the import's (`catchSignals` counts from here).
    Interruption.catchSignals(.store, console: context.console)
    let zone = store.timeZone
    let reader = RowFileReader(
      kind: kind, file: file, skipInvalid: policy.skipInvalid,
      progress: ProgressReporter.make(
        console: context.console, quiet: quiet, label: ProgressReporter.label(for: kind),
        totalBytes: file.size)
    )

    let outcome: ImportOutcome
    // Refunds kept from statements that name a purchase of the file but cannot belong to it.
    var stillWaiting: [String] = []
    switch kind {
    case .cards:
      let rows = try FileRows.cards(reader)
      outcome = try rows.store(
        { try store.importCards($0, policy: policy) },
        conflict: { try ConflictText.message(conflictingWith: $0, store: store) })
    case .enrollments:
      let rows = try FileRows.enrollments(reader, naiveIn: zone)
      outcome = try rows.store(
        { try store.importEnrollments($0, policy: policy) },
        conflict: { try ConflictText.message(conflictingWith: $0, store: store) })
    case .transactions:
      let rows = try FileRows.transactions(reader, naiveIn: zone)
      // Writing millions of rows and deciding them takes longer than reading them: its own line.
      let storing = ProgressReporter.make(
        console: context.console, quiet: quiet, label: tr("storing transactions"),
        totalBytes: rows.values.count)
      // Cleared whatever happens, so that an error starts a line of its own.
      defer { storing?.finish(rows: rows.values.count) }
      outcome = try rows.store(
        { values in
          try store.importTransactions(values, policy: policy) { progress in
            switch progress {
            case .writing(let written, _): storing?.update(rows: written, bytes: written)
            case .updatingIndexesAndDecisions: storing?.show(tr("updating indexes and decisions"))
            }
          }
        },
        conflict: { try ConflictText.message(conflictingWith: $0, store: store) })
      let recorded = rows.values
      stillWaiting = try StatementImportText.stillWaitingLines(
        store: store, recorded: { Set(recorded.map(\.id)) })
      // A file is taken as it is (a bank's file is what it is), but a purchase dated after
      // now is usually a typo, as `txn add` refuses one without --future: it is said.
      let now = try Clock.now(context, zone: zone)
      let later = rows.values.filter { $0.time > now }
      if let first = later.min(by: { ($0.time, $0.id) < ($1.time, $1.id) }) {
        let when = first.time.formatted(in: zone)
        let (id, count) = (first.id, ProgressReporter.grouped(later.count))
        context.console.message(
          later.count == 1
            ? tr(
              """
              Warning: transaction \(id) is dated after now (\(when)); if that is a mistake, \
              correct it with 'wallet txn remove' or --replace.
              """)
            : tr(
              """
              Warning: \(count) transactions are dated after now, the first \(id) at \(when); if \
              that is a mistake, correct them with 'wallet txn remove' or --replace.
              """))
      }
    case .postings:
      let rows = try FileRows.postings(reader)
      outcome = try rows.store(
        { try store.importPostings($0, policy: policy) },
        conflict: { try ConflictText.message(conflictingWith: $0, store: store) })
    }

    for error in outcome.skipped {
      context.console.message(tr("skipped \(ErrorWording.words(error, in: .current))"))
    }
    if !quiet {
      let report = outcome.report
      let (shown, new) = (SafeText.path(file.path), ProgressReporter.grouped(report.inserted))
      let (present, replaced) = (
        ProgressReporter.grouped(report.unchanged), ProgressReporter.grouped(report.replaced)
      )
      let invalid = ProgressReporter.grouped(outcome.skipped.count)
      context.console.message(
        tr(
          "\(shown): \(new) new, \(present) already present, \(replaced) replaced, \(invalid) invalid"
        ))
      if report.appliedWaitingRefunds > 0 {
        let count = report.appliedWaitingRefunds
        let shown = ProgressReporter.grouped(count)
        context.console.message(
          count == 1
            ? tr("1 refund kept from a statement now refunds its purchase")
            : tr("\(shown) refunds kept from a statement now refund their purchases"))
      }
    }
    for line in stillWaiting { context.console.message(line) }
    return .success
  }
}

/// What an import did: the store's report and every row left out, by line.
struct ImportOutcome {
  var report: ImportReport
  var skipped: [InputError]
}

extension FileRows {
  /// Hands the rows to the store and locates what it refuses: a refusal stops the import
  /// (nothing is kept) unless the policy skips invalid rows; skipped rows come back by line.
  /// `conflict` words a conflict about a row: which fields differ from the record the store
  /// holds (nil keeps the store's own sentence).
  func store(
    _ importRows: ([Value]) throws -> ImportReport,
    conflict: (Value) throws -> String? = { _ in nil }
  ) throws -> ImportOutcome {
    func message(_ error: StoreError, index: Int) throws -> String {
      guard case .conflict = error else { return error.description }
      return try conflict(values[index]) ?? error.description
    }
    let report: ImportReport
    do {
      report = try importRows(values)
    } catch let rejection as ImportRejection {
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
    return ImportOutcome(report: report, skipped: skipped)
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
