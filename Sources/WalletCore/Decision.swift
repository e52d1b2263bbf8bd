/// Why a transaction did not earn, in the SPEC's order of precedence: the first check that fails
/// gives the reason.
public enum ReasonCode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// The bank declined the payment.
  case declined
  /// It was refunded or reversed, or refunds reach its whole amount.
  case refunded
  /// It was not paid with Apple Pay.
  case notApplePay = "not-apple-pay"
  /// The card is from an issuer other than the promotion's.
  case otherIssuer = "other-issuer"
  /// The card's type (credit, debit, prepaid) does not qualify.
  case ineligibleCardType = "ineligible-card-type"
  /// The card's network does not qualify.
  case ineligibleNetwork = "ineligible-network"
  /// Supplementary cards are excluded.
  case supplementaryCard = "supplementary-card"
  /// It was not in the promotion's currency.
  case foreignCurrency = "foreign-currency"
  /// It happened before the campaign's first day or after its last.
  case outsideCampaign = "outside-campaign"
  /// Its local date is not among the promotion's `weekdays` or `monthDays` (SPEC 8).
  case outsideDays = "outside-days"
  /// The card was not bound to Apple Pay at the time (or not by the binding it names).
  case notEnrolled = "not-enrolled"
  /// The card was bound through a channel the promotion's `channels` leaves out (SPEC 8).
  case ineligibleChannel = "ineligible-channel"
  /// The merchant's category is excluded.
  case excludedMerchant = "excluded-merchant"
  /// Neither the merchant's category nor its name is among those the promotion lists (SPEC 8).
  case notListedMerchant = "not-listed-merchant"
  /// After refunds it came to less than the minimum spend.
  case belowMinimum = "below-minimum"
  /// The spend of its scope in its period had not reached the promotion's threshold (SPEC 8).
  case belowThreshold = "below-threshold"
  /// The holder already has every reward the promotion pays one person.
  case rewardCapReached = "reward-cap-reached"
  /// The holder was already rewarded in this billing cycle.
  case cycleAlreadyRewarded = "cycle-already-rewarded"
  /// A count limit per day, week, month or quarter was already reached (SPEC 8).
  case periodAlreadyRewarded = "period-already-rewarded"
  /// An amount limit had nothing left in this period (SPEC 8).
  case amountCapReached = "amount-cap-reached"
  /// The promotion has paid its whole quota.
  case quotaExhausted = "quota-exhausted"

  /// The code as the SPEC writes it.
  public var description: String { rawValue }

  /// The reasons only SPEC 8's rules give: a promotion of section 2's form never gives them.
  public static let sectionEightOnly: Set<ReasonCode> = [
    .outsideDays, .ineligibleChannel, .notListedMerchant, .belowThreshold, .periodAlreadyRewarded,
    .amountCapReached,
  ]
}

/// What a rewarded transaction earns.
public struct Reward: Hashable, Sendable {
  /// Which of the holder's rewards this is, from 1.
  public var ordinal: Int
  /// The channel whose schedule pays it.
  public var channel: Channel
  /// The enrollment the purchase was made through.
  public var enrollment: Identifier
  /// The amount paid back.
  public var amount: Money

  /// A reward.
  public init(ordinal: Int, channel: Channel, enrollment: Identifier, amount: Money) {
    self.ordinal = ordinal
    self.channel = channel
    self.enrollment = enrollment
    self.amount = amount
  }
}

/// Whether a transaction earned, and what or why not.
public enum Outcome: Hashable, Sendable {
  /// It earns this reward.
  case rewarded(Reward)
  /// It does not, for this reason.
  case notRewarded(ReasonCode)
  /// Under `refunds: clawback`: it took this reward's place (the ordinal, the tier, a count
  /// towards every limit), but the reward was taken back when the purchase was refunded, so it
  /// pays nothing. Its reason is `refunded`.
  case forfeited(Reward)

