import WalletCore
import WalletJobs

/// What `batch --postings` tells on standard error.
enum BatchReconciliation {
  /// The counts of each status, for standard error.
  static func summary(_ reconciliation: Reconciliation) -> String {
    var counts: [ReconciliationStatus: Int] = [:]
    for row in reconciliation.rows { counts[row.status, default: 0] += 1 }
    let shown = ReconciliationStatus.allCases.compactMap { status in
      counts[status].map { "\(ProgressReporter.grouped($0)) \(status)" }
    }
    let (asOf, adjustments) = (
      reconciliation.asOf, ProgressReporter.grouped(reconciliation.adjustments.count)
    )
    guard !shown.isEmpty else {
      return tr("reconciled as of \(asOf): nothing owed or posted, \(adjustments) adjustments")
    }
    let statuses = shown.joined(separator: ", ")
    return tr("reconciled as of \(asOf): \(statuses), \(adjustments) adjustments")
  }
}

/// The totals `batch` reports on standard error: what was read, rewarded (and, under `refunds:
/// clawback`, forfeited) and paid per channel.
struct BatchSummary {
  /// The transactions decided.
  let transactions: Int
  /// The rewards and their sum per channel.
  let paid: [Channel: (rewards: Int, amount: MoneyTotal)]
  /// The rewards taken back, under `refunds: clawback` only.
  let forfeited: Int?
  /// The rows left out as invalid.
  let skippedRows: Int

  /// The summary of a batch job's totals.
  init(_ totals: BatchTotals) {
    self.init(
      transactions: totals.transactions, paid: totals.paid, forfeited: totals.forfeited,
      skippedRows: totals.skippedRows)
  }

  /// A summary of these totals.
  init(
    transactions: Int, paid: [Channel: (rewards: Int, amount: MoneyTotal)], forfeited: Int?,
    skippedRows: Int
  ) {
    self.transactions = transactions
    self.paid = paid
    self.forfeited = forfeited
    self.skippedRows = skippedRows
  }

  /// The summary as `batch` writes it.
  var text: String {
    let rewarded = paid.values.reduce(0) { $0 + $1.rewards }
    let read = Plural.count(transactions, .transaction)
    let rewardedCount = ProgressReporter.grouped(rewarded)
    let skipped = Plural.count(skippedRows, .invalidRow)
    var lines: [String] = []
    // Under clawback, the places whose rewards were taken back, which pay nothing.
    if let forfeited = forfeited.map(ProgressReporter.grouped) {
      lines.append(
        tr(
          """
          \(read) read, \(rewardedCount) rewarded, \(skipped) skipped, \(forfeited) forfeited
          """))
    } else {
      lines.append(
        tr("\(read) read, \(rewardedCount) rewarded, \(skipped) skipped"))
    }
    func label(_ text: String) -> String {
      "  " + text + String(repeating: " ", count: max(0, 9 - DisplayWidth.of(text))) + " "
    }
    for channel in Channel.allCases {
      let (rewards, amount) = (
        Plural.count(paid[channel]?.rewards ?? 0, .reward),
        MoneyText.display(paid[channel]?.amount ?? .zero)
      )
      lines.append(label(channel.rawValue) + tr("\(rewards), \(amount)"))
    }
    let total = paid.values.reduce(MoneyTotal.zero) { $0 + $1.amount }
    let (rewards, amount) = (Plural.count(rewarded, .reward), MoneyText.display(total))
    lines.append(label(tr("total")) + tr("\(rewards), \(amount)"))
    return lines.joined(separator: "\n")
  }
}
