import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// What `wallet import statement` prints: every row and what became of it (`--dry-run`), and
/// the counts, format and encoding (standard error).
enum BankStatementImportText {
  /// Writes what the import did: every row (`--dry-run`), the rows skipped, and unless
  /// `quiet` the counts, format and encoding, on standard error.
  static func write(
    _ report: StatementImportReport, path: String, rulesFile: String?, dryRun: Bool,
    quiet: Bool, zone: TimeZoneRules, console: Console, tableWidth: Int?
  ) throws {
    if dryRun {
      try listing(report, rulesFile: rulesFile, zone: zone)
        .write(.table, empty: "The file has no rows.", console: console, fitting: tableWidth)
    }
    for error in report.skipped {
      console.message(tr("skipped \(ErrorWording.words(error, in: .current))"))
    }
    if !quiet { console.message(summary(report, path: path, zone: zone)) }
  }

  /// Says each stage of the import on `stages`, the progress line (nil when quiet).
  static func progress(_ stages: ProgressReporter?, dryRun: Bool) -> (StatementImportStage) -> Void
  {
    { stage in
      switch stage {
      case .reading(let bytes):
        stages?.show(tr("reading \(ProgressReporter.grouped(bytes)) bytes"))
      case .storing(let rows):
        let rowCount = ProgressReporter.grouped(rows)
        stages?.show(
          dryRun
            ? tr("checking \(rowCount) rows and deciding rewards")
            : tr("storing \(rowCount) rows and deciding rewards"))
      }
    }
  }

  /// One record per row of the file, with what the import did (or would do) with it.
  static func listing(_ report: StatementImportReport, rulesFile: String?, zone: TimeZoneRules)
    -> Listing
  {
    var listing = Listing(columns: [
      "line", "kind", "date", "amount", "card", "merchant", "method", "decided_by", "id",
      "result",
    ])
    for row in report.rows {
      let kind = kindWord(row.kind)
      listing.append([
        .integer(row.line), .text(kind == "left out" ? tr("left out") : kind),
        .text(row.time.map { $0.formatted(in: zone) } ?? row.date.description),
        .money(row.amount, row.currency), .text(row.card?.rawValue), .text(row.merchant),
        .text(row.method?.rawValue ?? (kind == "purchase" ? "?" : nil)),
        .text(row.methodSource.map { words($0, rulesFile: rulesFile) }),
        .text(row.id?.rawValue), .text(result(of: row)),
      ])
    }
    return listing
  }

  /// `purchase`, `refund`, `credit`, `clawback` or `left out`.
  static func kindWord(_ kind: StatementRowKind) -> String {
    switch kind {
    case .purchase: "purchase"
    case .refund: "refund"
    case .credit: "credit"
    case .clawback: "clawback"
    case .leftOut: "left out"
    }
  }

  /// Why a row was left out, in words: its format's reason, or why it was skipped.
  static func leftOutWords(_ row: StatementImportRow) -> String? {
    if let skipped = row.skipped {
      return tr("skipped: \(ErrorWording.words(skipped.problem, in: .current))")
    }
    return row.leftOutReason
  }

  /// What became of one row.
  static func result(of row: StatementImportRow) -> String {
    if let reason = leftOutWords(row).map(shownReason) { return tr("left out: \(reason)") }
    switch row.outcome {
    case .purchase(let outcome):
      switch outcome {
      case .inserted: return tr("new")
      case .unchanged: return tr("already present")
      case .replaced: return tr("replaced")
      case .sameAs(let other): return tr("the same purchase as \(other.rawValue)")
      case .replacedStatementRow(let other):
        return tr("takes the place of the statement's \(other.rawValue)")
      case .alreadySeenAs(let other): return tr("already present as \(other.rawValue)")
      case .needsMethod: return tr("no payment method")
      }
    case .refund(let outcome):
      switch outcome {
      case .applied(let target): return tr("refunds \(target.rawValue)")
      case .alreadyApplied(let target): return tr("already refunded \(target.rawValue)")
      case .waiting: return tr("waits for its purchase")
      case .waitingBecause(let reason):
        let words = waitingReason(reason)
        return tr("waits: \(words)")
      case .sameAs(let other, let target):
        let (target, other) = (target.rawValue, other.rawValue)
        return tr("the same refund of \(target) as \(other)")
      }
    case .posting(_, let outcome):
      switch outcome {
      case .inserted: return tr("new")
      case .unchanged: return tr("already present")
      case .replaced: return tr("replaced")
      }
    case nil:
      return tr("no payment method")
    }
  }

