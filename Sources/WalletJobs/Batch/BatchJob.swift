import Foundation
import WalletCore
import WalletIngest

/// How a batch will run: in memory, or in parts on disk, as `BatchMemory` plans from the
/// files' sizes and the limit.
package struct BatchPlan: Equatable {
  /// The parts to run in; nil to run in memory.
  package var parts: Int?
  /// Why the run will take more memory than allowed, if it will.
  package var warning: BatchMemoryWarning?
  /// Whether each part is read while the one before is decided (`PartitionedBatch.loadsAhead`).
  package var loadsAhead = false

  /// A plan in `parts` parts (nil: in memory), with `warning` said before the run.
  package init(parts: Int? = nil, warning: BatchMemoryWarning? = nil) {
    self.parts = parts
    self.warning = warning
  }
}

/// `wallet batch` as a job: decides every transaction of three CSV files under one promotion,
/// in memory or in parts on disk, and writes the rewards (decisions, adjustments,
/// reconciliation) files, every one in place or none.
package enum BatchJob {
  /// Plans the run of `request`; throws when it has postings and does not fit in memory.
  package static func plan(_ request: BatchRequest) throws(BatchPostingsPastMemoryLimit)
    -> BatchPlan
  {
    let (cardsBytes, enrollmentsBytes, transactionsBytes) = (
      BatchMemory.size(of: request.cards), BatchMemory.size(of: request.enrollments),
      BatchMemory.size(of: request.transactions)
    )
    let limit = request.memoryLimit ?? BatchMemory.defaultLimit
    let inParts =
      request.forcedParts != nil
      || BatchMemory.need(
        cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
        transactionsBytes: transactionsBytes) > limit
    if inParts && request.postings != nil { throw BatchPostingsPastMemoryLimit() }
    guard inParts else { return BatchPlan() }
    let needed = BatchMemory.partsNeeded(
      cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes,
      transactionsBytes: transactionsBytes, limit: limit)
    let most = PartitionedBatch.maximumPartitions
    var plan = BatchPlan(parts: request.forcedParts ?? min(needed ?? most, most))
    // Twice the parts, each half as large, when that many can be made: then each part is read
    // while the one before is decided, in the memory one part took. Where the cards and
    // enrollments alone take the limit, the parts are as many as can be, each small beside
    // them, and read ahead all the same; forced parts (tests, bench/rules) are read ahead too.
    if request.forcedParts != nil || needed == nil {
      plan.loadsAhead = true
    } else if let needed, 2 * needed <= most {
      plan.parts = 2 * needed
      plan.loadsAhead = true
    }
    if let needed, needed > most {
      plan.warning = .tooManyParts(needed: needed, most: most)
    } else if needed == nil {
      let shared = BatchMemory.shared(cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes)
      plan.warning = .sharedDataTooLarge(mebibytes: (shared + (1 << 20) - 1) >> 20)
    }
    return plan
  }

  /// Runs `request` as `plan` says under the promotion `resolvePromotion` gives. `asOf` gives
  /// the day to reconcile as of, asked only when there are postings. Write failures throw
  /// `BatchOutputError`; input failures `FileError`.
  package static func run(
    _ request: BatchRequest, plan: BatchPlan, resolvePromotion: () throws -> Promotion,
    asOf: (Promotion) throws -> CivilDate, events: BatchEvents
  ) throws -> BatchReport {
    LargeAllocations.reuseWhileRunning(
      keptFree: plan.parts == nil
        ? LargeAllocations.keptFreeInMemory
        : LargeAllocations.keptFree(
          inPartsWithin: request.memoryLimit ?? BatchMemory.defaultLimit,
          cores: ProcessInfo.processInfo.activeProcessorCount))
    let promotion = try resolvePromotion()
    let texts = BatchInputTexts(events: events)
    while true {
      do {
        if let parts = plan.parts {
          return try runInParts(
            request, parts: parts, loadsAhead: plan.loadsAhead, warning: plan.warning,
            promotion: promotion, texts: texts, events: events)
        }
        return try runInMemory(
          request, promotion: promotion, asOf: asOf, texts: texts, events: events)
      } catch let error as FileError {
        // An input taken for UTF-8 at first sight that is not, further on, stopped the run
        // before anything was said or written: the run starts again, reading it whole.
        guard let path = error.pathNotUTF8, texts.atFirstSight.contains(path),
          texts.readWhole.insert(path).inserted
        else { throw error }
      }
    }
  }

  /// The writer of `file`: standard output goes through the command's console.
  static func writer(_ file: AtomicOutputFile, _ events: BatchEvents) -> CSVWriter {
    file.path == "-" ? events.standardOutput() : file.csvWriter()
  }

  /// Runs `write`, naming `file` when it fails.
  static func writing(_ file: AtomicOutputFile, _ write: () throws -> Void) throws {
    do {
      try write()
    } catch {
      throw BatchOutputError(path: file.path, underlying: error)
    }
  }
}

/// How a batch reads each input as UTF-8 text (SPEC 4), saying each encoding once however often
/// the run starts. An input is taken for UTF-8 when its first piece is (the CSV reader checks
/// every byte as it reads, so a UTF-8 file of millions of rows is not read twice); one that
/// turns out not to be, further on, is read whole, as the postings always are.
final class BatchInputTexts {
  private let events: BatchEvents
  /// The inputs to read whole, as `InputFile.decoded()` reads them.
  var readWhole: Set<String> = []
  /// The inputs taken for UTF-8 at first sight that can be read again, whole (not pipes).
  private(set) var atFirstSight: Set<String> = []
  /// The inputs whose encoding was said, each with it.
  private var said: Set<String> = []

  init(events: BatchEvents) {
    self.events = events
  }

  /// The text of the input `file`, as UTF-8.
  func text(_ file: InputFile) throws(FileError) -> InputFile {
    let whole = readWhole.contains(file.path)
    let (text, encoding) = whole ? try file.decoded() : try file.decodedAtFirstSight()
    if !whole && text === file && file.canBeReadAgain { atFirstSight.insert(file.path) }
    if said.insert("\(encoding)\u{0}\(file.path)").inserted { events.readAs(file.path, encoding) }
    return text
  }

  /// The text of the input `file`, as UTF-8, read whole: for a file read while the
  /// transactions are decided (the postings), which then cannot start again.
  func wholeText(_ file: InputFile) throws(FileError) -> InputFile {
    readWhole.insert(file.path)
    return try text(file)
  }
}
