import WalletCore
import WalletIngest

/// What `wallet batch` is asked to do: the input files, the promotion, the outputs and how
/// much memory the run may take. Paths are as given; `-` is standard output.
package struct BatchRequest {
  /// The cards CSV file.
  package var cards: String
  /// The enrollments CSV file.
  package var enrollments: String
  /// The transactions CSV file.
  package var transactions: String
  /// The rewards output.
  package var rewards: String
  /// The decisions output, if any.
  package var decisions: String?
  /// The postings to reconcile with the decisions, if any.
  package var postings: String?
  /// The adjustments output (with `postings`).
  package var adjustments: String?
  /// The reconciliation rows output (with `postings`).
  package var reconciliation: String?
  /// Whether invalid rows are reported and left out rather than the end of the run.
  package var skipInvalid = false
  /// The memory the run may take; nil for `BatchMemory.defaultLimit`.
  package var memoryLimit: Int?
  /// A number of parts to run in whatever the files' size (a test's knob).
  package var forcedParts: Int?
  /// The smallest input file read in pieces at once, on as many cores, in memory or in parts;
  /// nil for `FileParts.minimumFileSize` (a test's knob, to send small files down that path).
  package var smallestFileInPieces: Int?
  /// Whether the summary's totals are counted (they are not when the command is quiet).
  package var summarize = true
  /// The environment, for where the work files of a run in parts go (`TMPDIR`).
  package var environment: [String: String] = [:]

  /// A request to decide the three files' transactions into `rewards`.
  package init(cards: String, enrollments: String, transactions: String, rewards: String) {
    self.cards = cards
    self.enrollments = enrollments
    self.transactions = transactions
    self.rewards = rewards
  }
}

/// The phases of a batch that report progress.
package enum BatchPhase: Sendable {
  /// Reading the transactions into memory.
  case reading
  /// Splitting the transactions into parts on disk.
  case partitioning
  /// Deciding the parts one after the other.
  case deciding
}

/// Why a batch will take more memory than it is allowed, said before anything is written.
package enum BatchMemoryWarning: Sendable, Equatable {
  /// Keeping within the limit would take `needed` parts, more than the `most` a batch makes.
  case tooManyParts(needed: Int, most: Int)
  /// The cards and enrollments alone take about `mebibytes` MiB, more than the limit.
  case sharedDataTooLarge(mebibytes: Int)
}

/// What the job tells the command while it runs, to render as it happens.
package struct BatchEvents {
  /// Where rows written to `-` go.
  package var standardOutput: () -> CSVWriter
  /// What reports a phase's progress over its bytes, if anything.
  package var progress: (BatchPhase, _ totalBytes: Int) -> (any ReadProgress)?
  /// Called once the inputs are read and found valid, before any output is written: the
  /// memory warning, if any, and the rows left out.
  package var inputsRead: (BatchMemoryWarning?, SkippedRows) -> Void
  /// Called with the postings rows left out, once the postings are read.
  package var postingsRead: (SkippedRows) -> Void
  /// Called with each input's path and encoding (SPEC 4), before anything of it is read.
  package var readAs: (_ path: String, StatementEncoding) -> Void

  /// Events sent to these closures.
  package init(
    standardOutput: @escaping () -> CSVWriter,
    progress: @escaping (BatchPhase, Int) -> (any ReadProgress)?,
    inputsRead: @escaping (BatchMemoryWarning?, SkippedRows) -> Void,
    postingsRead: @escaping (SkippedRows) -> Void,
    readAs: @escaping (_ path: String, StatementEncoding) -> Void = { _, _ in }
  ) {
    self.standardOutput = standardOutput
    self.progress = progress
    self.inputsRead = inputsRead
    self.postingsRead = postingsRead
    self.readAs = readAs
  }
}
