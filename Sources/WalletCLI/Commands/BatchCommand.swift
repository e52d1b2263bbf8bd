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
    defaultDescription: Promotion.bocomApplePayMonthly.id.rawValue)
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
    valueName: "date", help: "Reconcile as of this day (YYYY-MM-DD; default: today).")
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

  /// A phase of the batch done in parts, as the progress line names it.
  static func phaseLabel(_ phase: String) -> String {
    switch phase {
    case "partitioning": tr("partitioning")
    case "deciding": tr("deciding")
    default: phase
    }
  }

  func run(context: CommandContext) throws -> ExitStatus {
    let rewardsPath = rewardsOutput.path
    let decisionsPath = decisions?.path
    let outputs: [(option: String, path: String)] =
      [("out", rewardsPath)]
      + [
        ("decisions", decisions), ("adjustments", adjustments),
        ("reconciliation", reconciliation),
      ].compactMap { option, file in
        file.map { (option, $0.path) }
      }
    for (index, output) in outputs.enumerated() {
      for earlier in outputs[..<index] where AtomicOutputFile.sameFile(earlier.path, output.path) {
        if earlier.option == "out" && out == nil {
          throw ValidationError(
            "without --out the rewards go to standard output; give --out a file to write "
              + "--\(output.option) there")
        }
        throw ValidationError(
          "--\(earlier.option) and --\(output.option) must name different files")
      }
    }
    let reconciles = adjustments != nil || reconciliation != nil
    if reconciles != (postings != nil) {
      throw ValidationError(
        postings == nil
          ? "--adjustments and --reconciliation need --postings"
          : "--postings needs --adjustments or --reconciliation")
    }
    var protected = ProtectedFiles()
    // Batch keeps no store, but the one the other commands would use is no place for output.
    protected.protect(store: StoreOptions.path(given: nil, environment: context.environment))
    let inputs: [(String, FileName?)] = [
      ("cards", cards), ("enrollments", enrollments), ("transactions", transactions),
      ("promotion", self.promotion), ("postings", postings),
    ]
    for case (let name, let file?) in inputs {
      protected.protect(input: file.path, as: "the --\(name) file")
    }
    try protected.check(output: rewardsPath, option: "out")
    for output in outputs.dropFirst() {
      try protected.check(output: output.path, option: output.option)
    }
    // Interrupted, it removes what it was writing and says nothing was written.
    Interruption.catchSignals(
      .outputFiles(toStandardOutput: outputs.contains { $0.path == "-" }),
      console: context.console)
    let quiet = progress.quiet
    let (cardsBytes, enrollmentsBytes, transactionsBytes) = (
      BatchMemory.size(of: cards.path), BatchMemory.size(of: enrollments.path),
      BatchMemory.size(of: transactions.path)
    )
    let limit = memory?.bytes ?? BatchMemory.defaultLimit
    // A test's way to force a number of parts, however small the files.
    let forcedParts = context.environment["WALLET_BATCH_PARTITIONS"].flatMap { Int($0) }
    let inParts =
      forcedParts != nil
      || BatchMemory.need(
        cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
        transactionsBytes: transactionsBytes) > limit
    if inParts && postings != nil {
      throw ValidationError(
        "--postings needs every transaction in memory, more than --memory allows")
    }
    LargeAllocations.returnToTheSystemWhenFreed()
    let promotion = try PromotionSource.resolve(self.promotion?.path)
    if inParts {
      let needed = BatchMemory.partsNeeded(
        cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
        transactionsBytes: transactionsBytes, limit: limit)
      let most = PartitionedBatch.maximumPartitions
      let parts = forcedParts ?? min(needed ?? most, most)
      // Said once the inputs are read and found valid, before anything is written.
      var warning: String?
      if let needed, needed > most {
        warning = tr(
          "Warning: keeping within --memory would take \(needed) parts, and batch makes at most \(most); the run will take more memory than allowed."
        )
      } else if needed == nil {
        let shared = BatchMemory.shared(
          cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes)
        warning = tr(
          "Warning: the program with the cards and enrollments alone takes about \((shared + (1 << 20) - 1) >> 20) MiB, more than --memory allows; the run will take more memory than allowed."
        )
      }
      return try runInParts(parts, warning: warning, promotion: promotion, context: context)
    }
    let input = try BatchInput.load(
      cards: cards.path, enrollments: enrollments.path, transactions: transactions.path,
      naiveIn: promotion.timeZone, skipInvalid: skipInvalid,
      progress: {
        ProgressReporter.make(
          console: context.console, quiet: quiet, label: tr("transactions"), totalBytes: $0)
      })
    for error in input.skipped.errors {
      context.console.message(tr("skipped \(Translations.translated(message: error.description))"))
    }

    // Today is asked for only when reconciling: a bad WALLET_NOW does not stop a plain batch.
    let asOfDay =
      try postings == nil
      ? nil : asOf ?? Clock.now(context, zone: promotion.timeZone).localDate(in: promotion.timeZone)
    // The postings are read while the transactions are decided: neither touches the other.
    let (decisions, postingsRead) = bothAtOnce(
      { RewardEngine(promotion: promotion).decide(input.ledger) },
      {
        postings.map { file in
          Result { () throws(FileFailure) in
            try BatchPostings.read(
              try InputFile(path: file.path), ledger: input.ledger, cardsPath: cards.path,
              skipInvalid: skipInvalid)
          }
        }
      })
    let reconciled = try postingsRead.map { read in
      let read = try read.get()
      for error in read.skipped.errors {
        context.console.message(
          tr("skipped \(Translations.translated(message: error.description))"))
      }
      return decisions.reconcile(
        input.ledger, postings: read.values, postingCards: read.cards, asOf: asOfDay!)
    }

    // Both outputs are complete on disk before either replaces an older file.
    let rewardsFile = try AtomicOutputFile(path: rewardsPath)
    let decisionsFile = try decisionsPath.map { (path) throws(FileFailure) in
      try AtomicOutputFile(path: path)
    }
    let adjustmentsFile = try adjustments.map { (file) throws(FileFailure) in
      try AtomicOutputFile(path: file.path)
    }
    let reconciliationFile = try reconciliation.map { (file) throws(FileFailure) in
      try AtomicOutputFile(path: file.path)
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
    if let reconciled, let adjustmentsFile {
      do {
        try PostingsFile.write(reconciled.adjustments, to: writer(adjustmentsFile))
      } catch {
        throw CommandFailure(.ioError, "cannot write \(adjustmentsFile.shownPath): \(error)")
      }
    }
    if let reconciled, let reconciliationFile {
      do {
        try ReconciliationFile.write(reconciled.rows, to: writer(reconciliationFile))
      } catch {
        throw CommandFailure(.ioError, "cannot write \(reconciliationFile.shownPath): \(error)")
      }
    }
    // Decided from the files as they were read: one changed since (truncated while it was
    // read, rewritten) is no input to trust, and the previous outputs stay.
    try input.checkUnchanged()
    // The summary is counted while the outputs are flushed to disk: both only read.
    let (committed, summary) = bothAtOnce(
      { () -> Result<Void, FileFailure> in
        Result { () throws(FileFailure) in
          // One step for an interrupt: all of the outputs are in place, or none.
          try CommitGate.pass { () throws(FileFailure) in
            try rewardsFile.commit()
            try decisionsFile?.commit()
            try adjustmentsFile?.commit()
            try reconciliationFile?.commit()
          }
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
    if let reconciled, !quiet {
      context.console.message(BatchReconciliation.summary(reconciled))
    }
    KeptUntilExit.keep(input)
    KeptUntilExit.keep(decisions)
    return reconciled?.needsAttention == true ? .no : .success
  }
}

extension BatchCommand {
  /// The batch past the memory limit: the transactions split into `parts` parts by holder on
  /// disk (`PartitionedBatch`), the same files written.
  private func runInParts(
    _ parts: Int, warning: String?, promotion: Promotion, context: CommandContext
  ) throws -> ExitStatus {
    let quiet = progress.quiet
    let rewardsFile = try AtomicOutputFile(path: rewardsOutput.path)
    let decisionsFile = try decisions.map { (file) throws(FileFailure) in
      try AtomicOutputFile(path: file.path)
    }
    func writer(_ file: AtomicOutputFile) -> CSVWriter {
      file.path == "-" ? context.console.csvWriter() : file.csvWriter()
    }
    let batch = PartitionedBatch(
      promotion: promotion, partitions: parts,
      workParent: BatchMemory.workParent(
        output: rewardsOutput.path, environment: context.environment),
      skipInvalid: skipInvalid)
    let totals: PartitionedBatch.Totals
    do {
      totals = try batch.run(
        cards: cards.path, enrollments: enrollments.path, transactions: transactions.path,
        rewards: writer(rewardsFile), decisions: decisionsFile.map(writer),
        readDone: { skipped in
          if let warning { context.console.message(warning) }
          for error in skipped.errors {
            context.console.message(
              tr("skipped \(Translations.translated(message: error.description))"))
          }
        },
        progress: { phase, totalBytes in
          ProgressReporter.make(
            console: context.console, quiet: quiet, label: Self.phaseLabel(phase),
            totalBytes: totalBytes)
        })
    } catch let failure as PartitionedBatch.OutputFailure {
      let file = failure.decisions ? decisionsFile ?? rewardsFile : rewardsFile
      throw CommandFailure(.ioError, "cannot write \(file.shownPath): \(failure.underlying)")
    }
    try CommitGate.pass { () throws(FileFailure) in
      try rewardsFile.commit()
      try decisionsFile?.commit()
    }
    if !quiet {
      context.console.message(
        BatchSummary(
          transactions: totals.transactions, paid: totals.paid,
          forfeited: promotion.refunds == .clawback ? totals.forfeited : nil,
          skippedRows: totals.skipped.count
        ).text)
    }
    return .success
  }
}

/// What `batch --postings` tells on standard error.
enum BatchReconciliation {
  /// The counts of each status, for standard error.
  static func summary(_ reconciliation: Reconciliation) -> String {
    var counts: [ReconciliationStatus: Int] = [:]
    for row in reconciliation.rows { counts[row.status, default: 0] += 1 }
    let shown = ReconciliationStatus.allCases.compactMap { status in
      counts[status].map { "\(ProgressReporter.grouped($0)) \(status)" }
    }
    let (asOf, adjustments) = (
      reconciliation.asOf, ProgressReporter.grouped(reconciliation.adjustments.count)
    )
    guard !shown.isEmpty else {
      return tr("reconciled as of \(asOf): nothing owed or posted, \(adjustments) adjustments")
    }
    let statuses = shown.joined(separator: ", ")
    return tr("reconciled as of \(asOf): \(statuses), \(adjustments) adjustments")
  }
}

/// The totals `batch` reports on standard error: what was read, rewarded (and, under `refunds:
/// clawback`, forfeited) and paid per channel.
struct BatchSummary {
  /// The transactions decided.
  let transactions: Int
  /// The rewards and their sum per channel.
  let paid: [Channel: (rewards: Int, amount: MoneyTotal)]
  /// The rewards taken back, under `refunds: clawback` only.
  let forfeited: Int?
  /// The rows left out as invalid.
  let skippedRows: Int

  /// The summary of `decisions` over `ledger`.
  init(decisions: LedgerDecisions, ledger: Ledger, skippedRows: Int) {
    self.init(
      transactions: ledger.transactionCount, paid: decisions.paidByChannel(in: ledger),
      forfeited: decisions.promotion.refunds == .clawback ? decisions.forfeitedCount() : nil,
      skippedRows: skippedRows)
  }

  /// A summary of these totals.
  init(
    transactions: Int, paid: [Channel: (rewards: Int, amount: MoneyTotal)], forfeited: Int?,
    skippedRows: Int
  ) {
    self.transactions = transactions
    self.paid = paid
    self.forfeited = forfeited
    self.skippedRows = skippedRows
  }

  var text: String {
    let rewarded = paid.values.reduce(0) { $0 + $1.rewards }
    let read = Plural.count(transactions, .transaction)
    let rewardedCount = ProgressReporter.grouped(rewarded)
    let skipped = Plural.count(skippedRows, .invalidRow)
    var lines: [String] = []
    // Under clawback, the places whose rewards were taken back, which pay nothing.
    if let forfeited = forfeited.map(ProgressReporter.grouped) {
      lines.append(
        tr(
          """
          \(read) read, \(rewardedCount) rewarded, \(skipped) skipped, \(forfeited) forfeited
          """))
    } else {
      lines.append(
        tr("\(read) read, \(rewardedCount) rewarded, \(skipped) skipped"))
    }
    func label(_ text: String) -> String {
      "  " + text + String(repeating: " ", count: max(0, 9 - DisplayWidth.of(text))) + " "
    }
    for channel in Channel.allCases {
      let (rewards, amount) = (
        Plural.count(paid[channel]?.rewards ?? 0, .reward),
        MoneyText.display(paid[channel]?.amount ?? .zero)
      )
      lines.append(label(channel.rawValue) + tr("\(rewards), \(amount)"))
    }
    let total = paid.values.reduce(MoneyTotal.zero) { $0 + $1.amount }
    let (rewards, amount) = (Plural.count(rewarded, .reward), MoneyText.display(total))
    lines.append(label(tr("total")) + tr("\(rewards), \(amount)"))
    return lines.joined(separator: "\n")
  }
}
