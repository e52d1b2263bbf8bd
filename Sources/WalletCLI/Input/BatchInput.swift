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
  private var cardLines: [Int32] = []
  private var enrollments = ByteStringIndex()
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
    let existing = id.withUTF8 { bytes in
      cards.insert(hash: ByteStringIndex.hash(UnsafeRawBufferPointer(bytes))) {
        ledger.cards[Int($0)].id == card.id
      }
    }
    if let existing {
      throw row.error(
        in: "card",
        "card \(SafeText.quoted(card.id.rawValue)) is listed twice "
          + "(first on line \(cardLines[Int(existing)]))")
    }
    _ = ledger.add(card)
    cardLines.append(Int32(row.line))
  }

  mutating func addEnrollment(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    let enrollment = try row.enrollment(naiveIn: zone)
    guard lookup(enrollment.card.rawValue, in: cards, ledger: ledger, cards: true) != nil else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(enrollment.card.rawValue)) is not in \(cardsPath)")
    }
    var id = enrollment.id.rawValue
    let existing = id.withUTF8 { bytes in
      enrollments.insert(hash: ByteStringIndex.hash(UnsafeRawBufferPointer(bytes))) {
        ledger.enrollments[Int($0)].id == enrollment.id
      }
    }
    if let existing {
      throw row.error(
        in: "id",
        "enrollment \(SafeText.quoted(enrollment.id.rawValue)) is listed twice "
          + "(first on line \(enrollmentLines[Int(existing)]))")
    }
    _ = ledger.add(enrollment)
    enrollmentLines.append(Int32(row.line))
  }

  private func lookup(_ id: String, in index: ByteStringIndex, ledger: Ledger, cards: Bool)
    -> Int32?
  {
    let key = Identifier(id)
    var id = id
    return id.withUTF8 { bytes in
      index.find(hash: ByteStringIndex.hash(UnsafeRawBufferPointer(bytes))) {
        cards ? ledger.cards[Int($0)].id == key : ledger.enrollments[Int($0)].id == key
      }
    }
  }

  mutating func addTransaction(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    if columns == nil { columns = TransactionColumns(row.columns) }
    if let fast = fastTransaction(row, ledger: ledger) {
      try append(fast, row: row, to: &ledger)
      return
    }
    let transaction = try row.transaction(naiveIn: zone)
    guard let card = lookup(transaction.card.rawValue, in: cards, ledger: ledger, cards: true)
    else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(transaction.card.rawValue)) is not in \(cardsPath)")
    }
    var named: Int32 = -1
    if let enrollment = transaction.enrollment {
      guard let found = lookup(enrollment.rawValue, in: enrollments, ledger: ledger, cards: false)
      else {
        throw row.error(
          in: "enrollment",
          "enrollment \(SafeText.quoted(enrollment.rawValue)) is not in \(enrollmentsPath)")
      }
      named = found
    }
    try append(
      ParsedTransaction(
        card: card, time: transaction.time, amount: transaction.amount,
        currency: transaction.currency, method: transaction.method, status: transaction.status,
        refunded: transaction.refunded, enrollment: named, mcc: transaction.mcc),
      row: row, to: &ledger)
  }

  private mutating func append(
    _ parsed: ParsedTransaction, row: CSVRow, to ledger: inout Ledger
  ) throws(InputError) {
    guard let idColumn = columns?.id else { preconditionFailure("id is a required column") }
    let id = row.record[idColumn].trimmed()
    let duplicate: Int32? = id.withUnsafeBytes { bytes in
      transactions.insert(hash: ByteStringIndex.hash(bytes)) { entry in
        ledger.transactionIDs.withBytes(at: Int(entry)) { existing in
          existing.elementsEqual(bytes)
        }
      }
    }
    if let duplicate {
      throw row.error(
        in: "id",
        "transaction \(SafeText.quoted(id.string, masksCardNumbers: false)) is listed twice "
          + "(first on line \(transactionLines[Int(duplicate)]))")
    }
    id.withUnsafeBytes { bytes in
      ledger.appendTransaction(
        id: bytes, card: parsed.card, time: parsed.time, amount: parsed.amount,
        currency: parsed.currency, method: parsed.method, status: parsed.status,
        refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc)
    }
    transactionLines.append(Int32(row.line))
  }

  /// The row read straight from its bytes, or nil when anything about it needs the ordinary
  /// parser (an error, a non-default code, a merchant with many digits).
  private func fastTransaction(_ row: CSVRow, ledger: Ledger) -> ParsedTransaction? {
    guard let columns else { return nil }
    let record = row.record
    func field(_ column: Int?) -> CSVField? {
      guard let column else { return nil }
      let field = record[column].trimmed()
      return field.isEmpty ? nil : field
    }
    guard field(columns.id) != nil, let cardField = field(columns.card),
      let timeField = field(columns.time), let amountField = field(columns.amount)
    else { return nil }
    let card: Int32? = cardField.withUnsafeBytes { bytes in
      cards.find(hash: ByteStringIndex.hash(bytes)) { entry in
        var id = ledger.cards[Int(entry)].id.rawValue
        return id.withUTF8 { $0.elementsEqual(bytes) }
      }
    }
    guard let card else { return nil }
    let zone = self.zone
    guard
      let time = timeField.withUnsafeBytes({ bytes in
        try? Instant.parse(utf8: bytes.assumingMemoryBound(to: UInt8.self), naiveIn: zone)
      }),
      let amount = money(amountField), amount > .zero
    else { return nil }
    let refunded: Money
    if let refundedField = field(columns.refunded) {
      guard let value = money(refundedField), value <= amount else { return nil }
      refunded = value
    } else {
      refunded = .zero
    }
    if let currency = field(columns.currency), !currency.elementsEqual("CNY".utf8) { return nil }
    if let method = field(columns.method), !method.elementsEqual("apple-pay".utf8) { return nil }
    if let status = field(columns.status), !status.elementsEqual("settled".utf8) { return nil }
    var named: Int32 = -1
    if let enrollmentField = field(columns.enrollment) {
      let found: Int32? = enrollmentField.withUnsafeBytes { bytes in
        enrollments.find(hash: ByteStringIndex.hash(bytes)) { entry in
          var id = ledger.enrollments[Int(entry)].id.rawValue
          return id.withUTF8 { $0.elementsEqual(bytes) }
        }
      }
      guard let found else { return nil }
      named = found
    }
    // A merchant can hold a card number only if it has at least 13 digits.
    if let merchant = field(columns.merchant),
      merchant.reduce(0, { $0 + ($1 >= 48 && $1 <= 57 ? 1 : 0) }) >= 13
    {
      return nil
    }
    var mcc: MerchantCategoryCode?
    if let mccField = field(columns.mcc) {
      guard mccField.count == 4, mccField.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
      mcc = MerchantCategoryCode(value: Int16(mccField.reduce(0) { $0 * 10 + Int($1 - 48) }))
    }
    return ParsedTransaction(
      card: card, time: time, amount: amount, currency: .cny, method: .applePay,
      status: .settled, refunded: refunded, enrollment: named, mcc: mcc)
  }

  private func money(_ field: CSVField) -> Money? {
    field.withUnsafeBytes { bytes in
      try? Money.parse(utf8: bytes.assumingMemoryBound(to: UInt8.self))
    }
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

/// Where each transaction column is, looked up once per file rather than per row.
private struct TransactionColumns {
  let id: Int?
  let card: Int?
  let time: Int?
  let amount: Int?
  let currency: Int?
  let method: Int?
  let status: Int?
  let refunded: Int?
  let enrollment: Int?
  let merchant: Int?
  let mcc: Int?

  init(_ columns: CSVColumns) {
    id = columns.index(of: "id")
    card = columns.index(of: "card")
    time = columns.index(of: "time")
    amount = columns.index(of: "amount")
    currency = columns.index(of: "currency")
    method = columns.index(of: "method")
    status = columns.index(of: "status")
    refunded = columns.index(of: "refunded")
    enrollment = columns.index(of: "enrollment")
    merchant = columns.index(of: "merchant")
    mcc = columns.index(of: "mcc")
  }
}
