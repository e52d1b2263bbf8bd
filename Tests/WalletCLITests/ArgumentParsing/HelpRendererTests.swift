import Testing
import WalletCLI

struct HelpRendererTests {
  private let parser = SampleCommandTree.parser

  private func lines(_ path: [String]) -> [String] {
    parser.helpText(for: path).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }

  /// The lines from `header` up to the blank line that ends its section.
  private func section(_ header: String, of path: [String]) -> [String]? {
    let all = lines(path)
    guard let start = all.firstIndex(of: header) else { return nil }
    return Array(all[start...].prefix(while: { !$0.isEmpty }))
  }

  @Test func leafCommandHelpInFull() {
    let expected = """
      OVERVIEW: Decide rewards for three CSV files without a store.

      Reads the cards, enrollments and transactions, decides which transactions earn a
      reward and writes the rewards CSV.
        wallet batch --cards c.csv --enrollments e.csv --transactions t.csv --out
        r.csv

      USAGE: wallet batch --cards <file> --enrollments <file> --transactions <file> \
      [--promotion <file-or-id>] --out <file> [--decisions <file>] [--skip-invalid]

      OPTIONS:
        --cards <file>          The cards CSV file.
        --enrollments <file>    The enrollments CSV file.
        --transactions <file>   The transactions CSV file.
        --promotion <file-or-id>
                                A promotion JSON file, or else the id of a built-in
                                promotion.
        -o, --out <file>        Where to write the rewards CSV; '-' is stdout.
        --decisions <file>      Where to write one decision per transaction.
        --skip-invalid          Report invalid rows and go on without them instead of
                                stopping at the first one; every skipped row is still
                                reported on stderr.
        -h, --help              Show help information.
      """
    #expect(parser.helpText(for: ["batch"]) == expected)
  }

