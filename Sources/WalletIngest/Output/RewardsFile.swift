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
  /// reward: `fields(of:in:)`'s fields, from text made once per cycle, channel and tier
  /// (`RowNames`, `Pieces`), the rest formatted straight into the rows' buffer. Without
  /// `header`, only the rows: one part of a file written in parts.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, promotion: Promotion, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock, header: Bool = true
  ) throws {
    if header { try writer.writeRecord(columns) }
    let names = RowNames(decisions: decisions, ledger: ledger)
    let pieces = Pieces(names: names)
    let order = decisions.statementOrder()
    let zone = promotion.timeZone
    let spec8 = !decisions.rewardAmount.isEmpty
    try LedgerRowBlocks.write(rows: order.count, rowsPerHalfBlock: rowsPerHalfBlock, to: writer) {
      rows, out in
      // Rows go by holder, so each one's values sit at random places in columns of millions:
      // they are gathered for a few dozen rows in one tight loop, whose cache misses overlap,
      // before any is formatted.
      // The loop only loads and stores: a call or a growing array between the loads would
      // make the processor wait for each miss in turn.
      let facts = UnsafeMutableBufferPointer<RewardFacts>.allocate(capacity: gatherSize)
      defer { facts.deallocate() }
      ledger.transactionIDs.bytes.withUnsafeBufferPointer { idBytes in
        ledger.cards.withUnsafeBufferPointer { cards in
          for batch in stride(from: rows.lowerBound, to: rows.upperBound, by: gatherSize) {
            let gathered = batch..<min(rows.upperBound, batch + gatherSize)
            Self.gather(
              order[gathered], ledger: ledger, decisions: decisions,
              into: UnsafeMutableBufferPointer(rebasing: facts[0..<gathered.count]))
            for row in facts[0..<gathered.count] {
              let card = cards[Int(row.card)]
              let ordinal = Int(row.ordinal)
              let channel = names.channel(ofEnrollment: row.enrollment)
              let id = UnsafeBufferPointer(rebasing: idBytes[row.idStart..<row.idEnd])
              var holder = card.holder.rawValue
              var cardID = card.id.rawValue
              holder.withUTF8 { holder in
                cardID.withUTF8 { cardID in
                  out.reserve(
                    RowBuffer.room(forField: holder.count) + RowBuffer.room(forField: id.count)
                      + RowBuffer.room(forField: cardID.count) + pieces.fixedRoom)
                  out.appendField(holder)
                  if let cycle = names.cycleIndex(atTime: row.time) {
                    out.append(pieces.cycles[cycle])
                  } else {
                    let dates = names.cycle(atTime: row.time)
                    let text = "," + dates.start + "," + dates.end + ","
                    out.reserve(text.utf8.count)
                    for byte in text.utf8 { out.append(byte) }
                  }
                  names.appendNumberAndComma(ordinal, to: &out)
                  out.appendField(id)
                  out.append(CSVByte.comma)
                  out.appendField(cardID)
                  out.append(pieces.channels[channel])
                  out.appendFormatted(room: Instant.formattedCapacity) {
                    Instant(nanosecondsSinceEpoch: row.time).formatted(in: zone, into: $0)
                  }
                  out.append(CSVByte.comma)
                  out.appendFormatted(room: Pieces.amountRoom) {
                    Money(minorUnits: row.amount).formatted(into: $0)
                  }
                  if spec8 {
                    out.append(CSVByte.comma)
                    out.appendFormatted(room: Pieces.amountRoom) {
                      Money(minorUnits: row.reward).formatted(into: $0)
                    }
                    out.endRecord()
                  } else {
                    out.append(pieces.tier(channel, ordinal))
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// The text of rewards rows made once, encoded as `CSVWriter` writes it.
  private struct Pieces: Sendable {
    /// Each cycle of `RowNames.cycles`' dates, between commas: what follows the holder.
    let cycles: EncodedPieces
    /// Each channel's name between commas, in `RowNames.channels` order.
    let channels: EncodedPieces
    /// A comma, each channel's tier amounts (by `tier(_:_:)`) and the line break: the end of a
    /// row whose reward is its tier's.
    let tiers: EncodedPieces
    /// Where each channel's tiers start in `tiers`, and (last) where the last one's end.
    private let tierStarts: [Int]
    /// Room for a row past its ids: the longest cycle, channel and end, an ordinal, a time and
    /// two amounts.
    let fixedRoom: Int

    /// Room for an amount formatted into the row (`Money.formatted(into:)` needs 24 bytes).
    static let amountRoom = 24

    init(names: RowNames) {
      cycles = EncodedPieces { pieces in
        for cycle in names.cycles {
          pieces.comma()
          pieces.raw(cycle.start)
          pieces.comma()
          pieces.raw(cycle.end)
          pieces.comma()
          pieces.end()
        }
      }
      channels = EncodedPieces { pieces in
        for channel in names.channels {
          pieces.comma()
          pieces.raw(channel)
          pieces.comma()
          pieces.end()
        }
      }
      var starts = [0]
      tiers = EncodedPieces { pieces in
        for channel in names.tiers {
          for tier in channel {
            pieces.comma()
            pieces.raw(tier)
            pieces.endRecord()
            pieces.end()
          }
          starts.append(starts.last! + channel.count)
        }
      }
      tierStarts = starts
      fixedRoom =
        max(cycles.longest, 64) + RowNames.numberRoom + channels.longest
        + Instant.formattedCapacity + 1 + Self.amountRoom
        + max(tiers.longest, 1 + Self.amountRoom + 2) + 2
    }

    /// The end of a row paid by `channel`'s tier for place `ordinal` (from 1).
    @inline(__always)
    func tier(_ channel: Int, _ ordinal: Int) -> EncodedPieces.Piece {
      let start = tierStarts[channel]
      precondition(ordinal >= 1 && start + ordinal <= tierStarts[channel + 1], "no such tier")
      return tiers[start + ordinal - 1]
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
