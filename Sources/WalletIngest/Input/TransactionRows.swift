import WalletCore

/// Reads the rows of a transactions file, for a batch and an import alike.
///
/// A plain row (see `PlainTransactionValues`), as nearly every row of a bank's file is, is read
/// straight from its CSV bytes: times and amounts are parsed without a `String`. Any other row
/// is handed to the ordinary row parser (`CSVRow.transaction(naiveIn:)`), which either reads it
/// or reports exactly what is wrong, so there is one set of rules and messages. An import keeps
/// a row's ids as written, for the store to resolve; a batch resolves them against the cards
/// and enrollments read before (`LedgerTransactionReader`).
package struct TransactionRowReader: Sendable {
  /// Where each column is.
  let columns: ColumnPositions
  /// The zone of times written without an offset.
  let zone: TimeZoneRules

  /// A reader of the rows of the file whose header is `header`, reading times written without
  /// an offset in `zone`.
  package init(_ header: CSVColumns, naiveIn zone: TimeZoneRules) {
    columns = ColumnPositions(header)
    self.zone = zone
  }

  /// The transaction in `row`, its ids as written: what an import gives the store. A row that
  /// cannot be read throws, located at the offending field.
  package func transaction(_ row: CSVRow) throws(InputError) -> Transaction {
    let columns = self.columns
    let plain = row.record.withRawFields { fields -> Transaction? in
      // Without a lookup to prove them known, and so safe, ids that could hide a card number
      // go to the ordinary parser, which judges them.
      guard let values = plainValues(fields), let card = plainText(fields[columns.card]) else {
        return nil
      }
      var enrollment: Identifier?
      if let field = fields.nonEmpty(columns.enrollment) {
        guard let text = plainText(field) else { return nil }
        enrollment = Identifier(text)
      }
      return Transaction(
        id: Identifier(String(decoding: fields[columns.id], as: UTF8.self)),
        card: Identifier(card), time: values.time, amount: values.amount,
        refunded: values.refunded, enrollment: enrollment,
        merchant: values.merchant.map { String(decoding: $0, as: UTF8.self) }, mcc: values.mcc)
    }
    if let plain { return plain }
    return try ordinary(row)
  }

  /// The values of a plain row, or nil when the ordinary parser must read it.
  func plainValues(_ fields: CSVRawFields) -> PlainTransactionValues? {
    guard fields.count == columns.width, !fields[columns.id].isEmpty else { return nil }
    return PlainTransactionValues(fields, columns: columns, naiveIn: zone)
  }

  /// `row` read by the ordinary row parser.
  func ordinary(_ row: CSVRow) throws(InputError) -> Transaction {
    try row.transaction(naiveIn: zone)
  }
}

/// Transaction rows read into a ledger: `TransactionRowReader`'s plain rows and ordinary
/// parser, with each row's card and enrollment found by their bytes among those read before.
/// It holds no mutable state, so the threads that read the parts of a large file share one.
struct LedgerTransactionReader: Sendable {
  /// How the rows are read.
  let rows: TransactionRowReader
  /// The cards file, for messages.
  let cardsPath: String
  /// The enrollments file, for messages.
  let enrollmentsPath: String
  /// The cards read before.
  let cards: IDLookup
  /// The enrollments read before, their lookup made when a row first names one.
  let enrollments: IDLookup.Deferred

  /// Reads `row` and calls `body` with its values and its id's bytes (valid only during the
  /// call); a row that cannot be read throws, located at the offending field.
  func read(
    _ row: CSVRow,
    _ body: (ParsedTransaction, UnsafeRawBufferPointer) throws(InputError) -> Void
  ) throws(InputError) {
    if try readPlain(row.record, body) { return }
    try readUnusual(row, body)
  }

