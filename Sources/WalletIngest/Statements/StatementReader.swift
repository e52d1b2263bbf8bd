import WalletCore

/// Reads a bank statement or payment-app export into classified rows (`wallet import
/// statement`): every row becomes a purchase, a refund, a reward credit, a reward clawback, or
/// a row left out with its reason; a row that no rule of the format explains is an error.
package enum StatementReader {
  /// Why a row is left out when the `ignore` rule that matched it gives no reason.
  package static let defaultIgnoreReason = "left out by the format"

  /// Reads `bytes`, the contents of `file`.
  ///
  /// - Parameters:
  ///   - format: the format to read with; nil to recognise it among `formats` by the header.
  ///   - formats: the candidates when `format` is nil (`StatementFormat.builtIn` and the
  ///     user's own).
  ///   - rules: the user's rules, applied to purchases and refunds after the format's own
  ///     method rules.
  ///   - defaultMethod: the method of a purchase or refund nothing else decided (`--method`).
  package static func read(
    bytes: [UInt8], file: String, format: StatementFormat?, formats: [StatementFormat],
    rules: ImportRules?, defaultMethod: PaymentMethod?
  ) throws(InputError) -> StatementFile {
    let text = try StatementText.decode(bytes, file: file)
    let candidates = format.map { [$0] } ?? formats
    guard let preamble = StatementPreamble.locate(in: text.utf8, candidates: candidates) else {
      if let format {
        throw InputError(
          file: file, line: 1, column: 1,
          problem: .statement(.noHeaderOfFormat(formatID: format.id, header: format.header)))
      }
      throw InputError(
        file: file, line: 1, column: 1,
        problem: .statement(.noKnownHeader(tried: formats.map(\.id))))
    }
    guard preamble.matches.count == 1, let chosen = preamble.matches.first else {
      throw InputError(
        file: file, line: preamble.headerLine, column: 1,
        problem: .statement(
          .severalFormats(matching: preamble.matches.map(\.id), tried: candidates.map(\.id))))
    }
    let titleLast4 = preamble.cardLast4(pattern: chosen.titleCardPattern)
    var table = StatementTable(
      format: chosen, file: file, headerCells: preamble.headerCells,
      periodEnd: preamble.periodEnd(pattern: chosen.periodPattern), titleLast4: titleLast4,
      rules: rules.map(CompiledImportRules.init), defaultMethod: defaultMethod)
    let rows = try table.readRows(
      Array(text.utf8[preamble.headerOffset...]), firstLine: preamble.headerLine)
    return StatementFile(
      format: chosen, encoding: text.encoding, headerLine: preamble.headerLine,
      titleLast4: titleLast4, periodEnd: table.periodEnd, rows: rows)
  }
}

/// A format's columns resolved against one file's header, its rules compiled, reading rows.
struct StatementTable {
  let format: StatementFormat
  let file: String
  let headerCells: [String]
  let periodEnd: CivilDate?
  /// The card the preamble names: the card of every row when the format has no card column
  /// (a statement of one card).
  let titleLast4: String?
  let rules: CompiledImportRules?
  let defaultMethod: PaymentMethod?
  /// The 0-based index of each header name.
  private let index: [String: Int]
  private let classification: [(rule: ClassificationRule, tests: [(Int, CompiledTextMatcher)])]
  private let methodRules: [(rule: MethodRule, tests: [(Int, CompiledTextMatcher)])]
  /// The columns the classification looks at, first first, to show an unclassified row.
  private let classifiedColumns: [Int]
  /// The cells a row must have: one past the rightmost column the format reads.
  private let neededCells: Int
  private let cardPattern: LinearRegex?

