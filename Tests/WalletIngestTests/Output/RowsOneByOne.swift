import WalletCore

@testable import WalletIngest

/// What the output files are held to: a ledger's rewards and decisions files, as batch writes
/// them, beside the same rows written one by one through `CSVWriter`. Shared by the tests of the
/// files' blocks and of the pieces they are made of.
enum RowsOneByOne {
  /// Everything `write` gives a writer, as text.
  static func text(_ write: (CSVWriter) throws -> Void) throws -> String {
    var bytes: [UInt8] = []
    let writer = CSVWriter(chunkSize: 64) { bytes.append(contentsOf: $0) }
    try write(writer)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The two files of `ledger` decided under `promotion`, written in blocks of
  /// `rowsPerHalfBlock` rows a half, and the same rows written one by one; and how many rewards.
  static func files(
    of ledger: Ledger, under promotion: Promotion,
    rowsPerHalfBlock: Int = LedgerRowBlocks.defaultRowsPerHalfBlock
  ) throws -> (
    decisions: String, decisionsOneByOne: String, rewards: String, rewardsOneByOne: String,
    rewardCount: Int
  ) {
    let decisions = RewardEngine(promotion: promotion).decide(ledger)
    let all = (0..<ledger.transactionCount).map { decisions.decision(at: $0, in: ledger) }
    let decided = try text {
      try DecisionsFile.write(
        decisions, ledger: ledger, to: $0, rowsPerHalfBlock: rowsPerHalfBlock)
    }
    let decidedOneByOne = try text { csv in
      try csv.writeRecord(DecisionsFile.columns)
      for decision in all { try csv.writeRecord(DecisionsFile.fields(of: decision)) }
      try csv.flush()
    }
    let rows = decisions.statementOrder().map { index in
      let decision = all[index]
      let reward = decision.outcome.reward!
      return RewardRow(
        holder: decision.holder, cycleStart: decision.cycle.start, cycleEnd: decision.cycle.end,
        ordinal: reward.ordinal, transaction: decision.transaction, card: decision.card,
        channel: reward.channel, time: Instant(nanosecondsSinceEpoch: ledger.time[index]),
        amount: Money(minorUnits: ledger.amount[index]), reward: reward.amount)
    }
    let rewards = try text {
      try RewardsFile.write(
        decisions, ledger: ledger, promotion: promotion, to: $0,
        rowsPerHalfBlock: rowsPerHalfBlock)
    }
    let rewardsOneByOne = try text {
      try RewardsFile.write(rows, in: promotion.timeZone, to: $0)
    }
    return (decided, decidedOneByOne, rewards, rewardsOneByOne, rows.count)
  }
}