  /// Reads `record` and calls `body` as `read` does if it is plain; false, without calling
  /// `body`, when the ordinary parser must read it.
  func readPlain(
    _ record: CSVRecord,
    _ body: (ParsedTransaction, UnsafeRawBufferPointer) throws(InputError) -> Void
  ) throws(InputError) -> Bool {
    let id = rows.columns.id
    return try record.withRawFields { (fields) throws(InputError) -> Bool in
      guard let parsed = fastTransaction(fields) else { return false }
      try body(parsed, fields[id])
      return true
    }
  }

  /// Reads a row that is not plain with the ordinary row parser.
  private func readUnusual(
    _ row: CSVRow,
    _ body: (ParsedTransaction, UnsafeRawBufferPointer) throws(InputError) -> Void
  ) throws(InputError) {
    let transaction = try rows.ordinary(row)
    guard let card = cards.entry(of: transaction.card.rawValue) else {
      throw row.error(
        in: "card",
        .unknownReference(column: "card", id: transaction.card.rawValue, file: cardsPath))
    }
    var named: Int32 = -1
    if let enrollment = transaction.enrollment {
      guard let found = enrollments.lookup.entry(of: enrollment.rawValue) else {
        throw row.error(
          in: "enrollment",
          .unknownReference(column: "enrollment", id: enrollment.rawValue, file: enrollmentsPath))
      }
      named = found
    }
    var parsed = ParsedTransaction(
      card: card, time: transaction.time, amount: transaction.amount,
      currency: transaction.currency, method: transaction.method, status: transaction.status,
      refunded: transaction.refunded, enrollment: named, mcc: transaction.mcc, merchant: nil)
    let (id, merchant) = (rows.columns.id, rows.columns.merchant)
    // The merchant's trimmed bytes are the text the parser read (and checked) as it.
    try row.record.withRawFields { (fields) throws(InputError) in
      parsed.merchant = fields.nonEmpty(merchant)
      try body(parsed, fields[id])
    }
  }

  /// The row read straight from its bytes, or nil when anything about it needs the ordinary
  /// parser (an error, a non-default code, a merchant with many digits, an unknown id).
  private func fastTransaction(_ fields: CSVRawFields) -> ParsedTransaction? {
    guard let card = cards.entry(of: fields[rows.columns.card]),
      let plain = plainTransaction(fields)
    else { return nil }
    return ParsedTransaction(
      card: card, time: Instant(nanosecondsSinceEpoch: plain.time),
      amount: Money(minorUnits: plain.amount), currency: .cny, method: .applePay,
      status: .settled, refunded: Money(minorUnits: plain.refunded),
      enrollment: plain.enrollment,
      mcc: plain.mcc < 0 ? nil : MerchantCategoryCode(value: plain.mcc),
      merchant: fields.nonEmpty(rows.columns.merchant))
  }

  /// The row read straight from its bytes but for its card, which the caller looks up from
  /// `fields[rows.columns.card]`; nil as for `fastTransaction`. The card and enrollment are
  /// known ids, so they hide no card number.
  /// Without `lookingUpEnrollment`, the enrollment is left at -1 for the caller to look up
  /// from `fields[rows.columns.enrollment]` too.
  func plainTransaction(_ fields: CSVRawFields, lookingUpEnrollment: Bool = true)
    -> PlainTransaction?
  {
    guard let values = rows.plainValues(fields) else { return nil }
    var named: Int32 = -1
    if lookingUpEnrollment, let field = fields.nonEmpty(rows.columns.enrollment) {
      guard let found = enrollments.lookup.entry(of: field) else { return nil }
      named = found
    }
    return PlainTransaction(
      time: values.time.nanosecondsSinceEpoch, amount: values.amount.minorUnits,
      refunded: values.refunded.minorUnits, enrollment: named, mcc: values.mcc?.value ?? -1)
  }
}

