import Testing

@testable import WalletCore

/// `wallet check CARD`'s answer, PassKit's `canMakePayments(usingNetworks:capabilities:)`.
struct ApplePayReadinessTests {
  /// A unionpay credit card C1 bound from 2026-01-01 until `removed`, checked at 2026-06-01.
  @Test(
    "bound now, on an accepted network, of an accepted type",
    arguments: [
      (nil, nil, nil, true, true, true, true),
      ("2026-06-01T00:00", nil, nil, false, true, true, false),
      ("2026-06-01T00:01", nil, nil, true, true, true, true),
      (nil, [Network.visa], nil, true, false, true, false),
      (nil, [.visa, .unionpay], nil, true, true, true, true),
      (nil, nil, [CardType.debit], true, true, false, false),
      (nil, [.unionpay], [.credit, .prepaid], true, true, true, true),
      ("2026-03-01T00:00", [.amex], [.debit], false, false, false, false),
    ] as [(String?, Set<Network>?, Set<CardType>?, Bool, Bool, Bool, Bool)])
  func readiness(
    removed: String?, networks: Set<Network>?, capabilities: Set<CardType>?, enrolled: Bool,
    matchesNetworks: Bool, matchesCapabilities: Bool, canPay: Bool
  ) {
    let readiness = ApplePayReadiness(
      card: Fixture.card("C1"),
      enrollments: [Fixture.enrollment("E1", at: "2026-01-01T00:00", removed: removed)],
      at: Fixture.at("2026-06-01T00:00"), networks: networks, capabilities: capabilities)
    #expect(readiness.isEnrolled == enrolled)
    #expect(readiness.matchesNetworks == matchesNetworks)
    #expect(readiness.matchesCapabilities == matchesCapabilities)
    #expect(readiness.canMakePayments == canPay)
  }

  @Test func theActiveBindingsGiveTheChannels() {
    let readiness = ApplePayReadiness(
      card: Fixture.card("C1"),
      enrollments: [
        Fixture.enrollment("E1", channel: .bankApp, at: "2026-01-01T00:00"),
        Fixture.enrollment("E2", channel: .wallet, at: "2026-07-01T00:00"),
        Fixture.enrollment("E3", channel: .wallet, at: "2026-02-01T00:00"),
      ],
      at: Fixture.at("2026-06-01T00:00"), networks: nil, capabilities: nil)
    #expect(readiness.activeBindings.map(\.id.rawValue) == ["E1", "E3"])
    #expect(readiness.activeChannels == [.bankApp, .wallet])
  }

  @Test func aCardWithNoBindingCannotPay() {
    let readiness = ApplePayReadiness(
      card: Fixture.card("C1"), enrollments: [], at: Fixture.at("2026-06-01T00:00"),
      networks: nil, capabilities: nil)
    #expect(!readiness.isEnrolled && !readiness.canMakePayments)
    #expect(readiness.activeChannels.isEmpty)
  }
}
