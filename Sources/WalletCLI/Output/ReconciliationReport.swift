import WalletCore
import WalletIngest

/// A reconciliation as a person reads it: per holder, what was owed, paid, missing and taken
/// back, the rows, and a sentence for each row that needs attention.
struct ReconciliationReport {
  let reconciliation: Reconciliation

  /// One holder's money, summed from their rows: exact sums, which no number of rows of the
  /// largest amount overflows.
  struct Totals: Equatable {
    /// The rewards due (forfeited ones excluded: nothing is owed for them).
    var owed = MoneyTotal.zero
    /// Credits that stand: paid, paid late, of another amount, not taken back, unexpected.
    var paid = MoneyTotal.zero
    /// Rewards due and not posted at all.
    var missing = MoneyTotal.zero
    /// Credits taken back: rewards clawed back, forfeited ones taken back, and clawbacks that
    /// found no credit.
    var takenBack = MoneyTotal.zero
  }

  /// Each holder's rows, in the reconciliation's order.
  var holders: [(holder: Identifier, rows: [ReconciliationRow])] {
    var groups: [(holder: Identifier, rows: [ReconciliationRow])] = []
    for row in reconciliation.rows {
      if groups.last?.holder == row.holder {
        groups[groups.count - 1].rows.append(row)
      } else {
        groups.append((row.holder, [row]))
      }
    }
    return groups
  }

  /// A holder's totals.
  static func totals(of rows: [ReconciliationRow]) -> Totals {
    var totals = Totals()
    for row in rows {
      if row.decision?.kind == .rewarded, let expected = row.expected {
        totals.owed += expected
      }
      switch row.status {
      case .paid, .paidLate, .amountDiffers, .notClawedBack, .unexpected:
        totals.paid += row.posted ?? .zero
      case .missing:
        totals.missing += row.expected ?? .zero
      case .clawedBack, .forfeited, .unmatchedClawback:
        totals.takenBack += row.posted ?? .zero
      case .notYetDue:
        break
      }
    }
    return totals
  }

  /// What a person should know about a row that needs attention; nil for one that does not.
  static func sentence(for row: ReconciliationRow) -> String? {
    func money(_ amount: Money?) -> String { MoneyText.display(amount ?? .zero) }
    let posting = row.posting
    let postingText =
      posting.map { posting in
        let (id, amount, date) = (posting.id, money(posting.amount), posting.date)
        return tr("\(id) (\(amount) on \(date))")
      } ?? ""
    let card = row.card
    switch (row.status, row.decision) {
    case (.missing, let owe?):
      let (id, amount, date, due) = (owe.transaction, money(owe.amount), owe.localDate, owe.due)
      return tr(
        """
        \(id) earned \(amount) on \(date); nothing of that amount was posted between \(date) \
        and \(due)
        """)
    case (.amountDiffers, let owe?):
      let (id, amount, date) = (owe.transaction, money(owe.amount), owe.localDate)
      return tr("\(id) earned \(amount) on \(date); \(postingText) was posted instead")
    case (.clawedBack, let owe?):
      let (id, amount, date) = (owe.transaction, money(owe.amount), owe.localDate)
      return tr(
        "\(id) earned \(amount) on \(date); it was paid by \(postingText) and then taken back")
    case (.notClawedBack, let owe?):
      let (id, amount) = (owe.transaction, money(owe.amount))
      return tr(
        """
        \(id)'s reward of \(amount) was forfeited by a refund; \(postingText) paid it and \
        nothing took it back
        """)
    case (.unexpected, nil):
      return tr("\(postingText) was credited to \(card); no reward explains it")
    case (.unmatchedClawback, nil):
      return tr(
        "\(postingText) was taken back from \(card); no credit was paid that it takes back")
    default:
      return nil
    }
  }

