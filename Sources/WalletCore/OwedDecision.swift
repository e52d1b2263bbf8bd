/// A decision that leaves the issuer owing something (SPEC section 7): a reward to pay, or a
/// forfeited reward to take back. Reconciliation works on these rather than on `Decision`, so
/// that it stays independent of how the engine and the store represent outcomes.
public struct OwedDecision: Hashable, Sendable {
  /// What is owed.
  public enum Kind: String, Hashable, Sendable {
    /// A reward the issuer must pay.
    case rewarded
    /// A reward paid and then lost to a refund: the issuer may pay it only if it takes it back.
    case forfeited
  }

  /// The transaction that earned it.
  public var transaction: Identifier
  /// The primary holder it is owed to (a supplementary card's primary, when it counts for one).
  public var holder: Identifier
  /// The card the purchase was paid with.
  public var card: Identifier
  /// When the purchase was made: orders the decisions as they take credits.
  public var time: Instant
  /// The purchase's date in the promotion's time zone: the first day of the window.
  public var localDate: CivilDate
  /// The first day of the purchase's billing cycle.
  public var cycleStart: CivilDate
  /// The last day of that cycle.
  public var cycleEnd: CivilDate
  /// A reward or a forfeited one.
  public var kind: Kind
  /// The reward (for a forfeited decision: the amount taken back).
  public var amount: Money
  /// Days after the cycle's end by which the issuer posts the reward.
  public var postingDays: Int

  /// An owed decision.
  public init(
    transaction: Identifier, holder: Identifier, card: Identifier, time: Instant,
    localDate: CivilDate, cycleStart: CivilDate, cycleEnd: CivilDate, kind: Kind, amount: Money,
    postingDays: Int
  ) {
    precondition(postingDays >= 0, "posting days are zero or more")
    self.transaction = transaction
    self.holder = holder
    self.card = card
    self.time = time
    self.localDate = localDate
    self.cycleStart = cycleStart
    self.cycleEnd = cycleEnd
    self.kind = kind
    self.amount = amount
    self.postingDays = postingDays
  }

  /// The last day by which the issuer should have posted it: the cycle's last day plus
  /// `postingDays`.
  public var due: CivilDate { cycleEnd.adding(days: postingDays) }

  /// What the engine decided, as reconciliation needs it; nil when the decision owes nothing.
  /// The one place where engine outcomes become owed decisions.
  public init?(decision: Decision, time: Instant, promotion: Promotion) {
    let kind: Kind
    let amount: Money
    switch decision.outcome {
    case .rewarded(let reward):
      kind = .rewarded
      amount = reward.amount
    case .forfeited(let reward):
      kind = .forfeited
      amount = reward.amount
    case .notRewarded:
      return nil
    }
    self.init(
      transaction: decision.transaction, holder: decision.holder, card: decision.card,
      time: time, localDate: time.localDate(in: promotion.timeZone),
      cycleStart: decision.cycle.start, cycleEnd: decision.cycle.end, kind: kind, amount: amount,
      postingDays: promotion.postingDays)
  }
}