  /// The reward paid, when there is one: never a forfeited one.
  public var reward: Reward? {
    if case .rewarded(let reward) = self { reward } else { nil }
  }

  /// The reward whose place the transaction took: paid, or forfeited. This is what counts
  /// towards a holder's rewards, a cycle's and the quota.
  public var place: Reward? {
    switch self {
    case .rewarded(let reward), .forfeited(let reward): reward
    case .notRewarded: nil
    }
  }

  /// The reward taken back, when the outcome is forfeited.
  public var forfeitedReward: Reward? {
    if case .forfeited(let reward) = self { reward } else { nil }
  }

  /// The reason, when nothing is paid: a forfeited reward's is `refunded`.
  public var reason: ReasonCode? {
    switch self {
    case .rewarded: nil
    case .notRewarded(let reason): reason
    case .forfeited: .refunded
    }
  }

  /// The outcome's name in output files: `rewarded`, `not-rewarded` or `forfeited`.
  public var name: String {
    switch self {
    case .rewarded: "rewarded"
    case .notRewarded: "not-rewarded"
    case .forfeited: "forfeited"
    }
  }
}

/// The engine's decision about one transaction, with the facts that led to it.
public struct Decision: Hashable, Sendable {
  /// The transaction decided.
  public var transaction: Identifier
  /// The primary holder whose rewards it counts toward.
  public var holder: Identifier
  /// The card it was paid with.
  public var card: Identifier
  /// The billing cycle it falls in.
  public var cycle: BillingCycle
  /// Whether it earns.
  public var outcome: Outcome
  /// The enrollment that counts for it, when one was active (the named one, or the inferred one).
  public var enrollment: Identifier?
  /// The holder's rewards before this transaction.
  public var holderRewardsBefore: Int
  /// The holder's rewards in this cycle before this transaction.
  public var cycleRewardsBefore: Int
  /// The rewards the whole promotion had paid before this transaction, when it has a quota (a
  /// promotion without one does not count, so that holders stay independent).
  public var quotaPaidBefore: Int?

  /// A decision.
  public init(
    transaction: Identifier, holder: Identifier, card: Identifier, cycle: BillingCycle,
    outcome: Outcome, enrollment: Identifier?, holderRewardsBefore: Int,
    cycleRewardsBefore: Int, quotaPaidBefore: Int?
  ) {
    self.transaction = transaction
    self.holder = holder
    self.card = card
    self.cycle = cycle
    self.outcome = outcome
    self.enrollment = enrollment
    self.holderRewardsBefore = holderRewardsBefore
    self.cycleRewardsBefore = cycleRewardsBefore
    self.quotaPaidBefore = quotaPaidBefore
  }
}

// Beside the cases because `init(storedCode:)` reads `allCases` by position: reordering the cases
// renumbers what the engine stores.
extension ReasonCode {
  /// The reason as one byte, 1…21 in the SPEC's order (SPEC 8's reasons in their places; the
  /// count limits' three in the order a section 2 promotion checks them); 0 means rewarded.
  var storedCode: UInt8 {
    // A switch, not a search of `allCases`: the checks of every transaction end here.
    switch self {
    case .declined: 1
    case .refunded: 2
    case .notApplePay: 3
    case .otherIssuer: 4
    case .ineligibleCardType: 5
    case .ineligibleNetwork: 6
    case .supplementaryCard: 7
    case .foreignCurrency: 8
    case .outsideCampaign: 9
    case .outsideDays: 10
    case .notEnrolled: 11
    case .ineligibleChannel: 12
    case .excludedMerchant: 13
    case .notListedMerchant: 14
    case .belowMinimum: 15
    case .belowThreshold: 16
    case .rewardCapReached: 17
    case .cycleAlreadyRewarded: 18
    case .periodAlreadyRewarded: 19
    case .amountCapReached: 20
    case .quotaExhausted: 21
    }
  }

  init(storedCode: UInt8) {
    self = ReasonCode.allCases[Int(storedCode) - 1]
  }
}
