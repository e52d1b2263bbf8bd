import WalletCore

/// The three input files of a batch, read into a ledger and cross-checked: every card an
/// enrollment or transaction names exists, every enrollment a transaction names exists, and no
/// id repeats.
///
/// Transactions take a fast path straight from the CSV bytes: ids are looked up by their bytes,
/// and times and amounts parsed without a `String`. A row that is in any way unusual is handed to
/// the ordinary row parser instead, which either reads it or reports exactly what is wrong, so
/// there is one set of rules and messages.
struct BatchInput {
  var ledger = Ledger()
  var skipped = SkippedRows()

  /// Reads the files in dependency order. Instants written without an offset are read in `zone`.
  static func load(
    cards cardsPath: String, enrollments enrollmentsPath: String,
    transactions transactionsPath: String, naiveIn zone: TimeZoneRules, skipInvalid: Bool,
    console: Console, quiet: Bool
  ) throws(CommandFailure) -> BatchInput {
    // Open all three first, so that a missing file is reported before any work is done.
    let cardsFile = try InputFile(path: cardsPath)
    let enrollmentsFile = try InputFile(path: enrollmentsPath)
    let transactionsFile = try InputFile(path: transactionsPath)
    var input = BatchInput()
    var loader = LedgerLoader(cardsPath: cardsPath, enrollmentsPath: enrollmentsPath, zone: zone)

    try RowFileReader(kind: .cards, file: cardsFile, skipInvalid: skipInvalid)
      .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
        try loader.addCard(row, to: &input.ledger)
      }
    try RowFileReader(kind: .enrollments, file: enrollmentsFile, skipInvalid: skipInvalid)
      .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
        try loader.addEnrollment(row, to: &input.ledger)
      }
    loader.expectTransactions(fileSize: transactionsFile.size)
    input.ledger.reserveTransactions(transactionsFile.size / 80, averageIDLength: 12)
    let progress = ProgressReporter.make(console: console, quiet: quiet, label: "transactions")
    try RowFileReader(
      kind: .transactions, file: transactionsFile, skipInvalid: skipInvalid, progress: progress
    )
    .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
      try loader.addTransaction(row, to: &input.ledger)
    }
    return input
  }
}

/// Builds a ledger row by row, keeping the indexes that resolve ids to entries.
struct LedgerLoader {
  let cardsPath: String
  let enrollmentsPath: String
  let zone: TimeZoneRules
  private var cards = ByteStringIndex()
  private var cardKeys = IdentifierArena()
  private var cardLines: [Int32] = []
  private var enrollments = ByteStringIndex()
  private var enrollmentKeys = IdentifierArena()
  private var enrollmentLines: [Int32] = []
  private var transactions = ByteStringIndex(expectedCount: 1 << 16)
  private var transactionLines: [Int32] = []
  private var columns: TransactionColumns?

  init(cardsPath: String, enrollmentsPath: String, zone: TimeZoneRules) {
    self.cardsPath = cardsPath
    self.enrollmentsPath = enrollmentsPath
    self.zone = zone
  }

