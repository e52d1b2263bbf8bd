import WalletCore
import WalletIngest
import WalletJobs

/// `wallet batch`: decide every transaction of three CSV files under one promotion, without a
/// store, and write the SPEC's rewards (and decisions) files.
struct BatchCommand: WalletCommand {
  static let path = ["batch"]

  static let configuration = CommandConfiguration(
    abstract: "Decide the rewards for cards, enrollments and transactions in CSV files.",
    discussion: """
      Reads the three files, decides every transaction under the promotion and writes the rewards \
      file (and, with --decisions, one decision per transaction). No store is used. Output files \
      appear whole or not at all. Times written without an offset are read in the promotion's \
      time zone. A file that is not UTF-8 is read as GB18030, which reads GBK, and standard \
      error says so. Any invalid row stops the run with exit status 65 and writes nothing, unless \
      --skip-invalid is given: then each invalid row is reported on standard error and left \
      out, and only a file whose every row was left out stops the run so. \
      An output may not be one of the inputs, however it is named (a usage error); a file \
      replaced keeps its permissions. When the run would take more memory than --memory \
      allows, the transactions are split by holder into parts in a work directory beside the \
      rewards file (or in TMPDIR when it goes to standard output), decided a part at a time and \
      merged into the same files; the directory is removed afterwards. --postings needs every \
      transaction in memory and is refused past the limit. An input that changes while it is \
      read (truncated, rewritten) stops the run with exit status 65, the previous outputs left \
      in place. Interrupted (SIGINT, SIGTERM), batch removes its temporary files and work \
      directory, says that nothing was written and exits 128 plus the signal's number; what a \
      run killed outright leaves is removed by the next run writing to the same folder.
      """)

  @Option(valueName: "file", help: "The cards CSV file.") var cards: FileName
  @Option(valueName: "file", help: "The enrollments CSV file.") var enrollments: FileName
  @Option(valueName: "file", help: "The transactions CSV file.") var transactions: FileName
  @Option(
    valueName: "file-or-id", help: "A promotion JSON file, or the id of a built-in promotion.",
    defaultDescription: Promotion.bocomApplePayMonthly.id.rawValue,
    completion: Completion.idsOrFiles(Promotion.builtIn.map(\.id.rawValue)))
  var promotion: FileName?
  @Option(
    short: "o", valueName: "file",
    help: "Where to write the rewards CSV ('-' for standard output).",
    defaultDescription: "standard output")
  var out: FileName?
  @Option(
    valueName: "file",
    help: "Where to write one decision per transaction as CSV ('-' for standard output).")
  var decisions: FileName?
  @Option(
    valueName: "file",
    help: "A postings CSV file: what the issuer posted, to reconcile with the decisions.")
  var postings: FileName?
  @Option(
    valueName: "file",
    help: "Where to write the postings that settle the reconciliation ('-' for standard output).")
  var adjustments: FileName?
  @Option(
    valueName: "file",
    help: "Where to write the reconciliation rows as CSV ('-' for standard output).")
  var reconciliation: FileName?
  @Option(
    valueName: "date",
    help: "Reconcile as of this day (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D; default: today).")
  var asOf: CivilDate?
  @Flag(help: "Report invalid rows on standard error and leave them out.") var skipInvalid: Bool
  @Option(
    valueName: "bytes",
    help: "The memory the run may take (512M, 4G); past it, batch works in parts on disk.",
    defaultDescription: "half of the physical memory")
  var memory: MemoryLimit?
  @OptionGroup var progress: QuietOption

  /// Where the rewards go: standard output unless `--out` names a file, as `export` does.
  var rewardsOutput: FileName { out ?? FileName(standardOutput: ()) }

  func run(context: CommandContext) throws -> ExitStatus {
    let request = try checkedRequest(context: context)
    let plan: BatchPlan
    do {
      plan = try BatchJob.plan(request)
    } catch {
      throw ValidationError(
        tr("--postings needs every transaction in memory, more than --memory allows"))
    }
    let (console, quiet) = (context.console, progress.quiet)
    func tellSkipped(_ skipped: SkippedRows) {
      for error in skipped.errors {
        console.message(tr("skipped \(ErrorWording.words(error, in: .current))"))
      }
    }
    let events = BatchEvents(
      standardOutput: { console.csvWriter() },
      progress: { phase, totalBytes in
        ProgressReporter.make(
          console: console, quiet: quiet, label: Self.label(phase), totalBytes: totalBytes)
      },
      inputsRead: { warning, skipped in
        if let warning { console.message(Self.text(warning)) }
        tellSkipped(skipped)
      },
      postingsRead: tellSkipped,
      readAs: { path, encoding in
        // Said whether or not quiet: a file is never read in another encoding silently.
        if let notice = RecordImportText.encodingNotice(path: path, encoding) {
          console.message(notice)
        }
      })
    let report: BatchReport
    do {
      report = try BatchJob.run(
        request, plan: plan, resolvePromotion: { try PromotionSource.resolve(promotion?.path) },
        asOf: { promotion in
          try asOf ?? Clock.now(context, zone: promotion.timeZone).localDate(in: promotion.timeZone)
        }, events: events)
    } catch let failure as BatchOutputError {
      throw CommandError(.ioError, ErrorWording.words(failure, in: .current))
    }
    if let totals = report.totals { console.message(BatchSummary(totals).text) }
    if let reconciled = report.reconciliation, !quiet {
      console.message(BatchReconciliation.summary(reconciled))
    }
    return report.reconciliation?.needsAttention == true ? .no : .success
  }
}
