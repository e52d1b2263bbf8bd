import Foundation
import Testing
import WalletCore
import WalletIngest
import WalletSQL
import WalletTestSupport

/// The compiled query against `wallet batch`: the same decisions and rewards, row for row and
/// value for value, on SQLite (in process) and DuckDB (through tools/sql/run_query.py).
struct SQLEquivalenceTests {
  /// Seeds; each picks a zone, refund policy, cycle start day, quota and the rest. Twenty-four
  /// by default (each zone under each policy three times), forty under `WALLET_TEST_FULL=1`.
  static let seeds: [UInt64] = Array(1...TestSize.choose(quick: 24, full: 40))

  /// Every zone under both refund policies, with further random seeds.
  static let cases: [(UInt64, String, RefundPolicy)] = seeds.map { seed in
    (
      seed, SQLScenario.zones[Int(seed) % SQLScenario.zones.count],
      seed % 2 == 0 ? .net : .clawback
    )
  }

  @Test(arguments: cases)
  func sqliteDecidesAsBatch(seed: UInt64, zone: String, refunds: RefundPolicy) throws {
    let scenario = SQLScenario(seed: seed, transactions: 160, zone: zone, refunds: refunds)
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: scenario.promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: scenario.promotion)
    #expect(differences(sql.decisions, batch.decisions) == [])
    #expect(differences(sql.rewards, batch.rewards) == [])
    #expect(batch.decisions.count == 160)
  }

  @Test(
    .enabled(
      if: DuckDBEngine.python != nil || DuckDBEngine.required,
      "DuckDB's Python package is not installed (.ci/run installs it)"),
    // Every zone under its policy twice; five more seeds under `WALLET_TEST_FULL=1`.
    arguments: cases.filter { $0.0 % 3 == 0 }.prefix(TestSize.choose(quick: 8, full: 13)))
  func duckdbDecidesAsBatch(seed: UInt64, zone: String, refunds: RefundPolicy) async throws {
    let scenario = SQLScenario(seed: seed, transactions: 160, zone: zone, refunds: refunds)
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: scenario.promotion)
    let duck = try await DuckDBEngine.outputs(files, promotion: scenario.promotion)
    #expect(differences(duck.decisions, batch.decisions) == [])
    #expect(differences(duck.rewards, batch.rewards) == [])
  }

  /// A zone whose clocks turned back across midnight (America/St_Johns until 2011): billing
  /// cycles are then not in the order of time, and the query counts runs of a cycle as the
  /// engine's ordered pass does.
  @Test(arguments: [UInt64(3), 4, 5, 6])
  func clocksTurnedBackAcrossMidnight(seed: UInt64) throws {
    let zone = try TimeZoneRules(identifier: "America/St_Johns")
    var scenario = SQLScenario(
      seed: seed, transactions: 200, zone: "America/St_Johns",
      refunds: seed % 2 == 0 ? .net : .clawback,
      years: 2008...2010)
    scenario.promotion.cycleStartDay = 2
    scenario.promotion.rewardsPerCycle = 1
    scenario.promotion.campaignStart = nil
    scenario.promotion.campaignEnd = nil
    let query = PromotionQuery(promotion: scenario.promotion, dialect: .sqlite)
    #expect(query.zone.localDateStepsBack)
    #expect(zone.identifier == scenario.promotion.timeZone.identifier)
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: scenario.promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: scenario.promotion)
    #expect(differences(sql.decisions, batch.decisions) == [])
    #expect(differences(sql.rewards, batch.rewards) == [])
  }

  /// St John's turned its clocks back from 00:01 to 23:01 the day before on 2008-11-02: with
  /// cycles starting on the 2nd, the October cycle comes back for an hour. It is the same
  /// cycle, whose one reward October's first purchase took, so a purchase in that hour does not
  /// earn; nor does November's second, the query as batch.
  @Test func aCycleThatComesBackKeepsItsCount() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.timeZone = try TimeZoneRules(identifier: "America/St_Johns")
    promotion.cycleStartDay = 2
    var scenario = SQLScenario(seed: 1, transactions: 0, zone: "America/St_Johns")
    scenario.promotion = promotion
    scenario.cards.rows = [["C1", "H1", "visa", "credit", "", "bocom", ""]]
    scenario.enrollments.rows = [["E1", "C1", "wallet", "2008-01-01T00:00Z", ""]]
    scenario.transactions.rows = [
      "2008-10-20T12:00:00-02:30", "2008-11-02T00:00:30-02:30", "2008-11-01T23:30:00-03:30",
      "2008-11-02T00:30:00-03:30",
    ].enumerated().map { index, time in
      ["T\(index)", "C1", time, "200", "", "", "", "", "", "", ""]
    }
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: promotion)
    #expect(batch.decisions.map { $0[6] } == ["1", "2", "", ""])
    #expect(
      batch.decisions.map { $0[5] }.suffix(2) == [
        "cycle-already-rewarded", "cycle-already-rewarded",
      ])
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.decisions, batch.decisions) == [])
    #expect(differences(sql.rewards, batch.rewards) == [])
  }

  /// Under clawback with no minimum spend, a settled purchase refunded in full forfeits its
  /// reward: in the section 2 query as in batch (SPEC 3).
  @Test func aFullRefundForfeitsWithoutAMinimum() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.refunds = .clawback
    promotion.minimumSpend = .zero
    var scenario = SQLScenario(seed: 1, transactions: 0, zone: "Asia/Shanghai")
    scenario.promotion = promotion
    scenario.cards.rows = [["C1", "H1", "unionpay", "credit", "", "bocom", ""]]
    scenario.enrollments.rows = [["E1", "C1", "wallet", "2026-01-01T00:00Z", ""]]
    scenario.transactions.rows = [
      ["T1", "C1", "2026-03-05T10:00:00+08:00", "200", "", "", "settled", "200", "", "", ""],
      ["T2", "C1", "2026-04-05T10:00:00+08:00", "200", "", "", "", "", "", "", ""],
    ]
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: promotion)
    #expect(batch.decisions.map { $0[4] } == ["forfeited", "rewarded"])
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.decisions, batch.decisions) == [])
    #expect(differences(sql.rewards, batch.rewards) == [])
  }

  /// A holder's tenth reward comes after the ninth: the rewards are ordered by the ordinal's
  /// number, not its text (`"10" < "9"`), on every engine.
  @Test func ordinalsPastNineKeepTheirOrder() async throws {
    var scenario = SQLScenario(seed: 11, transactions: 400, zone: "Asia/Shanghai", refunds: .net)
    var promotion = scenario.promotion
    promotion.tiers = RewardTiers(
      bankApp: (1...12).map { Money(minorUnits: Int64($0) * 100) },
      wallet: (1...12).map { Money(minorUnits: Int64($0) * 50) })
    promotion.maxRewardsPerHolder = 12
    promotion.rewardsPerCycle = 3
    promotion.quota = nil
    promotion.campaignStart = nil
    promotion.campaignEnd = nil
    scenario.promotion = promotion
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: promotion)
    #expect(batch.rewards.contains { $0[3] == "10" })
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.rewards, batch.rewards) == [])
    if DuckDBEngine.python != nil || DuckDBEngine.required {
      let duck = try await DuckDBEngine.outputs(files, promotion: promotion)
      #expect(differences(duck.rewards, batch.rewards) == [])
    }
  }

  /// The promotions shipped in data/promotions/ and the built-in one, each compiled for every
  /// dialect and run on the sample data and on a scenario, SPEC 8's real promotions among them
  /// (WalletCoreTests' RealPromotionsTests also hold them to hand-worked tables).
  static let promotionFiles: [String] = {
    let folder = DuckDBEngine.packageRoot.appendingPathComponent("data/promotions")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }()

  @Test func thereArePromotionFiles() {
    #expect(Self.promotionFiles.count >= 2)
  }

  @Test(arguments: promotionFiles + ["built-in"])
  func everyShippedPromotion(file: String) async throws {
    let promotion =
      file == "built-in"
      ? Promotion.bocomApplePayMonthly
      : try Promotion.decode(json: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    for dialect in SQLDialect.allCases {
      let query = PromotionQuery(promotion: promotion, dialect: dialect)
      #expect(query.decisions.contains("WITH"))
      #expect(query.rewards.contains("ORDER BY holder, decided.ordinal"))
    }
    var scenario = SQLScenario(seed: 99, transactions: 200, zone: promotion.timeZone.identifier)
    scenario.promotion = promotion
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: promotion)
    let sql = try SQLiteEngine.outputs(scenario, promotion: promotion)
    #expect(differences(sql.decisions, batch.decisions) == [])
    #expect(differences(sql.rewards, batch.rewards) == [])
    // DuckDB on every file at full size; by default on the built-in and one file in four.
    let onDuckDB =
      TestSize.isFull || (Self.promotionFiles.firstIndex(of: file).map { $0 % 4 == 0 } ?? true)
    if onDuckDB && (DuckDBEngine.python != nil || DuckDBEngine.required) {
      let duck = try await DuckDBEngine.outputs(files, promotion: promotion)
      #expect(differences(duck.decisions, batch.decisions) == [])
      #expect(differences(duck.rewards, batch.rewards) == [])
    }
  }

  /// The comparison can fail: a query compiled for a promotion that differs in one rule gives
  /// other decisions, and the comparison says where.
  @Test func aDifferentPromotionIsCaught() throws {
    let scenario = SQLScenario(seed: 7, transactions: 160, zone: "Asia/Shanghai", refunds: .net)
    let files = try ScenarioFiles(scenario)
    let batch = try Batch.outputs(files, promotion: scenario.promotion)
    var other = scenario.promotion
    other.refunds = .clawback
    other.minimumSpend = Money(minorUnits: other.minimumSpend.minorUnits + 1)
    let sql = try SQLiteEngine.outputs(scenario, promotion: other)
    #expect(!differences(sql.decisions, batch.decisions).isEmpty)
    var tampered = batch.decisions
    tampered[0][5] = tampered[0][5] == "declined" ? "refunded" : "declined"
    #expect(differences(tampered, batch.decisions).count == 1)
  }
}

