import WalletCore
import WalletIngest
import WalletStore

/// What `wallet import statement` prints: every row and what became of it (`--dry-run`), and
/// the counts, format and encoding (standard error).
enum StatementImportText {
  /// One record per row of the file, with what the import did (or would do) with it.
  static func listing(
    _ plan: StatementImportPlan, report: StatementImportReport, zone: TimeZoneRules
  ) -> Listing {
    var listing = Listing(columns: [
      "line", "kind", "date", "amount", "card", "merchant", "method", "decided_by", "id",
      "result",
    ])
    for row in plan.rows {
      listing.append([
        .integer(row.line), .text(row.kind),
        .text(row.time.map { $0.formatted(in: zone) } ?? row.date.description),
        .money(row.amount, row.currency), .text(row.card?.rawValue), .text(row.merchant),
        .text(row.method?.rawValue ?? (row.kind == "purchase" ? "?" : nil)),
        .text(row.methodDecidedBy), .text(row.id?.rawValue), .text(result(of: row, report)),
      ])
    }
    return listing
  }

  /// What became of one row.
  static func result(of row: StatementImportPlan.Row, _ report: StatementImportReport) -> String {
    if let reason = row.leftOutBecause { return "left out: \(reason)" }
    switch row.entry {
    case .purchase(let index):
      switch report.purchases[index] {
      case .inserted: return "new"
      case .unchanged: return "already present"
      case .replaced: return "replaced"
      case .sameAs(let other): return "the same purchase as \(other.rawValue)"
      case .replacedStatementRow(let other):
        return "takes the place of the statement's \(other.rawValue)"
      case .alreadySeenAs(let other): return "already present as \(other.rawValue)"
      case .needsMethod: return "no payment method"
      }
    case .refund(let index):
      switch report.refunds[index] {
      case .applied(let target): return "refunds \(target.rawValue)"
      case .alreadyApplied(let target): return "already refunded \(target.rawValue)"
      case .waiting: return "waits for its purchase"
      case .sameAs(let other, let target):
        return "the same refund of \(target.rawValue) as \(other.rawValue)"
      }
    case .posting(let index):
      switch report.postings[index] {
      case .inserted: return "new"
      case .unchanged: return "already present"
      case .replaced: return "replaced"
      }
    case nil:
      return "no payment method"
    }
  }

  /// `bocom.csv: bocom-credit (交通银行信用卡), UTF-8; 12 rows: …`, then the refunds still
  /// waiting for their purchases.
  static func summary(
    _ plan: StatementImportPlan, report: StatementImportReport, statement: StatementFile,
    path: String, zone: TimeZoneRules
  ) -> String {
    let format = statement.format
    let name = format.name == format.id ? "" : " (\(format.name))"
    var purchases = Tally()
    for outcome in report.purchases {
      switch outcome {
      case .inserted: purchases.add("new")
      case .unchanged, .alreadySeenAs: purchases.add("already present")
      case .replaced: purchases.add("replaced")
      case .sameAs, .replacedStatementRow: purchases.add("the same as another export's")
      case .needsMethod: purchases.add("without a payment method")
      }
    }
    var refunds = Tally()
    for outcome in report.refunds {
      switch outcome {
      case .applied: refunds.add("applied")
      case .alreadyApplied: refunds.add("already applied")
      case .waiting: refunds.add("waiting for their purchases")
      case .sameAs: refunds.add("the same as another export's")
      }
    }
    var postings: [Posting.Kind: Tally] = [:]
    for (posting, outcome) in zip(plan.statement.postings, report.postings) {
      postings[posting.kind, default: Tally()].add(
        outcome == .inserted ? "new" : outcome == .unchanged ? "already present" : "replaced")
    }
    var leftOut = Tally()
    for row in plan.rows { if let reason = row.leftOutBecause { leftOut.add(reason) } }
    var lines = [
      "\(ShownValue.path(path)): \(format.id)\(name), \(statement.encoding); "
        + "\(ProgressReporter.grouped(plan.rows.count)) row\(plan.rows.count == 1 ? "" : "s")"
        + (report.committed ? "" : " (nothing written)")
    ]
    let categories: [(String, Tally)] = [
      ("purchases", purchases), ("refunds", refunds),
      ("rewards credited", postings[.credit] ?? Tally()),
      ("rewards taken back", postings[.clawback] ?? Tally()), ("left out", leftOut),
    ]
    for (label, tally) in categories where tally.total > 0 {
      // Outcomes read count first ("3 new"); reasons, which are phrases, count last.
      let detail = tally.entries.map { entry in
        let count = ProgressReporter.grouped(entry.count)
        return label == "left out" ? "\(entry.label): \(count)" : "\(count) \(entry.label)"
      }
      lines.append(
        "  \(label): \(ProgressReporter.grouped(tally.total)) (\(detail.joined(separator: "; ")))")
    }
    for (refund, target) in report.appliedEarlierRefunds {
      lines.append("  refund \(refund.rawValue), kept from an earlier import, refunds \(target)")
    }
    // A long list would bury the counts; --dry-run shows every row of this file.
    let shownWaiting = 10
    for waiting in report.waitingRefunds.prefix(shownWaiting) {
      lines.append(
        "  refund \(waiting.id.rawValue) of \(MoneyText.display(waiting.amount)) on card "
          + "\(waiting.card) (\(ShownValue.path(waiting.file)) line \(waiting.line), "
          + "\(waiting.time.localDate(in: zone))"
          + (waiting.merchant.map { ", \(ShownValue.escaped($0))" } ?? "")
          + ") waits for its purchase")
    }
    if report.waitingRefunds.count > shownWaiting {
      lines.append(
        "  and \(ProgressReporter.grouped(report.waitingRefunds.count - shownWaiting)) more "
          + "refunds wait for their purchases")
    }
    return lines.joined(separator: "\n")
  }

  /// Counts by label, in the order labels first appear.
  private struct Tally {
    var entries: [(label: String, count: Int)] = []
    var total: Int { entries.reduce(0) { $0 + $1.count } }

    mutating func add(_ label: String) {
      if let index = entries.firstIndex(where: { $0.label == label }) {
        entries[index].count += 1
      } else {
        entries.append((label, 1))
      }
    }
  }
}
