import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// `wallet export`: the store's rewards, decisions or transactions as the SPEC's CSV files, for
/// analysts and spreadsheets.
struct ExportCommand: WalletCommand {
  static let path = ["export"]

  static let configuration = CommandConfiguration(
    abstract: "Export rewards, decisions or transactions as CSV.",
    discussion: """
      Writes a file of wallet-files(5) from the store. rewards: the rewards file, exactly as \
      'wallet batch' writes it (by holder, then ordinal). decisions: the decisions file, one row \
      per transaction, in the order of the transactions' time, then id. transactions: a \
      transactions file with every column, which 'wallet import transactions' reads back \
      (times keep their fraction of a second). --from and --to are whole days, both included, \
      in the promotion's time zone (rewards, decisions) or the store's (transactions), and \
      select by the transaction's time. --excel makes a file for spreadsheets: a UTF-8 byte \
      order mark, and text cells that begin with =, +, -, @, |, a tab, a carriage return or a \
      line feed prefixed with an apostrophe so that they cannot run as formulas; numeric \
      columns (amounts, ordinals, dates, times) are never changed. Such a file is for reading, \
      not for importing again. --out may not name the store or its journal files, however it is \
      spelt (a usage error); a file replaced keeps its permissions.
      """)

  @Argument(help: "Which file: rewards, decisions or transactions.") var what: ExportFile
  @Option(
    name: "promotion", valueName: "id",
    help: "The installed promotion of rewards and decisions; may be left out when only one "
      + "is installed.")
  var promotionID: Identifier?
  @Option(
    valueName: "date",
    help: "Only transactions from this day on (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or from this "
      + "month's first (YYYY-MM, YYYY/M or YYYY年M月).")
  var from: DayOrMonth?
  @Option(
    valueName: "date",
    help: "Only transactions up to this day, included (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or "
      + "this month's last (YYYY-MM, YYYY/M or YYYY年M月)."
  )
  var to: DayOrMonth?
  @Option(
    short: "o", valueName: "file",
    help: "Where to write the file ('-' for standard output, the default).")
  var out: FileName?
  @Flag(help: "Make the file safe to open in a spreadsheet (see above).") var excel: Bool
  @OptionGroup var storeOptions: StoreOptions

  func validate() throws {
    if let from, let to, to.last < from.first {
      throw ValidationError(tr("--to \(to.last) is before --from \(from.first)"))
    }
    if what == .transactions && promotionID != nil {
      throw ValidationError(
        tr("transactions belong to no promotion; --promotion is for rewards and decisions"))
    }
  }

  func run(context: CommandContext) throws -> ExitStatus {
    let file = what
    let outPath = out?.path ?? "-"
    let store = try storeOptions.open(context: context, access: .read)
    var protected = ProtectedFiles()
    protected.protect(store: storeOptions.path(environment: context.environment))
    try protected.check(output: outPath, option: "out")

    let exported = try file.exported(promotion: promotionID, store: store)
    // Whole days in the zone the file's times are written in.
    let zone = exported.promotion?.timeZone ?? store.timeZone
    let range = WalletStore.TransactionFilter(
      from: from.map { zone.startOfDay($0.first) },
      until: to.map { zone.startOfDay($0.last.adding(days: 1)) })

    Interruption.catchSignals(
      .outputFiles(toStandardOutput: outPath == "-"), console: context.console)
    let output: AtomicOutputFile? = outPath == "-" ? nil : try AtomicOutputFile(path: outPath)
    let rows: Int
    do {
      let csv = output?.csvWriter() ?? context.console.csvWriter()
      if excel { try csv.writeByteOrderMark() }
      let writer = RecordWriter(file.format, forSpreadsheets: excel, csv: csv)
      rows = try ExportJob.write(exported, range: range, store: store, to: writer)
    } catch {
      output?.discard()
      if let failure = error as? CommandError { throw failure }
      if error is CSVWriteError {
        guard let output else { throw CommandError.cannotWriteStandardOutput(error) }
        let reason = ErrorWording.words(for: error, in: .current) ?? "\(error)"
        throw CommandError(.ioError, tr("cannot write \(output.shownPath): \(reason)"))
      }
      throw error
    }
    if let output {
      try output.commit()
      context.console.message(ExportText.exported(rows, of: file, to: output.shownPath))
    }
    return .success
  }
}
