import Foundation
import Testing
import WalletCore
import WalletIngest
import WalletSQL
import WalletTestSupport

/// SPEC 8's promotions compiled to SQL against the reference decision (`Reference`): the same
/// decisions and rewards, row for row, on SQLite (in process) and DuckDB, for random SPEC 8
/// rules (`RandomSectionEightRules`) laid over the scenarios of `SQLEquivalenceTests` — zones
/// with daylight saving, ties, refunds under both policies, quotas.
struct SectionEightSQLTests {
  /// Seeds; every zone under each policy in each eight. 16 by default, 80 under
  /// `WALLET_TEST_FULL=1`.
  static let cases: [(UInt64, String, RefundPolicy)] = Array(
    1...UInt64(TestSize.choose(quick: 16, full: 80))
  ).map { seed in
    (
      seed, SQLScenario.zones[Int(seed) % SQLScenario.zones.count],
      seed / 4 % 2 == 0 ? .net : .clawback
    )
  }

  /// How many transactions a scenario has.
  static let transactions = 400

  /// A scenario under random SPEC 8 rules, its purchases crowded into two months so that limits
  /// and thresholds bite.
  static func scenario(_ seed: UInt64, _ zone: String, _ refunds: RefundPolicy) -> SQLScenario {
    SQLScenario(
      seed: seed, transactions: transactions, zone: zone, refunds: refunds, years: 2025...2025,
      sectionEight: true)
  }

  @Test(arguments: cases)
  func sqliteDecidesAsTheReference(seed: UInt64, zone: String, refunds: RefundPolicy) throws {
    let scenario = Self.scenario(seed, zone, refunds)
    let files = try ScenarioFiles(scenario)
    let reference = try Reference.outputs(files, scenario: scenario, promotion: scenario.promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: scenario.promotion)
    #expect(differences(sql.decisions, reference.decisions) == [], "\(scenario.promotion)")
    #expect(differences(sql.rewards, reference.rewards) == [])
    #expect(reference.decisions.count == Self.transactions)
  }

  @Test(
    .enabled(
      if: DuckDBEngine.python != nil || DuckDBEngine.required,
      "DuckDB's Python package is not installed (.ci/run installs it)"),
    arguments: cases.filter { $0.0 % 3 == 1 }.prefix(TestSize.choose(quick: 4, full: 27)))
  func duckdbDecidesAsTheReference(seed: UInt64, zone: String, refunds: RefundPolicy)
    async throws
  {
    let scenario = Self.scenario(seed, zone, refunds)
    let files = try ScenarioFiles(scenario)
    let reference = try Reference.outputs(files, scenario: scenario, promotion: scenario.promotion)
    let duck = try await DuckDBEngine.outputs(files, promotion: scenario.promotion)
    #expect(differences(duck.decisions, reference.decisions) == [], "\(scenario.promotion)")
    #expect(differences(duck.rewards, reference.rewards) == [])
  }

