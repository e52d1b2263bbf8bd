import WalletCore
import WalletIngest
import WalletJobs
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
    error nothing of the file is kept, nor when --skip-invalid skipped every row (exit \
    status 65). A row already in the store unchanged is left alone, so \
    importing a file twice changes nothing. A row whose id is in the store with different \
    details is an error naming its file and line, unless --replace is given. Transactions \
    dated after now are imported, with a warning. A file that is not UTF-8 is read as \
    GB18030, which reads GBK, and standard error says so. Import cards \
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
    let (quiet, console) = (progress.quiet, context.console)
    let store = try storeOptions.open(context: context, access: .create)
    // A store made just now is no change of the import's (`catchSignals` counts from here).
    Interruption.catchSignals(.store, console: console)
    // Writing millions of rows and deciding them takes longer than reading them: its own line.
    var storing: ProgressReporter?
    let report: RecordImportReport
    do {
      report = try RecordImportJob.run(
        kind, file: file, policy: ImportPolicy(replace: replace, skipInvalid: skipInvalid),
        store: store,
        readProgress: { totalBytes in
          ProgressReporter.make(
            console: console, quiet: quiet, label: ProgressReporter.label(for: kind),
            totalBytes: totalBytes)
        },
        stage: { stage in
          switch stage {
          case .readAs(let encoding):
            // Said whether or not quiet: a file is never read in another encoding silently.
            if let notice = RecordImportText.encodingNotice(path: file.path, encoding) {
              console.message(notice)
            }
          case .storing(let rows):
            storing = ProgressReporter.make(
              console: console, quiet: quiet, label: tr("storing transactions"), totalBytes: rows)
          case .written(let rows): storing?.update(rows: rows, bytes: rows)
          case .updatingIndexesAndDecisions: storing?.show(tr("updating indexes and decisions"))
          case .stored(let rows): storing?.finish(rows: rows)
          }
        })
    } catch let refusal as RefusedRow {
      throw CommandError(.dataError, try RecordImportText.words(refusal, store: store))
    }
    // A file whose every row was skipped kept nothing: each row is said, then the error (65),
    // without a summary, the warning below or the refunds waiting, as after any failed import.
    let unused = report.everyRowSkipped(path: file.path)
    if kind == .transactions && unused == nil {
      // A file is taken as it is (a bank's file is what it is), but a purchase dated after
      // now is usually a typo, as `txn add` refuses one without --future: it is said.
      let later = report.transactions(after: try Clock.now(context, zone: store.timeZone))
      if let warning = RecordImportText.datedAfterNow(later, zone: store.timeZone) {
        console.message(warning)
      }
    }
    if kind == .cards && unused == nil {
      let promotions = try store.promotions().map(\.promotion)
      for line in CardEarningWarning.lines(for: report.cards, promotions: promotions) {
        console.message(line)
      }
    }
    for skipped in report.skipped {
      let words =
        switch skipped {
        case .unreadable(let error): ErrorWording.words(error, in: .current)
        case .refused(let refusal): try RecordImportText.words(refusal, store: store)
        }
      console.message(tr("skipped \(words)"))
    }
    if let unused { throw unused }
    if !quiet { RecordImportText.summary(report, path: file.path).forEach(console.message) }
    // Refunds kept from statements that name a purchase of the file but cannot belong to it.
    let recorded = report.transactions
    for line in try BankStatementImportText.stillWaitingLines(
      store: store, recorded: { Set(recorded.map(\.id)) })
    {
      console.message(line)
    }
    return .success
  }
}
