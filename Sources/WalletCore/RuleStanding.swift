// Where a holder stands under a SPEC 8 promotion's threshold and limits at one instant: what
// the cardholder is told by `check`, the what-if, `statement` and `explain` ("What the cardholder
// sees"). Read from the decisions already made, so it says what the decision said; the tests hold
// it to `decideReadably`.

/// A holder's transaction under one promotion as its decision left it: what a threshold sums
/// and what a limit counts.
public struct DecidedPurchase: Hashable, Sendable {
  /// The transaction.
  public var transaction: Identifier
  /// The card it was paid with.
  public var card: Identifier
  /// When it was made.
  public var time: Instant
  /// Its amount.
  public var amount: Money
  /// What was refunded of it.
  public var refunded: Money
  /// The decision's reason; nil when rewarded (a forfeited one's is `refunded`).
  public var reason: ReasonCode?
  /// The reward whose place it took, paid or forfeited; nil when it took none.
  public var place: Money?

  /// A decided purchase.
  public init(
    transaction: Identifier, card: Identifier, time: Instant, amount: Money, refunded: Money,
    reason: ReasonCode?, place: Money?
  ) {
    self.transaction = transaction
    self.card = card
    self.time = time
    self.amount = amount
    self.refunded = refunded
    self.reason = reason
    self.place = place
  }

  /// `transaction` as `decision` decided it.
  public init(_ transaction: Transaction, decision: Decision) {
    self.init(
      transaction: transaction.id, card: transaction.card, time: transaction.time,
      amount: transaction.amount, refunded: transaction.refunded,
      reason: decision.outcome.reason, place: decision.outcome.place?.amount)
  }

  /// What a reward and a threshold reckon on under `promotion`: `amount - refunded`, or under
  /// `refunds: clawback` the whole amount.
  public func base(under promotion: Promotion) -> Money {
    promotion.refunds == .clawback ? amount : amount - refunded
  }

  /// Whether it passed every check up to the minimum spend (SPEC 8's *qualifies*), read from
  /// its decision: it took a place, or a check after those refused it. `below-minimum` is both
  /// the minimum spend (before) and a reward of zero fen (after); the base tells them apart.
  public func qualifies(under promotion: Promotion) -> Bool {
    guard let reason, place == nil else { return true }
    switch reason {
    case .belowMinimum: return base(under: promotion) >= promotion.minimumSpend
    case .belowThreshold, .rewardCapReached, .cycleAlreadyRewarded, .periodAlreadyRewarded,
      .amountCapReached, .quotaExhausted:
      return true
    default: return false
    }
  }

  /// Whether it is decided before a transaction `id` at `time`: by time, ties by id bytes.
  func precedes(_ id: Identifier, at time: Instant) -> Bool {
    RewardEngine.decides(transaction, at: self.time, before: id, at: time)
  }
}

/// One period of one kind for one scope: the window a threshold sums or a limit counts in.
public struct RuleWindow: Hashable, Sendable {
  /// The kind of period.
  public var period: PromotionPeriod
  /// Its first day, which names it; nil for `campaign`, one period for all time.
  public var firstDay: CivilDate?
  /// Its last day, or the campaign's when that comes first (nothing later counts); nil for a
  /// campaign without an end.
  public var lastDay: CivilDate?
  /// The card, for a window of card scope; nil for the holder's.
  public var card: Identifier?

  /// The window of `period` holding `date`, for `card` (nil: the holder).
  public init(
    _ period: PromotionPeriod, containing date: CivilDate, card: Identifier?,
    promotion: Promotion
  ) {
    self.period = period
    self.card = card
    let day = promotion.cycleStartDay
    firstDay = period.firstDay(containing: date, cycleStartDay: day)
    let last = firstDay.map { period.lastDay(ofPeriodStarting: $0, cycleStartDay: day) }
    lastDay =
      switch (last, promotion.campaignEnd) {
      case (let last?, let end?): min(last, end)
      case (let last, let end): last ?? end
      }
  }

  /// Whether a transaction of `card` on `date` counts in this window (its holder's, which the
  /// caller has chosen).
  func holds(card: Identifier, on date: CivilDate, promotion: Promotion) -> Bool {
    (self.card.map { $0 == card } ?? true)
      && period.firstDay(containing: date, cycleStartDay: promotion.cycleStartDay) == firstDay
  }
}

/// How far a holder (or a card) is from a promotion's threshold in one period.
public struct ThresholdStanding: Hashable, Sendable {
  /// The threshold.
  public var threshold: SpendThreshold
  /// The period and scope its spend is summed in.
  public var window: RuleWindow
  /// The spend so far: the base of the qualifying transactions of the window (with `counts:
  /// all`, every one recorded in it; with `reaching`, those decided before the instant, or up
  /// to and including the transaction explained).
  public var spent: Money

