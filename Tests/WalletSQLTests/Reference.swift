import WalletCore
import WalletIngest
import WalletTestSupport

/// What a SPEC 8 promotion's query is held to. Batch does not decide SPEC 8's rules yet (the
/// decoder's gate refuses them), so the reference is the readable decision (`decideReadably`)
/// over the transactions batch reads; when batch decides them, `outputs` becomes
/// `Batch.outputs(files, promotion: promotion)` and nothing else changes.
enum Reference {
  /// The decisions and rewards of `scenario`'s files under `promotion`, as batch writes them.
  static func outputs(_ files: ScenarioFiles, scenario: SQLScenario, promotion: Promotion)
    throws -> Outputs
  {
    try Readable.outputs(files, scenario: scenario, promotion: promotion)
  }
}

/// The readable decision's rows, written as batch writes its files: decisions by transaction
/// id bytes, rewards (paid ones only) by holder bytes then ordinal.
enum Readable {
  static func outputs(_ files: ScenarioFiles, scenario: SQLScenario, promotion: Promotion)
    throws -> Outputs
  {
    let input = try BatchInput.load(
      cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
      naiveIn: promotion.timeZone, skipInvalid: false, progress: { _ in nil })
    let ledger = input.ledger
    // The ledger keeps no merchant (section 2 reads none): each is read from the scenario's
    // row, trimmed as batch trims a value, an empty one absent.
    let merchantColumn = scenario.transactions.columns.firstIndex(of: "merchant")
    let transactions = (0..<ledger.transactionCount).map { index in
      var transaction = ledger.transaction(at: index)
      if let merchantColumn {
        let text = scenario.transactions.rows[index][merchantColumn]
          .trimmingBlanks
        transaction.merchant = text.isEmpty ? nil : text
      }
      return transaction
    }
    let decided = decideReadably(
      promotion, cards: ledger.cards, enrollments: ledger.enrollments,
      transactions: transactions)
    let decisions = decided.map(DecisionsFile.fields(of:)).sorted {
      Array($0[0].utf8).lexicographicallyPrecedes(Array($1[0].utf8))
    }
    let rewards = zip(decided, transactions).compactMap { decision, transaction -> RewardRow? in
      guard let reward = decision.outcome.reward else { return nil }
      return RewardRow(
        holder: decision.holder, cycleStart: decision.cycle.start, cycleEnd: decision.cycle.end,
        ordinal: reward.ordinal, transaction: transaction.id, card: decision.card,
        channel: reward.channel, time: transaction.time, amount: transaction.amount,
        reward: reward.amount)
    }.sorted {
      $0.holder == $1.holder
        ? $0.ordinal < $1.ordinal
        : Array($0.holder.rawValue.utf8).lexicographicallyPrecedes(Array($1.holder.rawValue.utf8))
    }
    return Outputs(
      decisions: decisions,
      rewards: rewards.map { RewardsFile.fields(of: $0, in: promotion.timeZone) })
  }
}

extension String {
  /// The text without the spaces and tabs round it, as a CSV value is read.
  fileprivate var trimmingBlanks: String {
    var bytes = Substring(self).utf8[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
    return String(Substring(bytes))
  }
}