/// The zone tables the query carries, against the engine's own conversions.
struct ZoneTableTests {
  @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "America/St_Johns", "Asia/Shanghai"])
  func tablesConvertAsTheEngine(identifier: String) throws {
    let zone = try TimeZoneRules(identifier: identifier)
    let table = ZoneTable(zone: zone, years: 2005...2030)
    let changes = zone.offsetChanges(from: table.firstSecond, to: table.endSecond).changes
    // Round every change, minute by minute, and a spread of ordinary times.
    var probes: [Int64] = changes.flatMap { change in
      stride(from: change.utcSeconds - 7_200, through: change.utcSeconds + 7_200, by: 60).map { $0 }
    }
    probes += stride(from: table.firstSecond, to: table.endSecond, by: 86_400 * 37 + 3_607).map {
      $0
    }
    for seconds in probes {
      #expect(table.offset(atUTCSeconds: seconds) == zone.offsetSeconds(atUTCSeconds: seconds))
      // The same number read as a local wall-clock time.
      let engine = try? zone.utcSeconds(forLocalSeconds: seconds)
      #expect(table.utcSeconds(forLocalSeconds: seconds) == engine, "local \(seconds)")
    }
  }
}

/// The scenarios are worth comparing: between them they give every outcome and every reason a
/// section 2 promotion gives (SPEC 8's: `SectionEightSQLTests.casesReachEveryReason`).
struct SQLScenarioCoverageTests {
  @Test func scenariosReachEveryReason() throws {
    var seen: Set<String> = []
    var ties = 0
    for (seed, zone, refunds) in SQLEquivalenceTests.cases {
      let scenario = SQLScenario(seed: seed, transactions: 160, zone: zone, refunds: refunds)
      let files = try ScenarioFiles(scenario)
      let batch = try Batch.outputs(files, promotion: scenario.promotion)
      for row in batch.decisions { seen.insert(row[4] + "/" + row[5]) }
      let input = try BatchInput.load(
        cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
        naiveIn: scenario.promotion.timeZone, skipInvalid: false, progress: { _ in nil })
      ties += input.ledger.transactionCount - Set(input.ledger.time).count
    }
    let expected =
      ["rewarded/", "forfeited/refunded"]
      + ReasonCode.allCases.filter { !ReasonCode.sectionEightOnly.contains($0) }
      .map { "not-rewarded/" + $0.rawValue }
    #expect(Set(expected).subtracting(seen) == [])
    #expect(ties > 100)
  }
}
