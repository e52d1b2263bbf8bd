// The promotion language of SPEC 8 as values: what a reward pays, the limits on rewards, a spend
// threshold, the days, merchants and channels that qualify, and where the terms come from.
// Decoding and validation are in PromotionRulesDecoding.swift; the decision, stated readably, in
// PromotionDecision.swift, and made fast in RewardEngine.swift and RuleCounters.swift.

/// What each reward pays (SPEC 8 `reward`): exactly one kind.
public enum PromotionReward: Hashable, Sendable {
  /// Section 2's schedule: entry n of a channel's list is what a holder's n-th reward pays when
  /// earned through that channel. What a section 2 file's top-level `tiers` means.
  case tiers(RewardTiers)
  /// The same amount for every reward, or an amount by the transaction's channel.
  case fixed(FixedReward)
  /// A share of the purchase, rounded down to the fen; `cap`, when given, is the most one
  /// transaction earns.
  case percent(Percentage, cap: Money?)

  /// Which kind of reward this is.
  public var kind: RewardKind {
    switch self {
    case .tiers: .tiers
    case .fixed: .fixed
    case .percent: .percent
    }
  }
}

/// The kinds of reward, named as a file's `reward` names them.
public enum RewardKind: String, Sendable, CaseIterable {
  /// By the holder's ordinal and the channel.
  case tiers
  /// A fixed amount.
  case fixed
  /// A percentage of the purchase.
  case percent
}

/// A fixed reward: one amount, or one for each channel.
public enum FixedReward: Hashable, Sendable {
  /// The same amount whatever the channel (`"fixed": "10.00"`).
  case same(Money)
  /// An amount for each channel (`"fixed": {"bank-app": "10.00", "wallet": "5.00"}`).
  case byChannel(bankApp: Money, wallet: Money)

  /// What a reward earned through `channel` pays.
  public subscript(channel: Channel) -> Money {
    switch self {
    case .same(let amount): amount
    case .byChannel(let bankApp, let wallet): channel == .bankApp ? bankApp : wallet
    }
  }
}

/// A percentage kept exactly, in hundredths of a percent: `5` is 500, `2.5` is 250, `0.01` is 1.
/// A reward's percentage is more than 0 and at most 100 with at most two fraction digits, so
/// that `base × percent / 100` is exact in fen before it is rounded down.
public struct Percentage: Hashable, Sendable, CustomStringConvertible {
  /// Hundredths of a percent, 1…10,000.
  public let hundredths: Int

  /// The percentage of `hundredths` hundredths of a percent; nil outside 1…10,000.
  public init?(hundredths: Int) {
    guard (1...10_000).contains(hundredths) else { return nil }
    self.hundredths = hundredths
  }

  /// Reads a percentage written as a file writes one: digits, optionally a point and one or two
  /// digits (`5`, `2.5`, `12.25`), more than 0 and at most 100.
  public static func parse(_ text: String) throws(PercentError) -> Percentage {
    // The grammar of an amount is the grammar of a percentage, and fen are hundredths.
    let hundredths: Int64
    do throws(MoneyError) {
      hundredths = try Money.parse(text).minorUnits
    } catch .tooManyFractionDigits {
      throw .tooManyFractionDigits
    } catch .negative {
      throw .notAboveZero
    } catch .outOfRange {
      throw .aboveHundred
    } catch {
      throw .malformed
    }
    guard hundredths > 0 else { throw .notAboveZero }
    guard let percentage = Percentage(hundredths: Int(min(hundredths, 10_001))) else {
      throw .aboveHundred
    }
    return percentage
  }

  /// The shortest exact form: `5`, `2.5`, `12.25`, `100`.
  public var description: String {
    let (whole, fraction) = hundredths.quotientAndRemainder(dividingBy: 100)
    if fraction == 0 { return String(whole) }
    if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
    return "\(whole).\(pad(fraction, 2))"
  }
}

/// Why a percentage was refused; the command line words it.
public enum PercentError: Error, Equatable, Sendable {
  /// Not digits with an optional point and fraction (a sign, an exponent, a `%`, nothing).
  case malformed
  /// More than two digits after the point, such as `2.125`.
  case tooManyFractionDigits
  /// Zero, or written with a minus sign.
  case notAboveZero
  /// More than 100.
  case aboveHundred
}

