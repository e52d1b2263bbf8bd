import WalletCore
import WalletIngest
import WalletStore

/// A statement's rows turned into what the store keeps: each row's card found by its last four
/// digits, its instant, a stable id, and what it becomes (purchase, refund, posting, or a row
/// left out), before anything is written.
struct StatementImportPlan {
  /// One row of the file as `--dry-run` lists it.
  struct Row {
    /// The line in the file.
    var line: Int
    /// `purchase`, `refund`, `credit`, `clawback` or `left out`.
    var kind: String
    /// The row's date.
    var date: CivilDate
    /// The instant it is recorded at, for purchases and refunds.
    var time: Instant?
    /// The amount.
    var amount: Money
    /// Its currency.
    var currency: Currency
    /// The card it belongs to (nil for a row left out before one was needed).
    var card: Identifier?
    /// The merchant.
    var merchant: String?
    /// The payment method, for purchases.
    var method: PaymentMethod?
    /// How the method was decided, in words.
    var methodDecidedBy: String?
    /// The id it is stored under.
    var id: Identifier?
    /// Why it is left out.
    var leftOutBecause: String?
    /// The description's column, where an error about the row points.
    var descriptionColumn = 1
    /// Where it goes in the import's lists, to pair it with the store's report.
    var entry: Entry?
  }

  /// A row's place in the import.
  enum Entry: Equatable {
    case purchase(Int)
    case refund(Int)
    case posting(Int)
  }

  /// What the store is asked to import.
  var statement = StatementImport()
  /// Every row of the file, in order.
  var rows: [Row] = []
  /// Rows whose card is unknown, left out because the user asked to skip invalid rows.
  var skipped: [InputError] = []
}

/// What `--card`, `--holder` and `--method` say about the rows of a statement.
struct StatementChoices {
  /// The card of a statement of one card (`--card`).
  var card: Card?
  /// Only this holder's cards are candidates for a row's last four (`--holder`).
  var holder: Identifier?
  /// The rules file's name, for saying which rule decided a method.
  var rulesFile: String?
  /// Leave out (and report) rows whose card is not in the store, rather than stop.
  var skipInvalid: Bool
}