  /// What is still to spend to reach it: zero once reached.
  public var toSpend: Money { spent >= threshold.spend ? .zero : threshold.spend - spent }

  /// Whether the spend has reached it.
  public var isReached: Bool { spent >= threshold.spend }
}

/// What a count or an amount: how much of a limit is used, or left.
public enum LimitMeasure: Hashable, Sendable {
  /// A number of rewards.
  case count(Int)
  /// A sum of rewards.
  case amount(Money)
}

/// What one limit has left in one period for one scope.
public struct LimitStanding: Hashable, Sendable {
  /// The limit.
  public var limit: RewardLimit
  /// The period and scope it counts in.
  public var window: RuleWindow
  /// The rewards (places, forfeited ones included) taken in the window before the instant.
  public var used: LimitMeasure
  /// What the limit has left: its bound less `used`, never below zero.
  public var left: LimitMeasure

  /// Whether nothing is left.
  public var isExhausted: Bool {
    switch left {
    case .count(let count): count == 0
    case .amount(let amount): amount == .zero
    }
  }

  /// How many of `cells` a bar of the share used fills, rounded down (a limit with anything
  /// left never shows full).
  public func usedCells(of cells: Int) -> Int {
    let (used, most): (Int64, Int64) =
      switch (used, limit.bound) {
      case (.count(let used), .count(let most)): (Int64(used), Int64(most))
      case (.amount(let used), .amount(let most)): (used.minorUnits, most.minorUnits)
      default: (0, 1)
      }
    return isExhausted ? cells : Int(min(used, most) * Int64(cells) / max(most, 1))
  }
}

/// Where a holder stands under a promotion's threshold and limits at an instant: for the
/// threshold, its period, the spend so far and what is still to spend; for each limit, its
/// period, scope, what is used and what is left. Card-scoped rules have one entry per card asked
/// about; holder-scoped ones, one.
public struct RuleStanding: Hashable, Sendable {
  /// The threshold's standing, one per window (none without a threshold).
  public var thresholds: [ThresholdStanding]
  /// Each limit's standing, in the order limits are checked (`RewardLimit.checkingOrder` for
  /// count limits, then the amount limits as the file lists them), each limit's cards together.
  public var limits: [LimitStanding]

  /// Whether a promotion has anything to stand under that section 2's words do not already say:
  /// a threshold, or limits other than section 2's count per cycle and per campaign.
  public static func applies(to promotion: Promotion) -> Bool {
    !RewardEngine.decidesAsSectionTwo(promotion)
  }

  /// The standing of `cards` (of one holder, whose decided purchases under `promotion` are
  /// `purchases`) for a purchase at `instant`: limits count the places taken before it (at the
  /// same instant, those of ids before `tie`, when given); a `reaching` threshold sums the
  /// qualifying spend before it.
  public init(
    promotion: Promotion, purchases: [DecidedPurchase], cards: [Identifier], at instant: Instant,
    tie: Identifier? = nil
  ) {
    let before = { (purchase: DecidedPurchase) in
      purchase.time < instant
        || (purchase.time == instant && tie.map { purchase.transaction < $0 } ?? false)
    }
    self.init(
      promotion: promotion, purchases: purchases, cards: cards, at: instant, before: before,
      reaching: before)
  }

  /// The standing as a decided transaction met it: limits count the places taken before it; a
  /// `reaching` threshold sums the qualifying spend up to and including it, as its decision did.
  public init(promotion: Promotion, purchases: [DecidedPurchase], meeting purchase: DecidedPurchase)
  {
    self.init(
      promotion: promotion, purchases: purchases, cards: [purchase.card], at: purchase.time,
      before: { $0.precedes(purchase.transaction, at: purchase.time) },
      reaching: {
        $0.transaction == purchase.transaction
          || $0.precedes(purchase.transaction, at: purchase.time)
      })
  }

