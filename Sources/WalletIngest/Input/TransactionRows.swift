import WalletCore

/// Turns transaction rows into ledger values, resolving their card and enrollment ids against
/// the cards and enrollments read before them.
///
/// Rows take a fast path straight from the CSV bytes: ids are looked up by their bytes, and times
/// and amounts parsed without a `String`. A row that is in any way unusual is handed to the
/// ordinary row parser instead, which either reads it or reports exactly what is wrong, so there
/// is one set of rules and messages. It holds no mutable state, so the threads that read the
/// parts of a large file share one.
struct TransactionRowReader: Sendable {
  let cardsPath: String
  let enrollmentsPath: String
  let zone: TimeZoneRules
  let cards: IDLookup
  let enrollments: IDLookup
  let columns: ColumnPositions

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
    let columns = self.columns
    return try record.withRawFields { (fields) throws(InputError) -> Bool in
      guard let parsed = fastTransaction(fields, columns: columns) else { return false }
      try body(parsed, fields[columns.id])
      return true
    }
  }

  /// Reads a row that is not plain with the ordinary row parser.
  private func readUnusual(
    _ row: CSVRow,
    _ body: (ParsedTransaction, UnsafeRawBufferPointer) throws(InputError) -> Void
  ) throws(InputError) {
    let transaction = try row.transaction(naiveIn: zone)
    guard let card = cards.entry(of: transaction.card.rawValue) else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(transaction.card.rawValue)) is not in \(cardsPath)")
    }
    var named: Int32 = -1
    if let enrollment = transaction.enrollment {
      guard let found = enrollments.entry(of: enrollment.rawValue) else {
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
      try body(parsed, fields[columns.id])
    }
  }

  /// The row read straight from its bytes, or nil when anything about it needs the ordinary
  /// parser (an error, a non-default code, a merchant with many digits).
  private func fastTransaction(_ fields: CSVRawFields, columns: ColumnPositions)
    -> ParsedTransaction?
  {
    guard let card = cards.entry(of: fields[columns.card]),
      let plain = plainTransaction(fields, columns: columns)
    else { return nil }
    return ParsedTransaction(
      card: card, time: Instant(nanosecondsSinceEpoch: plain.time),
      amount: Money(minorUnits: plain.amount), currency: .cny, method: .applePay,
      status: .settled, refunded: Money(minorUnits: plain.refunded),
      enrollment: plain.enrollment,
      mcc: plain.mcc < 0 ? nil : MerchantCategoryCode(value: plain.mcc))
  }

  /// The row read straight from its bytes but for its card, which the caller looks up from
  /// `fields[columns.card]`; nil as for `fastTransaction`.
  func plainTransaction(_ fields: CSVRawFields, columns: ColumnPositions) -> PlainTransaction? {
    guard fields.count == columns.width, !fields[columns.id].isEmpty,
      let values = PlainTransactionValues(fields, columns: columns, naiveIn: zone)
    else { return nil }
    var named: Int32 = -1
    if let field = fields.nonEmpty(columns.enrollment) {
      guard let found = enrollments.entry(of: field) else { return nil }
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

extension CSVRow {
  /// `transaction(naiveIn:)`, straight from the bytes when the row is plain (see
  /// `PlainTransactionValues`): what an import of millions of rows reads.
  package func transaction(naiveIn zone: TimeZoneRules, columns: ColumnPositions)
    throws(InputError)
    -> Transaction
  {
    let plain = record.withRawFields { fields -> Transaction? in
      guard fields.count == columns.width else { return nil }
      let id = fields[columns.id]
      guard !id.isEmpty, let card = plainText(fields[columns.card]),
        let values = PlainTransactionValues(fields, columns: columns, naiveIn: zone)
      else { return nil }
      return Transaction(
        id: Identifier(String(decoding: id, as: UTF8.self)), card: Identifier(card),
        time: values.time,
        amount: values.amount, refunded: values.refunded,
        enrollment: fields.nonEmpty(columns.enrollment).map {
          Identifier(String(decoding: $0, as: UTF8.self))
        },
        merchant: values.merchant.map { String(decoding: $0, as: UTF8.self) }, mcc: values.mcc)
    }
    if let plain { return plain }
    return try transaction(naiveIn: zone)
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
}