  /// How a method was decided, as `explain` says it, in the run's language (the store keeps
  /// it in English: see `MethodSource.storedWords(rulesFile:)`).
  static func words(_ source: MethodSource, rulesFile: String?) -> String {
    switch source {
    case .format(let formatID, let rule, let reason):
      let (reason, number) = (shownReason(reason), rule + 1)
      return tr("\(reason) (rule \(number) of format \(formatID))")
    case .userRule(let index, let name):
      let (number, file) = (index + 1, rulesFile.map { ShownValue.path($0) } ?? "")
      if let name { return tr("rule \(number) (\(name)) of the rules file \(file)") }
      return tr("rule \(number) of the rules file \(file)")
    case .commandLine:
      return tr("--method on the command line")
    }
  }

  /// `bocom.csv: bocom-credit (交通银行信用卡), UTF-8; 12 rows: …`, then the refunds still
  /// waiting for their purchases.
  static func summary(_ report: StatementImportReport, path: String, zone: TimeZoneRules)
    -> String
  {
    let statement = report.file
    let format = statement.format
    let name = format.name == format.id ? "" : " (\(format.name))"
    var purchases = Tally<Counted>()
    var refunds = Tally<Counted>()
    var postings: [Posting.Kind: Tally<Counted>] = [:]
    var leftOut = Tally<String>()
    for row in report.rows {
      if let reason = leftOutWords(row).map(shownReason) { leftOut.add(reason) }
      switch row.outcome {
      case .purchase(let outcome):
        switch outcome {
        case .inserted: purchases.add(.new)
        case .unchanged, .alreadySeenAs: purchases.add(.alreadyPresent)
        case .replaced: purchases.add(.replaced)
        case .sameAs, .replacedStatementRow: purchases.add(.sameAsAnotherExport)
        case .needsMethod: purchases.add(.withoutPaymentMethod)
        }
      case .refund(let outcome):
        switch outcome {
        // An import that is not kept applies nothing: it says what it would have applied.
        case .applied: refunds.add(report.wouldCommit ? .applied : .wouldBeApplied)
        case .alreadyApplied: refunds.add(.alreadyApplied)
        case .waiting: refunds.add(.waiting)
        case .waitingBecause: refunds.add(.keptWaiting)
        case .sameAs: refunds.add(.sameAsAnotherExport)
        }
      case .posting(let kind, let outcome):
        postings[kind, default: Tally()].add(
          outcome == .inserted ? .new : outcome == .unchanged ? .alreadyPresent : .replaced)
      case nil: break
      }
    }
    let (shown, id, encoding) = (ShownValue.path(path), format.id, statement.encoding)
    let rows = ProgressReporter.grouped(report.rows.count)
    let first: String =
      switch (report.rows.count == 1, report.committed) {
      case (true, true): tr("\(shown): \(id)\(name), \(encoding); 1 row")
      case (true, false): tr("\(shown): \(id)\(name), \(encoding); 1 row (nothing written)")
      case (false, true): tr("\(shown): \(id)\(name), \(encoding); \(rows) rows")
      case (false, false):
        tr("\(shown): \(id)\(name), \(encoding); \(rows) rows (nothing written)")
      }
    var lines = [first]
    // Outcomes read count first ("3 new"); reasons, which are phrases, count last.
    let categories: [(String, Tally<Counted>)] = [
      (tr("purchases"), purchases), (tr("refunds"), refunds),
      (tr("rewards credited"), postings[.credit] ?? Tally()),
      (tr("rewards taken back"), postings[.clawback] ?? Tally()),
    ]
    for (shownLabel, tally) in categories where tally.total > 0 {
      lines.append(
        categoryLine(
          shownLabel, tally.total,
          tally.entries.map { $0.label.words(ProgressReporter.grouped($0.count)) }))
    }
    if leftOut.total > 0 {
      lines.append(
        categoryLine(
          tr("left out"), leftOut.total,
          leftOut.entries.map { entry in
            let (label, count) = (entry.label, ProgressReporter.grouped(entry.count))
            return tr("\(label): \(count)")
          }))
    }
    for (refund, target) in report.appliedEarlierRefunds {
      let refund = refund.rawValue
      lines.append(
        report.wouldCommit
          ? tr("  refund \(refund), kept from an earlier import, refunds \(target)")
          : tr("  refund \(refund), kept from an earlier import, would refund \(target)"))
    }
    // A long list would bury the counts; --dry-run shows every row of this file.
    let shownWaiting = 10
    for waiting in report.waitingRefunds.prefix(shownWaiting) {
      let (id, amount, card) = (
        waiting.id.rawValue, MoneyText.display(waiting.amount), waiting.card
      )
      let (file, line, date) = (
        ShownValue.path(waiting.file), waiting.line, waiting.time.localDate(in: zone)
      )
      if let reason = waiting.reason.map(waitingReason) {
        let place =
          waiting.merchant.map { merchant in
            let merchant = ShownValue.escaped(merchant)
            return tr("\(file) line \(line), \(date), \(merchant)")
          } ?? tr("\(file) line \(line), \(date)")
        lines.append(
          tr("  refund \(id) of \(amount) on card \(card) (\(place)) waits: \(reason)"))
      } else if let merchant = waiting.merchant.map({ ShownValue.escaped($0) }) {
        lines.append(
          tr(
            """
              refund \(id) of \(amount) on card \(card) (\(file) line \(line), \(date), \
            \(merchant)) waits for its purchase
            """))
      } else {
        lines.append(
          tr(
            """
              refund \(id) of \(amount) on card \(card) (\(file) line \(line), \(date)) waits \
            for its purchase
            """))
      }
    }
    if report.waitingRefunds.count > shownWaiting {
      let more = ProgressReporter.grouped(report.waitingRefunds.count - shownWaiting)
      lines.append(tr("  and \(more) more refunds wait for their purchases"))
    }
    return lines.joined(separator: "\n")
  }

