import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `--db` before the subcommand as after it (`wallet --db s.sqlite card list`), as `--lang` is
/// taken anywhere: the same store read, the top-level help and completion saying so, and the
/// mistakes it allows refused as usage errors.
struct StoreOptionPlacementTests {
  /// Two stores, each with one card of its own, and `WALLET_DB` naming neither, so that only
  /// `--db` can make a command read one of them.
  static func twoStores() throws -> (first: StoreSession, second: StoreSession) {
    let (first, second) = (try StoreSession(), try StoreSession())
    try first.smallWallet()
    try second.succeed(["init"])
    try second.succeed([
      "card", "add", "OTHER", "--holder", "H2", "--network", "visa", "--type", "debit",
    ])
    return (first, second)
  }

  static let elsewhere = ["WALLET_DB": "/nonexistent/wallet.sqlite"]

  /// Whether two runs gave the same status and the same bytes on both streams.
  static func same(_ one: WalletProcess.Result, _ other: WalletProcess.Result) -> Bool {
    one.status == other.status && one.stdout == other.stdout && one.stderr == other.stderr
  }

  @Test(arguments: [
    ["card", "list", "--format", "csv"], ["txn", "list", "--format", "csv"],
    ["enrollment", "list", "--format", "json"],
  ])
  func beforeAndAfterTheSubcommandReadTheSameStore(command: [String]) throws {
    let (first, second) = try Self.twoStores()
    for session in [first, second] {
      let db = session.database
      let before = try CommandHarness.run(["--db", db] + command, environment: Self.elsewhere)
      let after = try CommandHarness.run(command + ["--db", db], environment: Self.elsewhere)
      let inline = try CommandHarness.run(["--db=\(db)"] + command, environment: Self.elsewhere)
      #expect(after.status == 0, "\(after.stderr)")
      #expect(Self.same(before, after))
      #expect(Self.same(inline, after))
    }
    // The two stores differ, so reading the same one is no accident.
    let cards = try [first, second].map { session in
      try CommandHarness.run(["--db", session.database, "card", "list", "--format", "csv"]).stdout
    }
    #expect(cards[0].contains("C1,H1") && cards[1].contains("OTHER,H2"))
  }

  @Test func aChangeMadeWithTheOptionFirstGoesToThatStore() throws {
    let (first, _) = try Self.twoStores()
    let added = try CommandHarness.run(
      [
        "--db", first.database, "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150",
        "--at", "2026-11-23",
      ], environment: Self.elsewhere.merging(["WALLET_NOW": StoreSession.now]) { $1 })
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try first.succeed(["txn", "list", "--format", "csv"]).stdout.contains("\nT1,C1,"))
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/wallet.sqlite"))
  }

  /// Before a command that uses no store, and on both sides of one that does: exit 64, the
  /// error naming the option, and the command's usage line.
  @Test(arguments: [
    (["batch", "--cards", "c.csv"], "Error: 'wallet batch' does not take '--db'", "wallet batch"),
    (["sql", "--dialect", "duckdb"], "Error: 'wallet sql' does not take '--db'", "wallet sql"),
    (["demo"], "Error: 'wallet demo' does not take '--db'", "wallet demo"),
    (
      ["completion", "bash"], "Error: 'wallet completion' does not take '--db'", "wallet completion"
    ),
    (["version"], "Error: 'wallet version' does not take '--db'", "wallet version"),
    (
      ["card", "list", "--db", "other.sqlite"],
      "Error: '--db' is given both before and after the subcommand; give it once",
      "wallet card list"
    ),
  ])
  func misplacedOrRepeatedIsAUsageError(command: [String], error: String, usage: String) throws {
    let folder = try TemporaryFolder()
    let result = try CommandHarness.run(
      ["--db", "s.sqlite"] + command, environment: Self.elsewhere, directory: folder.url)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.lines.first == error)
    #expect(result.stderr.lines.dropFirst().first?.hasPrefix("Usage: \(usage)") == true)
    #expect(folder.fileNames.isEmpty, "no store is made")
  }

  @Test func theMistakesAreWordedInChinese() throws {
    let folder = try TemporaryFolder()
    let batch = try CommandHarness.run(
      ["--lang", "zh-Hans", "--db", "s.sqlite", "batch"], directory: folder.url)
    #expect(batch.status == 64)
    #expect(batch.stderr.lines.first == "错误：'wallet batch' 不接受 '--db'")
    let twice = try CommandHarness.run(
      ["--db", "s.sqlite", "card", "list", "--db", "s.sqlite", "--lang", "zh-Hans"],
      directory: folder.url)
    #expect(twice.status == 64)
    #expect(twice.stderr.lines.first == "错误：'--db' 在子命令之前和之后都给出了；只需给出一次")
  }

  @Test(arguments: ["en", "zh-Hans"])
  func theTopLevelHelpListsTheStoreOption(language: String) throws {
    let help = try CommandHarness.run(["--help", "--lang", language])
    #expect(help.status == 0)
    let options = help.stdout.components(separatedBy: language == "en" ? "OPTIONS:" : "选项：")
    #expect(options.count == 2, "\(help.stdout)")
    let listed = options.last?.lines.first { $0.hasPrefix("  --db <path>") }
    #expect(listed != nil, "\(help.stdout)")
    // Help is wrapped to 80 columns: words are compared without the breaks.
    let unwrapped = help.stdout.filter { !$0.isWhitespace }
    #expect(unwrapped.contains("$WALLET_DB"))
    let said = language == "en" ? "before or after the subcommand" : "写在子命令之前或之后均可"
    #expect(unwrapped.contains(said.filter { !$0.isWhitespace }))
    // Named before the subcommand, the store changes no help.
    let named = try CommandHarness.run(["--db", "s.sqlite", "--help", "--lang", language])
    #expect(Self.same(named, help))
  }

  /// `__complete`, which every shell's script asks: `--db` offered before the subcommand (and
  /// not again after it), its value a file, and the ids of the store it names.
  @Test func completionOffersTheStoreOptionBeforeTheSubcommand() throws {
    let (first, second) = try Self.twoStores()
    func complete(_ words: [String]) throws -> [String] {
      try CommandHarness.run(["__complete"] + words, environment: Self.elsewhere).stdout.lines
    }
    #expect(try complete(["--d"]) == ["--db"])
    #expect(try complete(["card", "--d"]) == ["--db"])
    #expect(try complete(["--db", ""]) == [":files"])
    #expect(try complete(["--db", first.database, "card", "remove", ""]) == ["C1"])
    #expect(try complete(["--db", second.database, "card", "remove", ""]) == ["OTHER"])
    #expect(try complete(["--db=\(second.database)", "card", "remove", ""]) == ["OTHER"])
    #expect(try complete(["--db", first.database, "card", "list", "--d"]).isEmpty)
    #expect(try complete(["card", "list", "--d"]) == ["--db"])
    let top = try complete(["--"])
    #expect(top.contains("--db") && top.contains("--lang"))
  }
}
