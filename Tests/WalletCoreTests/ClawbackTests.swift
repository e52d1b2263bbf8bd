import Testing
import WalletTestSupport

@testable import WalletCore

/// SPEC 3's `refunds` policy, one purchase at a time: what a refund does under `net` and under
/// `clawback`, and that a forfeited reward keeps its place for the purchases after it.
struct ClawbackTests {
  /// What one purchase's decision is, by refund policy: `nil` is rewarded, else the reason;
  /// `forfeits` marks a clawback place taken back.
  struct Case: CustomTestStringConvertible, Sendable {
    let status: TransactionStatus
    let amount: String
    let refunded: String
    let net: ReasonCode?
    let clawback: ReasonCode?
    let forfeits: Bool

    var testDescription: String { "\(status) \(amount) refunded \(refunded)" }
  }

  static let cases: [Case] = [
    Case(
      status: .settled, amount: "150.00", refunded: "0", net: nil, clawback: nil, forfeits: false),
    Case(
      status: .settled, amount: "150.00", refunded: "30.00", net: nil, clawback: nil,
      forfeits: false),
    // Refunds bring it below the minimum: net judges it below; clawback takes the reward back.
    Case(
      status: .settled, amount: "150.00", refunded: "60.00", net: .belowMinimum, clawback: nil,
      forfeits: true),
    Case(
      status: .settled, amount: "150.00", refunded: "150.00", net: .refunded, clawback: nil,
      forfeits: true),
    Case(
      status: .refunded, amount: "150.00", refunded: "0", net: .refunded, clawback: nil,
      forfeits: true),
    Case(
      status: .pending, amount: "100.00", refunded: "0.01", net: .belowMinimum, clawback: nil,
      forfeits: true),
    // A reversal never happened: both policies refuse it outright.
    Case(
      status: .reversed, amount: "150.00", refunded: "0", net: .refunded, clawback: .refunded,
      forfeits: false),
    Case(
      status: .declined, amount: "150.00", refunded: "0", net: .declined, clawback: .declined,
      forfeits: false),
    // Below the minimum as made: no place under either policy.
    Case(
      status: .refunded, amount: "99.99", refunded: "0", net: .refunded,
      clawback: .belowMinimum, forfeits: false),
  ]

  @Test("a refund under net and under clawback", arguments: cases)
  func decision(of example: Case) {
    for refunds in RefundPolicy.allCases {
      var scenario = Scenario()
      scenario.promotion.refunds = refunds
      scenario.transactions = [
        Fixture.purchase(
          "T", at: "2026-11-25T12:00", amount: example.amount, status: example.status,
          refunded: example.refunded)
      ]
      let outcome = scenario.outcome("T")
      let reason = refunds == .net ? example.net : example.clawback
      if let reason {
        #expect(outcome == .notRewarded(reason), "\(refunds)")
      } else {
        let place = outcome?.place
        #expect(place?.ordinal == 1, "\(refunds)")
        let forfeits = refunds == .clawback && example.forfeits
        #expect((outcome?.forfeitedReward != nil) == forfeits, "\(refunds)")
        #expect(outcome?.reason == (forfeits ? .refunded : nil), "\(refunds)")
        #expect((outcome?.reward == nil) == forfeits, "\(refunds)")
      }
    }
  }

  /// The refunded purchase took reward 1 and the cycle's one place: the next purchase in the
  /// cycle is refused, and the next cycle's pays tier 2.
  @Test func aForfeitedRewardKeepsItsPlace() throws {
    var scenario = Scenario()
    scenario.promotion.refunds = .clawback
    scenario.transactions = [
      Fixture.purchase("T1", at: "2026-11-23T12:00", status: .refunded),
      Fixture.purchase("T2", at: "2026-11-24T12:00"),
      Fixture.purchase("T3", at: "2026-12-23T12:00"),
    ]
    let first = try #require(scenario.outcome("T1")?.forfeitedReward)
    #expect(first.ordinal == 1)
    #expect(first.amount == scenario.promotion.tiers[first.channel][0])
    #expect(scenario.outcome("T2") == .notRewarded(.cycleAlreadyRewarded))
    let third = try #require(scenario.outcome("T3")?.reward)
    #expect(third.ordinal == 2)
    // Under net the refunded purchase takes nothing: the second earns reward 1 instead.
    scenario.promotion.refunds = .net
    #expect(scenario.outcome("T1") == .notRewarded(.refunded))
    #expect(scenario.outcome("T2")?.reward?.ordinal == 1)
  }

  /// A forfeited reward uses up the quota as a paid one does.
  @Test func aForfeitedRewardUsesTheQuota() {
    var scenario = Scenario()
    scenario.promotion.refunds = .clawback
    scenario.promotion.quota = 1
    scenario.cards.append(Fixture.card("C2", holder: "H2"))
    scenario.enrollments.append(Fixture.enrollment("E2", card: "C2"))
    scenario.transactions = [
      Fixture.purchase("T1", at: "2026-11-23T12:00", refunded: "150.00"),
      Fixture.purchase("T2", card: "C2", at: "2026-11-24T12:00"),
    ]
    #expect(scenario.outcome("T1")?.forfeitedReward != nil)
    #expect(scenario.outcome("T2") == .notRewarded(.quotaExhausted))
  }
}
