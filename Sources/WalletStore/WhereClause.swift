import WalletCore

/// The `WHERE` clause of a listing, built a condition at a time beside its bound arguments, so
/// that every list query filters a holder's and a card's rows the same way.
struct WhereClause {
  private var conditions: [String] = []
  /// The arguments, in the order of the conditions' placeholders.
  private(set) var arguments: [(any DatabaseValueConvertible)?] = []

  /// Adds `condition`, whose one placeholder takes `argument`, when there is an argument.
  mutating func add(_ condition: String, _ argument: (any DatabaseValueConvertible)?) {
    guard let argument else { return }
    conditions.append(condition)
    arguments.append(argument)
  }

  /// Only the rows of `holder`'s cards and of `card`, each when given, in a table whose rows
  /// name a `card`.
  mutating func cards(holder: Identifier?, card: Identifier?) {
    add("card IN (SELECT id FROM cards WHERE holder = ?)", holder?.rawValue)
    add("card = ?", card?.rawValue)
  }

  /// ` WHERE a AND b`, or nothing when there is no condition.
  var sql: String {
    conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
  }
}
