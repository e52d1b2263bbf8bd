import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch` as a user runs it, inside the test process (see `CommandHarness`).
struct BatchCommandTests {
  func batch(
    in folder: TemporaryFolder, cards: String = BatchFiles.goodCards,
    enrollments: String = BatchFiles.goodEnrollments,
    transactions: String = BatchFiles.goodTransactions, extra: [String] = []
  ) throws -> WalletProcess.Result {
    try folder.write("cards.csv", cards)
    try folder.write("enrollments.csv", enrollments)
    try folder.write("transactions.csv", transactions)
    return try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
      ] + extra, directory: folder.url)
  }

  @Test func sampleReproducesTheExpectedFiles() throws {
    let folder = try TemporaryFolder()
    let result = try CommandHarness.run([
      "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
      WalletProcess.sample("enrollments.csv"), "--transactions",
      WalletProcess.sample("transactions.csv"), "--out", folder.path("rewards.csv"),
      "--decisions", folder.path("decisions.csv"),
    ])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("25 transactions read, 11 rewarded, 0 invalid rows skipped"))
    let expectedRewards = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    let expectedDecisions = try String(
      contentsOfFile: WalletProcess.sample("expected/decisions.csv"), encoding: .utf8)
    #expect(folder.read("rewards.csv") == expectedRewards)
    #expect(folder.read("decisions.csv") == expectedDecisions)
    #expect(folder.fileNames == ["decisions.csv", "rewards.csv"])
  }

  @Test func sampleProducesEveryReasonTheBuiltInPromotionCan() throws {
    let decisions = try String(
      contentsOfFile: WalletProcess.sample("expected/decisions.csv"), encoding: .utf8)
    let reasons = Set(
      decisions.split(whereSeparator: \.isNewline).dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false)[5]
      }.filter { !$0.isEmpty }.map(String.init))
    // The built-in has no campaign, network list, MCC exclusions or quota, and counts
    // supplementary cards, so those five reasons cannot occur under it.
    #expect(
      reasons == [
        "declined", "refunded", "not-apple-pay", "other-issuer", "ineligible-card-type",
        "foreign-currency", "not-enrolled", "below-minimum", "reward-cap-reached",
        "cycle-already-rewarded",
      ])
  }

  @Test func dataGoesToStandardOutputAndMessagesToStandardError() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    let result = try CommandHarness.run(
      [
        "batch", "--transactions", "transactions.csv", "--out", "-", "--cards=cards.csv",
        "--enrollments", "enrollments.csv",
      ], directory: folder.url)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward\r\n"
        + "H1,2026-11-22,2026-12-21,1,T1,C1,bank-app,2026-11-25T10:00:00+08:00,150.00,10.00\r\n")
    #expect(result.stderr.contains("1 transaction read, 1 rewarded"))
    let quiet = try CommandHarness.run(
      [
        "batch", "--transactions", "transactions.csv", "--out", "-", "--cards=cards.csv",
        "--enrollments", "enrollments.csv", "--quiet",
      ], directory: folder.url)
    #expect(quiet.stderr.isEmpty)
    #expect(quiet.stdout == result.stdout)
  }

  /// As `export` does: the rewards go to standard output unless `--out` names a file.
  @Test func withoutOutTheRewardsGoToStandardOutput() throws {
    let folder = try TemporaryFolder()
    let named = try batch(in: folder)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--quiet",
      ], directory: folder.url)
    #expect(named.status == 0 && result.status == 0)
    #expect(result.stdout == folder.read("rewards.csv"))
    #expect(result.stdout.hasPrefix("holder,cycle_start,"))
    let clash = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--decisions", "-",
      ], directory: folder.url)
    #expect(clash.status == 64)
    #expect(clash.stderr.contains("without --out the rewards go to standard output"))
  }

  @Test(
    "usage errors exit 64 with Error and Usage on standard error",
    arguments: [
      ["batch"], ["batch", "--cards"], ["batch", "--frobnicate"], ["frobnicate"],
      ["batch", "--cards", "a", "--enrollments", "b", "--transactions", "c", "--decisions", "-"],
      ["batch", "--cards", "a", "--enrollments", "b", "--transactions", "c", "--out", "x", "y"],
      [
        "batch", "--cards", "a", "--enrollments", "b", "--transactions", "c", "--out", "x",
        "--decisions", "x",
      ],
      [
        "batch", "--cards", "a", "--enrollments", "b", "--transactions", "c", "--out", "x",
        "--promotion", "no-such-promotion",
      ],
    ])
  func usageErrors(arguments: [String]) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains("Usage: wallet"))
  }

  @Test(
    "help and version exit 0 on standard output",
    arguments: [
      ["--help"], ["help"], ["batch", "--help"], ["help", "batch"], ["-h"], ["--version"],
    ])
  func helpAndVersion(arguments: [String]) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(!result.stdout.isEmpty)
    if arguments != ["--version"] {
      #expect(result.stdout.hasPrefix("OVERVIEW: "))
      #expect(result.stdout.contains("USAGE: wallet"))
    }
  }

  @Test func missingInputExits66AndWritesNothing() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "missing.csv", "--transactions",
        "missing.csv", "--out", "rewards.csv",
      ], directory: folder.url)
    #expect(result.status == 66)
    #expect(result.stderr.contains("missing.csv"))
    #expect(folder.fileNames == ["cards.csv"])
  }

  @Test func promotionFileIsReadAndCheckedByField() throws {
    let folder = try TemporaryFolder()
    let promotion = """
      {"id": "demo", "minimumSpend": "100.00", "cycleStartDay": 1, "maxRewardsPerHolder": 1,
       "quota": 0, "tiers": {"bank-app": ["8.88"], "wallet": ["6.66"]}}
      """
    try folder.write("promotion.json", promotion)
    let quotaZero = try batch(in: folder, extra: ["--promotion", "promotion.json"])
    #expect(quotaZero.status == 0)
    #expect(folder.read("decisions.csv")?.contains("not-rewarded,quota-exhausted") == true)

    try folder.write(
      "broken.json",
      promotion.replacingOccurrences(of: "\"cycleStartDay\": 1", with: "\"cycleStartDay\": 29"))
    try FileManager.default.removeItem(atPath: folder.path("rewards.csv"))
    let broken = try batch(in: folder, extra: ["--promotion", "broken.json"])
    #expect(broken.status == 65)
    #expect(
      broken.stderr
        == "Error: broken.json:1:59: field 'cycleStartDay': must be between 1 and 28, not 29\n")
    #expect(!folder.exists("rewards.csv"))

    let missing = try batch(in: folder, extra: ["--promotion", "nowhere/promo.json"])
    #expect(missing.status == 66)
  }

  @Test func shufflingTheRowsChangesNothing() throws {
    let folder = try TemporaryFolder()
    func lines(_ name: String) throws -> [String] {
      try String(contentsOfFile: WalletProcess.sample(name), encoding: .utf8)
        .split(separator: "\n").map(String.init)
    }
    let cards = try lines("cards.csv")
    let enrollments = try lines("enrollments.csv")
    let transactions = try lines("transactions.csv")
    let seed = try SeededGenerator.testSeed("shufflingTheRowsChangesNothing")
    var generator = SeededGenerator(seed: seed)
    for round in 0..<3 {
      let shuffled = try batch(
        in: folder,
        cards: ([cards[0]] + cards.dropFirst().shuffled(using: &generator)).joined(separator: "\n"),
        enrollments: ([enrollments[0]] + enrollments.dropFirst().shuffled(using: &generator))
          .joined(separator: "\n"),
        transactions: ([transactions[0]] + transactions.dropFirst().shuffled(using: &generator))
          .joined(separator: "\n"))
      let replay = "round \(round), WALLET_TEST_SEED=\(seed)"
      #expect(shuffled.status == 0, "\(replay)")
      let expected = try String(
        contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
      #expect(folder.read("rewards.csv") == expected, "\(replay)")
      let decisions = try #require(folder.read("decisions.csv"), "\(replay)")
      let expectedDecisions = try String(
        contentsOfFile: WalletProcess.sample("expected/decisions.csv"), encoding: .utf8)
      #expect(
        Set(decisions.split(separator: "\r\n")) == Set(expectedDecisions.split(separator: "\r\n")),
        "\(replay)")
    }
  }
}

/// Where `batch` writes: never over something that is not a regular file, never one output over
/// the other.
struct BatchOutputTargetTests {
  func run(in folder: TemporaryFolder, out: String, decisions: String? = nil) throws
    -> WalletProcess.Result
  {
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    var arguments = [
      "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
      "transactions.csv", "--out", out, "--quiet",
    ]
    if let decisions { arguments += ["--decisions", decisions] }
    return try CommandHarness.run(arguments, directory: folder.url)
  }

  @Test func theSameFileSpeltTwoWaysIsRefused() throws {
    let folder = try TemporaryFolder()
    let result = try run(in: folder, out: "x.csv", decisions: "./x.csv")
    #expect(result.status == 64)
    #expect(!folder.exists("x.csv"))
  }

  @Test func aSymbolicLinkIsFollowedAndKept() throws {
    let folder = try TemporaryFolder()
    try folder.write("target.csv", "old\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.csv"), withDestinationPath: "target.csv")
    let result = try run(in: folder, out: "link.csv")
    #expect(result.status == 0)
    #expect(folder.read("target.csv")?.hasPrefix("holder,cycle_start") == true)
    let type = try FileManager.default.attributesOfItem(atPath: folder.path("link.csv"))[.type]
    #expect(type as? FileAttributeType == .typeSymbolicLink)
  }

  @Test func aCharacterDeviceIsWrittenNotReplaced() throws {
    let folder = try TemporaryFolder()
    let result = try run(in: folder, out: "/dev/null")
    #expect(result.status == 0)
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test func anEmptyFileNameIsAUsageError() throws {
    let folder = try TemporaryFolder()
    #expect(try run(in: folder, out: "").status == 64)
  }
}
