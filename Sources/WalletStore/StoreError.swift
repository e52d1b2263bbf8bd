import WalletCore

/// Why the store refused a request, in words a cardholder understands.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a SQLite database.
  case notAStore(path: String)
  /// The store was written by a newer version of wallet.
  case newerStore(path: String)
  /// The store was written by an older version of wallet, and a command that only reads does
  /// not upgrade it.
  case needsUpgrade(path: String)
  /// The file is a SQLite database, but not a wallet store.
  case foreignDatabase(path: String)
  /// No store exists at the path.
  case missingStore(path: String)
  /// No card has this id.
  case unknownCard(Identifier)
  /// No enrollment has this id.
  case unknownEnrollment(Identifier)
  /// No transaction has this id.
  case unknownTransaction(Identifier)
  /// No installed promotion has this id.
  case unknownPromotion(Identifier)
  /// A record with this id exists with different content.
  case conflict(kind: String, id: Identifier)
  /// The card has transactions, which removing it would delete too.
  case cardHasTransactions(Identifier, count: Int)
  /// A refund would take the refunded total above the amount.
  case refundExceedsAmount(Identifier, refunded: Money, amount: Money)
  /// Transactions on other cards name the card's enrollments; removing it would unlink them.
  case cardEnrollmentsNamedElsewhere(Identifier, count: Int)
  /// Built-in promotions cannot be removed.
  case builtInPromotion(Identifier)
  /// The enrollment was already removed.
  case enrollmentAlreadyRemoved(Identifier, at: Instant)
  /// A removal time at or before the enrollment's start.
  case removalBeforeEnrollment(Identifier)
  /// A stored row holds a value wallet never writes there (`value` nil for NULL): the file was
  /// changed by other software or damaged. The row is refused rather than read as a default,
  /// which would decide rewards on facts nobody recorded.
  case damagedRow(table: String, row: Identifier, column: String, value: String?, expected: String)

  /// A sentence a cardholder understands.
  public var description: String {
    switch self {
    case .notAStore(let path):
      "\(ShownValue.path(path)) is not a wallet store (not a SQLite database)"
    case .newerStore(let path):
      "\(ShownValue.path(path)) was written by a newer version of wallet; upgrade wallet to use it"
    case .needsUpgrade(let path):
      "\(ShownValue.path(path)) was written by an older version of wallet and needs upgrading, which a command "
        + "that only reads does not do; run one that writes to it, such as 'wallet init'"
    case .foreignDatabase(let path):
      "\(ShownValue.path(path)) is a SQLite database but not a wallet store; wallet leaves it alone"
    case .missingStore(let path):
      "no wallet store at \(ShownValue.path(path)); create one with 'wallet init'"
    case .unknownCard(let id): "no card \(Self.shown(id)) in the store"
    case .unknownEnrollment(let id): "no enrollment \(Self.shown(id)) in the store"
    case .unknownTransaction(let id):
      // An id the store does not hold is no bank's reference but what someone typed or wrote:
      // it is masked as any other value that holds a card number.
      "no transaction \(Self.shown(id)) in the store"
    case .unknownPromotion(let id): "no promotion \(Self.shown(id)) is installed"
    case .conflict(let kind, let id):
      // Transaction and posting ids may be banks' references, which SPEC 6 exempts.
      "\(kind) \(Self.shown(id, masks: !["transaction", "posting"].contains(kind))) is already "
        + "in the store with different details; use --replace to overwrite"
    case .cardHasTransactions(let id, let count):
      "card \(Self.shown(id)) has \(count) transaction\(count == 1 ? "" : "s"); use --force to "
        + "remove it with its transactions and enrollments"
    case .cardEnrollmentsNamedElsewhere(let id, let count):
      "\(count) transaction\(count == 1 ? "" : "s") on other cards name\(count == 1 ? "s" : "") "
        + "an enrollment of card \(Self.shown(id)); use --force to remove the card and unlink "
        + "\(count == 1 ? "it" : "them")"
    case .refundExceedsAmount(let id, let refunded, let amount):
      "transaction \(Self.shown(id, masks: false)) would have ¥\(refunded) refunded, more than its "
        + "amount ¥\(amount)"
    case .builtInPromotion(let id): "\(Self.shown(id)) is built in and cannot be removed"
    case .enrollmentAlreadyRemoved(let id, _): "enrollment \(Self.shown(id)) was already removed"
    case .removalBeforeEnrollment(let id):
      "enrollment \(Self.shown(id)) cannot be removed at or before the time it was enrolled"
    case .damagedRow(let table, let row, let column, let value, let expected):
      // Rows of transactions, decisions and refunds are named by transaction ids, which SPEC 6
      // exempts: banks' references are long digit strings.
      "the store is damaged: table \(table), row "
        + "\(Self.shown(row, masks: !["transactions", "decisions", "refunds"].contains(table))), "
        + "column \(column) holds \(value.map { ShownValue.quoted($0) } ?? "nothing (NULL)"), "
        + "which is not \(expected)"
    }
  }
}

extension StoreError {
  /// Whether the error is about the store itself, not about a row being added: an import stops
  /// at it whatever its policy, rather than report a line of its file as the cause.
  var isDamage: Bool {
    if case .damagedRow = self { true } else { false }
  }

  /// An id quoted for a message: a value that looks like a card number is never echoed, and
  /// control characters are escaped so that a hostile id cannot rewrite the terminal.
  public static func shown(_ id: Identifier, masks: Bool = true) -> String {
    if masks, let lastFour = CardNumberGuard.lastFourOfCardNumber(in: id.rawValue) {
      return "(a card number ending \(lastFour), not shown)"
    }
    var text = ""
    for scalar in id.rawValue.unicodeScalars.prefix(60) {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return "'" + text + (id.rawValue.unicodeScalars.count > 60 ? "…" : "") + "'"
  }
}

/// What adding a record did.
public enum UpsertOutcome: Equatable, Sendable {
  /// It was new.
  case inserted
  /// The same record was already there; nothing changed.
  case unchanged
  /// A different record with the id was overwritten (only when asked).
  case replaced
}
