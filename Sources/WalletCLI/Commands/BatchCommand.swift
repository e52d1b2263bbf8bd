import WalletCore
import WalletIngest

/// `wallet batch`: decide every transaction of three CSV files under one promotion, without a
/// store, and write the SPEC's rewards (and decisions) files.
enum BatchCommand: WalletCommand {
  static let path = ["batch"]

  static let spec = CommandSpec(
    "batch",
    abstract: "Decide the rewards for cards, enrollments and transactions in CSV files.",
    discussion: """
      Reads the three files, decides every transaction under the promotion and writes the rewards \
      file (and, with --decisions, one decision per transaction). No store is used. Output files \
      appear whole or not at all. Times written without an offset are read in the promotion's \
      time zone. Any invalid row stops the run with exit status 65 and writes nothing, unless \
      --skip-invalid is given: then each invalid row is reported on standard error and left out. \
      An output may not be one of the inputs, however it is named (a usage error); a file \
      replaced keeps its permissions.
      """,
    arguments: [
      .option("cards", valueName: "file", help: "The cards CSV file.", required: true),
      .option(
        "enrollments", valueName: "file", help: "The enrollments CSV file.", required: true),
      .option(
        "transactions", valueName: "file", help: "The transactions CSV file.", required: true),
      .option(
        "promotion", valueName: "file-or-id",
        help: "A promotion JSON file, or the id of a built-in promotion.",
        defaultDescription: Promotion.bocomApplePayMonthly.id.rawValue),
      .option(
        "out", short: "o", valueName: "file",
        help: "Where to write the rewards CSV ('-' for standard output).", required: true),
      .option(
        "decisions", valueName: "file",
        help: "Where to write one decision per transaction as CSV ('-' for standard output)."),
      .flag("skip-invalid", help: "Report invalid rows on standard error and leave them out."),
      SharedOptions.quiet,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let rewardsPath = arguments.value("out") ?? "-"
    let decisionsPath = arguments.value("decisions")
    for name in ["cards", "enrollments", "transactions", "out", "decisions", "promotion"]
    where arguments.value(name)?.isEmpty == true {
      throw arguments.usageError("--\(name) needs a file name, not an empty string")
    }
    if let decisionsPath, AtomicOutputFile.sameFile(decisionsPath, rewardsPath) {
      throw arguments.usageError("--out and --decisions must name different files")
    }
    var protected = ProtectedFiles()
    for name in ["cards", "enrollments", "transactions", "promotion"] {
      if let path = arguments.value(name) {
        protected.protect(input: path, as: "the --\(name) file")
      }
    }
    try protected.check(output: rewardsPath, option: "out", arguments: arguments)
    if let decisionsPath {
      try protected.check(output: decisionsPath, option: "decisions", arguments: arguments)
    }
    let quiet = arguments.flag("quiet")
    LargeAllocations.returnToTheSystemWhenFreed()
    let promotion = try PromotionSource.resolve(arguments.value("promotion"), arguments: arguments)
    let input = try BatchInput.load(
      cards: arguments.value("cards") ?? "", enrollments: arguments.value("enrollments") ?? "",
      transactions: arguments.value("transactions") ?? "", naiveIn: promotion.timeZone,
      skipInvalid: arguments.flag("skip-invalid"),
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
    do {
      try RewardsFile.write(
        decisions, ledger: input.ledger, promotion: promotion, to: rewardsFile.csvWriter())
    } catch {
      throw CommandFailure(.ioError, "cannot write \(rewardsFile.shownPath): \(error)")
    }
    if let decisionsFile {
      do {
        try DecisionsFile.write(decisions, ledger: input.ledger, to: decisionsFile.csvWriter())
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

/// The totals `batch` reports on standard error: what was read, rewarded and paid per channel.
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
