import WalletCore

/// The SPEC's rewards file: one row per reward, by holder (UTF-8 bytes) then ordinal. The one
/// place that says what its columns are, in what order, and how each field is written, for
/// `batch` (from its ledger), `statement --format csv` and `export rewards` (from the store).
package enum RewardsFile: CSVFileFormat {
  /// The header, and the order of every row's fields.
  package static let columns = [
    "holder", "cycle_start", "cycle_end", "ordinal", "transaction", "card", "channel", "time",
    "amount", "reward",
  ]

  /// The dates, ordinal, time and amounts.
  package static let numericColumns: Set<String> = [
    "cycle_start", "cycle_end", "ordinal", "time", "amount", "reward",
  ]

  /// A reward's fields in the order of `columns`, its time in `zone` (the promotion's).
  package static func fields(of row: RewardRow, in zone: TimeZoneRules) -> [String] {
    [
      row.holder.rawValue, row.cycleStart.description, row.cycleEnd.description,
      String(row.ordinal), row.transaction.rawValue, row.card.rawValue, row.channel.rawValue,
      row.time.formatted(in: zone), row.amount.description, row.reward.description,
    ]
  }

  /// The whole file from rewards already in its order (a store's), times in `zone`.
  package static func write(_ rows: [RewardRow], in zone: TimeZoneRules, to writer: CSVWriter)
    throws
  {
    try writer.writeRecord(columns)
    for row in rows { try writer.writeRecord(fields(of: row, in: zone)) }
    try writer.flush()
  }

  /// The whole file straight from a batch's ledger and its decisions, without a value per
  /// reward: `fields(of:in:)`'s fields, formatted by the same functions into reused buffers,
  /// from text made once per cycle, channel and tier (`RowNames`). Without `header`, only the
  /// rows: one part of a file written in parts.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, promotion: Promotion, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock, header: Bool = true
  ) throws {
    if header { try writer.writeRecord(columns) }
    let names = RowNames(decisions: decisions, ledger: ledger)
    let order = decisions.statementOrder()
    try LedgerRowBlocks.write(rows: order.count, rowsPerHalfBlock: rowsPerHalfBlock, to: writer) {
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
          if decisions.rewardAmount.isEmpty {
            try out.writePlainField(names.tiers[channel][ordinal - 1])
          } else {
            let rewardLength = Money(minorUnits: row.reward).formatted(
              into: scratch)
            try out.writePlainField(bytes: UnsafeBufferPointer(rebasing: scratch[0..<rewardLength]))
          }
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
                    let rewards = decisions.rewardAmount
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
                          idStart: idStart, idEnd: idEnds[index], touched: idByte &+ cardByte,
                          reward: rewards.isEmpty ? 0 : rewards[index]))
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
    /// The reward, when SPEC 8's counters decided (else the tier's entry by ordinal is).
    var reward: Int64
  }
}

/// One reward as the rewards file has it, from the store (statement and export).
package struct RewardRow: Equatable {
  /// The holder rewarded.
  package var holder: Identifier
  /// The first day of the purchase's billing cycle.
  package var cycleStart: CivilDate
  /// Its last day.
  package var cycleEnd: CivilDate
  /// Which of the holder's rewards it is, from 1.
  package var ordinal: Int
  /// The purchase.
  package var transaction: Identifier
  /// The card it was paid with.
  package var card: Identifier
  /// The channel whose schedule paid.
  package var channel: Channel
  /// When the purchase was made.
  package var time: Instant
  /// What the purchase cost.
  package var amount: Money
  /// What it earned.
  package var reward: Money

  /// A reward with these values.
  package init(
    holder: Identifier, cycleStart: CivilDate, cycleEnd: CivilDate, ordinal: Int,
    transaction: Identifier, card: Identifier, channel: Channel, time: Instant, amount: Money,
    reward: Money
  ) {
    self.holder = holder
    self.cycleStart = cycleStart
    self.cycleEnd = cycleEnd
    self.ordinal = ordinal
    self.transaction = transaction
    self.card = card
    self.channel = channel
    self.time = time
    self.amount = amount
    self.reward = reward
  }
}