  mutating func addCard(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    let card = try row.card()
    var id = card.id.rawValue
    let (hash, existing) = id.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      let hash = ByteStringIndex.hash(raw)
      return (hash, cards.find(hash: hash) { cardKeys.equals(Int($0), raw) })
    }
    if let existing {
      throw row.error(
        in: "card",
        "card \(SafeText.quoted(card.id.rawValue)) is listed twice "
          + "(first on line \(cardLines[Int(existing)]))")
    }
    cards.append(hash: hash)
    cardKeys.append(card.id)
    ledger.append(card)
    cardLines.append(Int32(row.line))
  }

  mutating func addEnrollment(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    let enrollment = try row.enrollment(naiveIn: zone)
    guard let card = cardIndex(enrollment.card.rawValue) else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(enrollment.card.rawValue)) is not in \(cardsPath)")
    }
    var id = enrollment.id.rawValue
    let (hash, existing) = id.withUTF8 { bytes in
      let raw = UnsafeRawBufferPointer(bytes)
      let hash = ByteStringIndex.hash(raw)
      return (hash, enrollments.find(hash: hash) { enrollmentKeys.equals(Int($0), raw) })
    }
    if let existing {
      throw row.error(
        in: "id",
        "enrollment \(SafeText.quoted(enrollment.id.rawValue)) is listed twice "
          + "(first on line \(enrollmentLines[Int(existing)]))")
    }
    enrollments.append(hash: hash)
    enrollmentKeys.append(enrollment.id)
    ledger.append(enrollment, card: card)
    enrollmentLines.append(Int32(row.line))
  }

  private func cardIndex(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    cards.find(hash: ByteStringIndex.hash(bytes)) { cardKeys.equals(Int($0), bytes) }
  }

  private func cardIndex(_ id: String) -> Int32? {
    var id = id
    return id.withUTF8 { cardIndex(UnsafeRawBufferPointer($0)) }
  }

  private func enrollmentIndex(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    enrollments.find(hash: ByteStringIndex.hash(bytes)) { enrollmentKeys.equals(Int($0), bytes) }
  }

  private func enrollmentIndex(_ id: String) -> Int32? {
    var id = id
    return id.withUTF8 { enrollmentIndex(UnsafeRawBufferPointer($0)) }
  }

  /// Sizes the transaction index for a file of `bytes` bytes, so it rarely has to grow.
  mutating func expectTransactions(fileSize bytes: Int) {
    transactions = ByteStringIndex(expectedCount: max(16, bytes / 64))
  }

  mutating func addTransaction(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    if columns == nil { columns = TransactionColumns(row.columns) }
    guard let columns else { return }
    // The fast path appends the row itself and says so; anything unusual goes the slow way.
    let appended = try row.record.withRawFields { (fields) throws(InputError) -> Bool in
      guard let parsed = fastTransaction(fields, columns: columns) else { return false }
      try append(parsed, id: fields[columns.id], row: row, to: &ledger)
      return true
    }
    if appended { return }
    let transaction = try row.transaction(naiveIn: zone)
    guard let card = cardIndex(transaction.card.rawValue) else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(transaction.card.rawValue)) is not in \(cardsPath)")
    }
    var named: Int32 = -1
    if let enrollment = transaction.enrollment {
      guard let found = enrollmentIndex(enrollment.rawValue) else {
        throw row.error(
          in: "enrollment",
          "enrollment \(SafeText.quoted(enrollment.rawValue)) is not in \(enrollmentsPath)")
      }
      named = found
    }
    let parsed = ParsedTransaction(
      card: card, time: transaction.time, amount: transaction.amount,
      currency: transaction.currency, method: transaction.method, status: transaction.status,
      refunded: transaction.refunded, enrollment: named, mcc: transaction.mcc)
    try row.record.withRawFields { (fields) throws(InputError) in
      try append(parsed, id: fields[columns.id], row: row, to: &ledger)
    }
  }

  private mutating func append(
    _ parsed: ParsedTransaction, id: UnsafeRawBufferPointer, row: CSVRow, to ledger: inout Ledger
  ) throws(InputError) {
    let hash = ByteStringIndex.hash(id)
    // Borrowing the arena through `ledger` (not a copy of it) keeps the append below from
    // copying every id so far.
    if let duplicate = transactions.find(
      hash: hash, matches: { ledger.transactionIDs.equals(Int($0), id) })
    {
      throw row.error(
        in: "id",
        "transaction \(SafeText.quoted(String(decoding: id, as: UTF8.self), masksCardNumbers: false)) "
          + "is listed twice (first on line \(transactionLines[Int(duplicate)]))")
    }
    transactions.append(hash: hash)
    ledger.appendTransaction(
      id: id, card: parsed.card, time: parsed.time, amount: parsed.amount,
      currency: parsed.currency, method: parsed.method, status: parsed.status,
      refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc)
    transactionLines.append(Int32(row.line))
  }

  /// The row read straight from its bytes, or nil when anything about it needs the ordinary
  /// parser (an error, a non-default code, a merchant with many digits).
  private func fastTransaction(_ fields: CSVRawFields, columns: TransactionColumns)
    -> ParsedTransaction?
  {
    guard fields.count == columns.width else { return nil }
    func optional(_ column: Int) -> UnsafeRawBufferPointer? {
      guard column >= 0 else { return nil }
      let field = fields[column]
      return field.isEmpty ? nil : field
    }
    guard !fields[columns.id].isEmpty, let card = cardIndex(fields[columns.card]),
      let time = try? Instant.parse(
        utf8: fields[columns.time].assumingMemoryBound(to: UInt8.self), naiveIn: zone),
      let amount = money(fields[columns.amount]), amount > .zero
    else { return nil }
    var refunded = Money.zero
    if let field = optional(columns.refunded) {
      guard let value = money(field), value <= amount else { return nil }
      refunded = value
    }
    if let field = optional(columns.currency), !field.equals("CNY") { return nil }
    if let field = optional(columns.method), !field.equals("apple-pay") { return nil }
    if let field = optional(columns.status), !field.equals("settled") { return nil }
    var named: Int32 = -1
    if let field = optional(columns.enrollment) {
      guard let found = enrollmentIndex(field) else { return nil }
      named = found
    }
    // A merchant can hold a card number only if it has at least 13 digits.
    if let field = optional(columns.merchant) {
      var digits = 0
      for byte in field where byte &- 48 < 10 { digits += 1 }
      if digits >= 13 { return nil }
    }
    var mcc: MerchantCategoryCode?
    if let field = optional(columns.mcc) {
      guard field.count == 4 else { return nil }
      var value: Int16 = 0
      for byte in field {
        guard byte &- 48 < 10 else { return nil }
        value = value * 10 + Int16(byte - 48)
      }
      mcc = MerchantCategoryCode(value: value)
    }
    return ParsedTransaction(
      card: card, time: time, amount: amount, currency: .cny, method: .applePay,
      status: .settled, refunded: refunded, enrollment: named, mcc: mcc)
  }

  private func money(_ field: UnsafeRawBufferPointer) -> Money? {
    try? Money.parse(utf8: field.assumingMemoryBound(to: UInt8.self))
  }
}

