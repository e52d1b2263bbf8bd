import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// What `wallet import cards|enrollments|transactions|postings` says on standard error.
enum RecordImportText {
  /// `cards.csv: 7 new, 0 already present, 0 replaced, 0 invalid`, and the refunds kept from a
  /// statement that now refund their purchases: one message each.
  static func summary(_ report: RecordImportReport, path: String) -> [String] {
    let counts = report.counts
    let (shown, new) = (ShownValue.path(path), ProgressReporter.grouped(counts.inserted))
    let (present, replaced) = (
      ProgressReporter.grouped(counts.unchanged), ProgressReporter.grouped(counts.replaced)
    )
    let invalid = ProgressReporter.grouped(report.skipped.count)
    var lines = [
      tr(
        "\(shown): \(new) new, \(present) already present, \(replaced) replaced, \(invalid) invalid"
      )
    ]
    if counts.appliedWaitingRefunds > 0 {
      let count = counts.appliedWaitingRefunds
      let shown = ProgressReporter.grouped(count)
      lines.append(
        count == 1
          ? tr("1 refund kept from a statement now refunds its purchase")
          : tr("\(shown) refunds kept from a statement now refund their purchases"))
    }
    return lines
  }

  /// What is said of a CSV file that is not UTF-8 and was read as GB18030 (GBK), on standard
  /// error before anything about its rows (SPEC 4); nil for UTF-8, which goes without saying.
  static func encodingNotice(path: String, _ encoding: StatementEncoding) -> String? {
    guard encoding == .gb18030 else { return nil }
    let shown = ShownValue.path(path)
    return tr("\(shown) is not UTF-8: read as GB18030 (GBK).")
  }

  /// A row the store refused, at its place, in the run's language: a conflict names the fields
  /// that differ from the record the store holds (the store's own sentence when it no longer
  /// holds one to compare).
  static func words(_ refusal: RefusedRow, store: WalletStore) throws -> String {
    var words = refusal.error.worded
    if case .conflict = refusal.error,
      let conflict = try ConflictText.message(conflictingWith: refusal.row, store: store)
    {
      words = conflict
    }
    return ErrorWording.located(
      file: refusal.file, line: refusal.line, column: refusal.column, words, in: .current)
  }

  /// The warning for transactions dated after now; nil when none is.
  static func datedAfterNow(_ later: [Transaction], zone: TimeZoneRules) -> String? {
    guard let first = later.min(by: { ($0.time, $0.id) < ($1.time, $1.id) }) else { return nil }
    let when = first.time.formatted(in: zone)
    let (id, count) = (first.id, ProgressReporter.grouped(later.count))
    return later.count == 1
      ? tr(
        """
        Warning: transaction \(id) is dated after now (\(when)); if that is a mistake, \
        correct it with 'wallet txn remove' or --replace.
        """)
      : tr(
        """
        Warning: \(count) transactions are dated after now, the first \(id) at \(when); if \
        that is a mistake, correct them with 'wallet txn remove' or --replace.
        """)
  }
}
