import WalletCore

/// The SPEC's decisions file: one row per transaction. The one place that says what its columns
/// are, in what order, and how each field is written, for `batch` (from its ledger) and
/// `export decisions` (from the store).
package enum DecisionsFile: CSVFileFormat {
  /// The header, and the order of every row's fields.
  package static let columns = [
    "transaction", "holder", "card", "cycle_start", "outcome", "reason", "ordinal", "reward",
  ]

  /// The cycle's first day, the ordinal and the reward.
  package static let numericColumns: Set<String> = ["cycle_start", "ordinal", "reward"]

  /// The outcome of a rewarded transaction.
  static let rewarded = "rewarded"
  /// The outcome of a transaction that took a reward's place, whose reward was taken back.
  static let forfeited = "forfeited"
  /// The outcome of any other.
  static let notRewarded = "not-rewarded"

  /// A decision's fields in the order of `columns`. A forfeited row has its reason, its
  /// ordinal and, as its reward, the amount taken back.
  package static func fields(of decision: Decision) -> [String] {
    let place = decision.outcome.place
    return [
      decision.transaction.rawValue, decision.holder.rawValue, decision.card.rawValue,
      decision.cycle.start.description, decision.outcome.name,
      decision.outcome.reason?.rawValue ?? "", place.map { String($0.ordinal) } ?? "",
      place?.amount.description ?? "",
    ]
  }

  /// The whole file straight from a batch's ledger and its decisions, one row per transaction
  /// in input order, without a `Decision` per row: `fields(of:)`'s fields, from text made once.
  /// Without `header`, only the rows. Each card's holder and id, each cycle's first day, and
  /// each combination of outcome, reason, ordinal and reward are encoded once
  /// (`EncodedPieces`); a row checks only its transaction id for quotes, and copies the rest.
  package static func write(
    _ decisions: LedgerDecisions, ledger: Ledger, to writer: CSVWriter,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock, header: Bool = true
  ) throws {
    if header { try writer.writeRecord(columns) }
    let names = RowNames(decisions: decisions, ledger: ledger)
    let pieces = Pieces(names: names, ledger: ledger)
    let spec8 = !decisions.rewardAmount.isEmpty
    try LedgerRowBlocks.write(
      rows: ledger.transactionCount, rowsPerHalfBlock: rowsPerHalfBlock, to: writer
    ) { rows, out in
      // Each row's card and enrollment are at random places among hundreds of thousands: the
      // card's piece and the enrollment's channel of a few dozen rows are looked up in one
      // tight loop, whose cache misses overlap, before any row is written (as `RewardsFile`
      // gathers its rows).
      let ahead = UnsafeMutableBufferPointer<RowAhead>.allocate(capacity: gatherSize)
      defer { ahead.deallocate() }
      ledger.transactionIDs.bytes.withUnsafeBufferPointer { idBytes in
        ledger.transactionIDs.ends.withUnsafeBufferPointer { idEnds in
          ledger.transactionCard.withUnsafeBufferPointer { transactionCards in
            ledger.time.withUnsafeBufferPointer { times in
              decisions.reason.withUnsafeBufferPointer { reasons in
                decisions.ordinal.withUnsafeBufferPointer { ordinals in
                  decisions.enrollment.withUnsafeBufferPointer { enrollments in
                    for index in rows {
                      let slot = (index - rows.lowerBound) % gatherSize
                      if slot == 0 {
                        for next in 0..<min(gatherSize, rows.upperBound - index) {
                          let card = pieces.cards[Int(transactionCards[index + next])]
                          // Both ends: a piece may straddle two cache lines.
                          let touched = card.start.pointee &+ card.start[card.count - 1]
                          // Only a row with a place is paid by its enrollment's channel.
                          let enrollment = enrollments[index + next]
                          let channel =
                            ordinals[index + next] != 0 && enrollment >= 0
                            ? names.enrollmentChannel[Int(enrollment)] : 0
                          ahead.initializeElement(
                            at: next, to: RowAhead(card: card, channel: channel, touched: touched))
                        }
                      }
                      let idStart = index == 0 ? 0 : idEnds[index - 1]
                      let id = UnsafeBufferPointer(rebasing: idBytes[idStart..<idEnds[index]])
                      let card = ahead[slot].card
                      out.reserve(
                        RowBuffer.room(forField: id.count) + card.count + pieces.fixedRoom)
                      out.appendField(id)
                      out.append(card)
                      if let cycle = names.cycleIndex(atTime: times[index]) {
                        out.append(pieces.cycles[cycle])
                      } else {
                        let start = names.cycle(atTime: times[index]).start
                        out.reserve(start.utf8.count + 1)
                        for byte in start.utf8 { out.append(byte) }
                        out.append(CSVByte.comma)
                      }
                      let reason = Int(reasons[index])
                      let ordinal = Int(ordinals[index])
                      if ordinal != 0 && spec8 {
                        // SPEC 8's reward is an amount of its own, not a tier's entry.
                        out.append(pieces.outcomes[reason])
                        names.appendNumberAndComma(ordinal, to: &out)
                        out.appendFormatted(room: Pieces.amountRoom) {
                          Money(minorUnits: decisions.rewardAmount[index]).formatted(into: $0)
                        }
                        out.endRecord()
                      } else if ordinal != 0 {
                        // A place taken: paid, or (with a reason) forfeited and taken back.
                        precondition(enrollments[index] >= 0, "a place without an enrollment")
                        let channel = Int(ahead[slot].channel)
                        precondition(
                          ordinal <= names.tiers[channel].count, "a place past the tiers")
                        out.append(pieces.placed[pieces.placedStart(reason, channel) + ordinal - 1])
                      } else {
                        out.append(pieces.unplaced[reason])
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
  }

  /// Rows whose random lookups (`RowAhead`) are made at once.
  private static let gatherSize = 32

  /// What a row needs from tables read at random, looked up ahead of the row.
  private struct RowAhead {
    /// The card's piece.
    let card: EncodedPieces.Piece
    /// The channel of the enrollment that placed the row (0 for a row without a place).
    let channel: UInt8
    /// Bytes read only to bring the piece into the cache while others are fetched.
    let touched: UInt8
  }

  /// The text of decisions rows made once, encoded as `CSVWriter` writes it.
  private struct Pieces: Sendable {
    /// Each card's `,holder,card,`: what lies between a row's transaction id and its cycle.
    let cards: EncodedPieces
    /// Each cycle of `RowNames.cycles`' first day, and the comma after it.
    let cycles: EncodedPieces
    /// A row's end without a place, by reason: `not-rewarded,reason,,` and the line break.
    let unplaced: EncodedPieces
    /// A row's end with a place, by reason, channel and ordinal (`placedStart`): outcome,
    /// reason, ordinal, the tier's reward and the line break.
    let placed: EncodedPieces
    /// A row's outcome and reason and the commas after them, by reason, for SPEC 8's rows,
    /// whose ordinal and reward are written for the row.
    let outcomes: EncodedPieces
    /// The number of channels, by which `placed` is laid out.
    private let channels: Int
    /// The number of places each channel pays, and where each reason's and channel's run
    /// starts in `placed`.
    private let placedStarts: [Int]
    /// Room for a row past its transaction id and card: the longest cycle, the longest end,
    /// and an ordinal and amount written for the row.
    let fixedRoom: Int

    /// Room for an amount formatted into the row (`Money.formatted(into:)` needs 24 bytes).
    static let amountRoom = 24

    init(names: RowNames, ledger: Ledger) {
      let reasonNames = [""] + ReasonCode.allCases.map(\.rawValue)
      cards = EncodedPieces { pieces in
        for card in ledger.cards {
          pieces.comma()
          pieces.field(card.holder.rawValue)
          pieces.comma()
          pieces.field(card.id.rawValue)
          pieces.comma()
          pieces.end()
        }
      }
      cycles = EncodedPieces { pieces in
        for cycle in names.cycles {
          pieces.raw(cycle.start)
          pieces.comma()
          pieces.end()
        }
      }
      unplaced = EncodedPieces { pieces in
        for reason in reasonNames {
          pieces.raw(DecisionsFile.notRewarded)
          pieces.comma()
          pieces.field(reason)
          pieces.raw(",,")
          pieces.endRecord()
          pieces.end()
        }
      }
      outcomes = EncodedPieces { pieces in
        for (reason, name) in reasonNames.enumerated() {
          pieces.raw(reason == 0 ? DecisionsFile.rewarded : DecisionsFile.forfeited)
          pieces.comma()
          pieces.field(name)
          pieces.comma()
          pieces.end()
        }
      }
      var starts: [Int] = []
      placed = EncodedPieces { pieces in
        var made = 0
        for (reason, name) in reasonNames.enumerated() {
          for channel in names.tiers.indices {
            starts.append(made)
            for (ordinal, tier) in names.tiers[channel].enumerated() {
              pieces.raw(reason == 0 ? DecisionsFile.rewarded : DecisionsFile.forfeited)
              pieces.comma()
              pieces.field(name)
              pieces.comma()
              pieces.raw(names.number(ordinal + 1))
              pieces.comma()
              pieces.raw(tier)
              pieces.endRecord()
              pieces.end()
              made += 1
            }
          }
        }
      }
      placedStarts = starts
      channels = names.tiers.count
      fixedRoom =
        max(cycles.longest, 10 + 1)
        + max(
          unplaced.longest, placed.longest,
          outcomes.longest + RowNames.numberRoom + Self.amountRoom + 2)
    }

    /// Where the places of `reason` and `channel` start in `placed`.
    @inline(__always)
    func placedStart(_ reason: Int, _ channel: Int) -> Int {
      placedStarts[reason * channels + channel]
    }
  }
}
