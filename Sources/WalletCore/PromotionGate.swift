// THE GATE between SPEC 8's promotion language and `wallet sql`.
//
// The engine, the store's materialised decisions and batch decide every rule of SPEC 8; the query
// `wallet sql` compiles still decides section 2's rules alone (it reads `tiers`,
// `rewardsPerCycle` and `maxRewardsPerHolder`). A promotion that is valid but goes beyond what
// section 2 expresses is therefore refused there (`Promotion.decodeForSQL`), after validation,
// with one problem naming the first such field, so that no query decides it wrongly. `source`
// decides nothing and passes.
//
// When the query compiles SPEC 8, delete this file and `Promotion.decodeForSQL(json:)`.

/// A rule of SPEC 8 that this version validates but does not decide yet.
public enum SectionEightRule: String, Sendable, CaseIterable {
  /// A `fixed` reward.
  case fixedReward
  /// A `percent` reward.
  case percentReward
  /// Limits other than section 2's count per cycle and count per campaign, both per holder.
  case limits
  /// A spend `threshold`.
  case threshold
  /// `weekdays`.
  case weekdays
  /// `monthDays`.
  case monthDays
  /// `mccs`.
  case mccs
  /// `merchants`.
  case merchants
  /// `channels` other than both.
  case channels

  /// The field of a promotion file that gives the rule.
  public var field: String {
    switch self {
    case .fixedReward, .percentReward: "reward"
    default: rawValue
    }
  }
}

extension Promotion {
  /// The first of the promotion's rules, in the order of SPEC 8's fields, that section 2 does
  /// not express; nil when it expresses them all.
  var firstRuleNotYetDecided: SectionEightRule? {
    switch reward {
    case .fixed: return .fixedReward
    case .percent: return .percentReward
    case .tiers: break
    }
    let sectionTwo = Promotion.sectionTwoLimits(
      rewardsPerCycle: rewardsPerCycle, maxRewardsPerHolder: maxRewardsPerHolder)
    // In any order: the checks run from the coarsest period whatever the file's order.
    if limits.count != sectionTwo.count || Set(limits) != Set(sectionTwo) { return .limits }
    if threshold != nil { return .threshold }
    if weekdays != nil { return .weekdays }
    if monthDays != nil { return .monthDays }
    if mccs != nil { return .mccs }
    if merchants != nil { return .merchants }
    if let channels, channels != Set(Channel.allCases) { return .channels }
    return nil
  }

  /// Refuses a valid promotion with a rule this version does not decide yet, naming its field
  /// at the field's value (`reader` is the file's top-level object).
  static func refuseRulesNotYetDecided(_ promotion: Promotion, in reader: PromotionFields)
    throws(PromotionError)
  {
    guard let rule = promotion.firstRuleNotYetDecided else { return }
    throw PromotionError(
      field: rule.field, problem: .notYetDecided(rule),
      position: reader.present(rule.field)?.position ?? reader.position)
  }
}
