import Dispatch
import Foundation
import WalletCore

/// Writes the rows of a file made from a batch's ledger in blocks, each block's two halves at
/// once on two cores into memory, then in order to the file: formatting is the work, and a
/// block bounds the memory it takes. A block is written to the file on a thread of its own
/// while the next one is formatted, so that the cores format while the system call copies (and
/// waits on the writeback the output file starts). `RewardsFile` and `DecisionsFile` write
/// through it.
enum LedgerRowBlocks {
  /// Rows formatted per half-block by default: a few megabytes of text, written at once.
  static let defaultRowsPerHalfBlock = 32_768

  /// Calls `format` for the rows `0..<rows`, a half-block at a time, two halves at once, each
  /// into its own `RowBuffer`; hands each block's bytes to `writer` in row order, then flushes
  /// it. The first error of writing ends the work and is thrown.
  static func write(
    rows: Int, rowsPerHalfBlock: Int, to writer: CSVWriter,
    _ format: @Sendable (Range<Int>, inout RowBuffer) -> Void
  ) throws {
    precondition(rowsPerHalfBlock > 0, "blocks of no rows")
    // Two blocks' halves: one is formatted into while the other is written out.
    let blocks = [[MemoryHalf(), MemoryHalf()], [MemoryHalf(), MemoryHalf()]]
    let drains = BlockDrains(writer)
    var start = 0
    var block = 0
    while start < rows, !drains.failed {
      let halves = blocks[block % 2]
      // The block these halves held before, two back, must be written out first.
      drains.waitUntilWritten(through: block - 2)
      let end = min(rows, start + 2 * rowsPerHalfBlock)
      let first = start..<(start + (end - start + 1) / 2)
      let second = first.upperBound..<end
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        halves[half].format(half == 0 ? first : second, format)
      }
      drains.drain(halves, block: block)
      start = end
      block += 1
    }
    try drains.finish()
    try writer.flush()
  }
}

/// The blocks handed to the thread that writes them, in order, and the first error met.
private final class BlockDrains: @unchecked Sendable {
  private let writer: CSVWriter
  private let queue = DispatchQueue(label: "wallet.row-blocks")
  private let condition = NSCondition()
  /// Blocks written out (or skipped after an error) so far; guarded by `condition`.
  private var drained = 0
  /// The first error; guarded by `condition`.
  private var failure: (any Error)?

  init(_ writer: CSVWriter) { self.writer = writer }

  /// Whether an error has ended the work.
  var failed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return failure != nil
  }

  /// Waits until every block up to and including `block` is written out.
  func waitUntilWritten(through block: Int) {
    condition.lock()
    while drained <= block { condition.wait() }
    condition.unlock()
  }

  /// Writes the halves of block `block` (the next in order) to the writer, on the writing
  /// thread, unless an error came before.
  func drain(_ halves: [MemoryHalf], block: Int) {
    queue.async {
      do {
        if !self.failed {
          for half in halves { try half.drain(into: self.writer) }
        }
      } catch {
        self.condition.lock()
        if self.failure == nil { self.failure = error }
        self.condition.unlock()
      }
      self.condition.lock()
      self.drained = block + 1
      self.condition.broadcast()
      self.condition.unlock()
    }
  }

  /// Waits for every block handed over, then throws the first error, if any.
  func finish() throws {
    queue.sync {}
    if let failure { throw failure }
  }
}

/// One thread's share of a block: the rows it formatted, in a buffer kept from block to block.
private final class MemoryHalf: @unchecked Sendable {
  private var rows = RowBuffer(capacity: 1 << 20)

  deinit { rows.deallocate() }

  /// Formats `range` with `body` into this half's buffer.
  func format(_ range: Range<Int>, _ body: (Range<Int>, inout RowBuffer) -> Void) {
    body(range, &rows)
  }

  /// Hands what was formatted to `writer` and empties this half for the next block.
  func drain(into writer: CSVWriter) throws {
    // Emptied even when the write fails: the work ends, and nothing is written after.
    defer { rows.removeAll() }
    try writer.writeEncodedRecords(rows.bytes)
  }
}

/// Text that repeats across hundreds of thousands of rows, made once: cycle names by sequence
/// number, channel and tier amounts by channel, small numbers.
struct RowNames: @unchecked Sendable {
  /// The decisions being written.
  let decisions: LedgerDecisions
  /// Every channel's name, in `Channel.allCases` order.
  let channels: [String] = Channel.allCases.map(\.rawValue)
  /// Each channel's tier amounts, as written, in the same order.
  let tiers: [[String]]
  /// The numbers 0…64 in decimal.
  let numbers: [String] = (0...64).map(String.init)
  /// The same numbers, each followed by a comma, for `RowBuffer`s.
  let numberPieces = EncodedPieces { pieces in
    for number in 0...64 {
      pieces.raw(String(number))
      pieces.comma()
      pieces.end()
    }
  }
  /// Each enrollment's channel, as an index into `channels`.
  let enrollmentChannel: [UInt8]
  /// The sequence number of the first cycle in `cycles`.
  let firstSequence: Int
  /// The first and last day of every cycle from `firstSequence` on, as written.
  let cycles: [(start: String, end: String)]

