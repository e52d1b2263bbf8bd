import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `refunds: clawback` end to end, on the sample data and the shipped clawback promotion: the
/// batch files, and the store's decisions, statement, explanation and exports, alike.
struct ClawbackTests {
  static let promotionID = "bocom-applepay-monthly-clawback"
  static let promotionFile = WalletProcess.packageRoot
    .appendingPathComponent("data/promotions/\(promotionID).json").path

  /// H002's T2002 (¥210.00, ¥150.00 refunded) takes reward 2 and forfeits it; T2004, later in
  /// the same cycle, finds the place used, and H002's later rewards move up a tier.
  static let expectedRows = [
    "T2002,H002,C-LL-VISA,2026-07-22,forfeited,refunded,2,10.00",
    "T2004,H002,C-LL-VISA,2026-07-22,not-rewarded,cycle-already-rewarded,,",
    "T2007,H002,C-LL-VISA,2026-09-22,rewarded,,3,20.00",
  ]

  static func rows(_ text: String?) -> [String] {
    (text ?? "").replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
      .map(String.init)
  }

  @Test func batchWritesForfeitedDecisionsAndLeavesThemOutOfTheRewards() throws {
    let folder = try TemporaryFolder()
    let result = try CommandHarness.run([
      "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
      WalletProcess.sample("enrollments.csv"), "--transactions",
      WalletProcess.sample("transactions.csv"), "--promotion", Self.promotionFile,
      "--out", folder.path("rewards.csv"), "--decisions", folder.path("decisions.csv"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "25 transactions read, 11 rewarded, 0 invalid rows skipped, 1 forfeited"))
    let decisions = Self.rows(folder.read("decisions.csv"))
    for row in Self.expectedRows { #expect(decisions.contains(row), "\(row)") }
    #expect(decisions.filter { $0.contains(",forfeited,") }.count == 1)
    let rewards = Self.rows(folder.read("rewards.csv"))
    #expect(!rewards.contains { $0.contains(",T2002,") })
    #expect(rewards.contains { $0.hasPrefix("H002,2026-09-22,2026-10-21,3,T2007,") })
  }

  /// The store, with the promotion installed before or after the data, decides as the batch
  /// does, and keeps doing so after a refund that forfeits another reward.
  @Test(arguments: [true, false])
  func theStoreDecidesAsTheBatch(installFirst: Bool) throws {
    let session = try StoreSession()
    if installFirst {
      try session.succeed(["init"])
      try session.succeed(["promotion", "add", Self.promotionFile])
      for kind in ["cards", "enrollments", "transactions"] {
        try session.succeed(["import", kind, WalletProcess.sample("\(kind).csv")])
      }
    } else {
      try session.importSample()
      try session.succeed(["promotion", "add", Self.promotionFile])
    }
    func batchDecisions() throws -> Set<String> {
      try session.succeed(["export", "transactions", "--out", "all.csv"])
      let folder = try TemporaryFolder()
      let result = try CommandHarness.run(
        [
          "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
          WalletProcess.sample("enrollments.csv"), "--transactions",
          session.folder.path("all.csv"), "--promotion", Self.promotionFile,
          "--out", folder.path("rewards.csv"), "--decisions", folder.path("decisions.csv"),
        ], environment: [:])
      #expect(result.status == 0, "\(result.stderr)")
      return Set(Self.rows(folder.read("decisions.csv")).dropFirst())
    }
    func storeDecisions() throws -> Set<String> {
      let export = try session.succeed(
        ["export", "decisions", "--promotion", Self.promotionID])
      return Set(Self.rows(export.stdout).dropFirst())
    }
    let stored = try storeDecisions()
    for row in Self.expectedRows { #expect(stored.contains(row), "\(row)") }
    #expect(try stored == batchDecisions())

    // T2007 refunded whole: it keeps reward 3 but forfeits it; T2008 stays reward 4.
    try session.succeed(["txn", "refund", "T2007", "--amount", "150.00"])
    let again = try storeDecisions()
    #expect(
      again.contains { $0.hasPrefix("T2007,H002,C-LL-VISA,2026-09-22,forfeited,refunded,3,") })
    #expect(try again == batchDecisions())
  }

  @Test func statementExplainAndExportShowTheForfeitedReward() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed(["promotion", "add", Self.promotionFile])
    let statement = try session.succeed(
      ["statement", "--holder", "H002", "--promotion", Self.promotionID]
    ).stdout
    #expect(statement.contains("¥10.00 taken back"))
    #expect(statement.contains("taken back"))
    #expect(statement.contains("rewards left             0 of 4"))
    let json = try session.succeed(
      ["statement", "--holder", "H002", "--promotion", Self.promotionID, "--format", "json"]
    ).stdout
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let holder = try #require((object["holders"] as? [[String: Any]])?.first)
    let forfeited = try #require(holder["forfeited"] as? [[String: Any]])
    #expect(forfeited.map { $0["transaction"] as? String } == ["T2002"])
    #expect(
      (holder["rewards"] as? [[String: Any]])?.contains { $0["transaction"] as? String == "T2002" }
        == false)

    let explained = try session.succeed(["explain", "T2002", "--promotion", Self.promotionID])
    #expect(explained.stdout.contains("T2002 earned ¥10.00, taken back: refunded."))
    #expect(explained.stdout.contains("then taken back when it was refunded"))
    #expect(explained.stdout.contains("the place stays used"))
    let explainJSON = try session.succeed(
      ["explain", "T2002", "--promotion", Self.promotionID, "--format", "json"]
    ).stdout
    let explanation = try #require(
      try JSONSerialization.jsonObject(with: Data(explainJSON.utf8)) as? [String: Any])
    #expect(explanation["outcome"] as? String == "forfeited")
    #expect(explanation["reason"] as? String == "refunded")
    #expect((explanation["reward"] as? [String: Any])?["ordinal"] as? Int == 2)
    #expect((explanation["rules"] as? [String: Any])?["refunds"] as? String == "clawback")

    let rewards = try session.succeed(["export", "rewards", "--promotion", Self.promotionID])
    #expect(!rewards.stdout.contains(",T2002,"))
    let shown = try session.succeed(["promotion", "show", Self.promotionID]).stdout
    #expect(shown.contains("\"refunds\": \"clawback\""))
    #expect(shown.contains("\"postingDays\": 30"))
  }
}
