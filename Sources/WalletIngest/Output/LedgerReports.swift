import Dispatch
import WalletCore

/// The SPEC's rewards and decisions files written straight from a batch's ledger, without a
/// `Decision` value per transaction.
///
/// Rows are formatted in blocks, each block's two halves at once on two cores into memory, then
/// written in order: formatting is the work, and a block bounds the memory it takes.
package enum LedgerReports {
  /// Rows formatted per half-block by default.
  package static let defaultRowsPerHalfBlock = 32_768

  /// One row per reward, by holder (UTF-8 bytes) then ordinal.
  package static func writeRewards(
    _ decisions: LedgerDecisions, ledger: Ledger, promotion: Promotion, to writer: CSVWriter,
    rowsPerHalfBlock: Int = defaultRowsPerHalfBlock
  ) throws {
    try writer.writeRecord(ReportFiles.rewardsHeader)
    let names = RowNames(decisions: decisions, ledger: ledger)
    let order = decisions.statementOrder()
    try writeInBlocks(rows: order.count, rowsPerHalfBlock: rowsPerHalfBlock, to: writer) {
      rows, out, scratch in
      // Rows go by holder, so each one's values sit at random places in columns of millions:
      // they are gathered for a few dozen rows in one tight loop, whose cache misses overlap,
      // before any is formatted.
      // The loop only loads and stores: a call or a growing array between the loads would
      // make the processor wait for each miss in turn.
      let facts = UnsafeMutableBufferPointer<RewardFacts>.allocate(capacity: gatherSize)
      defer { facts.deallocate() }
      for batch in stride(from: rows.lowerBound, to: rows.upperBound, by: gatherSize) {
        let gathered = batch..<min(rows.upperBound, batch + gatherSize)
        Self.gather(
          order[gathered], ledger: ledger, decisions: decisions,
          into: UnsafeMutableBufferPointer(rebasing: facts[0..<gathered.count]))
        for row in facts[0..<gathered.count] {
          let card = ledger.cards[Int(row.card)]
          let cycle = names.cycle(atTime: row.time)
          let ordinal = Int(row.ordinal)
          let channel = names.channel(ofEnrollment: row.enrollment)
          try out.writeField(card.holder.rawValue)
          try out.writePlainField(cycle.start)
          try out.writePlainField(cycle.end)
          try out.writePlainField(names.number(ordinal))
          try ledger.transactionIDs.bytes.withUnsafeBufferPointer {
            try out.writeField(bytes: UnsafeBufferPointer(rebasing: $0[row.idStart..<row.idEnd]))
          }
          try out.writeField(card.id.rawValue)
          try out.writePlainField(names.channels[channel])
          let timeLength = Instant(nanosecondsSinceEpoch: row.time).formatted(
            in: promotion.timeZone, into: scratch)
          try out.writePlainField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<timeLength]))
          let amountLength = Money(minorUnits: row.amount).formatted(into: scratch)
          try out.writePlainField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<amountLength]))
          try out.writePlainField(names.tiers[channel][ordinal - 1])
          try out.endRecord()
        }
      }
    }
  }

  /// Rows whose scattered values are gathered at once.
  private static let gatherSize = 32

  /// Reads the values of the rewards rows of transactions `indices` into `facts`.
  private static func gather(
    _ indices: ArraySlice<Int>, ledger: Ledger, decisions: LedgerDecisions,
    into facts: UnsafeMutableBufferPointer<RewardFacts>
  ) {
    ledger.transactionCard.withUnsafeBufferPointer { cards in
      ledger.time.withUnsafeBufferPointer { times in
        ledger.amount.withUnsafeBufferPointer { amounts in
          decisions.enrollment.withUnsafeBufferPointer { enrollments in
            decisions.ordinal.withUnsafeBufferPointer { ordinals in
              ledger.transactionIDs.ends.withUnsafeBufferPointer { idEnds in
                ledger.transactionIDs.bytes.withUnsafeBufferPointer { idBytes in
                  ledger.cards.withUnsafeBufferPointer { cardValues in
                    var slot = 0
                    for index in indices {
                      let card = cards[index]
                      let idStart = index == 0 ? 0 : idEnds[index - 1]
                      // A byte of the id and of the card, read only so that their misses
                      // overlap here rather than stall the formatting one by one.
                      let idByte = idStart < idBytes.count ? idBytes[idStart] : 0
                      let cardByte = UnsafeRawPointer(cardValues.baseAddress! + Int(card)).load(
                        as: UInt8.self)
                      facts.initializeElement(
                        at: slot,
                        to: RewardFacts(
                          card: card, time: times[index], amount: amounts[index],
                          enrollment: enrollments[index], ordinal: ordinals[index],
                          idStart: idStart, idEnd: idEnds[index], touched: idByte &+ cardByte))
                      slot += 1
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// What a rewards row needs from the columns of the ledger and the decisions.
  private struct RewardFacts {
    var card: Int32
    var time: Int64
    var amount: Int64
    var enrollment: Int32
    var ordinal: Int32
    /// Where the transaction's id starts and ends, read here so that their misses overlap.
    var idStart: Int
    var idEnd: Int
    /// Bytes read only to bring the id and the card into the cache.
    var touched: UInt8
  }

  /// One row per transaction, in input order.
  package static func writeDecisions(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter,
    rowsPerHalfBlock: Int = defaultRowsPerHalfBlock
  ) throws {
    try writer.writeRecord(ReportFiles.decisionsHeader)
    let names = RowNames(decisions: decisions, ledger: ledger)
    let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
    try writeInBlocks(
      rows: ledger.transactionCount, rowsPerHalfBlock: rowsPerHalfBlock, to: writer
    ) { rows, out, _ in
      for index in rows {
        let card = ledger.cards[Int(ledger.transactionCard[index])]
        try ledger.transactionIDs.withBytes(at: index) { try out.writeField(bytes: $0) }
        try out.writeField(card.holder.rawValue)
        try out.writeField(card.id.rawValue)
        try out.writeField(names.cycle(of: index).start)
        let reason = decisions.reason[index]
        if reason == 0 {
          let ordinal = Int(decisions.ordinal[index])
          let channel = names.channel(ofEnrollment: decisions.enrollment[index])
          try out.writeField("rewarded")
          try out.writeField("")
          try out.writeField(names.number(ordinal))
          try out.writeField(names.tiers[channel][ordinal - 1])
        } else {
          try out.writeField("not-rewarded")
          try out.writeField(reasonNames[Int(reason)])
          try out.writeField("")
          try out.writeField("")
        }
        try out.endRecord()
      }
    }
  }

  /// Calls `format` for the rows `0..<rows`, a half-block at a time, two halves at once, each
  /// into its own writer in memory with its own scratch buffer; appends each block's bytes to
  /// `writer` in row order, then flushes it.
  private static func writeInBlocks(
    rows: Int, rowsPerHalfBlock: Int, to writer: CSVWriter,
    _ format: @Sendable (Range<Int>, CSVWriter, UnsafeMutableBufferPointer<UInt8>) throws -> Void
  ) throws {
    precondition(rowsPerHalfBlock > 0, "blocks of no rows")
    let halves = [MemoryHalf(), MemoryHalf()]
    var start = 0
    while start < rows {
      let end = min(rows, start + 2 * rowsPerHalfBlock)
      let first = start..<(start + (end - start + 1) / 2)
      let second = first.upperBound..<end
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        halves[half].format(half == 0 ? first : second, format)
      }
      for half in halves { try half.drain(into: writer) }
      start = end
    }
    try writer.flush()
  }
}

/// One thread's share of a block: a writer into memory, a scratch buffer, and what it made.
private final class MemoryHalf: @unchecked Sendable {
  private var bytes: [UInt8] = []
  private var failure: (any Error)?
  private let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(
    capacity: Instant.formattedCapacity)
  private lazy var writer = CSVWriter(chunkSize: 1 << 16) { [unowned self] chunk in
    bytes.append(contentsOf: chunk)
  }

  deinit { scratch.deallocate() }

  /// Formats `rows` with `body` into this half's memory; an error is kept for `drain`.
  func format(
    _ rows: Range<Int>,
    _ body: (Range<Int>, CSVWriter, UnsafeMutableBufferPointer<UInt8>) throws -> Void
  ) {
    do {
      try body(rows, writer, scratch)
      try writer.flush()
    } catch {
      failure = error
    }
  }

  /// Appends what was formatted to `writer` and empties this half for the next block.
  func drain(into writer: CSVWriter) throws {
    if let failure { throw failure }
    try bytes.withUnsafeBufferPointer { try writer.writeEncodedRecords($0) }
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Text that repeats across hundreds of thousands of rows, made once: cycle names by sequence
/// number, channel and tier amounts by channel, small numbers.
private struct RowNames: @unchecked Sendable {
  /// The decisions being written.
  let decisions: LedgerDecisions
  /// What they were decided over.
  let ledger: Ledger
  /// Every channel's name, in `Channel.allCases` order.
  let channels: [String] = Channel.allCases.map(\.rawValue)
  /// Each channel's tier amounts, as written, in the same order.
  let tiers: [[String]]
  /// The numbers 0…64 in decimal.
  let numbers: [String] = (0...64).map(String.init)
  /// Each enrollment's channel, as an index into `channels`.
  let enrollmentChannel: [UInt8]
  /// The sequence number of the first cycle in `cycles`.
  let firstSequence: Int
  /// The first and last day of every cycle from `firstSequence` on, as written.
  let cycles: [(start: String, end: String)]

  init(decisions: LedgerDecisions, ledger: Ledger) {
    self.decisions = decisions
    self.ledger = ledger
    let promotion = decisions.promotion
    tiers = Channel.allCases.map { promotion.tiers[$0].map(\.description) }
    enrollmentChannel = ledger.enrollments.map {
      UInt8(Channel.allCases.firstIndex(of: $0.channel) ?? 0)
    }
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
  }

  /// The first and last day of the transaction's billing cycle.
  func cycle(of index: Int) -> (start: String, end: String) {
    cycle(atTime: ledger.time[index])
  }

  /// The first and last day of the billing cycle holding `time` (nanoseconds).
  func cycle(atTime time: Int64) -> (start: String, end: String) {
    let promotion = decisions.promotion
    let date = Instant(nanosecondsSinceEpoch: time).localDate(in: promotion.timeZone)
    let sequence = BillingCycle.sequenceNumber(containing: date, startDay: promotion.cycleStartDay)
    if sequence - firstSequence >= 0 && sequence - firstSequence < cycles.count {
      return cycles[sequence - firstSequence]
    }
    let cycle = BillingCycle(sequenceNumber: sequence, startDay: promotion.cycleStartDay)
    return (cycle.start.description, cycle.end.description)
  }

  /// The channel of enrollment `enrollment`, as an index into `channels` and `tiers`.
  func channel(ofEnrollment enrollment: Int32) -> Int {
    Int(enrollmentChannel[Int(enrollment)])
  }

  /// `value` in decimal.
  func number(_ value: Int) -> String {
    value >= 0 && value < numbers.count ? numbers[value] : String(value)
  }
}
