import Testing
import WalletTestSupport

@testable import WalletCore

/// What a hand-worked case expects of one transaction.
enum Expected: Equatable, CustomStringConvertible {
  case paid(String, ordinal: Int)
  case forfeited(String, ordinal: Int)
  case refused(ReasonCode)

  var description: String {
    switch self {
    case .paid(let amount, let ordinal): "paid \(amount) (#\(ordinal))"
    case .forfeited(let amount, let ordinal): "forfeited \(amount) (#\(ordinal))"
    case .refused(let reason): "refused: \(reason)"
    }
  }

  init(_ outcome: Outcome) {
    switch outcome {
    case .rewarded(let reward): self = .paid(reward.amount.description, ordinal: reward.ordinal)
    case .forfeited(let reward):
      self = .forfeited(reward.amount.description, ordinal: reward.ordinal)
    case .notRewarded(let reason): self = .refused(reason)
    }
  }
}

extension Scenario {
  /// A scenario under the built-in promotion made SPEC 8's: `reward` and `limits`, a minimum
  /// of 0.00 (a file with `reward` defaults to it), cards C1 and C2 of H1, C1 bound in the
  /// bank's app, C2 in Apple Wallet.
  static func sectionEight(_ reward: PromotionReward, limits: [RewardLimit] = []) -> Scenario {
    var scenario = Scenario()
    scenario.promotion.reward = reward
    scenario.promotion.limits = limits
    scenario.promotion.minimumSpend = .zero
    scenario.cards.append(Fixture.card("C2"))
    scenario.enrollments.append(Fixture.enrollment("E2", card: "C2", channel: .wallet))
    return scenario
  }

  /// The readable decision of every transaction, by id.
  func readably() -> [String: Expected] {
    let decisions = decideReadably(
      promotion, cards: cards, enrollments: enrollments, transactions: transactions)
    return Dictionary(
      uniqueKeysWithValues: decisions.map { ($0.transaction.rawValue, Expected($0.outcome)) })
  }

  /// Checks every transaction's readable decision against `table`, written in the order the
  /// transactions were added.
  func expect(
    _ table: [(String, Expected)], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let decided = readably()
    #expect(decided.count == table.count, sourceLocation: sourceLocation)
    for (id, expected) in table {
      #expect(decided[id] == expected, "\(id)", sourceLocation: sourceLocation)
    }
  }
}

/// A fixed reward of `yuan`.
func fixed(_ yuan: String) -> PromotionReward { .fixed(.same(Fixture.yuan(yuan))) }

struct PromotionDecisionTableTests {
  /// The table names every reason, in `ReasonCode`'s order (the SPEC's order of precedence).
  @Test func theTableGivesEveryReasonInOrder() {
    var seen: [ReasonCode] = []
    for step in DecisionStep.order {
      for reason in step.reasons where !seen.contains(reason) { seen.append(reason) }
    }
    #expect(seen == ReasonCode.allCases)
  }

  /// SPEC 8's three checks sit after checks 9, 10 and 11 of SPEC 3.
  @Test func sectionEightsChecksSitInTheirPlaces() {
    let checks = DecisionStep.order.map(\.check)
    func after(_ check: PromotionCheck) -> PromotionCheck? {
      checks.firstIndex(of: check).map { checks[$0 + 1] }
    }
    #expect(after(.campaign) == .days)
    #expect(after(.enrolled) == .channel)
    #expect(after(.excludedMerchant) == .listedMerchant)
    #expect(DecisionStep.order.filter(\.qualifies).last?.check == .minimumSpend)
  }

  @Test func countLimitsAreCheckedCoarsestFirstHolderBeforeCard() {
    let limits = [
      RewardLimit(.count(1), per: .day, scope: .card), RewardLimit(.count(2), per: .week),
      RewardLimit(.count(3), per: .day), RewardLimit(.count(9), per: .campaign),
    ]
    let ordered = RewardLimit.checkingOrder(limits)
    #expect(ordered == [limits[3], limits[1], limits[2], limits[0]])
  }

