/// What a promotion had paid before some point: per holder, and in all.
public struct RewardProgress: Sendable, Equatable {
  /// Each holder's progress; holders not listed have earned nothing yet.
  public var holders: [Identifier: HolderProgress]
  /// Rewards the whole promotion had paid, counted against its quota.
  public var quotaPaid: Int

  /// Progress so far; nothing paid by default.
  public init(holders: [Identifier: HolderProgress] = [:], quotaPaid: Int = 0) {
    self.holders = holders
    self.quotaPaid = quotaPaid
  }
}

/// One holder's rewards so far, and in the latest cycle they were rewarded in.
public struct HolderProgress: Sendable, Equatable {
  /// Rewards earned in all.
  public var rewards: Int
  /// The latest cycle with a reward, if any.
  public var lastCycle: BillingCycle?
  /// Rewards earned in that cycle.
  public var rewardsInLastCycle: Int

  /// A holder's progress.
  public init(rewards: Int = 0, lastCycle: BillingCycle? = nil, rewardsInLastCycle: Int = 0) {
    self.rewards = rewards
    self.lastCycle = lastCycle
    self.rewardsInLastCycle = rewardsInLastCycle
  }
}
