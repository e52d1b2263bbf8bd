import Testing

@testable import WalletCore

/// `wallet check --holder`'s choice of card: the most in all, then the earliest bound, then the
/// smaller id.
struct CardRecommendationTests {
  /// A card `id` bound at `bound` (nil: not bound) that earns `rewards` (nil: a promotion's
  /// refusal) under successive promotions.
  static func option(_ id: String, bound: String?, _ rewards: [String?])
    -> CardRecommendation
    .Option
  {
    let binding = bound.map { Fixture.enrollment("E-\(id)", card: id, at: $0) }
    return CardRecommendation.Option(
      card: Fixture.card(id), binding: binding,
      outcomes: rewards.enumerated().map { index, amount in
        guard let amount, let binding else { return .notRewarded(.notEnrolled) }
        return .rewarded(
          Reward(
            ordinal: index + 1, channel: binding.channel, enrollment: binding.id,
            amount: Fixture.yuan(amount)))
      })
  }

  @Test(
    "the card that earns most in all wins; ties go to the earliest bound, then the smaller id",
    arguments: [
      // The most in all, summed over promotions.
      (
        [
          option("C1", bound: "2026-01-01T00:00", ["10", nil]),
          option("C2", bound: "2026-02-01T00:00", ["5", "10"]),
        ],
        "C2", "15.00", [], 2
      ),
      // Equal totals: bound earlier wins, whatever the order given.
      (
        [
          option("C1", bound: "2026-02-01T00:00", ["10"]),
          option("C2", bound: "2026-01-01T00:00", ["10"]),
        ],
        "C2", "10.00", ["C1"], 2
      ),
      // Bound at the same instant: the smaller id.
      (
        [
          option("C2", bound: "2026-01-01T00:00", ["10"]),
          option("C10", bound: "2026-01-01T00:00", ["10"]),
          option("C3", bound: "2026-01-01T00:00", ["5"]),
        ],
        "C10", "10.00", ["C2"], 3
      ),
      // Cards that earn nothing are not counted.
      (
        [
          option("C1", bound: nil, [nil, nil]),
          option("C2", bound: "2026-01-01T00:00", [nil, "20"]),
        ],
        "C2", "20.00", [], 1
      ),
    ] as [([CardRecommendation.Option], String, String, [String], Int)])
  func recommendation(
    options: [CardRecommendation.Option], card: String, total: String, tiedWith: [String],
    earning: Int
  ) throws {
    let best = try #require(CardRecommendation(choosingAmong: options))
    #expect(best.card.id == Identifier(card))
    #expect(best.total == Fixture.yuan(total))
    #expect(best.tiedWith == tiedWith.map(Identifier.init))
    #expect(best.earning == earning)
    #expect(best.channel == best.binding?.channel)
  }

  @Test(
    "no card is recommended when none would earn",
    arguments: [
      [],
      [option("C1", bound: nil, [nil])],
      [option("C1", bound: "2026-01-01T00:00", []), option("C2", bound: nil, [nil, nil])],
    ] as [[CardRecommendation.Option]])
  func noRecommendation(options: [CardRecommendation.Option]) {
    #expect(CardRecommendation(choosingAmong: options) == nil)
  }
}
