import Testing

@testable import WalletCore

/// Which cards Apple Pay's sheet offers for a request, and why each other card is left out.
struct PaymentSheetTests {
  static let now = "2026-11-28T12:00"

  static func request(
    networks: [Network], capabilities: Set<MerchantCapability>, total: String = "150.00"
  ) -> PaymentRequest {
    PaymentRequest(
      merchantIdentifier: "merchant.cn.example", merchantName: "Shop", countryCode: "CN",
      currency: .cny, supportedNetworks: networks.map(RequestedNetwork.wallet),
      merchantCapabilities: capabilities,
      summaryItems: [.init(label: "Shop", amount: Fixture.yuan(total))])
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let network: Network
    let type: CardType
    /// The card's bindings: enrolled and removed times.
    let bindings: [(String, String?)]
    let networks: [Network]
    let capabilities: Set<MerchantCapability>
    let expected: [PaymentSheet.Exclusion]

    var testDescription: String { name }
  }

  static let bound = [("2026-06-01T00:00", nil as String?)]
  static let all: Set<MerchantCapability> = [.threeDSecure, .emv, .credit, .debit]

  static let cases: [Case] = [
    Case(
      name: "offered", network: .unionpay, type: .credit, bindings: bound,
      networks: [.unionpay], capabilities: [.emv], expected: []),
    Case(
      name: "network not supported", network: .visa, type: .credit, bindings: bound,
      networks: [.unionpay, .mastercard], capabilities: all, expected: [.network]),
    Case(
      name: "debit card, credit only", network: .visa, type: .debit, bindings: bound,
      networks: [.visa], capabilities: [.threeDSecure, .credit], expected: [.type]),
    Case(
      name: "prepaid card, credit only", network: .visa, type: .prepaid, bindings: bound,
      networks: [.visa], capabilities: [.threeDSecure, .credit], expected: [.type]),
    Case(
      name: "credit card, debit only", network: .visa, type: .credit, bindings: bound,
      networks: [.visa], capabilities: [.threeDSecure, .debit], expected: [.type]),
    Case(
      name: "prepaid card, debit only", network: .visa, type: .prepaid, bindings: bound,
      networks: [.visa], capabilities: [.threeDSecure, .debit], expected: []),
    Case(
      name: "debit card, credit and debit", network: .visa, type: .debit, bindings: bound,
      networks: [.visa], capabilities: all, expected: []),
    Case(
      name: "debit card, neither credit nor debit", network: .visa, type: .debit,
      bindings: bound, networks: [.visa], capabilities: [.threeDSecure], expected: []),
    Case(
      name: "UnionPay without emv", network: .unionpay, type: .credit, bindings: bound,
      networks: [.unionpay], capabilities: [.threeDSecure, .credit], expected: [.capability]),
    Case(
      name: "Visa without emv", network: .visa, type: .credit, bindings: bound,
      networks: [.visa], capabilities: [.threeDSecure], expected: []),
    Case(
      name: "never bound", network: .unionpay, type: .credit, bindings: [],
      networks: [.unionpay], capabilities: [.emv], expected: [.noActiveBinding]),
    Case(
      name: "binding removed", network: .unionpay, type: .credit,
      bindings: [("2026-06-01T00:00", "2026-11-01T00:00")], networks: [.unionpay],
      capabilities: [.emv], expected: [.noActiveBinding]),
    Case(
      name: "bound only later", network: .unionpay, type: .credit,
      bindings: [("2026-12-01T00:00", nil)], networks: [.unionpay], capabilities: [.emv],
      expected: [.noActiveBinding]),
    Case(
      name: "every reason at once", network: .unionpay, type: .debit, bindings: [],
      networks: [.visa], capabilities: [.threeDSecure, .credit],
      expected: [.network, .type, .capability, .noActiveBinding]),
  ]

  @Test("every reason a card is left out", arguments: cases)
  func exclusions(test: Case) {
    let card = Fixture.card("C1", network: test.network, type: test.type)
    let enrollments = test.bindings.enumerated().map { index, binding in
      Fixture.enrollment("E\(index)", card: "C1", at: binding.0, removed: binding.1)
    }
    let sheet = PaymentSheet(
      request: Self.request(networks: test.networks, capabilities: test.capabilities),
      cards: [card], enrollments: enrollments, at: Fixture.at(Self.now))
    let candidate = sheet.candidates[0]
    #expect(candidate.exclusions == test.expected)
    #expect(sheet.canMakePayments == test.expected.isEmpty)
    #expect(sheet.offered.count == (test.expected.isEmpty ? 1 : 0))
    #expect((candidate.binding != nil) == !test.expected.contains(.noActiveBinding))
  }