  private init(
    promotion: Promotion, purchases: [DecidedPurchase], cards: [Identifier], at instant: Instant,
    before: (DecidedPurchase) -> Bool, reaching: (DecidedPurchase) -> Bool
  ) {
    let zone = promotion.timeZone
    let date = instant.localDate(in: zone)
    func windows(_ period: PromotionPeriod, _ scope: PromotionScope) -> [RuleWindow] {
      switch scope {
      case .holder: [RuleWindow(period, containing: date, card: nil, promotion: promotion)]
      case .card: cards.map { RuleWindow(period, containing: date, card: $0, promotion: promotion) }
      }
    }
    func inside(_ window: RuleWindow) -> [DecidedPurchase] {
      purchases.filter {
        window.holds(card: $0.card, on: $0.time.localDate(in: zone), promotion: promotion)
      }
    }
    thresholds =
      promotion.threshold.map { threshold in
        windows(threshold.period, threshold.scope).map { window in
          let counted = inside(window).filter {
            $0.qualifies(under: promotion) && (threshold.counts == .all || reaching($0))
          }
          return ThresholdStanding(
            threshold: threshold, window: window,
            spent: counted.reduce(.zero) { $0 + $1.base(under: promotion) })
        }
      } ?? []
    let counts = RewardLimit.checkingOrder(promotion.limits).filter {
      if case .count = $0.bound { true } else { false }
    }
    let amounts = promotion.limits.filter { if case .amount = $0.bound { true } else { false } }
    limits = (counts + amounts).flatMap { limit in
      windows(limit.period, limit.scope).map { window in
        let places = inside(window).filter { $0.place != nil && before($0) }
        switch limit.bound {
        case .count(let most):
          return LimitStanding(
            limit: limit, window: window, used: .count(places.count),
            left: .count(max(0, most - places.count)))
        case .amount(let most):
          let paid = places.reduce(Money.zero) { $0 + ($1.place ?? .zero) }
          return LimitStanding(
            limit: limit, window: window, used: .amount(paid),
            left: .amount(paid >= most ? .zero : most - paid))
        }
      }
    }
  }
}

/// Which of a SPEC 8 promotion's rules held a decided transaction back, and how they stood when
/// it was decided: what `explain` says about a threshold or a limit.
public struct RuleFinding: Hashable, Sendable {
  /// An amount limit that cut a reward down.
  public struct Reduction: Hashable, Sendable {
    /// The limit, with what it had left (the reward paid).
    public var limit: LimitStanding
    /// What the reward would have been without it.
    public var from: Money
  }

  /// The rules as the transaction met them.
  public var standing: RuleStanding
  /// The count limit (reached) or amount limit (nothing left) that refused a reward; nil when
  /// none did.
  public var refusedBy: LimitStanding?
  /// The amount limit whose remainder cut the reward down; nil when none did.
  public var reducedBy: Reduction?

  /// The finding for `purchase`, whose decision was `outcome`, among the holder's `purchases`.
  public init(
    promotion: Promotion, purchases: [DecidedPurchase], purchase: DecidedPurchase,
    outcome: Outcome
  ) {
    standing = RuleStanding(promotion: promotion, purchases: purchases, meeting: purchase)
    let counts = standing.limits.filter { if case .count = $0.limit.bound { true } else { false } }
    let amounts = standing.limits.filter {
      if case .amount = $0.limit.bound { true } else { false }
    }
    switch outcome {
    case .notRewarded(.amountCapReached):
      refusedBy = amounts.first(where: \.isExhausted)
    case .notRewarded(.rewardCapReached), .notRewarded(.cycleAlreadyRewarded),
      .notRewarded(.periodAlreadyRewarded):
      // The count limits are checked in this order; the first reached refused it.
      refusedBy = counts.first(where: \.isExhausted)
    case .notRewarded:
      refusedBy = nil
    case .rewarded(let reward), .forfeited(let reward):
      refusedBy = nil
      let full = promotion.reward.amountBeforeLimits(
        base: purchase.base(under: promotion), channel: reward.channel, ordinal: reward.ordinal)
      guard reward.amount < full else { break }
      reducedBy =
        amounts.first {
          if case .amount(let left) = $0.left { left == reward.amount } else { false }
        }.map { Reduction(limit: $0, from: full) }
    }
  }
}

extension PromotionReward {
  /// What a reward pays before any limit: the tier entry of `ordinal` on `channel`'s
  /// schedule, the fixed amount of `channel`, or the percentage of `base` rounded down to the
  /// fen and capped.
  public func amountBeforeLimits(base: Money, channel: Channel, ordinal: Int) -> Money {
    switch self {
    case .tiers(let tiers):
      let schedule = tiers[channel]
      return schedule.indices.contains(ordinal - 1) ? schedule[ordinal - 1] : .zero
    case .fixed(let fixed):
      return fixed[channel]
    case .percent(let percentage, let cap):
      let share = Int128(base.minorUnits) * Int128(percentage.hundredths) / 10_000
      let amount = Money(minorUnits: Int64(share))
      return cap.map { min(amount, $0) } ?? amount
    }
  }
}

extension PromotionPeriod {
  /// The last day of the period of this kind that starts on `first`.
  public func lastDay(ofPeriodStarting first: CivilDate, cycleStartDay: Int) -> CivilDate {
    func monthsLater(_ months: Int) -> CivilDate {
      let index = first.year * 12 + first.month - 1 + months
      return CivilDate(year: index / 12, month: index % 12 + 1, day: 1).adding(days: -1)
    }
    switch self {
    case .day: return first
    case .week: return first.adding(days: 6)
    case .month: return monthsLater(1)
    case .cycle: return BillingCycle(containing: first, startDay: cycleStartDay).end
    case .quarter: return monthsLater(3)
    case .campaign: return first
    }
  }
}