  /// Why a refund waits although the purchase it names is in the store, in words.
  static func waitingReason(_ reason: WaitingRefund.Reason) -> String {
    switch reason {
    case .moreThanThePurchase(let purchase, let left, let amount):
      let (purchase, left, amount) = (
        purchase.rawValue, MoneyText.display(left), MoneyText.display(amount)
      )
      return left == amount
        ? tr("more than the purchase's amount, \(amount) (\(purchase))")
        : tr("more than the \(left) left of the purchase's \(amount) (\(purchase))")
    case .purchaseOnAnotherCard(let purchase, let card):
      let purchase = purchase.rawValue
      return tr("its purchase \(purchase) is on another card, \(card)")
    }
  }

  /// For the purchases just recorded (`txn add`, `import transactions`), the refunds kept from
  /// statements that name one of them but cannot belong to it, which keep waiting: one line
  /// each. `recorded` is asked only when some refund has such a reason.
  static func stillWaitingLines(store: WalletStore, recorded: () -> Set<Identifier>) throws
    -> [String]
  {
    let refused = try store.waitingRefunds().filter { $0.reason != nil }
    guard !refused.isEmpty else { return [] }
    let ids = recorded()
    return refused.compactMap { refund -> String? in
      let purchase: Identifier
      switch refund.reason {
      case .moreThanThePurchase(let id, _, _), .purchaseOnAnotherCard(let id, _): purchase = id
      case nil: return nil
      }
      guard ids.contains(purchase) || refund.purchase.map(ids.contains) == true else {
        return nil
      }
      let (id, amount, reason) = (
        refund.id.rawValue, MoneyText.display(refund.amount), whyWaiting(refund)
      )
      let (file, line) = (ShownValue.path(refund.file), refund.line)
      return tr(
        """
        Refund \(id) of \(amount), kept from \(file) line \(line), still waits: \(reason); \
        'wallet txn list --waiting' lists it and 'wallet txn remove \(id)' removes it.
        """)
    }
  }

