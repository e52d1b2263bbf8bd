import WalletCore

/// Reading domain values out of rows and writing them as arguments; the columns are the tables'.
extension Card {
  static let columns = "id, holder, network, type, role, issuer, last4"

  init(row: Row) throws {
    let stored = StoredRow(row, table: "cards")
    self.init(
      id: stored.id, holder: try stored.identifier(1, "holder"),
      network: try stored.code(2, "network"), type: try stored.code(3, "type"),
      role: try stored.code(4, "role"), issuer: try stored.optionalText(5, "issuer"),
      last4: try stored.optionalText(6, "last4"))
  }

  var arguments: [(any DatabaseValueConvertible)?] {
    [id.rawValue, holder.rawValue, network.rawValue, type.rawValue, role.rawValue, issuer, last4]
  }
}

extension Enrollment {
  static let columns = "id, card, channel, enrolled_at, removed_at"

  init(row: Row) throws {
    let stored = StoredRow(row, table: "enrollments")
    self.init(
      id: stored.id, card: try stored.identifier(1, "card"),
      channel: try stored.code(2, "channel"), enrolledAt: try stored.instant(3, "enrolled_at"),
      removedAt: try stored.optionalInstant(4, "removed_at"))
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

  /// `columns`, each qualified by a table's alias, for a query that joins.
  static func columns(of alias: String) -> String {
    columns.split(separator: ", ").map { "\(alias).\($0)" }.joined(separator: ", ")
  }

  init(row: Row) throws {
    let stored = StoredRow(row, table: "transactions")
    self.init(
      id: stored.id, card: try stored.identifier(1, "card"), time: try stored.instant(2, "time"),
      amount: try stored.money(3, "amount"), currency: try stored.currency(4, "currency"),
      method: try stored.code(5, "method"), status: try stored.code(6, "status"),
      refunded: try stored.money(7, "refunded"),
      enrollment: try stored.optionalIdentifier(8, "enrollment"),
      merchant: try stored.optionalText(9, "merchant"), mcc: try stored.optionalMCC(10, "mcc"))
  }

  /// Binds `arguments` one by one, without building the array: the insert of a large import.
  func bind(to statement: SQLiteStatement) throws {
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