  @Test(
    "ISO weekdays and period first days",
    arguments: [
      ("2026-03-02", 1, "2026-03-02", "2026-01-01"), ("2026-03-08", 7, "2026-03-02", "2026-01-01"),
      ("2026-01-01", 4, "2025-12-29", "2026-01-01"), ("2026-06-30", 2, "2026-06-29", "2026-04-01"),
      ("1969-12-31", 3, "1969-12-29", "1969-10-01"),
    ])
  func periods(date: String, weekday: Int, week: String, quarter: String) throws {
    let day = try CivilDate.parse(date)
    #expect(day.isoWeekday == weekday)
    #expect(PromotionPeriod.week.firstDay(containing: day, cycleStartDay: 22)?.description == week)
    #expect(
      PromotionPeriod.quarter.firstDay(containing: day, cycleStartDay: 22)?.description == quarter)
    #expect(PromotionPeriod.campaign.firstDay(containing: day, cycleStartDay: 22) == nil)
  }
}

/// The readable decision is the fast engine's on section 2 promotions: what ships today.
struct ReadableMatchesEngineTests {
  @Test(
    "readable decision equals the engine's", arguments: RefundPolicy.allCases,
    1...25 as ClosedRange<UInt64>)
  func sectionTwo(refunds: RefundPolicy, seed: UInt64) {
    let scenario = randomScenario(seed: seed, transactions: 300, refunds: refunds)
    let engine = scenario.decide()
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(readable.count == engine.count)
    for (mine, theirs) in zip(readable, engine) {
      #expect(mine == theirs, "\(mine.transaction)")
    }
    #expect(engine.contains { $0.outcome.reward != nil } || scenario.promotion.quota == 0)
  }
}

/// SPEC 8's rules on small hand-worked tables: each expectation is reckoned from the SPEC's
/// text, in the promotion's zone (Asia/Shanghai unless said).
struct PromotionDecisionTests {
  @Test func aPercentageIsRoundedDownAndCapped() {
    var scenario = Scenario.sectionEight(
      .percent(Percentage(hundredths: 500)!, cap: Fixture.yuan("20.00")))
    scenario.transactions = [
      // 5 % of 123.45 is 6.1725: 6.17.
      Fixture.purchase("A", at: "2026-03-02T10:00", amount: "123.45"),
      // 5 % of 1000.00 is 50.00, capped at 20.00.
      Fixture.purchase("B", at: "2026-03-02T11:00", amount: "1000.00"),
      // 5 % of 0.19 is 0.0095: zero fen, so below the minimum.
      Fixture.purchase("C", at: "2026-03-02T12:00", amount: "0.19"),
      // Net of 33.33 refunded: 5 % of 66.67 is 3.3335: 3.33.
      Fixture.purchase("D", at: "2026-03-02T13:00", amount: "100.00", refunded: "33.33"),
      // 0.20 is the least that earns a fen.
      Fixture.purchase("E", at: "2026-03-02T14:00", amount: "0.20"),
    ]
    scenario.expect([
      ("A", .paid("6.17", ordinal: 1)), ("B", .paid("20.00", ordinal: 2)),
      ("C", .refused(.belowMinimum)), ("D", .paid("3.33", ordinal: 3)),
      ("E", .paid("0.01", ordinal: 4)),
    ])
    // Under clawback the base is the whole amount: D earns 5.00 and keeps it, being above the
    // minimum (0.00) after its partial refund; a refunded F forfeits its 2.50.
    scenario.promotion.refunds = .clawback
    scenario.transactions.append(
      Fixture.purchase("F", at: "2026-03-02T15:00", amount: "50.00", status: .refunded))
    scenario.expect([
      ("A", .paid("6.17", ordinal: 1)), ("B", .paid("20.00", ordinal: 2)),
      ("C", .refused(.belowMinimum)), ("D", .paid("5.00", ordinal: 3)),
      ("E", .paid("0.01", ordinal: 4)), ("F", .forfeited("2.50", ordinal: 5)),
    ])
  }

