// SPEC 3 and 8's decision stated once, readably: the order of the checks as a table, and a plain
// one-pass decision that follows it, with no columns, no parallel loops and no unsafe buffers.
// It is the reference the fast engine is held to; nothing in a command reads it.

/// One check of the decision (SPEC 3's table with SPEC 8's additions), named for what it asks.
public enum PromotionCheck: String, Hashable, Sendable {
  case declined, refunded, applePay, issuer, cardType, network, supplementary, currency
  case campaign, days, enrolled, channel, excludedMerchant, listedMerchant, minimumSpend
  case rewardAboveZero, threshold, countLimits, amountLimits, quota
}

/// A row of the table of checks: what is checked, the reasons a failure gives, and the question
/// it asks, in words a reader can follow.
public struct DecisionStep: Hashable, Sendable {
  /// The check.
  public let check: PromotionCheck
  /// The reasons a failure gives: one, or for count limits the one of the limit's period.
  public let reasons: [ReasonCode]
  /// What the check asks; the transaction fails when the answer is yes.
  public let fails: String
  /// Whether a transaction must pass this check to qualify (SPEC 8): the checks before the
  /// reward is reckoned.
  public let qualifies: Bool
}

extension DecisionStep {
  /// Every check in the order it is made: the first that fails gives the reason, and a
  /// transaction that passes them all is rewarded (or, under `refunds: clawback`, forfeits).
  public static let order: [DecisionStep] = [
    row(.declined, .declined, "the status is declined"),
    row(
      .refunded, .refunded,
      "the status is refunded or reversed, or refunds reach the amount (clawback: reversed only)"),
    row(.applePay, .notApplePay, "the method is not apple-pay"),
    row(.issuer, .otherIssuer, "the promotion names an issuer and the card's differs"),
    row(.cardType, .ineligibleCardType, "the card's type is not in cardTypes"),
    row(.network, .ineligibleNetwork, "networks is set and the card's network is not in it"),
    row(.supplementary, .supplementaryCard, "the card is supplementary and they are excluded"),
    row(.currency, .foreignCurrency, "the currency is not the promotion's"),
    row(.campaign, .outsideCampaign, "the local date is before the campaign or after it"),
    row(.days, .outsideDays, "the local date is not among weekdays or monthDays"),
    row(.enrolled, .notEnrolled, "no enrollment of the card is active (or the named one is not)"),
    row(.channel, .ineligibleChannel, "the enrollment's channel is not in channels"),
    row(.excludedMerchant, .excludedMerchant, "the mcc is in excludedMCCs"),
    row(.listedMerchant, .notListedMerchant, "neither mccs nor merchants matches"),
    row(
      .minimumSpend, .belowMinimum, "the base (clawback: the whole amount) is below minimumSpend"),
    row(
      .rewardAboveZero, .belowMinimum, "the reward before any limit is zero fen",
      qualifies: false),
    row(
      .threshold, .belowThreshold,
      "the spend of the scope in the period (reaching: so far; all: the whole period) is below it",
      qualifies: false),
    DecisionStep(
      check: .countLimits,
      reasons: [.rewardCapReached, .cycleAlreadyRewarded, .periodAlreadyRewarded],
      fails: "a count limit, coarsest period first and holder before card, has reached its count",
      qualifies: false),
    row(
      .amountLimits, .amountCapReached, "an amount limit has nothing left for the reward",
      qualifies: false),
    row(.quota, .quotaExhausted, "the promotion has already paid its quota", qualifies: false),
  ]

  private static func row(
    _ check: PromotionCheck, _ reason: ReasonCode, _ fails: String, qualifies: Bool = true
  ) -> DecisionStep {
    DecisionStep(check: check, reasons: [reason], fails: fails, qualifies: qualifies)
  }
}

extension PromotionPeriod {
  /// The first day of the period of this kind that holds the local date `date`, which names
  /// it; nil for `campaign`, one period for all time.
  public func firstDay(containing date: CivilDate, cycleStartDay: Int) -> CivilDate? {
    switch self {
    case .day: date
    case .week: date.adding(days: 1 - date.isoWeekday)
    case .month: CivilDate(year: date.year, month: date.month, day: 1)
    case .cycle: BillingCycle(containing: date, startDay: cycleStartDay).start
    case .quarter: CivilDate(year: date.year, month: (date.month - 1) / 3 * 3 + 1, day: 1)
    case .campaign: nil
    }
  }