/// A limit on rewards (SPEC 8 `limits`): at most a number of rewards, or at most a sum of them,
/// in each period of a kind, for each holder or each card.
public struct RewardLimit: Hashable, Sendable {
  /// How much the limit allows.
  public var bound: LimitBound
  /// The periods it counts in.
  public var period: PromotionPeriod
  /// Whose rewards it counts.
  public var scope: PromotionScope

  /// A limit of `bound` per `period` at `scope` (a file's default scope is the holder).
  public init(_ bound: LimitBound, per period: PromotionPeriod, scope: PromotionScope = .holder) {
    self.bound = bound
    self.period = period
    self.scope = scope
  }

  /// Whether each of this limit's counting windows lies inside one of `other`'s: its period
  /// kind nests in the other's and its scope does too (SPEC 8).
  public func nests(in other: RewardLimit) -> Bool {
    period.nests(in: other.period) && scope.nests(in: other.scope)
  }

  /// Whether of the two limits one nests in the other, as any two of a promotion's must.
  public func isChained(with other: RewardLimit) -> Bool {
    nests(in: other) || other.nests(in: self)
  }

  /// The first pair of `limits`, by index, of which neither nests in the other; nil when the
  /// limits form a chain. A chain is what lets every limit be counted by one running window,
  /// from the finest period to the coarsest (and so `wallet sql`).
  public static func firstUnchainedPair(in limits: [RewardLimit]) -> (first: Int, second: Int)? {
    for second in limits.indices {
      for first in limits.indices where first < second {
        if !limits[first].isChained(with: limits[second]) { return (first, second) }
      }
    }
    return nil
  }
}

/// What a limit allows.
public enum LimitBound: Hashable, Sendable {
  /// At most this many rewards (at least 1).
  case count(Int)
  /// At most this sum of rewards (more than 0).
  case amount(Money)
}

/// The kinds of period a limit or a threshold counts in, all in the promotion's time zone.
public enum PromotionPeriod: String, CanonicalCode {
  /// A calendar day.
  case day
  /// Monday to Sunday.
  case week
  /// A calendar month.
  case month
  /// The billing cycle of `cycleStartDay`.
  case cycle
  /// January–March, April–June, July–September, October–December.
  case quarter
  /// The whole campaign: one period for all time.
  case campaign

  /// Which list these codes are.
  public static let codeKind = CodeKind.period

  /// Whether each period of this kind lies inside one period of `other` (SPEC 8): a day in
  /// every kind; a week, month, cycle or quarter in the campaign; a month in its quarter; every
  /// kind in itself. A week can straddle two months, and a cycle two months and two quarters.
  public func nests(in other: PromotionPeriod) -> Bool {
    switch (self, other) {
    case _ where self == other: true
    case (.day, _): true
    case (_, .campaign): true
    case (.month, .quarter): true
    default: false
    }
  }

  /// The kinds from the coarsest to the finest, the order in which count limits are checked:
  /// campaign, quarter, month, cycle, week, day.
  public static let coarsestFirst: [PromotionPeriod] = [
    .campaign, .quarter, .month, .cycle, .week, .day,
  ]
}

/// Whose transactions a limit or a threshold counts together.
public enum PromotionScope: String, CanonicalCode {
  /// The primary holder: every card of the holder's, supplementary cards included as
  /// `supplementaryCards` says. The default.
  case holder
  /// One card alone.
  case card

  /// Which list these codes are.
  public static let codeKind = CodeKind.scope

  /// Whether each group of this scope lies inside one of `other`'s: a card in its holder, and
  /// each scope in itself.
  public func nests(in other: PromotionScope) -> Bool {
    self == other || (self == .card && other == .holder)
  }
}

/// A spend threshold (SPEC 8 `threshold`): a transaction earns only once the spend of its scope
/// in its period reaches `spend`.
public struct SpendThreshold: Hashable, Sendable {
  /// The spend to reach, more than 0.
  public var spend: Money
  /// The periods the spend is summed in.
  public var period: PromotionPeriod
  /// Whose spend is summed.
  public var scope: PromotionScope
  /// Which of the period's transactions the sum takes.
  public var counts: ThresholdCounts