/// A plain row's values (see `PlainTransactionValues`): in CNY, paid with Apple Pay, settled.
/// Plain integers, so that a batch of rows copies no references.
struct PlainTransaction {
  /// Nanoseconds since the epoch.
  var time: Int64
  /// Minor units.
  var amount: Int64
  /// Minor units refunded.
  var refunded: Int64
  /// The named enrollment's entry, or -1.
  var enrollment: Int32
  /// The merchant category code, or -1.
  var mcc: Int16
}

/// What most transaction rows hold, read straight from their bytes: the SPEC's default codes, a
/// plain time and amounts, a merchant that cannot hide a card number. Anything else (an error
/// included) is left to the ordinary row parser, so there is one set of rules and messages.
struct PlainTransactionValues {
  let time: Instant
  let amount: Money
  let refunded: Money
  let mcc: MerchantCategoryCode?
  /// The merchant's bytes, valid while the row's fields are.
  let merchant: UnsafeRawBufferPointer?

  /// The row's values, or nil when it is not plain.
  init?(
    _ fields: CSVRawFields, columns: ColumnPositions, naiveIn zone: borrowing TimeZoneRules
  ) {
    guard
      let time = try? Instant.parse(
        utf8: fields[columns.time].assumingMemoryBound(to: UInt8.self), naiveIn: zone),
      let amount = Self.money(fields[columns.amount]), amount > .zero
    else { return nil }
    var refunded = Money.zero
    if let field = fields.nonEmpty(columns.refunded) {
      guard let value = Self.money(field), value <= amount else { return nil }
      refunded = value
    }
    if let field = fields.nonEmpty(columns.currency), !field.equals("CNY") { return nil }
    if let field = fields.nonEmpty(columns.method), !field.equals("apple-pay") { return nil }
    if let field = fields.nonEmpty(columns.status), !field.equals("settled") { return nil }
    let merchant = fields.nonEmpty(columns.merchant)
    if let merchant, !merchant.hasTooFewDigitsForACardNumber { return nil }
    var mcc: MerchantCategoryCode?
    if let field = fields.nonEmpty(columns.mcc) {
      guard field.count == 4 else { return nil }
      var value: Int16 = 0
      for byte in field {
        guard byte &- 48 < 10 else { return nil }
        value = value * 10 + Int16(byte - 48)
      }
      mcc = MerchantCategoryCode(value: value)
    }
    self.time = time
    self.amount = amount
    self.refunded = refunded
    self.mcc = mcc
    self.merchant = merchant
  }

  private static func money(_ field: UnsafeRawBufferPointer) -> Money? {
    try? Money.parse(utf8: field.assumingMemoryBound(to: UInt8.self))
  }
}

extension CSVRawFields {
  /// The trimmed bytes of field `index`, or nil when the column is absent (-1) or the field
  /// empty.
  func nonEmpty(_ index: Int) -> UnsafeRawBufferPointer? {
    guard index >= 0 else { return nil }
    let field = self[index]
    return field.isEmpty ? nil : field
  }
}

/// One transaction row's values, with its card and enrollment resolved to ledger indices.
struct ParsedTransaction {
  var card: Int32
  var time: Instant
  var amount: Money
  var currency: Currency
  var method: PaymentMethod
  var status: TransactionStatus
  var refunded: Money
  var enrollment: Int32
  var mcc: MerchantCategoryCode?
  /// The merchant's bytes, nil when none: valid only while the row's fields are, as the id's
  /// bytes handed on beside it are. A ledger keeps them only when asked to.
  var merchant: UnsafeRawBufferPointer?
}

extension UnsafeRawBufferPointer {
  /// Whether the bytes are exactly this ASCII text: an inlined loop over a few bytes, as the
  /// codes compared on every row of a file are too short to pay for a library call (`memcmp`)
  /// or generic code (`elementsEqual` on a string's UTF-8 view).
  @inline(__always)
  func equals(_ text: StaticString) -> Bool {
    guard count == text.utf8CodeUnitCount else { return false }
    let expected = text.utf8Start
    for index in 0..<count where self[index] != expected[index] { return false }
    return true
  }
}