  init(
    format: StatementFormat, file: String, headerCells: [String], periodEnd: CivilDate?,
    titleLast4: String?, rules: CompiledImportRules?, defaultMethod: PaymentMethod?
  ) {
    self.titleLast4 = titleLast4
    self.format = format
    self.file = file
    self.headerCells = headerCells
    self.periodEnd = periodEnd
    self.rules = rules
    self.defaultMethod = defaultMethod
    var index: [String: Int] = [:]
    for (position, name) in headerCells.enumerated() where index[name] == nil {
      index[name] = position
    }
    self.index = index
    // The format's header names are all in `index`: the header row was chosen for having them,
    // and decoding refused columns the header does not list.
    let compile = { (conditions: [ColumnCondition]) in
      conditions.map { (index[$0.column]!, $0.matcher.compiled()) }
    }
    classification = format.classification.map { ($0, compile($0.conditions)) }
    methodRules = format.methodRules.map { ($0, compile($0.conditions)) }
    var seen: [Int] = []
    for (_, tests) in classification {
      for (column, _) in tests where !seen.contains(column) { seen.append(column) }
    }
    classifiedColumns = seen
    neededCells = (format.header.compactMap { index[$0] }.max() ?? 0) + 1
    cardPattern = format.columns.card?.pattern.flatMap { try? LinearRegex($0) }
  }

  /// The rows of the table, whose header row starts `bytes`, found on `firstLine` of the file.
  mutating func readRows(_ bytes: [UInt8], firstLine: Int) throws(InputError) -> [StatementRow] {
    let reader = CSVReader(bytes: QuotedCellPadding.removed(from: bytes))
    var rows: [StatementRow] = []
    var isHeader = true
    while true {
      let record: CSVRecord?
      do {
        record = try reader.next()
      } catch {
        throw InputError(
          file: file, line: error.line + firstLine - 1, column: error.column,
          problem: .statementSyntax(error.kind))
      }
      guard let record else { break }
      if isHeader {
        isHeader = false
        continue
      }
      let cells = record.map(\.trimmedString)
      if cells.allSatisfy(\.isEmpty) { continue }
      if let first = cells.first, format.footerPrefixes.contains(where: { first.hasPrefix($0) }) {
        break
      }
      rows.append(try row(cells, line: record.line + firstLine - 1))
    }
    return rows
  }

  private func failure(_ line: Int, _ column: Int, _ error: StatementReadError) -> InputError {
    InputError(file: file, line: line, column: column, problem: .statement(error))
  }

  /// The header cell of the column at 0-based `position`, by which errors name it.
  private func name(_ position: Int) -> String { headerCells[position] }