extension StatementImportPlan {
  /// Plans the import of `file`, read from `path`, against the store's `cards` in `zone`.
  ///
  /// A row's card is `choices.card`, else the one card (of `choices.holder`, when given) whose
  /// last four are the row's or the statement's. Ids are stable across imports of the same
  /// export: an app's order id (`alipay:<order id>`), or else the format, card, date, the row's
  /// position among that card's rows of the same kind that day, and the amount, so that
  /// same-day purchases, all at 00:00, are decided in the file's order.
  static func make(
    _ file: StatementFile, path: String, cards: [Card], zone: TimeZoneRules,
    choices: StatementChoices
  ) throws(InputError) -> StatementImportPlan {
    var plan = StatementImportPlan()
    let format = file.format
    let sourceKind: ImportOrigin.SourceKind =
      format.kind == .appExport ? .appExport : .cardStatement
    // The name is enough to find the download again; folders say nothing about the rows.
    let fileName = ShownValue.path(String(path.split(separator: "/").last ?? Substring(path)))
    var positions: [String: Int] = [:]
    var seenIDs: [Identifier: Int] = [:]
    let cardsByLast4 = Dictionary(grouping: cards.filter { $0.last4 != nil }) { $0.last4 ?? "" }

    func position(_ key: String) -> Int {
      positions[key, default: 0] += 1
      return positions[key] ?? 1
    }

    for row in file.rows {
      var planned = Row(
        line: row.line, kind: Self.kindWord(row.kind), date: row.date, amount: row.amount,
        currency: row.currency, merchant: row.merchant)
      if case .leftOut(let reason) = row.kind {
        planned.leftOutBecause = reason
        plan.rows.append(planned)
        continue
      }
      let card: Card
      do {
        card = try Self.card(
          for: row, titleLast4: file.titleLast4, file: path, choices: choices,
          byLast4: cardsByLast4)
      } catch {
        guard choices.skipInvalid else { throw error }
        plan.skipped.append(error)
        planned.leftOutBecause = tr(
          "skipped: \(ErrorWording.words(error.problem, in: .current))")
        plan.rows.append(planned)
        continue
      }
      planned.card = card.id
      let origin = ImportOrigin(
        format: format.id, sourceKind: sourceKind, file: fileName, line: row.line,
        methodDecidedBy: row.methodSource.map { source in
          // Stored, and shown by explain: always in English, as the store's data is.
          inEnglish { Self.words(source, rulesFile: choices.rulesFile) }
        })
      let day = "\(format.id):\(card.id.rawValue):\(row.date)"

      switch row.kind {
      case .purchase:
        let time = try Self.instant(of: row, file: path, zone: zone)
        let id = Identifier(
          row.orderID.map { "\(format.id):\($0)" }
            ?? "\(day):\(Self.padded(position(day + ":purchase"))):\(row.amount)")
        try Self.refuseRepeated(id, line: row.line, seen: &seenIDs, file: path)
        planned.time = time
        planned.id = id
        planned.method = row.method
        planned.methodDecidedBy = row.methodSource.map {
          Self.words($0, rulesFile: choices.rulesFile)
        }
        planned.descriptionColumn = row.columns.description
        planned.entry = .purchase(plan.statement.purchases.count)
        // A purchase nothing decided goes in all the same: the store takes it only as a second
        // sighting of one it has (which has a method), and otherwise says it needs one.
        plan.statement.purchases.append(
          ImportedPurchase(
            transaction: Transaction(
              id: id, card: card.id, time: time, amount: row.amount, currency: row.currency,
              method: row.method ?? .other, merchant: row.merchant, mcc: row.mcc),
            origin: origin, methodIsUndecided: row.method == nil))
      case .refund:
        let time = try Self.instant(of: row, file: path, zone: zone)
        let id = Identifier(
          row.orderID.map { "\(format.id):\($0)" }
            ?? "\(day):refund:\(Self.padded(position(day + ":refund"))):\(row.amount)")
        try Self.refuseRepeated(id, line: row.line, seen: &seenIDs, file: path)
        let latest =
          row.timeOfDay == nil
          ? Instant(
            nanosecondsSinceEpoch: zone.startOfDay(row.date.adding(days: 1))
              .nanosecondsSinceEpoch - 1)
          : time
        planned.time = time
        planned.id = id
        planned.entry = .refund(plan.statement.refunds.count)
        plan.statement.refunds.append(
          ImportedRefund(
            id: id, card: card.id, time: time, latestPurchase: latest, amount: row.amount,
            merchant: row.merchant,
            refundedTransaction: row.refundedOrderID.map { Identifier("\(format.id):\($0)") },
            origin: origin))
      case .credit, .clawback:
        let kind: Posting.Kind = row.kind == .credit ? .credit : .clawback
        let date = row.postingDate ?? row.date
        let key = "\(card.id.rawValue):\(date):\(kind.rawValue):\(row.amount)"
        let id = Posting.defaultID(
          card: card.id, date: date, kind: kind, amountAsWritten: row.amount.description,
          occurrence: position(key))
        try Self.refuseRepeated(id, line: row.line, seen: &seenIDs, file: path)
        planned.date = date
        planned.id = id
        planned.entry = .posting(plan.statement.postings.count)
        plan.statement.postings.append(
          Posting(
            id: id, card: card.id, date: date, kind: kind, amount: row.amount,
            description: row.description.isEmpty ? nil : row.description))
      case .leftOut:
        preconditionFailure("rows left out are listed above")
      }
      plan.rows.append(planned)
    }
    return plan
  }

  /// The card a row belongs to.
  private static func card(
    for row: StatementRow, titleLast4: String?, file: String, choices: StatementChoices,
    byLast4: [String: [Card]]
  ) throws(InputError) -> Card {
    let last4 = row.last4 ?? titleLast4
    let column = row.columns.card ?? 1
    if let chosen = choices.card {
      if let last4, let cardLast4 = chosen.last4, last4 != cardLast4 {
        throw InputError(
          file: file, line: row.line, column: column,
          message: "this row is for the card ending \(last4), but --card \(chosen.id) ends "
            + cardLast4)
      }
      return chosen
    }
    guard let last4 else {
      throw InputError(
        file: file, line: row.line, column: column,
        message: "the statement does not say which card it is for; name it with --card")
    }
    let candidates = (byLast4[last4] ?? []).filter { card in
      choices.holder.map { card.holder == $0 } ?? true
    }
    let holderWords = choices.holder.map { " of holder \($0)" } ?? ""
    switch candidates.count {
    case 1:
      return candidates[0]
    case 0:
      throw InputError(
        file: file, line: row.line, column: column,
        message: "no card ending \(last4)\(holderWords) in the store; add it with "
          + "'wallet card add ID --last4 \(last4) …', or name the card with --card")
    default:
      let names = candidates.map { "\($0.id) (holder \($0.holder))" }.joined(separator: ", ")
      throw InputError(
        file: file, line: row.line, column: column,
        message: "\(candidates.count) cards end \(last4)\(holderWords): \(names); "
          + "choose with --card or --holder")
    }
  }

