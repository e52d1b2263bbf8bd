import Testing

@testable import WalletCore

/// The binding a purchase counts under, or why none does, as the engine's check 10 finds it.
struct EnrollmentFindingTests {
  enum Found: String, CustomTestStringConvertible {
    case counted, anotherCard, inactive
    var testDescription: String { rawValue }
  }

  /// A purchase on C1 at 2026-06-01 naming E1, which binds `card` from 2026-01-01 until
  /// `removed`.
  @Test(
    "a named binding counts only when it is the card's and active then",
    arguments: [
      ("C1", nil, Found.counted),
      ("C1", "2026-06-01T00:00:01", .counted),
      ("C1", "2026-06-01T00:00", .inactive),
      ("C1", "2026-03-01T00:00", .inactive),
      ("C2", nil, .anotherCard),
      ("C2", "2026-03-01T00:00", .anotherCard),
    ] as [(String, String?, Found)])
  func named(card: String, removed: String?, found: Found) {
    let binding = Fixture.enrollment("E1", card: card, at: "2026-01-01T00:00", removed: removed)
    let finding = EnrollmentFinding(
      naming: binding, card: Identifier("C1"), at: Fixture.at("2026-06-01T00:00"))
    switch found {
    case .counted: #expect(finding == .counted(binding, named: true))
    case .anotherCard: #expect(finding == .namedForAnotherCard(binding))
    case .inactive: #expect(finding == .namedInactive(binding))
    }
    #expect(finding.enrollment == binding)
  }

  @Test func aBindingMadeAfterThePurchaseIsInactive() {
    let binding = Fixture.enrollment("E1", at: "2026-07-01T00:00")
    let finding = EnrollmentFinding(
      naming: binding, card: Identifier("C1"), at: Fixture.at("2026-06-01T00:00"))
    #expect(finding == .namedInactive(binding))
  }

  @Test func anInferredBindingCountsAndNoneIsNoneActive() {
    let binding = Fixture.enrollment("E1")
    #expect(EnrollmentFinding(inferred: binding) == .counted(binding, named: false))
    #expect(EnrollmentFinding(inferred: nil) == .noneActive)
    #expect(EnrollmentFinding.noneActive.counted == nil)
    #expect(EnrollmentFinding.noneActive.enrollment == nil)
  }

  @Test(
    "what is found agrees with every decision of the engine",
    arguments: 1...8 as ClosedRange<UInt64>)
  func agreesWithTheEngine(seed: UInt64) throws {
    let scenario = randomScenario(seed: seed, transactions: 600)
    let byID = Dictionary(uniqueKeysWithValues: scenario.enrollments.map { ($0.id, $0) })
    var kinds = Set<String>()
    for (transaction, decision) in zip(scenario.transactions, scenario.decide()) {
      let finding: EnrollmentFinding
      if let named = transaction.enrollment {
        finding = EnrollmentFinding(
          naming: try #require(byID[named]), card: transaction.card, at: transaction.time)
      } else {
        finding = EnrollmentFinding(inferred: decision.enrollment.flatMap { byID[$0] })
      }
      #expect(finding.counted?.id == decision.enrollment)
      if decision.outcome.reason == .notEnrolled { #expect(finding.counted == nil) }
      kinds.insert("\(finding)".prefix { $0 != "(" }.description)
    }
    // The random ledgers exercise every kind of finding.
    #expect(kinds.count == 4)
  }
}
