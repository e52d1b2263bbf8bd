import WalletCore
import WalletIngest

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
      time zone. Any invalid row stops the run with exit status 65 and writes nothing, unless \
      --skip-invalid is given: then each invalid row is reported on standard error and left out. \
      An output may not be one of the inputs, however it is named (a usage error); a file \
      replaced keeps its permissions.
      """)

  @Option(valueName: "file", help: "The cards CSV file.") var cards: FileName
  @Option(valueName: "file", help: "The enrollments CSV file.") var enrollments: FileName
  @Option(valueName: "file", help: "The transactions CSV file.") var transactions: FileName
  @Option(
    valueName: "file-or-id", help: "A promotion JSON file, or the id of a built-in promotion.",
    defaultDescription: Promotion.bocomApplePayMonthly.id.rawValue)
  var promotion: FileName?
  @Option(
    short: "o", valueName: "file",
    help: "Where to write the rewards CSV ('-' for standard output).")
  var out: FileName
  @Option(
    valueName: "file",
    help: "Where to write one decision per transaction as CSV ('-' for standard output).")
  var decisions: FileName?
  @Flag(help: "Report invalid rows on standard error and leave them out.") var skipInvalid: Bool
  @OptionGroup var progress: QuietOption

  func run(context: CommandContext) throws -> ExitStatus {
    let rewardsPath = out.path
    let decisionsPath = decisions?.path
    if let decisionsPath, AtomicOutputFile.sameFile(decisionsPath, rewardsPath) {
      throw ValidationError("--out and --decisions must name different files")
    }
    var protected = ProtectedFiles()
    // Batch keeps no store, but the one the other commands would use is no place for output.
    protected.protect(store: StoreOptions.path(given: nil, environment: context.environment))
    let inputs: [(String, FileName?)] = [
      ("cards", cards), ("enrollments", enrollments), ("transactions", transactions),
      ("promotion", self.promotion),
    ]
    for case (let name, let file?) in inputs {
      protected.protect(input: file.path, as: "the --\(name) file")
    }
    try protected.check(output: rewardsPath, option: "out")
    if let decisionsPath {
      try protected.check(output: decisionsPath, option: "decisions")
    }
    let quiet = progress.quiet
    LargeAllocations.returnToTheSystemWhenFreed()
    let promotion = try PromotionSource.resolve(self.promotion?.path)
    let input = try BatchInput.load(
      cards: cards.path, enrollments: enrollments.path, transactions: transactions.path,
      naiveIn: promotion.timeZone, skipInvalid: skipInvalid,
      progress: {
        ProgressReporter.make(
          console: context.console, quiet: quiet, label: "transactions", totalBytes: $0)
      })
    for error in input.skipped.errors {
      context.console.message("skipped \(error.description)")
    }

    let decisions = RewardEngine(promotion: promotion).decide(input.ledger)

    // Both outputs are complete on disk before either replaces an older file.
    let rewardsFile = try AtomicOutputFile(path: rewardsPath)
    let decisionsFile = try decisionsPath.map { (path) throws(FileFailure) in
      try AtomicOutputFile(path: path)
    }
    // Standard output goes through the console, which checks and, on a terminal, escapes it.
    func writer(_ file: AtomicOutputFile) -> CSVWriter {
      file.path == "-" ? context.console.csvWriter() : file.csvWriter()
    }
    do {
      try RewardsFile.write(
        decisions, ledger: input.ledger, promotion: promotion, to: writer(rewardsFile))
    } catch {
      throw CommandFailure(.ioError, "cannot write \(rewardsFile.shownPath): \(error)")
    }
    if let decisionsFile {
      do {
        try DecisionsFile.write(decisions, ledger: input.ledger, to: writer(decisionsFile))
      } catch {
        throw CommandFailure(.ioError, "cannot write \(decisionsFile.shownPath): \(error)")
      }
    }
    // The summary is counted while the outputs are flushed to disk: both only read.
    let (committed, summary) = bothAtOnce(
      { () -> Result<Void, FileFailure> in
        Result { () throws(FileFailure) in
          try rewardsFile.commit()
          try decisionsFile?.commit()
        }
      },
      {
        quiet
          ? nil
          : BatchSummary(
            decisions: decisions, ledger: input.ledger, skippedRows: input.skipped.count
          ).text
      })
    try committed.get()
    if let summary { context.console.message(summary) }
    KeptUntilExit.keep(input)
    KeptUntilExit.keep(decisions)
    return .success
  }
}

/// The totals `batch` reports on standard error: what was read, rewarded (and, under `refunds:
/// clawback`, forfeited) and paid per channel.
struct BatchSummary {
  let decisions: LedgerDecisions
  let ledger: Ledger
  let skippedRows: Int

  var text: String {
    let paid = decisions.paidByChannel(in: ledger)
    let rewarded = paid.values.reduce(0) { $0 + $1.rewards }
    var lines = [
      "\(ProgressReporter.grouped(ledger.transactionCount)) transactions read, "
        + "\(ProgressReporter.grouped(rewarded)) rewarded, "
        + "\(ProgressReporter.grouped(skippedRows)) invalid rows skipped"
    ]
    // Under clawback, the places whose rewards were taken back, which pay nothing.
    if decisions.promotion.refunds == .clawback {
      lines[0] += ", \(ProgressReporter.grouped(decisions.forfeitedCount())) forfeited"
    }
    for channel in Channel.allCases {
      lines.append(
        "  \(channel.rawValue)\(String(repeating: " ", count: max(0, 9 - channel.rawValue.count)))"
          + " \(ProgressReporter.grouped(paid[channel]?.rewards ?? 0)) rewards, "
          + "¥\(paid[channel]?.amount ?? .zero)")
    }
    let total = paid.values.reduce(Money.zero) { $0 + $1.amount }
    lines.append("  total     \(ProgressReporter.grouped(rewarded)) rewards, ¥\(total)")
    return lines.joined(separator: "\n")
  }
}