  @Test func theBindingIsTheEarliestActiveOne() {
    let card = Fixture.card("C1")
    let enrollments = [
      Fixture.enrollment("E-late", at: "2026-08-01T00:00"),
      Fixture.enrollment("E-b", channel: .wallet, at: "2026-07-01T00:00"),
      Fixture.enrollment("E-a", channel: .wallet, at: "2026-07-01T00:00"),
      Fixture.enrollment("E-gone", at: "2026-01-01T00:00", removed: "2026-02-01T00:00"),
      Fixture.enrollment("E-other", card: "C2", at: "2026-01-01T00:00"),
    ]
    let sheet = PaymentSheet(
      request: Self.request(networks: [.unionpay], capabilities: [.emv]), cards: [card],
      enrollments: enrollments, at: Fixture.at(Self.now))
    #expect(sheet.candidates[0].binding?.id == Identifier("E-a"))
  }

  @Test func anotherPassKitNetworkOffersNoCard() {
    var request = Self.request(networks: [], capabilities: [.emv, .threeDSecure])
    request.supportedNetworks = [.other("mada")]
    let sheet = PaymentSheet(
      request: request, cards: [Fixture.card("C1")],
      enrollments: [Fixture.enrollment("E1")], at: Fixture.at(Self.now))
    #expect(sheet.candidates[0].exclusions == [.network])
  }

  /// The default card is the one the engine says earns most; without earners, the one bound
  /// first.
  @Test func theDefaultCardEarnsMost() {
    let cards = [Fixture.card("C1"), Fixture.card("C2"), Fixture.card("C3", network: .visa)]
    let enrollments = [
      Fixture.enrollment("E1", card: "C1", at: "2026-03-01T00:00"),
      Fixture.enrollment("E2", card: "C2", at: "2026-05-01T00:00"),
      Fixture.enrollment("E3", card: "C3", at: "2026-01-01T00:00"),
    ]
    let sheet = PaymentSheet(
      request: Self.request(networks: [.unionpay], capabilities: [.emv]), cards: cards,
      enrollments: enrollments, at: Fixture.at(Self.now))
    let reward = { (amount: String) in
      Outcome.rewarded(
        Reward(
          ordinal: 1, channel: .bankApp, enrollment: Identifier("E"), amount: Fixture.yuan(amount)))
    }
    let earning = sheet.defaultCard(outcomes: [
      Identifier("C1"): [reward("5.00")], Identifier("C2"): [reward("10.00")],
    ])
    #expect(earning?.card.id == Identifier("C2"))
    let none = sheet.defaultCard(outcomes: [
      Identifier("C1"): [.notRewarded(.belowMinimum)],
      Identifier("C2"): [.notRewarded(.belowMinimum)],
    ])
    // C3 was bound first but is not offered (visa is not supported).
    #expect(none?.card.id == Identifier("C1"))
    let empty = PaymentSheet(
      request: Self.request(networks: [.amex], capabilities: [.emv]), cards: cards,
      enrollments: enrollments, at: Fixture.at(Self.now))
    #expect(empty.defaultCard(outcomes: [:]) == nil)
  }

  @Test(arguments: [
    (AuthorizationResult.success, TransactionStatus.pending as TransactionStatus?),
    (.failure, .declined), (.pinRequired, nil), (.pinIncorrect, nil), (.pinLockout, nil),
  ])
  func whatEachAuthorizationResultRecords(
    result: AuthorizationResult, status: TransactionStatus?
  ) {
    #expect(result.recordedStatus == status)
  }

  @Test func thePurchaseIsTheTotalAtTheMerchant() throws {
    var request = Self.request(networks: [.unionpay], capabilities: [.emv], total: "126.00")
    request.mcc = MerchantCategoryCode(parsing: "5411")
    let purchase = try #require(
      request.purchase(
        id: Identifier("P1"), card: Identifier("C1"), binding: Identifier("E1"),
        at: Fixture.at(Self.now), status: .pending))
    #expect(purchase.amount == Fixture.yuan("126.00"))
    #expect(purchase.method == .applePay)
    #expect(purchase.status == .pending)
    #expect(purchase.merchant == "Shop")
    #expect(purchase.enrollment == Identifier("E1"))
    #expect(purchase.mcc == request.mcc)
    let free = Self.request(networks: [.unionpay], capabilities: [.emv], total: "0")
    #expect(
      free.purchase(
        id: Identifier("P2"), card: Identifier("C1"), binding: nil, at: Fixture.at(Self.now),
        status: .pending) == nil)
  }
}