  /// The reason a count limit of this period gives when it is reached (SPEC 8).
  public var countReason: ReasonCode {
    switch self {
    case .campaign: .rewardCapReached
    case .cycle: .cycleAlreadyRewarded
    case .day, .week, .month, .quarter: .periodAlreadyRewarded
    }
  }
}

extension CivilDate {
  /// The ISO weekday: 1 Monday … 7 Sunday. 1970-01-01 was a Thursday.
  public var isoWeekday: Int {
    let fromMonday = (daysSinceEpoch + 3) % 7
    return (fromMonday + 7) % 7 + 1
  }
}

extension RewardLimit {
  /// Count limits in the order they are checked: from the coarsest period to the finest, the
  /// holder before the card at the same period, and otherwise as the file lists them.
  static func checkingOrder(_ limits: [RewardLimit]) -> [RewardLimit] {
    func rank(_ limit: RewardLimit) -> Int {
      PromotionPeriod.coarsestFirst.firstIndex(of: limit.period)! * 2
        + (limit.scope == .holder ? 0 : 1)
    }
    return limits.enumerated().sorted {
      (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
    }
    .map(\.element)
  }
}

/// SPEC 3 and 8's decision for every transaction under one promotion, written to be read: one
/// pass in order of time, then id bytes, following `DecisionStep.order`, that keeps every place
/// taken and counts what it needs by looking back over them. Quadratic, and meant to be: it is
/// the reference the fast engine (`RewardEngine`) is held to, for promotions of any kind.
///
/// Every transaction's card must be among `cards`, and ids unique. Decisions come back in the
/// order the transactions are given, with the holder's, the cycle's and (with a quota) the
/// promotion's places before each, as the engine records them.
public func decideReadably(
  _ promotion: Promotion, cards: [Card], enrollments: [Enrollment], transactions: [Transaction]
) -> [Decision] {
  var reader = ReadableDecision(promotion: promotion, cards: cards, enrollments: enrollments)
  return reader.decide(transactions)
}

/// The state of the readable decision's pass.
private struct ReadableDecision {
  /// A place taken by a rewarded or forfeited transaction: what every limit and the quota count.
  struct Place {
    var holder: Identifier
    var card: Identifier
    var date: CivilDate
    var amount: Money
  }

  /// What checks 1–12 and SPEC 8's three find of one transaction, before any state is read.
  struct Facts {
    var transaction: Transaction
    var card: Card
    var date: CivilDate
    var enrollment: Enrollment?
    /// The first of the qualifying checks that fails; nil when the transaction qualifies.
    var failure: ReasonCode?
    /// What the reward is reckoned on: `amount - refunded`, or under clawback `amount`.
    var base: Money
  }

  let promotion: Promotion
  let cardsByID: [Identifier: Card]
  let enrollments: [Enrollment]
  var places: [Place] = []

  init(promotion: Promotion, cards: [Card], enrollments: [Enrollment]) {
    self.promotion = promotion
    cardsByID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.enrollments = enrollments
  }

  var clawback: Bool { promotion.refunds == .clawback }

  mutating func decide(_ transactions: [Transaction]) -> [Decision] {
    let facts = transactions.map(facts(of:))
    let ordered = facts.indices.sorted {
      RewardEngine.decides(
        facts[$0].transaction.id, at: facts[$0].transaction.time,
        before: facts[$1].transaction.id, at: facts[$1].transaction.time)
    }
    var decisions = [Decision?](repeating: nil, count: facts.count)
    for (position, index) in ordered.enumerated() {
      let fact = facts[index]
      let holderPlaces = places.filter { $0.holder == fact.card.holder }
      let cycle = BillingCycle(containing: fact.date, startDay: promotion.cycleStartDay)
      let cycleStart = PromotionPeriod.cycle.firstDay(
        containing: fact.date, cycleStartDay: promotion.cycleStartDay)
      let outcome = self.outcome(
        of: fact, among: facts, before: ordered[...position].map { facts[$0] })
      decisions[index] = Decision(
        transaction: fact.transaction.id, holder: fact.card.holder, card: fact.card.id,
        cycle: cycle, outcome: outcome, enrollment: fact.enrollment?.id,
        holderRewardsBefore: holderPlaces.count,
        cycleRewardsBefore: holderPlaces.filter {
          PromotionPeriod.cycle.firstDay(
            containing: $0.date, cycleStartDay: promotion.cycleStartDay)
            == cycleStart
        }.count,
        quotaPaidBefore: promotion.quota == nil ? nil : places.count)
      if let place = outcome.place {
        places.append(
          Place(
            holder: fact.card.holder, card: fact.card.id, date: fact.date, amount: place.amount))
      }
    }
    return decisions.map { $0! }
  }