  init(decisions: LedgerDecisions, ledger: Ledger) {
    self.decisions = decisions
    let promotion = decisions.promotion
    tiers = Channel.allCases.map { promotion.tiers[$0].map(\.description) }
    // The ledger's column, shared: a batch decided in parts makes these names for every part,
    // and a map over the enrollments' values took longer than the part's rows.
    enrollmentChannel = ledger.enrollmentChannelPositions
    // Transactions span a few years at most; were the range absurd, names are made per row.
    func sequence(_ time: Int64) -> Int {
      BillingCycle(
        containing: Instant(nanosecondsSinceEpoch: time).localDate(in: promotion.timeZone),
        startDay: promotion.cycleStartDay
      ).sequenceNumber
    }
    // Where clocks go back across midnight a later time can fall in an earlier cycle: the
    // range runs from the smaller of the two; cycles outside it are named per row.
    let (low, high) =
      ledger.timeSpan.map { span in
        let first = sequence(span.lowerBound)
        let last = sequence(span.upperBound)
        return (min(first, last), max(first, last))
      } ?? (0, -1)
    if low <= high, high - low < 12 * 200 {
      firstSequence = low
      cycles = (low...high).map {
        let cycle = BillingCycle(sequenceNumber: $0, startDay: promotion.cycleStartDay)
        return (cycle.start.description, cycle.end.description)
      }
    } else {
      firstSequence = 0
      cycles = []
    }
    (cyclesInTimeOrder, cycleStarts) = Self.cycleStarts(
      of: low, cycles: cycles.count, span: ledger.timeSpan, promotion: promotion)
  }

  /// Whether local dates go in the order of time over the ledger's span, so that `cycleStarts`
  /// finds any transaction's cycle.
  let cyclesInTimeOrder: Bool
  /// The first instant (nanoseconds) of each cycle of `cycles` after the first, when
  /// `cyclesInTimeOrder`: a row's cycle is then found by comparing its time with a few dozen
  /// numbers rather than by working out its local date, which was much of formatting a row.
  let cycleStarts: [Int64]

  /// `cyclesInTimeOrder` and `cycleStarts` for `count` cycles from sequence number `first`.
  private static func cycleStarts(
    of first: Int, cycles count: Int, span: ClosedRange<Int64>?, promotion: Promotion
  ) -> (Bool, [Int64]) {
    guard count > 0, let span else { return (false, []) }
    let zone = promotion.timeZone
    let lowest = Instant(nanosecondsSinceEpoch: span.lowerBound).secondsSinceEpoch
    let highest = Instant(nanosecondsSinceEpoch: span.upperBound).secondsSinceEpoch
    guard !zone.localDateStepsBack(afterUTCSeconds: lowest, through: highest) else {
      return (false, [])
    }
    func localDay(_ second: Int64) -> Int {
      let (nanoseconds, overflow) = second.multipliedReportingOverflow(by: 1_000_000_000)
      guard !overflow else { return second < 0 ? Int.min : Int.max }
      return Instant(nanosecondsSinceEpoch: nanoseconds).localDaysSinceEpoch(in: zone)
    }
    var starts: [Int64] = []
    for sequence in (first + 1)..<(first + count) {
      let day = BillingCycle(sequenceNumber: sequence, startDay: promotion.cycleStartDay).start
        .daysSinceEpoch
      // The first second of the span on that day or after, or just past the span: local days
      // only go forward here, so the seconds before it are all on earlier days.
      var low = lowest
      var high = highest + 1
      while low < high {
        let middle = low + (high - low) / 2
        if localDay(middle) >= day { high = middle } else { low = middle + 1 }
      }
      let (nanoseconds, overflow) = low.multipliedReportingOverflow(by: 1_000_000_000)
      starts.append(overflow ? Int64.max : nanoseconds)
    }
    return (true, starts)
  }

  /// The first and last day of the billing cycle holding `time` (nanoseconds).
  func cycle(atTime time: Int64) -> (start: String, end: String) {
    let sequence = cycleSequence(atTime: time)
    if sequence - firstSequence >= 0 && sequence - firstSequence < cycles.count {
      return cycles[sequence - firstSequence]
    }
    let cycle = BillingCycle(
      sequenceNumber: sequence, startDay: decisions.promotion.cycleStartDay)
    return (cycle.start.description, cycle.end.description)
  }

  /// The sequence number of the billing cycle holding `time` (nanoseconds).
  func cycleSequence(atTime time: Int64) -> Int {
    let promotion = decisions.promotion
    let date = Instant(nanosecondsSinceEpoch: time).localDate(in: promotion.timeZone)
    return BillingCycle.sequenceNumber(containing: date, startDay: promotion.cycleStartDay)
  }

  /// Where the billing cycle holding `time` (nanoseconds) is in `cycles`, or nil when it is
  /// not there and its dates are made for the row.
  @inline(__always)
  func cycleIndex(atTime time: Int64) -> Int? {
    if cyclesInTimeOrder {
      // The number of cycles started by `time`: every row's time is in the span.
      var low = 0
      var high = cycleStarts.count
      while low < high {
        let middle = (low + high) / 2
        if cycleStarts[middle] <= time { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let index = cycleSequence(atTime: time) - firstSequence
    return index >= 0 && index < cycles.count ? index : nil
  }

  /// Appends `value` in decimal and a comma, from text made once for small values; room for
  /// `Self.numberRoom` bytes was reserved.
  @inline(__always)
  func appendNumberAndComma(_ value: Int, to out: inout RowBuffer) {
    if value >= 0 && value < numberPieces.count {
      out.append(numberPieces[value])
    } else {
      for byte in String(value).utf8 { out.append(byte) }
      out.append(CSVByte.comma)
    }
  }

  /// Room for any `appendNumberAndComma`.
  static let numberRoom = 24

  /// The channel of enrollment `enrollment`, as an index into `channels` and `tiers`.
  func channel(ofEnrollment enrollment: Int32) -> Int {
    Int(enrollmentChannel[Int(enrollment)])
  }

  /// `value` in decimal.
  func number(_ value: Int) -> String {
    value >= 0 && value < numbers.count ? numbers[value] : String(value)
  }
}
