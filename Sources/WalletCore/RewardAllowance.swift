/// How many of a promotion's rewards a holder has had and has left, and what the next one would
/// pay on each channel's schedule: what a cardholder wants to know before paying.
public struct RewardAllowance: Hashable, Sendable {
  /// The rewards the holder has had.
  public let used: Int
  /// The rewards still to be had: the promotion's limit per holder less those used, never
  /// below 0.
  public let left: Int
  /// Each channel's schedule, which the n-th reward pays entry n of.
  private let tiers: RewardTiers

  /// The allowance of a holder who has had `used` rewards of `promotion`.
  public init(promotion: Promotion, used: Int) {
    self.used = used
    left = max(0, promotion.maxRewardsPerHolder - used)
    tiers = promotion.tiers
  }

  /// Which of the holder's rewards the next one would be, from 1; nil when none is left.
  public var nextOrdinal: Int? { left > 0 ? used + 1 : nil }

  /// What the next reward would pay on `channel`'s schedule; nil when none is left.
  public func nextReward(on channel: Channel) -> Money? {
    let schedule = tiers[channel]
    return used >= 0 && used < schedule.count ? schedule[used] : nil
  }
}