  /// A row's cells in the table, amounts with their sign. Its own function: Swift 6.3's
  /// optimiser crashed (CopyPropagation) on these optional chains inlined into `table`.
  @inline(never)
  static func cells(of row: ReconciliationRow) -> [String] {
    let fields = ReconciliationFile.fields(of: row)
    return [
      fields[1], fields[2], fields[3], fields[4],
      row.expected.map { MoneyText.display($0) } ?? "", fields[6], fields[7], fields[8],
      row.posted.map { MoneyText.display($0) } ?? "",
    ]
  }

  /// The table: a heading, then each holder's totals, rows and sentences.
  func table(style: Style) -> String {
    let asOf = reconciliation.asOf
    var text = tr("Reconciliation as of \(asOf)") + "\n\n"
    guard !reconciliation.rows.isEmpty else {
      return text + tr("Nothing owed and nothing posted.") + "\n"
    }
    var attention = 0
    for (holder, rows) in holders {
      text += style.heading(TextTable.printable(holder.rawValue)) + "\n"
      let totals = Self.totals(of: rows)
      var facts = FactSheet()
      facts.append(tr("owed"), MoneyText.display(totals.owed))
      facts.append(tr("paid"), MoneyText.display(totals.paid))
      facts.append(tr("missing"), MoneyText.display(totals.missing))
      facts.append(tr("taken back"), MoneyText.display(totals.takenBack))
      text += facts.text()
      var table = TextTable(
        header: [
          tr("transaction"), tr("card"), tr("cycle"), tr("due"), tr("expected"), tr("status"),
          tr("posting"), tr("posted on"), tr("posted"),
        ], alignments: [.left, .left, .left, .left, .right, .left, .left, .left, .right])
      for row in rows { table.append(Self.cells(of: row)) }
      text += table.text(fittingWithin: style.tableWidth.map { $0 - 2 })
        .split(separator: "\n").map { "  \($0)\n" }.joined()
      for row in rows {
        guard let sentence = Self.sentence(for: row) else { continue }
        attention += 1
        text += "  ! " + TextTable.printable(sentence) + "\n"
      }
      text += "\n"
    }
    let dues = reconciliation.rows.filter { $0.status == .notYetDue }.compactMap(\.due)
    return text + Self.closing(attention: attention, notYetDue: dues) + "\n"
  }

  /// The table's last sentence: how many rows need attention, the count grouped as every
  /// count is (`158,087 rows need attention.`); when none does, how many rewards are not yet
  /// due (`dues`, their due dates) and when the next one is, so that "nothing to do" says
  /// until when.
  static func closing(attention: Int, notYetDue dues: [CivilDate] = []) -> String {
    let rows = ProgressReporter.grouped(attention)
    switch attention {
    case 0:
      guard let next = dues.min() else { return tr("Everything owed is paid or not yet due.") }
      if dues.count == 1 {
        return tr("Everything owed is paid or not yet due: 1 reward comes due on \(next).")
      }
      let count = ProgressReporter.grouped(dues.count)
      return tr(
        """
        Everything owed is paid or not yet due: \(count) rewards are not yet due, the next on \
        \(next).
        """)
    case 1: return tr("1 row needs attention.")
    default: return tr("\(rows) rows need attention.")
    }
  }

  /// JSON: an object with `asOf`, `needsAttention` and `rows`, each row with the columns of the
  /// reconciliation rows in camelCase and `explanation` (the sentence, or null).
  var json: JSONValue {
    let columns = ReconciliationFile.columns.map(JSONKey.camelCase)
    return .object([
      ("asOf", .string(reconciliation.asOf.description)),
      ("needsAttention", .bool(reconciliation.needsAttention)),
      (
        "rows",
        .array(
          reconciliation.rows.map { row in
            let fields = ReconciliationFile.fields(of: row).map { $0.isEmpty ? nil : $0 }
            return .object(
              zip(columns, fields).map { ($0, JSONValue.optional($1)) }
                + [("explanation", .optional(inEnglish { Self.sentence(for: row) }))])
          })
      ),
    ])
  }
}