  /// Limits pressed hard: few holders' many purchases under a chain of count and amount
  /// limits from the day to the campaign, with a quota, each rule's refusals and reductions
  /// met many times.
  @Test(arguments: [UInt64(101), 102, 103, 104, 105, 106])
  func aLongChainOfLimits(seed: UInt64) throws {
    var scenario = Self.scenario(seed, "America/New_York", seed % 2 == 0 ? .net : .clawback)
    var promotion = scenario.promotion
    promotion.reward =
      seed % 3 == 0
      ? .fixed(.byChannel(bankApp: Money(minorUnits: 7_00), wallet: Money(minorUnits: 3_50)))
      : .percent(Percentage(hundredths: 750)!, cap: Money(minorUnits: 12_00))
    promotion.limits = [
      RewardLimit(.amount(Money(minorUnits: 40_00)), per: .quarter),
      RewardLimit(.count(1), per: .day, scope: .card),
      RewardLimit(.amount(Money(minorUnits: 15_00)), per: .month),
      RewardLimit(.count(4), per: .month),
      RewardLimit(.amount(Money(minorUnits: 25_00)), per: .day),
      RewardLimit(.count(9), per: .campaign),
    ]
    promotion.threshold = nil
    promotion.minimumSpend = .zero
    promotion.weekdays = nil
    promotion.monthDays = nil
    promotion.mccs = nil
    promotion.merchants = nil
    promotion.channels = nil
    promotion.quota = seed % 2 == 0 ? nil : 25
    scenario.promotion = promotion
    #expect(RewardLimit.firstUnchainedPair(in: promotion.limits) == nil)
    let files = try ScenarioFiles(scenario)
    let reference = try Reference.outputs(files, scenario: scenario, promotion: promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.decisions, reference.decisions) == [])
    #expect(differences(sql.rewards, reference.rewards) == [])
    let reasons = Set(reference.decisions.map { $0[5] })
    #expect(reasons.contains(ReasonCode.amountCapReached.rawValue))
    #expect(reasons.contains(ReasonCode.periodAlreadyRewarded.rawValue))
  }

  /// Random chains of up to four count and amount limits, of every period and scope, with
  /// small counts and amounts, over purchases that nearly all qualify: the stages of the
  /// window construction under as much pressure as they get, on SQLite and (a third of them)
  /// DuckDB. 12 seeds, 40 under `WALLET_TEST_FULL=1`.
  @Test(arguments: Array(UInt64(201)...UInt64(200 + TestSize.choose(quick: 8, full: 40))))
  func randomChainsUnderPressure(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    var scenario = Self.scenario(
      seed, SQLScenario.zones[Int(seed) % 4], seed % 2 == 0 ? .net : .clawback)
    var promotion = scenario.promotion
    (promotion.issuer, promotion.cardTypes, promotion.networks) = (nil, nil, nil)
    (promotion.supplementaryCards, promotion.excludedMCCs) = (.countForPrimary, [])
    (promotion.campaignStart, promotion.campaignEnd, promotion.minimumSpend) = (nil, nil, .zero)
    (promotion.weekdays, promotion.monthDays, promotion.mccs) = (nil, nil, nil)
    (promotion.merchants, promotion.channels, promotion.threshold) = (nil, nil, nil)
    promotion.reward =
      Bool.random(using: &random)
      ? .fixed(.same(Money(minorUnits: Int64.random(in: 1_00...9_00, using: &random))))
      : .percent(
        Percentage(hundredths: Int.random(in: 100...1_500, using: &random))!,
        cap: Money(minorUnits: 10_00))
    var limits: [RewardLimit] = []
    for _ in 0..<Int.random(in: 2...6, using: &random) where limits.count < 4 {
      let bound: LimitBound =
        Bool.random(using: &random)
        ? .count(Int.random(in: 1...3, using: &random))
        : .amount(Money(minorUnits: Int64.random(in: 3_00...30_00, using: &random)))
      let limit = RewardLimit(
        bound, per: PromotionPeriod.allCases.randomElement(using: &random)!,
        scope: PromotionScope.allCases.randomElement(using: &random)!)
      if limits.allSatisfy({ $0.isChained(with: limit) }) { limits.append(limit) }
    }
    promotion.limits = limits
    promotion.quota = Bool.random(using: &random) ? nil : Int.random(in: 5...40, using: &random)
    scenario.promotion = promotion
    let files = try ScenarioFiles(scenario)
    let reference = try Reference.outputs(files, scenario: scenario, promotion: promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.decisions, reference.decisions) == [], "\(limits)")
    #expect(differences(sql.rewards, reference.rewards) == [])
    // A third of them on DuckDB too.
    if seed % 3 == 0 && (DuckDBEngine.python != nil || DuckDBEngine.required) {
      let duck = try await DuckDBEngine.outputs(files, promotion: promotion)
      #expect(differences(duck.decisions, reference.decisions) == [], "\(limits)")
      #expect(differences(duck.rewards, reference.rewards) == [])
    }
  }

  /// The comparison can fail: the query of a promotion that differs in one limit gives other
  /// decisions, and the comparison says where.
  @Test func aDifferentLimitIsCaught() throws {
    var scenario = Self.scenario(7, "Asia/Shanghai", .net)
    scenario.promotion.reward = .fixed(.same(Money(minorUnits: 5_00)))
    scenario.promotion.limits = [RewardLimit(.amount(Money(minorUnits: 12_00)), per: .month)]
    scenario.promotion.threshold = nil
    let files = try ScenarioFiles(scenario)
    let reference = try Reference.outputs(
      files, scenario: scenario, promotion: scenario.promotion)
    var other = scenario.promotion
    other.limits = [RewardLimit(.amount(Money(minorUnits: 12_01)), per: .month)]
    let sql = try SQLiteEngine.outputs(scenario, promotion: other)
    #expect(!differences(sql.decisions, reference.decisions).isEmpty)
    #expect(!differences(sql.rewards, reference.rewards).isEmpty)
  }

  /// The reference's plumbing (transactions read by batch, merchants from the rows, rows
  /// written as batch writes them) gives batch's own rows for a promotion of section 2's form.
  @Test(arguments: [UInt64(2), 3, 5, 8])
  func theReferenceIsBatchOnSectionTwo(seed: UInt64) throws {
    let scenario = SQLScenario(
      seed: seed, transactions: 160, zone: SQLScenario.zones[Int(seed) % 4])
    let files = try ScenarioFiles(scenario)
    let readable = try Readable.outputs(files, scenario: scenario, promotion: scenario.promotion)
    let batch = try Batch.outputs(files, promotion: scenario.promotion)
    #expect(differences(readable.decisions, batch.decisions) == [])
    #expect(differences(readable.rewards, batch.rewards) == [])
  }

  /// Between them the random cases give every outcome and every reason, SPEC 8's included,
  /// and draw every kind of reward, limit and threshold.
  @Test func casesReachEveryReason() throws {
    var seen: Set<String> = []
    var kinds: Set<String> = []
    for (seed, zone, refunds) in Self.cases {
      let scenario = Self.scenario(seed, zone, refunds)
      let promotion = scenario.promotion
      kinds.insert(promotion.reward.kind.rawValue)
      for limit in promotion.limits {
        switch limit.bound {
        case .count: kinds.insert("count")
        case .amount: kinds.insert("amount")
        }
      }
      if let threshold = promotion.threshold { kinds.insert(threshold.counts.rawValue) }
      let files = try ScenarioFiles(scenario)
      let reference = try Reference.outputs(files, scenario: scenario, promotion: promotion)
      for row in reference.decisions { seen.insert(row[4] + "/" + row[5]) }
    }
    let expected =
      ["rewarded/", "forfeited/refunded"]
      + ReasonCode.allCases.map { "not-rewarded/" + $0.rawValue }
    #expect(Set(expected).subtracting(seen) == [])
    #expect(kinds == ["tiers", "fixed", "percent", "count", "amount", "reaching", "all"])
  }
}
