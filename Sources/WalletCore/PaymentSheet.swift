/// The cards Apple Pay's payment sheet would offer for a payment request, and why each other card
/// is left out: PassKit offers a card only when it is bound to Apple Pay now, on a network the
/// request supports, of a type its capabilities allow, and, for a China UnionPay card, only when
/// the merchant offers EMV.
public struct PaymentSheet: Hashable, Sendable {
  /// Why a card is not offered.
  public enum Exclusion: String, CaseIterable, Hashable, Sendable {
    /// The card's network is not among the request's `supportedNetworks`.
    case network
    /// The card's type is not one the request's `credit`/`debit` capabilities allow.
    case type
    /// A UnionPay card, and the request does not offer `emv`.
    case capability
    /// No binding of the card to Apple Pay is active at the time.
    case noActiveBinding = "no-active-binding"
  }

  /// One of the cards asked about.
  public struct Candidate: Hashable, Sendable {
    /// The card.
    public let card: Card
    /// The binding the sheet would pay through: the card's earliest-enrolled binding active at
    /// the time (ties: the smaller id), as the engine counts a purchase; nil when none is.
    public let binding: Enrollment?
    /// Every reason the card is left out, in the order of `Exclusion`; empty when offered.
    public let exclusions: [Exclusion]

    /// Whether the sheet offers the card.
    public var isOffered: Bool { exclusions.isEmpty }
  }

  /// The cards asked about, in the order given.
  public let candidates: [Candidate]

  /// The sheet for `request` at `instant`, over `cards` and their `enrollments`.
  public init(
    request: PaymentRequest, cards: [Card], enrollments: [Enrollment], at instant: Instant
  ) {
    let networks = request.walletNetworks
    let types = request.acceptedCardTypes
    candidates = cards.map { card in
      let binding =
        enrollments
        .filter { $0.card == card.id && $0.isActive(at: instant) }
        .min { ($0.enrolledAt, $0.id) < ($1.enrolledAt, $1.id) }
      var exclusions: [Exclusion] = []
      if !networks.contains(card.network) { exclusions.append(.network) }
      if !types.contains(card.type) { exclusions.append(.type) }
      if card.network == .unionpay && !request.acceptsUnionPay { exclusions.append(.capability) }
      if binding == nil { exclusions.append(.noActiveBinding) }
      return Candidate(card: card, binding: binding, exclusions: exclusions)
    }
  }

  /// The cards offered.
  public var offered: [Candidate] { candidates.filter(\.isOffered) }

  /// The cards left out.
  public var leftOut: [Candidate] { candidates.filter { !$0.isOffered } }

  /// `canMakePayments(usingNetworks:capabilities:)`: whether any card can pay.
  public var canMakePayments: Bool { candidates.contains(where: \.isOffered) }

  /// The card the sheet selects: the offered card that earns most by `CardRecommendation`'s rule
  /// when any earns (`outcomes` gives each offered card's decisions), else the offered card bound
  /// earliest (ties: the smaller card id); nil when no card is offered.
  public func defaultCard(outcomes: [Identifier: [Outcome]]) -> Candidate? {
    let offered = self.offered
    let options = offered.map { candidate in
      CardRecommendation.Option(
        card: candidate.card, binding: candidate.binding,
        outcomes: outcomes[candidate.card.id] ?? [])
    }
    if let best = CardRecommendation(choosingAmong: options) {
      return offered.first { $0.card.id == best.card.id }
    }
    return offered.min { left, right in
      let leftBound = left.binding?.enrolledAt ?? Instant(nanosecondsSinceEpoch: .max)
      let rightBound = right.binding?.enrolledAt ?? Instant(nanosecondsSinceEpoch: .max)
      if leftBound != rightBound { return leftBound < rightBound }
      return left.card.id < right.card.id
    }
  }
}

/// How the merchant answered an authorized payment (`PKPaymentAuthorizationStatus`).
public enum AuthorizationResult: String, CanonicalCode {
  /// The payment went through: the purchase is recorded, pending until it settles.
  case success
  /// The issuer declined it: a declined transaction is recorded.
  case failure
  /// The card asks for its PIN; the sheet stays open and nothing is recorded.
  case pinRequired = "pin-required"
  /// The PIN was wrong; the sheet stays open and nothing is recorded.
  case pinIncorrect = "pin-incorrect"
  /// Too many wrong PINs; the sheet stays open (for another card) and nothing is recorded.
  case pinLockout = "pin-lockout"

  /// Which list these codes are.
  public static let codeKind = CodeKind.authorizationResult

  /// The status of the transaction recorded; nil when nothing is.
  public var recordedStatus: TransactionStatus? {
    switch self {
    case .success: .pending
    case .failure: .declined
    case .pinRequired, .pinIncorrect, .pinLockout: nil
    }
  }
}

extension PaymentRequest {
  /// The purchase the request makes on `card` through `binding` at `time`: the total, in the
  /// request's currency, paid with Apple Pay, at the merchant, with `status`; nil when the total
  /// is zero, which is no purchase.
  public func purchase(
    id: Identifier, card: Identifier, binding: Identifier?, at time: Instant,
    status: TransactionStatus
  ) -> Transaction? {
    guard total.amount > .zero else { return nil }
    return Transaction(
      id: id, card: card, time: time, amount: total.amount, currency: currency,
      method: .applePay, status: status, enrollment: binding, merchant: merchantName, mcc: mcc)
  }
}
