import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A batch asked for the rewards alone, under a promotion for which a purchase below the
/// minimum spend changes nothing (the built-in one), keeps no such purchase in memory once it
/// is read and checked (`RewardEngine.leastAmountThatCanEarn(under:)`). It must give what a
/// batch keeping every row gives (one asked for the decisions too, or one reading the file
/// whole): the same rewards, summary and errors, in memory and in parts on disk (`--memory`,
/// where such purchases reach no work file). `WALLET_SPLIT_BYTES=1` sends the small files here
/// down the path that leaves rows out, the file read in parts at once.
struct RewardsOnlyReadingTests {
  /// `wallet batch` on the folder's three files, with the decisions too or not, the
  /// transactions read in parts at once or whole, in memory or on disk; standard error without
  /// the warning that the limit is too low for the cards.
  func batch(
    in folder: TemporaryFolder, decisions: Bool, inParts: Bool = true, onDisk: Bool = false,
    _ extra: [String] = []
  ) throws -> (status: Int32, stderr: String, rewards: String?) {
    var arguments =
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ] + extra
    if decisions { arguments += ["--decisions", "decisions.csv"] }
    if onDisk { arguments += ["--memory", "1K"] }
    let result = try CommandHarness.run(
      arguments, environment: inParts ? ["WALLET_SPLIT_BYTES": "1"] : [:], directory: folder.url)
    defer {
      try? FileManager.default.removeItem(atPath: folder.path("rewards.csv"))
      try? FileManager.default.removeItem(atPath: folder.path("decisions.csv"))
    }
    return (
      result.status, BatchFiles.withoutLimitWarning(result.stderr).rest, folder.read("rewards.csv")
    )
  }

  /// A folder with the one good card and enrollment, and these transactions.
  static func folder(transactions: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", transactions)
    return folder
  }

  /// `count` rows of purchases of `amount` on C1 in December 2026, ids A0, A1 and on.
  static func purchases(_ count: Int, of amount: String) -> String {
    (0..<count).map { "A\($0),C1,2026-12-0\($0 % 9 + 1)T10:00,\(amount),,,,,,,\n" }.joined()
  }

  @Test(arguments: 1...4, [false, true])
  func generatedFilesGiveTheSameRewardsAndSummary(seed: UInt64, onDisk: Bool) throws {
    let folder = try TemporaryFolder()
    var random = SeededGenerator(seed: seed)
    try GeneratedFiles(holders: 60, transactions: 1_500, using: &random).write(into: folder)
    let everyRow = try batch(in: folder, decisions: true)
    let rewardsOnly = try batch(in: folder, decisions: false, onDisk: onDisk)
    #expect(everyRow.status == 0, "\(everyRow.stderr)")
    #expect(rewardsOnly.status == 0, "\(rewardsOnly.stderr)")
    #expect(rewardsOnly.rewards == everyRow.rewards)
    // The summary counts every row read, those left out too.
    #expect(rewardsOnly.stderr == everyRow.stderr)
    #expect(rewardsOnly.stderr.contains("1,500 transactions read"), "\(rewardsOnly.stderr)")
    #expect((rewardsOnly.rewards?.count ?? 0) > 200, "the data earns rewards")
  }

  /// Under a promotion with a quota, refunds taken back (forfeited rewards take places), a
  /// campaign, an excluded category, another minimum, a cycle starting on the 25th and a time
  /// zone whose clocks move (New York's), the same: what a purchase below the minimum could
  /// have touched is there to be touched.
  @Test(arguments: 1...3, [false, true])
  func anotherPromotionGivesTheSameRewards(seed: UInt64, onDisk: Bool) throws {
    let folder = try TemporaryFolder()
    var random = SeededGenerator(seed: seed)
    try GeneratedFiles(holders: 60, transactions: 1_500, using: &random).write(into: folder)
    let promotion = try folder.write(
      "promotion.json",
      """
      {"id": "leave-out-test", "name": "Leave out", "issuer": "bocom", "currency": "CNY",
       "timezone": "America/New_York",
       "campaign": {"start": "2026-02-01", "end": "2026-11-30"},
       "minimumSpend": "120.00", "cardTypes": ["credit"], "networks": null,
       "supplementaryCards": "count-for-primary", "excludedMCCs": ["5411"],
       "cycleStartDay": 25, "rewardsPerCycle": 1, "maxRewardsPerHolder": 4, "quota": 40,
       "tiers": {"bank-app": ["10.00", "15.00", "20.00", "20.00"],
                 "wallet": ["5.00", "10.00", "15.00", "20.00"]},
       "refunds": "clawback", "postingDays": 30}
      """)
    let everyRow = try batch(in: folder, decisions: true, ["--promotion", promotion])
    let rewardsOnly = try batch(
      in: folder, decisions: false, onDisk: onDisk, ["--promotion", promotion])
    #expect(everyRow.status == 0, "\(everyRow.stderr)")
    #expect(rewardsOnly.status == 0, "\(rewardsOnly.stderr)")
    #expect(rewardsOnly.rewards == everyRow.rewards)
    #expect(rewardsOnly.stderr == everyRow.stderr)
    // The quota's 40 places are all taken, by rewards paid or taken back.
    let words = everyRow.stderr.split { $0 == " " || $0 == "," || $0 == "\n" }
    func count(before word: String) -> Int {
      words.indices.dropFirst().first { words[$0] == word }.flatMap { Int(words[$0 - 1]) } ?? 0
    }
    #expect(count(before: "rewarded") + count(before: "forfeited") == 40, "\(everyRow.stderr)")
  }

  /// Rows below the minimum are checked as every row is: a bad one, an unknown card or one
  /// repeating an id (of a row kept or left out) stops the run with the message the whole
  /// read gives.
  @Test(
    arguments: [
      "T9,C1,2026-11-26T10:00,99.99,,,,,,,\nT9,C1,2026-11-27T10:00,50,,,,,,,\n",
      "T9,C1,2026-11-26T10:00,99.99,,,,,,,\nT9,C1,2026-11-27T10:00,150,,,,,,,\n",
      "T9,C1,2026-11-26T10:00,150,,,,,,,\nT9,C1,2026-11-27T10:00,5,,,,,,,\n",
      "T1,C1,2026-11-26T10:00,1.00,,,,,,,\n",
      "T9,C404,2026-11-26T10:00,1.00,,,,,,,\n",
      "T9,C1,2026-11-31T10:00,1.00,,,,,,,\n",
      "T9,C1,2026-11-26T10:00,1.00,,,,E404,,,\n",
    ], [false, true])
  func rowsLeftOutAreCheckedAsAnyOther(rows: String, onDisk: Bool) throws {
    let folder = try Self.folder(
      transactions: BatchFiles.goodTransactions + Self.purchases(40, of: "12.50") + rows)
    let whole = try batch(in: folder, decisions: false, inParts: false)
    let rewardsOnly = try batch(in: folder, decisions: false, onDisk: onDisk)
    #expect(whole.status == 65, "\(whole.stderr)")
    #expect(rewardsOnly.status == 65)
    #expect(rewardsOnly.stderr == whole.stderr)
    #expect(rewardsOnly.rewards == nil)
  }

  /// Every row below the minimum: nothing is kept, nothing earns, and every row is counted.
  @Test(arguments: [false, true])
  func aFileWithNoPurchaseThatCanEarn(onDisk: Bool) throws {
    let folder = try Self.folder(
      transactions: BatchFiles.transactionsHeader + Self.purchases(30, of: "99.99"))
    let everyRow = try batch(in: folder, decisions: true)
    let rewardsOnly = try batch(in: folder, decisions: false, onDisk: onDisk)
    #expect(rewardsOnly.status == 0, "\(rewardsOnly.stderr)")
    #expect(rewardsOnly.stderr == everyRow.stderr)
    #expect(rewardsOnly.stderr.contains("30 transactions read"), "\(rewardsOnly.stderr)")
    #expect(rewardsOnly.rewards == everyRow.rewards)
  }
}
