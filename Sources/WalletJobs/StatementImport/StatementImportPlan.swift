import WalletCore
import WalletIngest

/// A statement's rows turned into what the store keeps: each row's card found by its last four
/// digits, its instant, a stable id, and what it becomes (purchase, refund, posting, or a row
/// left out), before anything is written.
struct StatementImportPlan {
  /// A row's place in the import's lists, to pair it with the store's outcome.
  enum Entry {
    case purchase(Int)
    case refund(Int)
    case posting(Int)
  }

  /// What the store is asked to import.
  var statement = StatementImport()
  /// Every row of the file, in order, each with its place in `statement` (nil: left out).
  var rows: [(row: StatementImportRow, entry: Entry?)] = []

  /// Plans the import of `file` as `request` asks, against the store's `cards` in `zone`.
  ///
  /// A row's card is the request's card, else the one card (of its holder, when given) whose
  /// last four are the row's or the statement's. Ids are stable across imports of the same
  /// export: an app's order id (`alipay:<order id>`), or else the format, card, date, the row's
  /// position among that card's rows of the same kind that day, and the amount, so that
  /// same-day purchases, all at 00:00, are decided in the file's order.
  init(
    _ file: StatementFile, request: StatementImportRequest, cards: [Card], zone: TimeZoneRules
  ) throws(StatementRowError) {
    let path = request.path
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
      var planned = StatementImportRow(
        line: row.line, kind: row.kind, date: row.date, amount: row.amount,
        currency: row.currency, merchant: row.merchant)
      if case .leftOut = row.kind {
        rows.append((planned, nil))
        continue
      }
      let card: Card
      do {
        card = try Self.card(
          for: row, titleLast4: file.titleLast4, file: path, request: request,
          byLast4: cardsByLast4)
      } catch {
        guard request.skipInvalid else { throw error }
        planned.skipped = error
        rows.append((planned, nil))
        continue
      }
      planned.card = card.id
      let origin = ImportOrigin(
        format: format.id, sourceKind: sourceKind, file: fileName, line: row.line,
        methodDecidedBy: row.methodSource.map { $0.decision(rulesFile: request.rulesFile) })
      let day = "\(format.id):\(card.id.rawValue):\(row.date)"
      let entry: Entry

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
        planned.methodSource = row.methodSource
        planned.descriptionColumn = row.columns.description
        entry = .purchase(statement.purchases.count)
        // A purchase nothing decided goes in all the same: the store takes it only as a second
        // sighting of one it has (which has a method), and otherwise says it needs one.
        statement.purchases.append(
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
        entry = .refund(statement.refunds.count)
        statement.refunds.append(
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
        entry = .posting(statement.postings.count)
        statement.postings.append(
          Posting(
            id: id, card: card.id, date: date, kind: kind, amount: row.amount,
            description: row.description.isEmpty ? nil : row.description))
      case .leftOut:
        preconditionFailure("rows left out are listed above")
      }
      rows.append((planned, entry))
    }
  }

  /// The card a row belongs to.
  private static func card(
    for row: StatementRow, titleLast4: String?, file: String, request: StatementImportRequest,
    byLast4: [String: [Card]]
  ) throws(StatementRowError) -> Card {
    let last4 = row.last4 ?? titleLast4
    func refuse(_ problem: StatementRowError.Problem) -> StatementRowError {
      StatementRowError(file: file, line: row.line, column: row.columns.card ?? 1, problem: problem)
    }
    if let chosen = request.card {
      if let last4, let cardLast4 = chosen.last4, last4 != cardLast4 {
        throw refuse(.otherCard(last4: last4, chosen: chosen.id, chosenLast4: cardLast4))
      }
      return chosen
    }
    guard let last4 else { throw refuse(.cardNotNamed) }
    let candidates = (byLast4[last4] ?? []).filter { card in
      request.holder.map { card.holder == $0 } ?? true
    }
    switch candidates.count {
    case 1: return candidates[0]
    case 0: throw refuse(.noCard(last4: last4, holder: request.holder))
    default:
      throw refuse(.severalCards(last4: last4, holder: request.holder, candidates: candidates))
    }
  }

  /// A statement's date at 00:00 in the store's zone, or an app's date and time.
  private static func instant(of row: StatementRow, file: String, zone: TimeZoneRules)
    throws(StatementRowError) -> Instant
  {
    guard let time = row.timeOfDay else { return zone.startOfDay(row.date) }
    do {
      return try Instant.parse("\(row.date)T\(time)", naiveIn: zone)
    } catch {
      throw StatementRowError(
        file: file, line: row.line, column: row.columns.date,
        problem: .unreadableTime(date: row.date, time: time, reason: error))
    }
  }

  private static func refuseRepeated(
    _ id: Identifier, line: Int, seen: inout [Identifier: Int], file: String
  ) throws(StatementRowError) {
    if let earlier = seen.updateValue(line, forKey: id) {
      throw StatementRowError(
        file: file, line: line, column: 1, problem: .repeatedID(id, earlierLine: earlier))
    }
  }

  private static func padded(_ position: Int) -> String {
    let digits = String(position)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }
}

extension MethodSource {
  /// How the method was decided, as the store keeps it and `explain` reads it back: rules
  /// numbered from 1, as a person counts them, and the rules file's name as it may be shown.
  package func decision(rulesFile: String?) -> MethodDecision {
    switch self {
    case .format(let formatID, let rule, let reason):
      .formatRule(format: formatID, number: rule + 1, reason: reason)
    case .userRule(let index, let name):
      .rulesFileRule(
        number: index + 1, name: name, file: rulesFile.map { ShownValue.path($0) } ?? "")
    case .commandLine:
      .commandLine
    }
  }
}