  /// Checks 1–12 and SPEC 8's three, in `DecisionStep.order`: none reads what came before.
  func facts(of transaction: Transaction) -> Facts {
    guard let card = cardsByID[transaction.card] else {
      preconditionFailure("transaction \(transaction.id) names a card not given")
    }
    let date = transaction.time.localDate(in: promotion.timeZone)
    let enrollment = self.enrollment(of: transaction)
    let base = clawback ? transaction.amount : transaction.amount - transaction.refunded
    var facts = Facts(
      transaction: transaction, card: card, date: date, enrollment: enrollment, failure: nil,
      base: base)
    for step in DecisionStep.order where step.qualifies {
      if fails(step.check, facts) {
        facts.failure = step.reasons[0]
        break
      }
    }
    return facts
  }

  /// The enrollment a transaction counts under: the one it names, when that is its card's and
  /// active; else the card's active one enrolled earliest (ties: the smaller id).
  func enrollment(of transaction: Transaction) -> Enrollment? {
    let active = enrollments.filter {
      $0.card == transaction.card && $0.isActive(at: transaction.time)
    }
    if let named = transaction.enrollment { return active.first { $0.id == named } }
    return active.min { ($0.enrolledAt, $0.id) < ($1.enrolledAt, $1.id) }
  }

  /// Whether a transaction fails one of the checks that decide whether it qualifies.
  func fails(_ check: PromotionCheck, _ facts: Facts) -> Bool {
    let transaction = facts.transaction
    let card = facts.card
    switch check {
    case .declined:
      return transaction.status == .declined
    case .refunded:
      if clawback { return transaction.status == .reversed }
      return transaction.status == .refunded || transaction.status == .reversed
        || transaction.refunded >= transaction.amount
    case .applePay:
      return transaction.method != .applePay
    case .issuer:
      return !Issuer.qualifies(card.issuer, for: promotion.issuer)
    case .cardType:
      return !(promotion.cardTypes?.contains(card.type) ?? true)
    case .network:
      return !(promotion.networks?.contains(card.network) ?? true)
    case .supplementary:
      return card.role == .supplementary && promotion.supplementaryCards == .exclude
    case .currency:
      return transaction.currency != promotion.currency
    case .campaign:
      return facts.date < (promotion.campaignStart ?? facts.date)
        || (promotion.campaignEnd ?? facts.date) < facts.date
    case .days:
      return !(promotion.weekdays?.contains(facts.date.isoWeekday) ?? true)
        || !(promotion.monthDays?.contains(facts.date.day) ?? true)
    case .enrolled:
      return facts.enrollment == nil
    case .channel:
      return !(facts.enrollment.map { promotion.channels?.contains($0.channel) ?? true } ?? false)
    case .excludedMerchant:
      return transaction.mcc.map { promotion.excludedMCCs.contains($0) } ?? false
    case .listedMerchant:
      guard promotion.mccs != nil || promotion.merchants != nil else { return false }
      let byCategory = transaction.mcc.map { promotion.mccs?.contains($0) ?? false } ?? false
      let byName = (promotion.merchants ?? []).contains { listed in
        transaction.merchant.map { Self.contains($0, listed) } ?? false
      }
      return !byCategory && !byName
    case .minimumSpend:
      return facts.base < promotion.minimumSpend
    case .rewardAboveZero, .threshold, .countLimits, .amountLimits, .quota:
      preconditionFailure("\(check) reads the pass's state")
    }
  }

