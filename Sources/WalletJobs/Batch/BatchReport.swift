import WalletCore

/// What a batch did, for the command to render once every output is in place.
package struct BatchReport {
  /// The totals for the summary; nil when the request asked for none.
  package var totals: BatchTotals?
  /// The reconciliation with the postings, when there were postings.
  package var reconciliation: Reconciliation?
  /// Whether the run went in parts on disk.
  package var ranInParts: Bool
  /// Whether a run in parts read its transactions file in pieces at once.
  package var readInPieces: Bool
}

/// The totals a batch reports: what was read, rewarded (and, under `refunds: clawback`,
/// forfeited) and paid per channel.
package struct BatchTotals: Sendable {
  /// The transactions decided.
  package let transactions: Int
  /// The rewards and their sum per channel.
  package let paid: [Channel: (rewards: Int, amount: MoneyTotal)]
  /// The rewards taken back, under `refunds: clawback` only.
  package let forfeited: Int?
  /// The rows left out as invalid.
  package let skippedRows: Int

  /// The totals of `decisions` over `ledger`, which left out `leftOut` transactions read
  /// (`BatchInput.transactionsLeftOut`).
  package init(decisions: LedgerDecisions, ledger: Ledger, leftOut: Int = 0, skippedRows: Int) {
    self.init(
      transactions: ledger.transactionCount + leftOut, paid: decisions.paidByChannel(in: ledger),
      forfeited: decisions.promotion.refunds == .clawback ? decisions.forfeitedCount() : nil,
      skippedRows: skippedRows)
  }

  /// These totals.
  package init(
    transactions: Int, paid: [Channel: (rewards: Int, amount: MoneyTotal)], forfeited: Int?,
    skippedRows: Int
  ) {
    self.transactions = transactions
    self.paid = paid
    self.forfeited = forfeited
    self.skippedRows = skippedRows
  }

  /// The rewards paid over every channel.
  package var rewards: Int { paid.values.reduce(0) { $0 + $1.rewards } }
}

/// Why a batch stopped before it started: reconciling needs every transaction in memory, and
/// the files take more than the limit allows.
package struct BatchPostingsPastMemoryLimit: Error {}

/// A write to one of a batch's outputs that failed; the command line words it.
package struct BatchOutputError: Error {
  /// The output's path as the user gave it; `-` is standard output.
  package let path: String
  /// What failed.
  package let underlying: any Error
}