/// One transaction row's values, with its card and enrollment resolved to ledger indices.
private struct ParsedTransaction {
  var card: Int32
  var time: Instant
  var amount: Money
  var currency: Currency
  var method: PaymentMethod
  var status: TransactionStatus
  var refunded: Money
  var enrollment: Int32
  var mcc: MerchantCategoryCode?
}

/// Where each transaction column is (-1 when absent), looked up once per file, not per row.
private struct TransactionColumns {
  let width: Int
  let id: Int
  let card: Int
  let time: Int
  let amount: Int
  let currency: Int
  let method: Int
  let status: Int
  let refunded: Int
  let enrollment: Int
  let merchant: Int
  let mcc: Int

  init(_ columns: CSVColumns) {
    width = columns.width
    id = columns.index(of: "id") ?? -1
    card = columns.index(of: "card") ?? -1
    time = columns.index(of: "time") ?? -1
    amount = columns.index(of: "amount") ?? -1
    currency = columns.index(of: "currency") ?? -1
    method = columns.index(of: "method") ?? -1
    status = columns.index(of: "status") ?? -1
    refunded = columns.index(of: "refunded") ?? -1
    enrollment = columns.index(of: "enrollment") ?? -1
    merchant = columns.index(of: "merchant") ?? -1
    mcc = columns.index(of: "mcc") ?? -1
  }
}