  private func row(_ cells: [String], line: Int) throws(InputError) -> StatementRow {
    // Exports drop trailing empty cells (a missing 备注); a missing value the format needs
    // is still refused, by the reading of that value.
    var cells = cells
    if cells.count < neededCells {
      cells += Array(repeating: "", count: neededCells - cells.count)
    }
    let columns = format.columns
    let cell = { (column: String) in cells[index[column]!] }
    let at = { (column: String) in index[column]! }

    for column in [columns.description, columns.merchant, columns.card?.column].compactMap({ $0 })
    where CardNumberGuard.containsCardNumber(cell(column)) {
      throw failure(line, at(column) + 1, .cardNumberInCell(column: name(at(column))))
    }

    let (amount, direction, amountColumn, amountCurrency) = try self.amount(cells, line: line)
    let (date, postingDate, timeOfDay) = try dates(cells, line: line)
    let currency = try self.currency(amountCurrency, cells, line: line)
    var original: StatementAmount?
    if let column = columns.originalAmount, !cell(column).isEmpty {
      switch StatementAmount.parse(cell(column)) {
      case .success(let parsed): original = parsed
      case .failure(let error):
        throw failure(
          line, at(column) + 1,
          .badAmount(column: name(at(column)), cell: cell(column), reason: error))
      }
    }
    let last4 = try self.last4(cells, line: line)

    var row = StatementRow(
      line: line, kind: .purchase, date: date, postingDate: postingDate, timeOfDay: timeOfDay,
      amount: amount, currency: currency, originalAmount: original?.magnitude,
      originalCurrency: original?.currency, last4: last4,
      merchant: columns.merchant.map(cell).flatMap { $0.isEmpty ? nil : $0 },
      description: cell(columns.description),
      orderID: columns.orderID.map(cell).flatMap { $0.isEmpty ? nil : $0 },
      refundedOrderID: nil, method: nil, methodSource: nil, mcc: nil,
      columns: StatementRowColumns(
        date: at(columns.date.column) + 1, amount: amountColumn + 1,
        description: at(columns.description) + 1, card: columns.card.map { at($0.column) + 1 },
        merchant: columns.merchant.map { at($0) + 1 }, orderID: columns.orderID.map { at($0) + 1 }))

    // A row that moves no money is no purchase, whatever it says.
    if amount == .zero {
      row.kind = .leftOut(reason: "a zero amount")
      return row
    }
    guard
      let rule = classification.first(where: { rule, tests in
        tests.allSatisfy { $1.matches(cells[$0]) }
          && (rule.direction == nil || rule.direction == direction)
      })?.rule
    else {
      let tested = classifiedColumns.map { StatementCell(column: name($0), value: cells[$0]) }
      throw failure(
        line, (classifiedColumns.first ?? at(columns.description)) + 1,
        .unclassified(formatID: format.id, cells: tested, direction: direction))
    }
    if let source = rule.merchant {
      let text = cell(source.column)
      let merchant = source.part == .whole ? text : StatementWords.afterFirstWord(of: text)
      if CardNumberGuard.containsCardNumber(merchant) {
        throw failure(
          line, at(source.column) + 1, .cardNumberInCell(column: name(at(source.column))))
      }
      row.merchant = merchant.isEmpty ? nil : merchant
      row.columns = StatementRowColumns(
        date: row.columns.date, amount: row.columns.amount, description: row.columns.description,
        card: row.columns.card, merchant: at(source.column) + 1, orderID: row.columns.orderID)
    }
    switch rule.kind {
    case .ignore:
      row.kind = .leftOut(reason: rule.reason ?? StatementReader.defaultIgnoreReason)
      return row
    case .credit:
      row.kind = .credit
      return row
    case .clawback:
      row.kind = .clawback
      return row
    case .purchase: row.kind = .purchase
    case .refund:
      row.kind = .refund
      row.refundedOrderID = refundedOrderID(cells)
    }
    if last4 == nil, let reason = format.withoutCardReason {
      row.kind = .leftOut(reason: reason)
      return row
    }
    if let (position, method) = methodRules.enumerated().first(where: { _, method in
      method.tests.allSatisfy { $1.matches(cells[$0]) }
    }) {
      row.method = method.rule.method
      row.methodSource = .format(
        formatID: format.id, rule: position, reason: method.rule.reason)
    }
    rules?.apply(to: &row)
    if case .leftOut = row.kind { return row }
    if row.method == nil, let defaultMethod {
      row.method = defaultMethod
      row.methodSource = .commandLine
    }
    return row
  }

  /// The amount, which way it moved (when the format can tell), its 0-based column, and the
  /// currency written with it.
  private func amount(_ cells: [String], line: Int) throws(InputError)
    -> (Money, MoneyDirection?, Int, Currency?)
  {
    func parse(_ position: Int) throws(InputError) -> StatementAmount? {
      let text = cells[position]
      if text.isEmpty { return nil }
      switch StatementAmount.parse(text) {
      case .success(let amount): return amount
      case .failure(let error):
        throw failure(
          line, position + 1, .badAmount(column: name(position), cell: text, reason: error))
      }
    }
    switch format.columns.amount {
    case .signed(let column, let sign):
      let position = index[column]!
      guard let amount = try parse(position) else {
        throw failure(line, position + 1, .noAmount(column: name(position)))
      }
      let direction: MoneyDirection?
      switch sign {
      case .alwaysPositive:
        if amount.isNegative {
          throw failure(line, position + 1, .negativeAmount(column: name(position)))
        }
        direction = nil
      case .positiveIsPurchase: direction = amount.isNegative ? .moneyIn : .moneyOut
      case .negativeIsPurchase: direction = amount.isNegative ? .moneyOut : .moneyIn
      }
      return (amount.magnitude, direction, position, amount.currency)
    case .split(let moneyIn, let moneyOut):
      let inPosition = index[moneyIn]!
      let outPosition = index[moneyOut]!
      let incoming = try parse(inPosition)
      let outgoing = try parse(outPosition)
      let filled = [
        (incoming, inPosition, MoneyDirection.moneyIn), (outgoing, outPosition, .moneyOut),
      ]
      .compactMap { amount, position, direction in amount.map { ($0, position, direction) } }
      let nonZero = filled.filter { $0.0.magnitude != .zero }
      if nonZero.count == 2 {
        throw failure(
          line, outPosition + 1,
          .bothAmounts(moneyIn: name(inPosition), moneyOut: name(outPosition)))
      }
      guard let (amount, position, written) = nonZero.first ?? filled.first else {
        throw failure(
          line, inPosition + 1,
          .neitherAmount(moneyIn: name(inPosition), moneyOut: name(outPosition)))
      }
      // A negative amount in a column undoes that column's direction (a reversed charge).
      let flipped: MoneyDirection = written == .moneyIn ? .moneyOut : .moneyIn
      return (amount.magnitude, amount.isNegative ? flipped : written, position, amount.currency)
    }
  }

