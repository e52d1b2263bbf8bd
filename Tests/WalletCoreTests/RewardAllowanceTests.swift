import Testing

@testable import WalletCore

/// Rewards used and left, and what the next one pays: the built-in pays 4 per holder,
/// bank-app 10, 15, 20, 20 and wallet 5, 10, 15, 20.
struct RewardAllowanceTests {
  @Test(
    "the n-th reward pays entry n of each schedule, until none is left",
    arguments: [
      (0, 4, 1, "10.00", "5.00"),
      (1, 3, 2, "15.00", "10.00"),
      (3, 1, 4, "20.00", "20.00"),
      (4, 0, nil, nil, nil),
      (6, 0, nil, nil, nil),
    ] as [(Int, Int, Int?, String?, String?)])
  func allowance(used: Int, left: Int, ordinal: Int?, bankApp: String?, wallet: String?) {
    let allowance = RewardAllowance(promotion: .bocomApplePayMonthly, used: used)
    #expect(allowance.used == used)
    #expect(allowance.left == left)
    #expect(allowance.nextOrdinal == ordinal)
    #expect(allowance.nextReward(on: .bankApp) == bankApp.map(Fixture.yuan))
    #expect(allowance.nextReward(on: .wallet) == wallet.map(Fixture.yuan))
  }

  @Test("the limit is the promotion's", arguments: [1, 2, 7])
  func limit(maxRewards: Int) {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.maxRewardsPerHolder = maxRewards
    promotion.tiers = RewardTiers(
      bankApp: Array(repeating: Fixture.yuan("1"), count: maxRewards),
      wallet: Array(repeating: Fixture.yuan("2"), count: maxRewards))
    let allowance = RewardAllowance(promotion: promotion, used: maxRewards - 1)
    #expect(allowance.left == 1)
    #expect(allowance.nextOrdinal == maxRewards)
    #expect(allowance.nextReward(on: .wallet) == Fixture.yuan("2"))
    #expect(RewardAllowance(promotion: promotion, used: maxRewards).nextOrdinal == nil)
  }
}
