/// What an issuer actually posted to a card for a promotion (SPEC section 4): a reward paid
/// (刷卡金返还) or a reward taken back (刷卡金扣回). Reconciliation compares these with the
/// decisions.
public struct Posting: Hashable, Sendable {
  /// Whether a posting pays or takes back.
  public enum Kind: String, CanonicalCode {
    /// A reward paid (刷卡金返还).
    case credit
    /// A reward taken back (刷卡金扣回).
    case clawback

    /// The name used in messages about a code outside the list.
    public static let codeKind = CodeKind.postingKind
  }

  /// The posting's id: the issuer's, or one made from its facts (`defaultID`).
  public var id: Identifier
  /// The card it was posted to.
  public var card: Identifier
  /// The posting date (记账日期).
  public var date: CivilDate
  /// Credit or clawback.
  public var kind: Kind
  /// The amount, greater than zero.
  public var amount: Money
  /// The transaction whose reward it pays or takes back, when the issuer says.
  public var transaction: Identifier?
  /// For a clawback, the credit it takes back; for a credit, the clawback it undoes.
  public var reverses: Identifier?
  /// The statement's words for it.
  public var description: String?

  /// A posting.
  public init(
    id: Identifier, card: Identifier, date: CivilDate, kind: Kind, amount: Money,
    transaction: Identifier? = nil, reverses: Identifier? = nil, description: String? = nil
  ) {
    precondition(amount > .zero, "a posting's amount is greater than zero")
    self.id = id
    self.card = card
    self.date = date
    self.kind = kind
    self.amount = amount
    self.transaction = transaction
    self.reverses = reverses
    self.description = description
  }

  /// The SPEC's id for a posting listed without one, stable when a file is imported again:
  /// `<card>:<date>:<kind>:<amount as written>:<k>`, `k` counting from 1 the rows of the same
  /// card, date, kind and amount in the file.
  public static func defaultID(
    card: Identifier, date: CivilDate, kind: Kind, amountAsWritten: String, occurrence: Int
  ) -> Identifier {
    precondition(occurrence >= 1, "occurrences count from 1")
    return Identifier(
      "\(card.rawValue):\(date):\(kind.rawValue):\(amountAsWritten):\(occurrence)")
  }
}