  /// Why a kept refund still waits, in words: its reason when the purchase it names is in the
  /// store, else what it waits for.
  static func whyWaiting(_ refund: WaitingRefund) -> String {
    if let reason = refund.reason { return waitingReason(reason) }
    guard let purchase = refund.purchase?.rawValue else {
      return tr("no purchase on its card with its merchant and enough left to refund")
    }
    return tr("its purchase \(purchase) is not in the store")
  }

  /// A reason a statement format gives, in words (`a repayment`), in the run's language: the
  /// built-in formats' reasons are translated (see ``builtInReasons``); a format file's own
  /// reason is shown as it is written.
  static func shownReason(_ reason: String) -> String {
    tr(dynamic: reason)
  }

  /// How a method was decided, in the run's language: the command line, a format's rule and
  /// its reason, or a rule of the user's rules file.
  static func shownDecidedBy(_ decision: MethodDecision) -> String {
    switch decision {
    case .commandLine:
      return tr("--method on the command line")
    case .formatRule(let format, let number, let reason):
      let reason = shownReason(reason)
      return tr("\(reason) (rule \(number) of format \(format))")
    case .rulesFileRule(let number, let name?, let file):
      return tr("rule \(number) (\(name)) of the rules file \(file)")
    case .rulesFileRule(let number, nil, let file):
      return tr("rule \(number) of the rules file \(file)")
    }
  }

  /// Every reason the built-in formats give, for a row left out, a row paid without a card, or
  /// a payment method; each has a translation.
  static var builtInReasons: Set<String> {
    var reasons: Set<String> = [StatementReader.defaultIgnoreReason]
    for format in StatementFormat.builtIn {
      reasons.formUnion(format.classification.compactMap(\.reason))
      reasons.formUnion(format.methodRules.map(\.reason))
      if let reason = format.withoutCardReason { reasons.insert(reason) }
    }
    return reasons
  }

  /// A line of the summary: a category, its total, and what its rows came to.
  private static func categoryLine(_ shownLabel: String, _ count: Int, _ detail: [String])
    -> String
  {
    let total = ProgressReporter.grouped(count)
    let details = detail.joined(separator: Language.current.clauseSeparator)
    return tr("  \(shownLabel): \(total) (\(details))")
  }

  /// What became of a purchase, refund or posting, as the summary counts it.
  private enum Counted: Equatable {
    case new, alreadyPresent, replaced, sameAsAnotherExport, withoutPaymentMethod
    case applied, wouldBeApplied, alreadyApplied, waiting, keptWaiting

    /// The outcome with its count, count first in English (`3 new`).
    func words(_ count: String) -> String {
      switch self {
      case .new: tr("\(count) new")
      case .alreadyPresent: tr("\(count) already present")
      case .replaced: tr("\(count) replaced")
      case .sameAsAnotherExport: tr("\(count) the same as another export's")
      case .withoutPaymentMethod: tr("\(count) without a payment method")
      case .applied: tr("\(count) applied")
      case .wouldBeApplied: tr("\(count) would be applied")
      case .alreadyApplied: tr("\(count) already applied")
      case .waiting: tr("\(count) waiting for their purchases")
      case .keptWaiting: tr("\(count) kept waiting, not fitting their purchases")
      }
    }
  }

  /// Counts by label, in the order labels first appear.
  private struct Tally<Label: Equatable> {
    var entries: [(label: Label, count: Int)] = []
    var total: Int { entries.reduce(0) { $0 + $1.count } }

    mutating func add(_ label: Label) {
      if let index = entries.firstIndex(where: { $0.label == label }) {
        entries[index].count += 1
      } else {
        entries.append((label, 1))
      }
    }
  }
}