  /// A statement's date at 00:00 in the store's zone, or an app's date and time.
  private static func instant(of row: StatementRow, file: String, zone: TimeZoneRules)
    throws(InputError) -> Instant
  {
    guard let time = row.timeOfDay else { return zone.startOfDay(row.date) }
    do {
      return try Instant.parse("\(row.date)T\(time)", naiveIn: zone)
    } catch {
      throw InputError(
        file: file, line: row.line, column: row.columns.date,
        message: "\(row.date) \(time) \(error.description)")
    }
  }

  private static func refuseRepeated(
    _ id: Identifier, line: Int, seen: inout [Identifier: Int], file: String
  ) throws(InputError) {
    if let earlier = seen.updateValue(line, forKey: id) {
      throw InputError(
        file: file, line: line, column: 1,
        message: "this row has the id \(ShownValue.quoted(id.rawValue, masksCardNumbers: false)) "
          + "of line \(earlier): an export lists an order once")
    }
  }

  private static func padded(_ position: Int) -> String {
    let digits = String(position)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
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

  /// How a method was decided, as `explain` says it, in the run's language (the store keeps
  /// it in English: see ``inEnglish(_:)``).
  static func words(_ source: MethodSource, rulesFile: String?) -> String {
    switch source {
    case .format(let formatID, let rule, let reason):
      let (reason, number) = (StatementImportText.shownReason(reason), rule + 1)
      return tr("\(reason) (rule \(number) of format \(formatID))")
    case .userRule(let index, let name):
      let (number, file) = (index + 1, rulesFile.map { ShownValue.path($0) } ?? "")
      if let name { return tr("rule \(number) (\(name)) of the rules file \(file)") }
      return tr("rule \(number) of the rules file \(file)")
    case .commandLine:
      return tr("--method on the command line")
    }
  }

  /// The error of an import that leaves purchases without a payment method, at the first.
  func undecidedError(report: StatementImportReport, path: String, rulesFile: String?)
    -> InputError?
  {
    let indexes = Set(report.purchasesNeedingMethod)
    let rows = self.rows.filter { row in
      if case .purchase(let index) = row.entry { indexes.contains(index) } else { false }
    }
    guard let first = rows.first else { return nil }
    return InputError(
      file: path, line: first.line, column: first.descriptionColumn,
      message: Self.undecidedMessage(lines: rows.map(\.line), rulesFile: rulesFile))
  }

  /// The row a store's refusal is about, as an error at its line.
  func located(_ rejection: StatementImportRejection, path: String) -> InputError {
    let row = rows.first { row in
      switch (row.entry, rejection.entry) {
      case (.purchase(let mine), .purchase(let theirs)),
        (.refund(let mine), .refund(let theirs)),
        (.posting(let mine), .posting(let theirs)):
        mine == theirs
      default: false
      }
    }
    return InputError(
      file: path, line: row?.line ?? 1, column: 1, message: rejection.error.description)
  }

  private static func undecidedMessage(lines: [Int], rulesFile: String?) -> String {
    let count = lines.count
    let shown = lines.prefix(8).map(String.init).joined(separator: ", ")
    let more = count > 8 ? ", …" : ""
    return
      "\(count) purchase\(count == 1 ? " has" : "s have") no payment method (line"
      + "\(count == 1 ? "" : "s") \(shown)\(more)): a statement rarely says whether Apple Pay "
      + "was used, and wallet does not guess. Decide with --method apple-pay|card|other for "
      + "the rest of the file, or with "
      + (rulesFile == nil ? "a rules file (--rules FILE, see wallet-formats(5))" : "more rules")
      + " by merchant, description, amount or date; --dry-run lists every row"
  }
}
