import WalletCore

/// Random SPEC 8 rules laid over a scenario's promotion, drawn so that decisions lean on every
/// rule: small counts and amounts so that limits refuse and reduce, thresholds near what a few
/// purchases spend, days and merchant lists that let most transactions through and stop some.
/// Shared by the engine's property tests and `wallet sql`'s, which both hold what they decide
/// to the readable reference (`decideReadably`).
public enum RandomSectionEightRules {
  /// The merchants a scenario's transactions are drawn from: a promotion's `merchants` list
  /// picks pieces of them, in other letter cases.
  public static let merchantNames = [
    "Apple Store Causeway Bay", "PARKnSHOP 百佳", "7-Eleven", "美团外卖", "Octopus top-up",
  ]

  /// The merchant category codes a scenario's transactions are drawn from.
  public static let categoryCodes = [5411, 5812, 5999, 4111].map {
    MerchantCategoryCode(value: $0)!
  }

  /// Replaces the reward and limits of `promotion` and adds SPEC 8's other rules at random;
  /// keeps its time zone, currency, cycle, quota and refund policy. One in six keeps section 2's
  /// reward and limits, so that both kinds are drawn.
  public static func apply(
    to promotion: inout Promotion, using random: inout some RandomNumberGenerator
  ) {
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    func yuan(_ range: ClosedRange<Int64>) -> Money {
      Money(minorUnits: Int64.random(in: range, using: &random) * 100)
    }
    func fen(_ range: ClosedRange<Int64>) -> Money {
      Money(minorUnits: Int64.random(in: range, using: &random))
    }

    let length = Int.random(in: 1...4, using: &random)
    let reward: PromotionReward
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      reward = .tiers(
        RewardTiers(
          bankApp: (0..<length).map { _ in yuan(1...30) },
          wallet: (0..<length).map { _ in yuan(1...30) }))
    case 1, 2:
      reward = .fixed(
        chance(2) ? .same(fen(1...3_000)) : .byChannel(bankApp: yuan(1...30), wallet: yuan(1...30)))
    default:
      // Percentages small enough that a small purchase rounds to zero fen, and whole ones.
      let hundredths =
        chance(3)
        ? pick([1, 3, 250, 500, 1_000, 3_333, 10_000]) : Int.random(in: 1...2_000, using: &random)
      reward = .percent(
        Percentage(hundredths: hundredths)!, cap: chance(2) ? nil : fen(1...4_000))
    }
    let isTiers = reward.kind == .tiers

    var limits: [RewardLimit] = []
    if isTiers && chance(2) {
      limits = Promotion.sectionTwoLimits(
        rewardsPerCycle: Int.random(in: 1...2, using: &random), maxRewardsPerHolder: length)
    } else {
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let bound: LimitBound =
          isTiers || chance(2)
          ? .count(Int.random(in: 1...3, using: &random)) : .amount(fen(1...6_000))
        let limit = RewardLimit(
          bound, per: pick(PromotionPeriod.allCases), scope: pick(PromotionScope.allCases))
        if isTiers && limit.period == .campaign && limit.scope == .holder { continue }
        if limits.allSatisfy({ $0.isChained(with: limit) }) { limits.append(limit) }
      }
      if isTiers {
        let own = RewardLimit(.count(length), per: .campaign)
        if limits.allSatisfy({ $0.isChained(with: own) }) {
          limits.insert(own, at: Int.random(in: 0...limits.count, using: &random))
        } else {
          limits = [own]
        }
      }
    }
    promotion.reward = reward
    promotion.limits = limits
    if chance(6) && isTiers {
      promotion.limits = Promotion.sectionTwoLimits(
        rewardsPerCycle: Int.random(in: 1...2, using: &random), maxRewardsPerHolder: length)
      return
    }

    promotion.minimumSpend = pick([.zero, yuan(1...150), promotion.minimumSpend])
    promotion.threshold =
      chance(3)
      ? SpendThreshold(
        spend: fen(1...80_000), per: pick(PromotionPeriod.allCases),
        scope: pick(PromotionScope.allCases), counts: pick(ThresholdCounts.allCases)) : nil
    func most<T: Hashable>(_ values: [T], atLeast: Int) -> Set<T> {
      var chosen = Set(values.filter { _ in !chance(4) })
      while chosen.count < atLeast { chosen.insert(pick(values)) }
      return chosen
    }
    promotion.weekdays = chance(5) ? most(Array(1...7), atLeast: 3) : nil
    promotion.monthDays = chance(6) ? most(Array(1...31), atLeast: 10) : nil
    promotion.mccs = chance(5) ? most(categoryCodes, atLeast: 1) : nil
    promotion.merchants =
      chance(5)
      ? [pick(["apple", "PARKNSHOP", "百佳", "eleven", "Octopus"]), pick(["外卖", "store"])] : nil
    promotion.channels = chance(5) ? [pick(Channel.allCases)] : nil
  }
}
