import Testing
import WalletCore
import WalletJobs

@testable import WalletCLI

/// Every reason code has a sentence a cardholder understands, built from the facts.
struct ReasonWordingTests {
  static func instant(_ text: String) -> Instant {
    do {
      return try Instant.parse(text, naiveIn: .shanghai)
    } catch {
      preconditionFailure("bad test time \(text)")
    }
  }

  /// A promotion with every rule set, so that every sentence has something to quote.
  static let promotion: Promotion = {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.campaignStart = CivilDate(year: 2026, month: 6, day: 1)
    promotion.campaignEnd = CivilDate(year: 2026, month: 10, day: 31)
    promotion.networks = [.unionpay, .mastercard]
    promotion.cardTypes = [.credit, .prepaid]
    promotion.excludedMCCs = [MerchantCategoryCode(parsing: "5812")!]
    promotion.quota = 100
    return promotion
  }()

  static let card = Card(
    id: Identifier("C-ZW-CMB"), holder: Identifier("H003"), network: .visa, type: .debit,
    role: .supplementary, issuer: "cmb", last4: "1357")

  static let binding = Enrollment(
    id: Identifier("E-1"), card: Identifier("C-OTHER"), channel: .wallet,
    enrolledAt: instant("2026-06-01T08:00:00+08:00"),
    removedAt: instant("2026-07-01T08:00:00+08:00"))

  /// Facts that make each reason's sentence say something particular.
  static func facts(for reason: ReasonCode) -> ReasonFacts {
    var facts = ReasonFacts(
      promotion: promotion, card: card, holder: Identifier("H003"),
      time: instant("2026-11-05T10:00:00+08:00"), status: .settled, method: .applePay,
      currency: .cny, amount: Money(minorUnits: 99_99), refunded: .zero,
      mcc: MerchantCategoryCode(parsing: "5812"), enrollment: .noneActive,
      holderRewardsBefore: 4, cycle: BillingCycle(year: 2026, month: 10, startDay: 22),
      cycleRewardsBefore: 1, cycleRewardedBy: [Identifier("T3004")], quotaPaidBefore: 100)
    switch reason {
    case .refunded: facts.status = .reversed
    case .notApplePay: facts.method = .card
    case .foreignCurrency: facts.currency = Currency(parsing: "USD")!
    case .belowMinimum:
      facts.amount = Money(minorUnits: 210_00)
      facts.refunded = Money(minorUnits: 150_00)
    case .ineligibleChannel: facts.promotion.channels = [.wallet]
    case .belowThreshold:
      facts.promotion.threshold = SpendThreshold(spend: Money(minorUnits: 600_00), per: .week)
    default: break
    }
    return facts
  }

  /// The fact each sentence must quote: the reader is told which value broke which rule.
  static let quoted: [ReasonCode: [String]] = [
    .declined: ["declined"],
    .refunded: ["reversed"],
    .notApplePay: ["with the card itself", "Apple Pay"],
    .otherIssuer: ["cmb", "bocom"],
    .ineligibleCardType: ["debit", "credit or prepaid"],
    .ineligibleNetwork: ["visa", "unionpay or mastercard"],
    .supplementaryCard: ["supplementary"],
    .foreignCurrency: ["USD", "CNY"],
    .outsideCampaign: ["2026-11-05", "2026-10-31"],
    .notEnrolled: ["C-ZW-CMB", "2026-11-05T10:00:00+08:00"],
    .excludedMerchant: ["5812"],
    .belowMinimum: ["¥60.00", "¥150.00", "¥100.00"],
    .rewardCapReached: ["H003", "all 4 rewards"],
    .cycleAlreadyRewarded: ["H003", "2026-10-22 to 2026-11-21", "T3004"],
    .quotaExhausted: ["100"],
    .outsideDays: ["2026-11-05"],
    .ineligibleChannel: ["wallet"],
    .notListedMerchant: ["5812"],
    .belowThreshold: ["¥600.00", "week"],
    .periodAlreadyRewarded: ["H003", "period"],
    .amountCapReached: ["H003", "the most"],
  ]

