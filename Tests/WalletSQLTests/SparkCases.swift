import Foundation
import Testing
import WalletCore
import WalletIngest
import WalletSQL
import WalletTestSupport

/// SPEC 8 promotions for tools/sql/check-spark, which runs their queries on Spark. `wallet sql`
/// cannot be given a SPEC 8 file yet (the decoder's gate refuses them), so this test writes
/// what Spark needs when `WALLET_SQL_SPARK_CASES` names a folder: one scenario's three files,
/// and for each promotion its two Spark queries and the reference's rows (`Reference`) as the
/// files batch writes, which run_query.py's `--check` compares with. Every promotion decides
/// the same files (in one zone), so that Spark starts once for all of them.
struct SparkCases {
  /// The folder to write to; nil when the test is not asked for.
  static let folder = ProcessInfo.processInfo.environment["WALLET_SQL_SPARK_CASES"]

  /// The promotions: of the random SPEC 8 rules of twelve seeds, the two that reward the most
  /// on `scenario`'s files (Spark's time goes on each query, so each should decide much), and
  /// a long chain of count and amount limits under a threshold and a quota.
  static func promotions(for scenario: SQLScenario, files: ScenarioFiles) throws -> [Promotion] {
    let zone = scenario.promotion.timeZone.identifier
    var drawn: [(promotion: Promotion, rewarded: Int)] = []
    for seed in UInt64(1)...12 {
      var decided = scenario
      decided.promotion =
        SectionEightSQLTests.scenario(seed, zone, seed % 2 == 0 ? .net : .clawback).promotion
      let reference = try Reference.outputs(files, scenario: decided, promotion: decided.promotion)
      drawn.append(
        (decided.promotion, reference.decisions.filter { $0[4] != "not-rewarded" }.count))
    }
    var promotions = drawn.sorted { $0.rewarded > $1.rewarded }.prefix(2).map(\.promotion)
    var chain = scenario.promotion
    chain.id = Identifier("spark-chain")
    chain.reward = .percent(Percentage(hundredths: 750)!, cap: Money(minorUnits: 12_00))
    chain.limits = [
      RewardLimit(.amount(Money(minorUnits: 40_00)), per: .quarter),
      RewardLimit(.count(1), per: .day, scope: .card),
      RewardLimit(.amount(Money(minorUnits: 15_00)), per: .month),
      RewardLimit(.count(4), per: .month),
      RewardLimit(.count(9), per: .campaign),
    ]
    chain.minimumSpend = .zero
    chain.threshold = SpendThreshold(spend: Money(minorUnits: 150_00), per: .week, counts: .all)
    (chain.weekdays, chain.monthDays, chain.mccs, chain.merchants) = (nil, nil, nil, nil)
    chain.channels = nil
    // Section 2's rules let most purchases through, so that the limits decide.
    (chain.issuer, chain.cardTypes, chain.networks) = (nil, nil, nil)
    (chain.supplementaryCards, chain.excludedMCCs) = (.countForPrimary, [])
    (chain.campaignStart, chain.campaignEnd) = (nil, nil)
    chain.quota = 40
    promotions.append(chain)
    return promotions
  }

  @Test(.enabled(if: folder != nil, "WALLET_SQL_SPARK_CASES names no folder"))
  func writeSparkCases() throws {
    let folder = URL(fileURLWithPath: try #require(Self.folder))
    let zone = "America/New_York"
    let scenario = SectionEightSQLTests.scenario(5, zone, .net)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    try write("cards.csv", scenario.cards.text)
    try write("enrollments.csv", scenario.enrollments.text)
    try write("transactions.csv", scenario.transactions.text)
    let files = try ScenarioFiles(scenario)
    var names: [String] = []
    for (index, promotion) in try Self.promotions(for: scenario, files: files).enumerated() {
      var decided = scenario
      decided.promotion = promotion
      let reference = try Reference.outputs(files, scenario: decided, promotion: promotion)
      // What Spark will be held to, first held to SQLite.
      let sql = try SQLiteEngine.outputs(decided, promotion: promotion)
      #expect(differences(sql.decisions, reference.decisions) == [])
      #expect(differences(sql.rewards, reference.rewards) == [])
      let query = PromotionQuery(promotion: promotion, dialect: .spark)
      let name = "promotion-\(index + 1)"
      try write("\(name).decisions.sql", query.decisions)
      try write("\(name).rewards.sql", query.rewards)
      try write(
        "\(name).decisions.expected.csv",
        CSVTable(columns: DecisionsFile.columns, rows: reference.decisions).text)
      try write(
        "\(name).rewards.expected.csv",
        CSVTable(columns: RewardsFile.columns, rows: reference.rewards).text)
      names.append(name)
      if promotion.id.rawValue == "spark-chain" {
        let reasons = Set(reference.decisions.map { $0[5] })
        #expect(reasons.isSuperset(of: ["amount-cap-reached", "period-already-rewarded"]))
      }
    }
    try write("promotions.txt", names.joined(separator: "\n") + "\n")
  }
}