  /// Whether `merchant` contains `listed`, ASCII letters compared without case and every other
  /// byte exactly.
  static func contains(_ merchant: String, _ listed: String) -> Bool {
    func folded(_ text: String) -> [UInt8] {
      text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
    let haystack = folded(merchant)
    let needle = folded(listed)
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains {
      haystack[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  /// The outcome of a transaction, given every transaction's facts (`all`) and those ordered up
  /// to and including it (`upTo`), from the places taken before it.
  func outcome(of facts: Facts, among all: [Facts], before upTo: [Facts]) -> Outcome {
    if let failure = facts.failure { return .notRewarded(failure) }
    let transaction = facts.transaction
    let holder = facts.card.holder
    // Qualifying passes checks 1-12 and SPEC 8's three, so an enrollment is active.
    let enrollment = facts.enrollment!
    let ordinal = places.filter { $0.holder == holder }.count + 1
    var reward: Money?
    for step in DecisionStep.order where !step.qualifies {
      switch step.check {
      case .rewardAboveZero:
        if rewardBeforeLimits(facts, channel: enrollment.channel, ordinal: nil) == .zero {
          return .notRewarded(.belowMinimum)
        }
      case .threshold:
        guard let threshold = promotion.threshold else { continue }
        let counted = threshold.counts == .all ? all : upTo
        let spend = counted.filter {
          $0.failure == nil
            && inSameWindow(
              $0.card.holder, $0.card.id, $0.date, as: facts, threshold.period, threshold.scope)
        }.reduce(Money.zero) { $0 + $1.base }
        if spend < threshold.spend { return .notRewarded(.belowThreshold) }
      case .countLimits:
        for limit in RewardLimit.checkingOrder(promotion.limits) {
          guard case .count(let count) = limit.bound else { continue }
          if placesInWindow(of: limit, for: facts).count >= count {
            return .notRewarded(limit.period.countReason)
          }
        }
      case .amountLimits:
        var amount = rewardBeforeLimits(facts, channel: enrollment.channel, ordinal: ordinal)
        for limit in promotion.limits {
          guard case .amount(let most) = limit.bound else { continue }
          let paid = placesInWindow(of: limit, for: facts).reduce(Money.zero) { $0 + $1.amount }
          amount = min(amount, most - min(paid, most))
        }
        if amount == .zero { return .notRewarded(.amountCapReached) }
        reward = amount
      case .quota:
        if let quota = promotion.quota, places.count >= quota {
          return .notRewarded(.quotaExhausted)
        }
      default:
        preconditionFailure("\(step.check) decides whether a transaction qualifies")
      }
    }
    let place = Reward(
      ordinal: ordinal, channel: enrollment.channel, enrollment: enrollment.id, amount: reward!)
    let forfeits =
      clawback
      && (transaction.status == .refunded || transaction.refunded >= transaction.amount
        || transaction.amount - transaction.refunded < promotion.minimumSpend)
    return forfeits ? .forfeited(place) : .rewarded(place)
  }

  /// What the transaction would earn before any limit: the tier entry of `ordinal` (for the
  /// zero check, which comes before the count limits, any entry: they are all above zero), the
  /// fixed amount of its channel, or the percentage of its base rounded down to the fen and
  /// capped.
  func rewardBeforeLimits(_ facts: Facts, channel: Channel, ordinal: Int?) -> Money {
    switch promotion.reward {
    case .tiers(let tiers):
      let schedule = tiers[channel]
      guard let ordinal else { return schedule.min() ?? .zero }
      precondition(ordinal <= schedule.count, "a tiers reward without its campaign count limit")
      return schedule[ordinal - 1]
    case .fixed(let fixed):
      return fixed[channel]
    case .percent(let percentage, let cap):
      let share = Int128(facts.base.minorUnits) * Int128(percentage.hundredths) / 10_000
      let amount = Money(minorUnits: Int64(share))
      return cap.map { min(amount, $0) } ?? amount
    }
  }

  /// The places taken before in the same period of `limit`'s kind and the same scope.
  func placesInWindow(of limit: RewardLimit, for facts: Facts) -> [Place] {
    places.filter { place in
      inSameWindow(place.holder, place.card, place.date, as: facts, limit.period, limit.scope)
    }
  }

  /// Whether a transaction of `holder`'s `card` on `date` falls in the same period of
  /// `period`'s kind and the same scope as `facts`' transaction.
  func inSameWindow(
    _ holder: Identifier, _ card: Identifier, _ date: CivilDate, as facts: Facts,
    _ period: PromotionPeriod, _ scope: PromotionScope
  ) -> Bool {
    let sameScope =
      switch scope {
      case .holder: holder == facts.card.holder
      case .card: card == facts.card.id
      }
    return sameScope
      && period.firstDay(containing: date, cycleStartDay: promotion.cycleStartDay)
        == period.firstDay(containing: facts.date, cycleStartDay: promotion.cycleStartDay)
  }
}
