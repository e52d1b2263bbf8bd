import WalletCore
import WalletIngest
import WalletJobs

extension BatchCommand {
  /// The job's request from the options, once they are checked: the outputs are different
  /// files and none is an input or the store; interrupts are caught from here on.
  func checkedRequest(context: CommandContext) throws -> BatchRequest {
    let rewardsPath = rewardsOutput.path
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
            tr(
              """
              without --out the rewards go to standard output; give --out a file to write \
              --\(output.option) there
              """))
        }
        throw ValidationError(
          tr("--\(earlier.option) and --\(output.option) must name different files"))
      }
    }
    let reconciles = adjustments != nil || reconciliation != nil
    if reconciles != (postings != nil) {
      throw ValidationError(
        postings == nil
          ? tr("--adjustments and --reconciliation need --postings")
          : tr("--postings needs --adjustments or --reconciliation"))
    }
    var protected = ProtectedFiles()
    // Batch keeps no store, but the one the other commands would use is no place for output.
    protected.protect(store: StoreOptions.path(given: nil, environment: context.environment))
    let inputs: [(String, FileName?)] = [
      ("cards", cards), ("enrollments", enrollments), ("transactions", transactions),
      ("promotion", self.promotion), ("postings", postings),
    ]
    for case (let name, let file?) in inputs {
      protected.protect(input: file.path, option: name)
    }
    try protected.check(output: rewardsPath, option: "out")
    for output in outputs.dropFirst() {
      try protected.check(output: output.path, option: output.option)
    }
    // Interrupted, it removes what it was writing and says nothing was written.
    Interruption.catchSignals(
      .outputFiles(toStandardOutput: outputs.contains { $0.path == "-" }),
      console: context.console)
    var request = BatchRequest(
      cards: cards.path, enrollments: enrollments.path, transactions: transactions.path,
      rewards: rewardsPath)
    request.decisions = decisions?.path
    request.postings = postings?.path
    request.adjustments = adjustments?.path
    request.reconciliation = reconciliation?.path
    request.skipInvalid = skipInvalid
    request.memoryLimit = memory?.bytes
    // A test's way to force a number of parts, however small the files.
    request.forcedParts = context.environment["WALLET_BATCH_PARTITIONS"].flatMap { Int($0) }
    // And to read even small files in pieces at once, as large ones are.
    request.smallestFileInPieces = context.environment["WALLET_SPLIT_BYTES"]
      .flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    request.summarize = !progress.quiet
    request.environment = context.environment
    return request
  }

  /// A phase of the batch, as the progress line names it.
  static func label(_ phase: BatchPhase) -> String {
    switch phase {
    case .reading: tr("transactions")
    case .partitioning: tr("partitioning")
    case .deciding: tr("deciding")
    }
  }

  /// The warning said before a run takes more memory than `--memory` allows.
  static func text(_ warning: BatchMemoryWarning) -> String {
    switch warning {
    case .tooManyParts(let needed, let most):
      tr(
        "Warning: keeping within --memory would take \(needed) parts, and batch makes at most \(most); the run will take more memory than allowed."
      )
    case .sharedDataTooLarge(let mebibytes):
      tr(
        "Warning: the program with the cards and enrollments alone takes about \(mebibytes) MiB, more than --memory allows; the run will take more memory than allowed."
      )
    }
  }
}