  /// A threshold of `spend` per `period` at `scope`, counting as `counts` says (a file's
  /// defaults: the holder, `reaching`).
  public init(
    spend: Money, per period: PromotionPeriod, scope: PromotionScope = .holder,
    counts: ThresholdCounts = .reaching
  ) {
    self.spend = spend
    self.period = period
    self.scope = scope
    self.counts = counts
  }
}

/// Which transactions a threshold's spend sums.
public enum ThresholdCounts: String, CanonicalCode {
  /// The qualifying transactions of the period up to and including this one: a transaction
  /// earns once the spend so far reaches the threshold. The default.
  case reaching
  /// Every qualifying transaction of the period, later ones included.
  case all

  /// Which list these codes are.
  public static let codeKind = CodeKind.thresholdCounts
}

/// Where a promotion's terms come from (SPEC 8 `source`): shown by `promotion show`, no part of
/// any decision.
public struct TermsSource: Hashable, Sendable {
  /// The page the terms were read from.
  public var url: String?
  /// The day they were read.
  public var retrieved: CivilDate?
  /// Anything a reader should know: what the terms leave open and which values are guesses.
  public var notes: String?

  /// A source; each part may be left out.
  public init(url: String? = nil, retrieved: CivilDate? = nil, notes: String? = nil) {
    self.url = url
    self.retrieved = retrieved
    self.notes = notes
  }
}

extension Promotion {
  /// The limits a section 2 file means: `rewardsPerCycle` rewards per billing cycle and
  /// `maxRewardsPerHolder` in all, both for each holder, in that order (SPEC 8).
  public static func sectionTwoLimits(rewardsPerCycle: Int, maxRewardsPerHolder: Int)
    -> [RewardLimit]
  {
    [
      RewardLimit(.count(rewardsPerCycle), per: .cycle),
      RewardLimit(.count(maxRewardsPerHolder), per: .campaign),
    ]
  }
}

/// Section 2's three fields as they read `reward` and `limits`, kept beside them so that the
/// decision, which reads only these today, reads stored values as fast as before.
struct SectionTwoView: Hashable, Sendable {
  /// The schedules of a `tiers` reward; empty for any other kind.
  var tiers: RewardTiers
  /// The count of the holder's count limit per cycle; `Int.max` (no limit) when there is none.
  var rewardsPerCycle: Int
  /// The count of the holder's count limit per campaign; `Int.max` when there is none.
  var maxRewardsPerHolder: Int

  init(reward: PromotionReward, limits: [RewardLimit]) {
    if case .tiers(let tiers) = reward {
      self.tiers = tiers
    } else {
      tiers = RewardTiers(bankApp: [], wallet: [])
    }
    rewardsPerCycle = Self.holderCount(per: .cycle, in: limits) ?? Int.max
    maxRewardsPerHolder = Self.holderCount(per: .campaign, in: limits) ?? Int.max
  }

  /// The smallest count of the holder's count limits per `period`.
  static func holderCount(per period: PromotionPeriod, in limits: [RewardLimit]) -> Int? {
    limits.compactMap { limit -> Int? in
      guard limit.period == period, limit.scope == .holder, case .count(let count) = limit.bound
      else { return nil }
      return count
    }.min()
  }

  /// `limits` with the holder's count limit per `period` set to `count`, added when there is
  /// none: how setting `rewardsPerCycle` or `maxRewardsPerHolder` changes the limits.
  static func setting(_ count: Int, per period: PromotionPeriod, in limits: [RewardLimit])
    -> [RewardLimit]
  {
    var limits = limits
    let index = limits.firstIndex { limit in
      guard limit.period == period, limit.scope == .holder, case .count = limit.bound else {
        return false
      }
      return true
    }
    if let index {
      limits[index].bound = .count(count)
    } else if period == .cycle {
      limits.insert(RewardLimit(.count(count), per: period), at: 0)
    } else {
      limits.append(RewardLimit(.count(count), per: period))
    }
    return limits
  }
}
