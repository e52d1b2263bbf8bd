import WalletCore
import WalletIngest
import WalletStore

/// One row of a statement and what the import did (or, in a dry run, would do) with it.
package struct StatementImportRow {
  /// What the store did with a row that reached it.
  package enum Outcome: Equatable {
    /// A purchase's outcome.
    case purchase(StatementImportOutcomes.PurchaseOutcome)
    /// A refund's outcome.
    case refund(StatementImportOutcomes.RefundOutcome)
    /// A posting's kind (credit or clawback) and outcome.
    case posting(Posting.Kind, UpsertOutcome)
  }

  /// The line in the file.
  package var line: Int
  /// What the format made of the row; `leftOut` says why it was left out.
  package var kind: StatementRowKind
  /// The row's date (a posting's own date, when the row gives one).
  package var date: CivilDate
  /// The instant it is recorded at, for purchases and refunds.
  package var time: Instant?
  /// The amount.
  package var amount: Money
  /// Its currency.
  package var currency: Currency
  /// The card it belongs to (nil for a row left out before one was needed).
  package var card: Identifier?
  /// The merchant.
  package var merchant: String?
  /// The payment method, for purchases.
  package var method: PaymentMethod?
  /// What decided the method, for purchases.
  package var methodSource: MethodSource?
  /// The id it is stored under.
  package var id: Identifier?
  /// Why it was left out although the format imports it: its card is not in the store, and
  /// the request skips invalid rows.
  package var skipped: StatementRowError?
  /// The description's column, where an error about the row points.
  package var descriptionColumn = 1
  /// What the store did with it; nil for a row left out.
  package var outcome: Outcome?

  /// The reason the row was left out by its format, if it was.
  package var leftOutReason: String? {
    if case .leftOut(let reason) = kind { return reason }
    return nil
  }
}

/// What `wallet import statement` did: the file as read, every row with its outcome, and what
/// the import changed beyond the file's own rows.
package struct StatementImportReport {
  /// The file as read: its format and encoding.
  package let file: StatementFile
  /// Every row of the file, in order.
  package let rows: [StatementImportRow]
  /// Refunds kept by earlier imports that this one's purchases let be applied.
  package let appliedEarlierRefunds: [(refund: Identifier, to: Identifier)]
  /// Every refund still waiting for its purchase after the import, this file's and earlier ones.
  package let waitingRefunds: [WaitingRefund]
  /// Whether the import was kept: false for a dry run, and for one with purchases that need a
  /// payment method, which changes nothing.
  package let committed: Bool
  /// Whether the same import, not a dry run, is kept: false when a purchase needs a payment
  /// method or every row to import was skipped. A dry run reports what the import would do,
  /// this included, so that its words are those of the import.
  package let wouldCommit: Bool

  /// The rows left out because their card is not in the store, each with why.
  package var skipped: [StatementRowError] { rows.compactMap(\.skipped) }

  /// The error of an import of `path` that skipped every row it would have imported (rows
  /// whose card is not in the store), and so used nothing of the file and kept nothing (SPEC 4:
  /// exit status 65); nil when a row was used or none was skipped. Rows the format leaves out
  /// (repayments, closed trades) are never imported, so they count neither way.
  package func everyRowSkipped(path: String) -> FileError? {
    guard !skipped.isEmpty, rows.allSatisfy({ $0.outcome == nil }) else { return nil }
    return .everyRowSkipped(path: path)
  }

  /// The purchases nothing decided a payment method for, which kept the import from being
  /// committed; empty when it was.
  package var purchasesNeedingMethod: [StatementImportRow] {
    rows.filter { $0.outcome == .purchase(.needsMethod) }
  }

  /// The error of an import that leaves purchases without a payment method, at the first
  /// one's description; nil when every purchase has one. `path` is the file as the user named
  /// it, `rulesGiven` whether a rules file decided the others.
  package func undecidedError(path: String, rulesGiven: Bool) -> StatementRowError? {
    let rows = purchasesNeedingMethod
    guard let first = rows.first else { return nil }
    return StatementRowError(
      file: path, line: first.line, column: first.descriptionColumn,
      problem: .noPaymentMethod(lines: rows.map(\.line), rulesGiven: rulesGiven))
  }
}