  /// The transaction date (the posting date when it is empty), the posting date, and the time.
  private func dates(_ cells: [String], line: Int) throws(InputError)
    -> (CivilDate, CivilDate?, TimeOfDay?)
  {
    func parse(_ column: DateColumn) throws(InputError) -> (CivilDate, TimeOfDay?)? {
      let position = index[column.column]!
      let text = cells[position]
      if text.isEmpty { return nil }
      guard let partial = StatementDateParser.parse(text, form: column.form) else {
        throw failure(
          line, position + 1, .badDate(column: name(position), form: column.form, cell: text))
      }
      let date: CivilDate?
      if partial.year != nil {
        date = StatementDateParser.completing(partial, before: nil)
      } else if let periodEnd {
        date = StatementDateParser.completing(partial, before: periodEnd)
      } else {
        throw failure(line, position + 1, .dateWithoutYear(column: name(position)))
      }
      guard let date else {
        throw failure(line, position + 1, .noSuchDay(column: name(position), cell: text))
      }
      return (date, partial.time)
    }
    let transaction = try parse(format.columns.date)
    let posting = try format.columns.postingDate.flatMap { column throws(InputError) in
      try parse(column)
    }
    guard let date = transaction?.0 ?? posting?.0 else {
      let position = index[format.columns.date.column]!
      throw failure(line, position + 1, .noDate(column: name(position)))
    }
    var time = transaction?.1
    if let column = format.columns.time {
      let position = index[column]!
      let text = cells[position]
      if !text.isEmpty {
        guard let parsed = TimeOfDay.parse(Substring(text)) else {
          throw failure(line, position + 1, .badTime(column: name(position), cell: text))
        }
        time = parsed
      }
    }
    return (date, posting?.0, time)
  }

  /// The amount's currency: as written with the amount, else the currency column, else the
  /// format's default.
  private func currency(_ written: Currency?, _ cells: [String], line: Int) throws(InputError)
    -> Currency
  {
    if let written { return written }
    let source = format.columns.currency
    guard let column = source.column else { return source.defaultCurrency }
    let position = index[column]!
    let text = cells[position]
    if text.isEmpty { return source.defaultCurrency }
    if let named = source.names[text] ?? Currency(parsing: text) { return named }
    throw failure(line, position + 1, .unknownCurrency(column: name(position), cell: text))
  }

  /// The card's last four digits, or nil when the row names no card.
  private func last4(_ cells: [String], line: Int) throws(InputError) -> String? {
    guard let card = format.columns.card else { return titleLast4 }
    let position = index[card.column]!
    let text = cells[position]
    if text.isEmpty { return nil }
    if let cardPattern {
      guard let group = cardPattern.firstMatch(in: text)?[1], StatementCells.isLast4(String(group))
      else { return nil }
      return String(group)
    }
    guard StatementCells.isLast4(text) else {
      throw failure(line, position + 1, .badLast4(column: name(position), cell: text))
    }
    return text
  }

  /// The order id of the purchase a refund refunds, when the file tells.
  private func refundedOrderID(_ cells: [String]) -> String? {
    guard let link = format.columns.refundedOrderID else { return nil }
    let text = cells[index[link.column]!]
    if text.isEmpty { return nil }
    if link.originalBefore.isEmpty { return text }
    for marker in link.originalBefore {
      if let range = text.firstRange(of: marker), range.lowerBound > text.startIndex {
        return String(text[..<range.lowerBound])
      }
    }
    return nil
  }
}

/// Small checks on cells shared by the reader's parts.
enum StatementCells {
  /// Exactly four ASCII digits.
  static func isLast4(_ text: String) -> Bool {
    text.utf8.count == 4 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}
