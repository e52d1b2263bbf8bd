/// A payment card, as wallet keeps it: never its full number, at most its last four digits.
public struct Card: Hashable, Sendable {
  /// The card's id.
  public var id: Identifier
  /// The primary cardholder whose account the card belongs to; rewards accrue to them.
  public var holder: Identifier
  /// The payment network.
  public var network: Network
  /// Credit, debit or prepaid.
  public var type: CardType
  /// Primary or supplementary.
  public var role: CardRole
  /// The issuing bank: a known bank's code (`bocom`, see `Issuer.code`), else free text as
  /// written; nil when unknown.
  public var issuer: String?
  /// The last four digits printed on the card, for display.
  public var last4: String?

  /// A card with every field given.
  public init(
    id: Identifier, holder: Identifier, network: Network, type: CardType,
    role: CardRole = .primary, issuer: String? = nil, last4: String? = nil
  ) {
    self.id = id
    self.holder = holder
    self.network = network
    self.type = type
    self.role = role
    self.issuer = issuer
    self.last4 = last4
  }
}

/// One binding of a card to Apple Pay on one device.
public struct Enrollment: Hashable, Sendable {
  /// The enrollment's id.
  public var id: Identifier
  /// The card it binds.
  public var card: Identifier
  /// Where it was bound, which decides the reward schedule.
  public var channel: Channel
  /// When it was bound.
  public var enrolledAt: Instant
  /// When it was removed, if it was; always later than `enrolledAt`.
  public var removedAt: Instant?

  /// An enrollment with every field given.
  public init(
    id: Identifier, card: Identifier, channel: Channel, enrolledAt: Instant,
    removedAt: Instant? = nil
  ) {
    precondition(removedAt.map { $0 > enrolledAt } ?? true, "removed before enrolled")
    self.id = id
    self.card = card
    self.channel = channel
    self.enrolledAt = enrolledAt
    self.removedAt = removedAt
  }

  /// Whether the binding is in force at `instant`: enrolled at or before it, not yet removed.
  public func isActive(at instant: Instant) -> Bool {
    enrolledAt <= instant && removedAt.map { instant < $0 } ?? true
  }

  /// The id the SPEC gives an enrollment listed without one, stable across files:
  /// `<card>:<canonical channel>:<enrolled_at exactly as written>`.
  public static func defaultID(card: Identifier, channel: Channel, enrolledAtAsWritten: String)
    -> Identifier
  {
    Identifier("\(card.rawValue):\(channel.rawValue):\(enrolledAtAsWritten)")
  }
}

/// A purchase, and what has been refunded of it.
public struct Transaction: Hashable, Sendable {
  /// The transaction's id (a bank reference may be a long string of digits).
  public var id: Identifier
  /// The card it was paid with.
  public var card: Identifier
  /// When it happened.
  public var time: Instant
  /// The amount paid, greater than zero.
  public var amount: Money
  /// The currency of `amount`.
  public var currency: Currency
  /// How it was paid.
  public var method: PaymentMethod
  /// Where it stands with the bank.
  public var status: TransactionStatus
  /// How much has been refunded so far, never more than `amount`.
  public var refunded: Money
  /// The binding it was paid with, when the bank says.
  public var enrollment: Identifier?
  /// The merchant's name.
  public var merchant: String?
  /// The merchant's category.
  public var mcc: MerchantCategoryCode?

  /// A transaction; a field left out takes its value from `Defaults`.
  public init(
    id: Identifier, card: Identifier, time: Instant, amount: Money,
    currency: Currency = Defaults.currency, method: PaymentMethod = Defaults.method,
    status: TransactionStatus = Defaults.status, refunded: Money = Defaults.refunded,
    enrollment: Identifier? = nil, merchant: String? = nil, mcc: MerchantCategoryCode? = nil
  ) {
    precondition(amount > .zero, "a transaction's amount is greater than zero")
    precondition(refunded >= .zero && refunded <= amount, "refunded exceeds the amount")
    self.id = id
    self.card = card
    self.time = time
    self.amount = amount
    self.currency = currency
    self.method = method
    self.status = status
    self.refunded = refunded
    self.enrollment = enrollment
    self.merchant = merchant
    self.mcc = mcc
  }

  /// What the cardholder paid in the end: the amount less refunds.
  public var netAmount: Money { amount - refunded }
}

extension Transaction {
  /// The SPEC's values for the fields a transaction may leave out: a purchase in CNY, paid with
  /// Apple Pay, settled, nothing refunded. Every way in (CSV files, `wallet txn add`, the
  /// purchase `wallet check` imagines) fills its gaps from here, so that they cannot drift apart.
  public enum Defaults {
    /// The currency: `CNY`.
    public static let currency = Currency.cny
    /// The payment method: `apple-pay`.
    public static let method = PaymentMethod.applePay
    /// The status: `settled`.
    public static let status = TransactionStatus.settled
    /// What has been refunded: nothing.
    public static let refunded = Money.zero
  }
}