  @Test(arguments: ReasonCode.allCases)
  func everyReasonHasItsOwnSentence(reason: ReasonCode) throws {
    let sentence = ReasonWording.sentence(for: reason, Self.facts(for: reason))
    let hasWords = sentence.contains { !$0.isWhitespace }
    #expect(hasWords, "\(reason) has no words")
    #expect(sentence.hasSuffix("."))
    #expect(sentence.first?.isUppercase == true, "\(reason): '\(sentence)'")
    #expect(!sentence.contains("nil") && !sentence.contains("Optional("))
    let quoted = try #require(Self.quoted[reason], "no expectation written for \(reason)")
    for fact in quoted {
      #expect(sentence.contains(fact), "\(reason): '\(sentence)' does not say '\(fact)'")
    }
    // Each reason has words of its own, not a shared fallback.
    for other in ReasonCode.allCases where other != reason {
      #expect(sentence != ReasonWording.sentence(for: other, Self.facts(for: reason)))
    }
  }

  @Test func belowMinimumMentionsRefundsOnlyWhenThereAreSome() {
    var facts = Self.facts(for: .belowMinimum)
    #expect(
      ReasonWording.sentence(for: .belowMinimum, facts)
        == "It comes to ¥60.00 after ¥150.00 of refunds; purchases must be at least ¥100.00.")
    facts.refunded = .zero
    facts.amount = Money(minorUnits: 99_99)
    #expect(
      ReasonWording.sentence(for: .belowMinimum, facts)
        == "It comes to ¥99.99; purchases must be at least ¥100.00.")
  }

  @Test func outsideCampaignSaysWhichSide() {
    var facts = Self.facts(for: .outsideCampaign)
    #expect(
      ReasonWording.sentence(for: .outsideCampaign, facts)
        == "It falls on 2026-11-05, after the campaign's last day, 2026-10-31.")
    facts.time = Self.instant("2026-05-31T23:59:59+08:00")
    #expect(
      ReasonWording.sentence(for: .outsideCampaign, facts)
        == "It falls on 2026-05-31, before the campaign's first day, 2026-06-01.")
  }

  @Test func notEnrolledSaysWhatWasWrongWithTheNamedBinding() {
    var facts = Self.facts(for: .notEnrolled)
    facts.enrollment = .namedForAnotherCard(Self.binding)
    #expect(
      ReasonWording.sentence(for: .notEnrolled, facts)
        == "It names the Apple Pay binding E-1, which belongs to another card (C-OTHER), not to "
        + "C-ZW-CMB.")
    facts.enrollment = .namedInactive(Self.binding)
    #expect(
      ReasonWording.sentence(for: .notEnrolled, facts)
        == "It names the Apple Pay binding E-1, which was removed at 2026-07-01T08:00:00+08:00, "
        + "before the purchase at 2026-11-05T10:00:00+08:00.")
    facts.time = Self.instant("2026-05-01T00:00:00+08:00")
    #expect(
      ReasonWording.sentence(for: .notEnrolled, facts)
        == "It names the Apple Pay binding E-1, which was made only at "
        + "2026-06-01T08:00:00+08:00, after the purchase at 2026-05-01T00:00:00+08:00.")
  }

  @Test func aRewardSaysWhichOneAndThroughWhichChannel() {
    let reward = Reward(
      ordinal: 2, channel: .bankApp, enrollment: Identifier("E-1"),
      amount: Money(minorUnits: 15_00))
    #expect(
      ReasonWording.sentence(for: reward, Self.facts(for: .declined))
        == "It counts as reward 2 of 4 for holder 'H003' and, bound through the bank's app (bank-app), "
        + "pays ¥15.00.")
  }

  @Test func listsReadAsEnglish() {
    #expect(ReasonWording.list(["credit"]) == "credit")
    #expect(ReasonWording.list(["credit", "debit"]) == "credit or debit")
    #expect(ReasonWording.list(["a", "b", "c"]) == "a, b or c")
  }
}

/// The one place that decides about colour.
struct StyleTests {
  @Test(arguments: [
    (true, [String: String](), true),
    (false, [:], false),
    (true, ["NO_COLOR": "1"], false),
    (true, ["NO_COLOR": ""], true),
    (true, ["TERM": "dumb"], false),
    (true, ["TERM": "xterm-256color"], true),
  ])
  func colourOnlyOnATerminalWithoutNoColor(
    terminal: Bool, environment: [String: String], expected: Bool
  ) {
    #expect(Style.isEnabled(outputIsTerminal: terminal, environment: environment) == expected)
  }

  @Test func paintsOnlyWhenEnabled() {
    #expect(Style(isEnabled: false).positive("earns") == "earns")
    #expect(Style(isEnabled: true).positive("earns") == "\u{1B}[32mearns\u{1B}[0m")
    #expect(Style(isEnabled: true).negative("does not earn") == "\u{1B}[31mdoes not earn\u{1B}[0m")
  }
}