  @Test func rootHelpListsSubcommandsAliasesHelpAndVersion() {
    #expect(
      lines([]).prefix(4) == [
        "OVERVIEW: An offline Apple Pay card wallet and reward calculator.", "",
        "USAGE: wallet <subcommand>", "",
      ])
    #expect(
      section("OPTIONS:", of: []) == [
        "OPTIONS:",
        "  --version               Show the version.",
        "  -h, --help              Show help information.",
      ])
    #expect(
      section("SUBCOMMANDS:", of: []) == [
        "SUBCOMMANDS:",
        "  batch                   Decide rewards for three CSV files without a store.",
        "  card                    Manage cards.",
        "  enrollment              Manage enrollments.",
        "  import                  Import a CSV file into the store.",
        "  txn                     Record and list transactions.",
        "  explain                 Explain the decision for one transaction.",
        "  help                    Show subcommand help information.",
        "  enroll                  Alias for 'enrollment add'.",
      ])
    #expect(lines([]).suffix(2) == ["", "  See 'wallet help <subcommand>' for detailed help."])
    #expect(section("ARGUMENTS:", of: []) == nil)
  }

  @Test func versionIsListedOnlyAtTheRootOfAVersionedTool() {
    let unversioned = CommandLineParser(root: SampleCommandTree.root)
    #expect(!unversioned.helpText(for: []).contains("--version"))
    #expect(!parser.helpText(for: ["card"]).contains("--version"))
  }

  @Test func groupCommandHelp() {
    #expect(
      lines(["card"]) == [
        "OVERVIEW: Manage cards.",
        "",
        "USAGE: wallet card <subcommand>",
        "",
        "OPTIONS:",
        "  -h, --help              Show help information.",
        "",
        "SUBCOMMANDS:",
        "  add                     Add a card.",
        "  list                    List cards.",
        "  remove                  Remove a card.",
        "",
        "  See 'wallet help card <subcommand>' for detailed help.",
      ])
  }

  @Test func argumentsSectionAndShortNames() {
    #expect(
      section("ARGUMENTS:", of: ["card", "remove"]) == [
        "ARGUMENTS:", "  <card>                  The card id.",
      ])
    #expect(
      section("OPTIONS:", of: ["card", "remove"]) == [
        "OPTIONS:",
        "  -f, --force             Remove it even when it has enrollments.",
        "  -h, --help              Show help information.",
      ])
    #expect(section("SUBCOMMANDS:", of: ["card", "remove"]) == nil)
    #expect(!parser.helpText(for: ["card", "remove"]).contains("See 'wallet help"))
  }

  @Test func defaultsAreShownAfterTheHelpText() {
    #expect(
      section("OPTIONS:", of: ["card", "list"]) == [
        "OPTIONS:",
        "  --format <format>       Output format: table, csv or json. (default: table)",
        "  --network <network>     Only cards of this network.",
        "  --db <path>             The store. (default: $WALLET_DB)",
        "  -q, --quiet             Print ids only.",
        "  -h, --help              Show help information.",
      ])
  }

  @Test(
    arguments: [
      (["batch"], SampleCommandTree.batchUsage),
      (
        ["card", "list"],
        "wallet card list [--format <format>] [--network <network> ...] [--db <path>] [--quiet]"
      ),
      (["card", "remove"], "wallet card remove <card> [--force]"),
      (["import"], "wallet import <kind> <file> [--db <path>] [--skip-invalid]"),
      (["txn", "add"], "wallet txn add --card <id> --amount <amount> [--tag <tag> ...]"),
      (["help"], "wallet help [<subcommands> ...]"),
      (["card"], "wallet card <subcommand>"),
      ([], "wallet <subcommand>"),
    ] as [([String], String)])
  func usageLines(_ path: [String], expected: String) {
    #expect(parser.usageLine(for: path) == expected)
    #expect(lines(path).contains("USAGE: \(expected)"))
  }

  @Test func requiredRepeatableAndOptionalPositionalsInUsage() {
    let parser = CommandLineParser(
      root: CommandSpec(
        "tool", abstract: "A tool.",
        arguments: [
          .option("network", valueName: "network", help: "", required: true, repeatable: true),
          .positional("first", help: ""),
          .positional("rest", valueName: "file", help: "", repeatable: true),
          .flag("verbose", short: "v", help: "", repeatable: true),
        ]))
    #expect(
      parser.usageLine(for: [])
        == "tool --network <network> ... <first> <file> ... [--verbose ...]")
    // An entry without help text has no trailing padding.
    #expect(parser.helpText(for: []).contains("\n  <first>\n"))
  }

  @Test func everyLineFitsInEightyColumnsAndContinuationsHang() throws {
    let long = String(repeating: "word ", count: 40)
    let parser = CommandLineParser(
      root: CommandSpec(
        "tool", abstract: "A tool.", discussion: long,
        arguments: [.option("a-rather-long-option-name", valueName: "value", help: long)]))
    let lines = parser.helpText(for: []).split(separator: "\n").map(String.init)
    #expect(lines.allSatisfy { $0.count <= 80 })
    let entry = try #require(lines.firstIndex(of: "  --a-rather-long-option-name <value>"))
    let helpLines = lines[(entry + 1)...].prefix(while: { $0.hasPrefix("      ") })
    #expect(lines[1...3].allSatisfy { $0.hasPrefix("word word") })
    #expect(helpLines.count == 4)
    #expect(helpLines.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26) + "word") })
  }

  @Test func errorTextNamesTheCommandItsUsageAndItsHelp() {
    let error = UsageError(
      .unknownOption("--foo", suggestion: nil), commandPath: ["card", "remove"])
    #expect(
      parser.errorText(for: error) == """
        Error: Unknown option '--foo'
        Usage: wallet card remove <card> [--force]
          See 'wallet card remove --help' for more information.
        """)
    let atRoot = UsageError(.unknownSubcommand("frob", suggestion: nil), commandPath: [])
    #expect(
      parser.errorText(for: atRoot) == """
        Error: Unknown subcommand 'frob'
        Usage: wallet <subcommand>
          See 'wallet --help' for more information.
        """)
  }

  @Test func errorTextForAParsedCommandLine() throws {
    let error = try #require(SampleCommandTree.usageError(["batch", "--cards", "c.csv"]))
    #expect(
      parser.errorText(for: error).split(separator: "\n") == [
        "Error: Missing expected argument '--enrollments <file>'",
        "Usage: \(SampleCommandTree.batchUsage)",
        "  See 'wallet batch --help' for more information.",
      ])
  }

  @Test func catalogListsEveryCommandAliasAndOption() {
    let catalog = parser.commandCatalog()
    #expect(
      catalog.map(\.path) == [
        [], ["batch"], ["card"], ["card", "add"], ["card", "list"], ["card", "remove"],
        ["enrollment"], ["enrollment", "add"], ["enrollment", "list"], ["import"], ["txn"],
        ["txn", "add"], ["explain"], ["help"], ["enroll"],
      ])
    #expect(catalog.last?.aliasTarget == ["enrollment", "add"])
    #expect(catalog.filter { $0.aliasTarget != nil }.count == 1)
    #expect(
      catalog.first { $0.path == ["batch"] }?.optionNames == [
        "--cards", "--enrollments", "--transactions", "--promotion", "--out", "-o", "--decisions",
        "--skip-invalid",
      ])
    #expect(catalog.first { $0.path == ["card", "list"] }?.optionNames.contains("-q") == true)
    #expect(catalog.first { $0.path == ["import"] }?.optionNames == ["--db", "--skip-invalid"])
  }
}