  @Test func aFixedRewardByChannel() {
    var scenario = Scenario.sectionEight(
      .fixed(.byChannel(bankApp: Fixture.yuan("10.00"), wallet: Fixture.yuan("5.00"))))
    scenario.enrollments.append(
      Fixture.enrollment("E3", card: "C1", channel: .wallet, at: "2026-02-01T00:00"))
    scenario.transactions = [
      Fixture.purchase("A", card: "C1", at: "2026-03-02T10:00"),
      Fixture.purchase("B", card: "C2", at: "2026-03-02T11:00"),
      // Names C1's wallet binding: the wallet's amount.
      Fixture.purchase("C", card: "C1", at: "2026-03-02T12:00", enrollment: "E3"),
    ]
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .paid("5.00", ordinal: 2)),
      ("C", .paid("5.00", ordinal: 3)),
    ])
  }

  @Test func aCountPerDayPerCardBesideACountPerMonthPerHolder() {
    var scenario = Scenario.sectionEight(
      fixed("10.00"),
      limits: [
        RewardLimit(.count(1), per: .day, scope: .card), RewardLimit(.count(3), per: .month),
      ])
    scenario.transactions = [
      Fixture.purchase("A", card: "C1", at: "2026-03-02T10:00"),
      Fixture.purchase("B", card: "C1", at: "2026-03-02T11:00"),
      Fixture.purchase("C", card: "C2", at: "2026-03-02T12:00"),
      Fixture.purchase("D", card: "C1", at: "2026-03-03T09:00"),
      Fixture.purchase("E", card: "C2", at: "2026-03-04T09:00"),
      Fixture.purchase("F", card: "C2", at: "2026-04-01T00:00"),
    ]
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .refused(.periodAlreadyRewarded)),
      ("C", .paid("10.00", ordinal: 2)),
      ("D", .paid("10.00", ordinal: 3)), ("E", .refused(.periodAlreadyRewarded)),
      ("F", .paid("10.00", ordinal: 4)),
    ])
  }

  @Test func anAmountPerMonthReducesThenRefuses() {
    var scenario = Scenario.sectionEight(
      fixed("10.00"), limits: [RewardLimit(.amount(Fixture.yuan("25.00")), per: .month)])
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-03-02T10:00"),
      Fixture.purchase("B", at: "2026-03-10T10:00"),
      Fixture.purchase("C", at: "2026-03-20T10:00"),
      Fixture.purchase("D", at: "2026-03-31T23:59"),
      Fixture.purchase("E", at: "2026-04-01T00:00"),
    ]
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .paid("10.00", ordinal: 2)),
      ("C", .paid("5.00", ordinal: 3)), ("D", .refused(.amountCapReached)),
      ("E", .paid("10.00", ordinal: 4)),
    ])
  }

  /// Week of Monday 2026-03-02: 100, 150, then 60 reaches 310 of 300; a card payment of 500
  /// does not qualify and adds nothing.
  static func weeklyThreshold(_ counts: ThresholdCounts) -> Scenario {
    var scenario = Scenario.sectionEight(fixed("10.00"))
    scenario.promotion.threshold = SpendThreshold(
      spend: Fixture.yuan("300.00"), per: .week, counts: counts)
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-03-02T10:00", amount: "100.00"),
      Fixture.purchase("B", at: "2026-03-03T10:00", amount: "150.00"),
      Fixture.purchase("X", at: "2026-03-03T11:00", amount: "500.00", method: .card),
      Fixture.purchase("C", at: "2026-03-04T10:00", amount: "60.00"),
      Fixture.purchase("D", card: "C2", at: "2026-03-05T10:00", amount: "10.00"),
      Fixture.purchase("E", at: "2026-03-09T10:00", amount: "200.00"),
    ]
    return scenario
  }

  @Test func aWeeklyThresholdReaching() {
    Self.weeklyThreshold(.reaching).expect([
      ("A", .refused(.belowThreshold)), ("B", .refused(.belowThreshold)),
      ("X", .refused(.notApplePay)), ("C", .paid("10.00", ordinal: 1)),
      ("D", .paid("10.00", ordinal: 2)), ("E", .refused(.belowThreshold)),
    ])
  }

  @Test func aWeeklyThresholdOfAll() {
    // The week's qualifying spend is 320 in all: each of its purchases earns; the next week's
    // 200 does not.
    Self.weeklyThreshold(.all).expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .paid("10.00", ordinal: 2)),
      ("X", .refused(.notApplePay)), ("C", .paid("10.00", ordinal: 3)),
      ("D", .paid("10.00", ordinal: 4)), ("E", .refused(.belowThreshold)),
    ])
  }

  @Test func sectionEightsRefusalsInTheirOrder() {
    var scenario = Scenario.sectionEight(fixed("10.00"))
    scenario.promotion.minimumSpend = Fixture.yuan("50.00")
    scenario.promotion.campaignEnd = CivilDate(year: 2026, month: 12, day: 31)
    scenario.promotion.weekdays = [1, 2, 3, 4, 5]
    scenario.promotion.monthDays = Set(1...30)
    scenario.promotion.channels = [.bankApp]
    scenario.promotion.excludedMCCs = [MerchantCategoryCode(parsing: "5411")!]
    scenario.promotion.mccs = [MerchantCategoryCode(parsing: "5812")!]
    scenario.promotion.merchants = ["starbucks"]
    scenario.cards.append(Fixture.card("C3"))
    func purchase(
      _ id: String, card: String = "C1", at time: String, amount: String = "150.00",
      mcc: String? = "5812", merchant: String? = nil
    ) -> Transaction {
      var transaction = Fixture.purchase(id, card: card, at: time, amount: amount, mcc: mcc)
      transaction.merchant = merchant
      return transaction
    }
    scenario.transactions = [
      // 2027-01-02 is a Saturday after the campaign: the campaign comes first.
      purchase("campaign-first", at: "2027-01-02T10:00"),
      // 2026-03-07 is a Saturday, on unbound C3: the days come before the binding.
      purchase("days-before-binding", card: "C3", at: "2026-03-07T10:00"),
      // 2026-03-31 is a Tuesday but the 31st: monthDays refuses.
      purchase("month-day", at: "2026-03-31T10:00"),
      // Unbound C3 on a weekday: not enrolled before its channel is asked.
      purchase("binding", card: "C3", at: "2026-03-02T10:00"),
      // C2 is bound in Apple Wallet, with an excluded category: the channel comes first.
      purchase("channel-before-excluded", card: "C2", at: "2026-03-02T11:00", mcc: "5411"),
      // Excluded and not listed: excluded first.
      purchase("excluded-before-listed", at: "2026-03-02T12:00", mcc: "5411"),
      // Not listed and below the minimum: not listed first.
      purchase("listed-before-minimum", at: "2026-03-02T13:00", amount: "10.00", mcc: "5999"),
      // Listed by name, ASCII letters without case, though its category is not listed.
      purchase(
        "by-name", at: "2026-03-03T10:00", mcc: "5999", merchant: "STARBUCKS Shanghai IFC"),
      // Other bytes compare exactly: "ü" is not "u".
      purchase("not-by-name", at: "2026-03-03T11:00", mcc: nil, merchant: "Starbücks"),
      // Listed by category, no merchant.
      purchase("by-category", at: "2026-03-04T10:00"),
      // Listed, below the minimum.
      purchase("minimum", at: "2026-03-05T10:00", amount: "49.99"),
    ]
    scenario.expect([
      ("campaign-first", .refused(.outsideCampaign)),
      ("days-before-binding", .refused(.outsideDays)),
      ("month-day", .refused(.outsideDays)),
      ("binding", .refused(.notEnrolled)),
      ("channel-before-excluded", .refused(.ineligibleChannel)),
      ("excluded-before-listed", .refused(.excludedMerchant)),
      ("listed-before-minimum", .refused(.notListedMerchant)),
      ("by-name", .paid("10.00", ordinal: 1)),
      ("not-by-name", .refused(.notListedMerchant)),
      ("by-category", .paid("10.00", ordinal: 2)),
      ("minimum", .refused(.belowMinimum)),
    ])
  }

  @Test func clawbackForfeitsCountInEveryLimit() {
    var scenario = Scenario.sectionEight(
      fixed("10.00"),
      limits: [
        RewardLimit(.count(1), per: .day, scope: .card),
        RewardLimit(.amount(Fixture.yuan("15.00")), per: .month),
      ])
    scenario.promotion.refunds = .clawback
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-03-02T10:00", status: .refunded),
      // A's forfeited place fills C1's day.
      Fixture.purchase("B", at: "2026-03-02T11:00"),
      // A's forfeited 10.00 counts in the month's 15.00: 5.00 left.
      Fixture.purchase("C", at: "2026-03-03T10:00"),
      Fixture.purchase("D", at: "2026-03-04T10:00"),
    ]
    scenario.expect([
      ("A", .forfeited("10.00", ordinal: 1)), ("B", .refused(.periodAlreadyRewarded)),
      ("C", .paid("5.00", ordinal: 2)), ("D", .refused(.amountCapReached)),
    ])
    // Under net the refunded purchase takes no place.
    scenario.promotion.refunds = .net
    scenario.expect([
      ("A", .refused(.refunded)), ("B", .paid("10.00", ordinal: 1)),
      ("C", .paid("5.00", ordinal: 2)), ("D", .refused(.amountCapReached)),
    ])
  }

  @Test func aWeekRunsMondayToSundayLocally() {
    var scenario = Scenario.sectionEight(
      fixed("10.00"), limits: [RewardLimit(.count(1), per: .week)])
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-03-08T23:59:59.999999999"),
      Fixture.purchase("B", at: "2026-03-09T00:00"),
      // 15:59:59Z on Sunday 2026-03-15 is 23:59:59 that Sunday in Shanghai, B's week;
      // 16:30Z is Monday 00:30 there: the next week.
      Fixture.purchase("C", at: "2026-03-15T15:59:59Z"),
      Fixture.purchase("D", at: "2026-03-15T16:30:00Z"),
    ]
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .paid("10.00", ordinal: 2)),
      ("C", .refused(.periodAlreadyRewarded)), ("D", .paid("10.00", ordinal: 3)),
    ])
  }

  @Test func aQuarterRunsByLocalDate() throws {
    var scenario = Scenario.sectionEight(
      fixed("10.00"), limits: [RewardLimit(.count(1), per: .quarter)])
    scenario.transactions = [
      Fixture.purchase("A", at: "2026-03-31T15:00:00Z"),
      // 16:30 UTC on 31 March is 00:30 on 1 April in Shanghai: the second quarter.
      Fixture.purchase("B", at: "2026-03-31T16:30:00Z"),
      Fixture.purchase("C", at: "2026-06-30T23:59"),
      Fixture.purchase("D", at: "2026-07-01T00:00"),
    ]
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .paid("10.00", ordinal: 2)),
      ("C", .refused(.periodAlreadyRewarded)), ("D", .paid("10.00", ordinal: 3)),
    ])
    // In UTC, both A and B fall on 31 March, and D (written in Shanghai's time) at 16:00 on
    // 30 June, C's quarter.
    scenario.promotion.timeZone = try TimeZoneRules(identifier: "UTC")
    scenario.expect([
      ("A", .paid("10.00", ordinal: 1)), ("B", .refused(.periodAlreadyRewarded)),
      ("C", .paid("10.00", ordinal: 2)), ("D", .refused(.periodAlreadyRewarded)),
    ])
  }

  @Test func tiesToTheNanosecondGoByIdBytes() {
    var scenario = Scenario.sectionEight(
      fixed("10.00"), limits: [RewardLimit(.count(1), per: .day, scope: .card)])
    let time = "2026-03-02T10:00:00.000000001"
    scenario.transactions = [
      // "a" (0x61) after "B" (0x42); "é" (0xC3 0xA9) after "z" (0x7A).
      Fixture.purchase("a", at: time), Fixture.purchase("B", at: time),
      Fixture.purchase("\u{E9}", card: "C2", at: time), Fixture.purchase("z", card: "C2", at: time),
      // One nanosecond earlier wins whatever its id.
      Fixture.purchase("!", at: "2026-03-03T10:00:00.000000001"),
      Fixture.purchase("~", at: "2026-03-03T10:00:00"),
    ]
    scenario.expect([
      ("B", .paid("10.00", ordinal: 1)), ("a", .refused(.periodAlreadyRewarded)),
      ("z", .paid("10.00", ordinal: 2)), ("\u{E9}", .refused(.periodAlreadyRewarded)),
      ("~", .paid("10.00", ordinal: 3)), ("!", .refused(.periodAlreadyRewarded)),
    ])
  }
}
