import WalletCore

/// Reading domain values out of rows and writing them as arguments; the columns are the tables'.
extension Card {
  static let columns = "id, holder, network, type, role, issuer, last4"

  init(row: Row) {
    self.init(
      id: Identifier(row.string(at: 0)), holder: Identifier(row.string(at: 1)),
      network: Network(rawValue: row.string(at: 2)) ?? .unionpay,
      type: CardType(rawValue: row.string(at: 3)) ?? .credit,
      role: CardRole(rawValue: row.string(at: 4)) ?? .primary,
      issuer: row.isNull(at: 5) ? nil : row.string(at: 5),
      last4: row.isNull(at: 6) ? nil : row.string(at: 6))
  }

  var arguments: [(any DatabaseValueConvertible)?] {
    [id.rawValue, holder.rawValue, network.rawValue, type.rawValue, role.rawValue, issuer, last4]
  }
}

extension Enrollment {
  static let columns = "id, card, channel, enrolled_at, removed_at"

  init(row: Row) {
    self.init(
      id: Identifier(row.string(at: 0)), card: Identifier(row.string(at: 1)),
      channel: Channel(rawValue: row.string(at: 2)) ?? .wallet,
      enrolledAt: Instant(nanosecondsSinceEpoch: row.int64(at: 3)),
      removedAt: row.isNull(at: 4) ? nil : Instant(nanosecondsSinceEpoch: row.int64(at: 4)))
  }

  var arguments: [(any DatabaseValueConvertible)?] {
    [
      id.rawValue, card.rawValue, channel.rawValue, enrolledAt.nanosecondsSinceEpoch,
      removedAt?.nanosecondsSinceEpoch,
    ]
  }
}

extension Transaction {
  static let columns =
    "id, card, time, amount, currency, method, status, refunded, enrollment, merchant, mcc"

  init(row: Row) {
    self.init(
      id: Identifier(row.string(at: 0)), card: Identifier(row.string(at: 1)),
      time: Instant(nanosecondsSinceEpoch: row.int64(at: 2)),
      amount: Money(minorUnits: row.int64(at: 3)),
      currency: Currency(parsing: row.string(at: 4)) ?? .cny,
      method: PaymentMethod(rawValue: row.string(at: 5)) ?? .applePay,
      status: TransactionStatus(rawValue: row.string(at: 6)) ?? .settled,
      refunded: Money(minorUnits: row.int64(at: 7)),
      enrollment: row.isNull(at: 8) ? nil : Identifier(row.string(at: 8)),
      merchant: row.isNull(at: 9) ? nil : row.string(at: 9),
      mcc: row.isNull(at: 10) ? nil : MerchantCategoryCode(parsing: row.string(at: 10)))
  }

  /// Binds `arguments` one by one, without building the array: the insert of a large import.
  func bind(to statement: Statement) throws {
    try statement.bind(text: id.rawValue, at: 1)
    try statement.bind(text: card.rawValue, at: 2)
    try statement.bind(integer: time.nanosecondsSinceEpoch, at: 3)
    try statement.bind(integer: amount.minorUnits, at: 4)
    try statement.bind(text: currency.code, at: 5)
    try statement.bind(text: method.rawValue, at: 6)
    try statement.bind(text: status.rawValue, at: 7)
    try statement.bind(integer: refunded.minorUnits, at: 8)
    try statement.bind(text: enrollment?.rawValue, at: 9)
    try statement.bind(text: merchant, at: 10)
    try statement.bind(text: mcc?.description, at: 11)
  }

  var arguments: [(any DatabaseValueConvertible)?] {
    [
      id.rawValue, card.rawValue, time.nanosecondsSinceEpoch, amount.minorUnits, currency.code,
      method.rawValue, status.rawValue, refunded.minorUnits, enrollment?.rawValue, merchant,
      mcc?.description,
    ]
  }
}
