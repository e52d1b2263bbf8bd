import Foundation
import Testing
import WalletCLI

struct CommandLineParserTests {
  private let parser = SampleCommandTree.parser

  @Test func resolvesNestedSubcommandsAndReadsOptions() throws {
    let (path, arguments) = try SampleCommandTree.run([
      "card", "add", "--card", "c1", "--holder", "alice",
    ])
    #expect(path == ["card", "add"])
    #expect(arguments.commandPath == ["card", "add"])
    #expect(arguments.value("card") == "c1")
    #expect(arguments.value("holder") == "alice")
  }

  @Test(arguments: [
    ["--out", "r.csv"], ["--out=r.csv"], ["-o", "r.csv"], ["-o=r.csv"],
  ])
  func optionValueSpellings(_ spelling: [String]) throws {
    let argv = Array(SampleCommandTree.batchRequired.dropLast(2)) + spelling
    let (path, arguments) = try SampleCommandTree.run(argv)
    #expect(path == ["batch"])
    #expect(arguments.value("out") == "r.csv")
  }

  @Test func inlineValueKeepsEverythingAfterTheFirstEqualsSign() throws {
    let (_, arguments) = try SampleCommandTree.run(
      SampleCommandTree.batchRequired + ["--promotion=a=b.json"])
    #expect(arguments.value("promotion") == "a=b.json")
  }

  @Test func flagsAndAbsentOptions() throws {
    let with = try SampleCommandTree.run(SampleCommandTree.batchRequired + ["--skip-invalid"])
    let without = try SampleCommandTree.run(SampleCommandTree.batchRequired)
    #expect(with.arguments.flag("skip-invalid"))
    #expect(!without.arguments.flag("skip-invalid"))
    #expect(without.arguments.value("decisions") == nil)
    #expect(without.arguments.values("decisions").isEmpty)
  }

  @Test func shortFlag() throws {
    let (_, arguments) = try SampleCommandTree.run(["card", "list", "-q"])
    #expect(arguments.flag("quiet"))
  }

  @Test func repeatedOptionsAreCollectedInOrder() throws {
    let (_, arguments) = try SampleCommandTree.run([
      "card", "list", "--network", "visa", "--quiet", "--network=amex", "--network", "unionpay",
    ])
    #expect(arguments.values("network") == ["visa", "amex", "unionpay"])
    #expect(arguments.value("network") == "unionpay")
  }

  @Test func defaultValueIsReturnedWhenTheOptionIsAbsent() throws {
    let absent = try SampleCommandTree.run(["card", "list"])
    let given = try SampleCommandTree.run(["card", "list", "--format", "json"])
    #expect(absent.arguments.value("format") == "table")
    #expect(absent.arguments.values("format") == ["table"])
    #expect(given.arguments.value("format") == "json")
    // A default that is only a description is not a value.
    #expect(absent.arguments.value("db") == nil)
  }

  @Test(arguments: [
    ["import", "--db", "s.sqlite", "cards", "--skip-invalid", "f.csv"],
    ["import", "cards", "f.csv", "--db", "s.sqlite", "--skip-invalid"],
    ["import", "--skip-invalid", "--db=s.sqlite", "cards", "f.csv"],
    ["import", "cards", "--db", "s.sqlite", "f.csv", "--skip-invalid"],
  ])
  func optionsAndPositionalsInterleave(_ argv: [String]) throws {
    let (path, arguments) = try SampleCommandTree.run(argv)
    #expect(path == ["import"])
    #expect(arguments.positional("kind") == "cards")
    #expect(arguments.positional("file") == "f.csv")
    #expect(arguments.value("db") == "s.sqlite")
    #expect(arguments.flag("skip-invalid"))
  }

  @Test func doubleDashEndsOptions() throws {
    let (_, arguments) = try SampleCommandTree.run(["import", "cards", "--", "--db"])
    #expect(arguments.positional("file") == "--db")
    #expect(arguments.value("db") == nil)
    let explained = try SampleCommandTree.run(["explain", "--", "-x"])
    #expect(explained.arguments.positional("txn") == "-x")
  }

  @Test func helpAfterDoubleDashIsAPositional() throws {
    let (path, arguments) = try SampleCommandTree.run(["explain", "--", "--help"])
    #expect(path == ["explain"])
    #expect(arguments.positional("txn") == "--help")
  }

  @Test func loneDashIsAPositionalAndAValue() throws {
    let imported = try SampleCommandTree.run(["import", "cards", "-"])
    #expect(imported.arguments.positional("file") == "-")
    let batch = try SampleCommandTree.run(
      Array(SampleCommandTree.batchRequired.dropLast()) + ["-"])
    #expect(batch.arguments.value("out") == "-")
  }

  @Test(arguments: [
    (["--amount", "-5"], "-5"), (["--amount=-5"], "-5"), (["--amount", "-0.25"], "-0.25"),
  ])
  func negativeLookingValuesBelongToTheOption(_ amount: [String], expected: String) throws {
    let (_, arguments) = try SampleCommandTree.run(["txn", "add", "--card", "c1"] + amount)
    #expect(arguments.value("amount") == expected)
  }

  @Test func negativeNumberIsAPositional() throws {
    let (_, arguments) = try SampleCommandTree.run(["explain", "-42"])
    #expect(arguments.positional("txn") == "-42")
  }

  @Test(
    arguments: [
      ([], []), (["--help"], []), (["-h"], []), (["help"], []),
      (["card"], ["card"]), (["card", "--help"], ["card"]), (["card", "-h"], ["card"]),
      (["card", "add", "-h"], ["card", "add"]), (["-h", "card", "add"], ["card", "add"]),
      (["card", "add", "--card", "c1", "--help"], ["card", "add"]),
      (["batch", "--bogus", "--help"], ["batch"]), (["batch", "--out", "--help"], ["batch"]),
      (["card", "--bogus", "-h"], ["card"]), (["--version", "--help"], []),
      (["--help", "--version"], []), (["--help", "--bogus"], []), (["-h", "--"], []),
      (["help", "batch"], ["batch"]), (["help", "card", "add"], ["card", "add"]),
      (["help", "card"], ["card"]), (["help", "help"], ["help"]), (["help", "--help"], ["help"]),
      (["enroll", "--help"], ["enrollment", "add"]), (["help", "enroll"], ["enrollment", "add"]),
    ] as [([String], [String])])
  func helpRequests(_ argv: [String], path: [String]) throws {
    #expect(try parser.parse(argv) == .help(path))
  }

  @Test func versionAtTheRoot() throws {
    #expect(try parser.parse(["--version"]) == .version)
    let withoutVersion = CommandLineParser(root: SampleCommandTree.root)
    #expect(
      SampleCommandTree.usageError(["card", "--version"])?.message
        == "Unknown option '--version'")
    #expect(throws: UsageError("Unknown option '--version'", commandPath: [])) {
      try withoutVersion.parse(["--version"])
    }
  }

  @Test func aliasResolvesToItsTargetCommand() throws {
    let (path, arguments) = try SampleCommandTree.run([
      "enroll", "--card", "c1", "--channel", "apple-pay",
    ])
    #expect(path == ["enrollment", "add"])
    #expect(arguments.value("channel") == "apple-pay")
    let error = SampleCommandTree.usageError(["enroll", "--card", "c1"])
    #expect(error?.commandPath == ["enrollment", "add"])
  }

  @Test(
    arguments: [
      (["batch", "--foo"], "Unknown option '--foo'", ["batch"]),
      (["card", "list", "-x"], "Unknown option '-x'", ["card", "list"]),
      (["--bogus"], "Unknown option '--bogus'", []),
      (
        ["card", "list", "--fromat", "csv"], "Unknown option '--fromat'. Did you mean '--format'?",
        ["card", "list"]
      ),
      (
        ["card", "list", "--hlep"], "Unknown option '--hlep'. Did you mean '--help'?",
        ["card", "list"]
      ),
      (["--verison"], "Unknown option '--verison'. Did you mean '--version'?", []),
      (["card", "list", "--x"], "Unknown option '--x'", ["card", "list"]),
      (["card", "list", "--format"], "Missing value for '--format <format>'", ["card", "list"]),
      (
        ["card", "list", "--format", "--quiet"], "Missing value for '--format <format>'",
        ["card", "list"]
      ),
      (
        ["card", "list", "--format", "-q"], "Missing value for '--format <format>'",
        ["card", "list"]
      ),
      (
        ["card", "list", "--format", "--"], "Missing value for '--format <format>'",
        ["card", "list"]
      ),
      (
        SampleCommandTree.batchRequired.dropLast(2) + ["-o"], "Missing value for '-o <file>'",
        ["batch"]
      ),
      (
        ["batch", "--enrollments", "e", "--transactions", "t", "--out", "o"],
        "Missing expected argument '--cards <file>'", ["batch"]
      ),
      (["explain"], "Missing expected argument '<txn>'", ["explain"]),
      (["import", "cards"], "Missing expected argument '<file>'", ["import"]),
      (["explain", "t1", "x"], "Unexpected argument 'x'", ["explain"]),
      (["help", "batch", "extra"], "Unexpected argument 'extra'", ["help"]),
      (["--version", "extra"], "Unexpected argument 'extra'", []),
      (["--version", "card"], "Unexpected argument 'card'", []),
      (["--version", "--version"], "Unexpected argument '--version'", []),
      (["--version", "--"], "Unexpected argument '--'", []),
      (["--version", "-"], "Unexpected argument '-'", []),
      (["--version", "--bogus"], "Unknown option '--bogus'", []),
      (["--version", "--verison"], "Unknown option '--verison'. Did you mean '--version'?", []),
      (["--help", "extra"], "Unknown subcommand 'extra'", []),
      (["extra", "--help"], "Unknown subcommand 'extra'", []),
      (["-h", "card", "ad"], "Unknown subcommand 'ad'. Did you mean 'add'?", ["card"]),
      (["card", "--help", "extra"], "Unknown subcommand 'extra'", ["card"]),
      (["--", "batch"], "Unexpected argument '--'", []),
      (["frob"], "Unknown subcommand 'frob'", []),
      (["crad"], "Unknown subcommand 'crad'. Did you mean 'card'?", []),
      (["enrol"], "Unknown subcommand 'enrol'. Did you mean 'enroll'?", []),
      (["card", "lsit"], "Unknown subcommand 'lsit'. Did you mean 'list'?", ["card"]),
      (["help", "frob"], "Unknown subcommand 'frob'", []),
      (["help", "card", "ad"], "Unknown subcommand 'ad'. Did you mean 'add'?", ["card"]),
      (
        ["card", "list", "--format", "xml"],
        "The value 'xml' is invalid for '--format <format>'; expected one of: table, csv, json",
        ["card", "list"]
      ),
      (
        ["card", "list", "--format=XML"],
        "The value 'XML' is invalid for '--format <format>'; expected one of: table, csv, json",
        ["card", "list"]
      ),
      (
        ["import", "xml", "f.csv"],
        "The value 'xml' is invalid for '<kind>'; expected one of: cards, enrollments, transactions",
        ["import"]
      ),
      (
        ["card", "remove", "c1", "--force=yes"], "'--force' does not take a value",
        ["card", "remove"]
      ),
      (
        ["card", "remove", "c1", "-f", "--force"], "'--force' can only be given once",
        ["card", "remove"]
      ),
      (
        ["card", "list", "--format", "csv", "--format", "json"],
        "'--format' can only be given once",
        ["card", "list"]
      ),
      (
        SampleCommandTree.batchRequired + ["-o", "x.csv"], "'--out' can only be given once",
        ["batch"]
      ),
    ] as [([String], String, [String])])
  func usageErrors(_ argv: [String], message: String, path: [String]) {
    #expect(
      SampleCommandTree.usageError(argv) == UsageError(message, commandPath: path),
      "argv: \(argv)")
  }

  @Test func usageErrorDescribesItselfByItsMessage() {
    let error = UsageError("Unexpected argument 'x'", commandPath: ["explain"])
    #expect("\(error)" == "Unexpected argument 'x'")
    #expect(UsageError.exitCode == 64)
  }

  private struct NotAPlainAmount: LocalizedError {
    var errorDescription: String? { "not a plain decimal amount" }
  }

  private struct Terse: Error, CustomStringConvertible {
    var description: String { "too terse" }
  }

  private static func plainAmount(_ text: String) throws -> Decimal {
    guard text.allSatisfy({ $0.isNumber || $0 == "." }), let amount = Decimal(string: text) else {
      throw NotAPlainAmount()
    }
    return amount
  }

  @Test func convertedValue() throws {
    let (_, arguments) = try SampleCommandTree.run([
      "txn", "add", "--card", "c1", "--amount", "12.50",
    ])
    #expect(try arguments.value("amount", as: Self.plainAmount) == Decimal(string: "12.50"))
    #expect(try arguments.value("amount", as: { $0.count }) == 5)
  }

  @Test func convertedAbsentValueIsNil() throws {
    let (_, arguments) = try SampleCommandTree.run(["card", "list"])
    #expect(try arguments.value("network", as: { _ in 1 }) == nil)
  }

  @Test func conversionErrorBecomesAUsageErrorNamingOptionAndValue() throws {
    let (_, arguments) = try SampleCommandTree.run([
      "txn", "add", "--card", "c1", "--amount", "1e3",
    ])
    #expect(
      throws: UsageError(
        "The value '1e3' is invalid for '--amount <amount>': not a plain decimal amount",
        commandPath: ["txn", "add"])
    ) {
      try arguments.value("amount", as: Self.plainAmount)
    }
    #expect(
      throws: UsageError(
        "The value '1e3' is invalid for '--amount <amount>': too terse",
        commandPath: ["txn", "add"])
    ) {
      try arguments.value("amount", as: { _ in throw Terse() })
    }
  }

  @Test func conversionOfEveryValueStopsAtTheFirstBadOne() throws {
    let (_, arguments) = try SampleCommandTree.run([
      "txn", "add", "--card", "c", "--amount", "1", "--tag", "1", "--tag", "x", "--tag", "y",
    ])
    #expect(
      throws: UsageError(
        "The value 'x' is invalid for '--tag <tag>': not a plain decimal amount",
        commandPath: ["txn", "add"])
    ) {
      try arguments.values("tag", as: Self.plainAmount)
    }
    let good = try SampleCommandTree.run([
      "txn", "add", "--card", "c", "--amount", "1", "--tag", "1", "--tag", "2",
    ])
    #expect(try good.arguments.values("tag", as: { Int($0) }) == [1, 2])
  }

  @Test func conversionOfAPositionalNamesItsPlaceholder() throws {
    let (_, arguments) = try SampleCommandTree.run(["explain", "t1"])
    #expect(
      throws: UsageError(
        "The value 't1' is invalid for '<txn>': too terse", commandPath: ["explain"])
    ) {
      try arguments.value("txn", as: { _ in throw Terse() })
    }
  }

  @Test func commandsCanRaiseTheirOwnUsageErrors() throws {
    let (_, arguments) = try SampleCommandTree.run(SampleCommandTree.batchRequired)
    #expect(
      arguments.usageError("'--decisions' needs '--out'")
        == UsageError("'--decisions' needs '--out'", commandPath: ["batch"]))
  }

  @Test func askingForAnUndeclaredNameIsAProgrammerError() async {
    await #expect(processExitsWith: .failure) {
      let parser = CommandLineParser(
        root: CommandSpec("tool", abstract: "A tool.", arguments: [.flag("force", help: "")]))
      guard case .run(_, let arguments) = try parser.parse([]) else { return }
      _ = arguments.value("nope")
    }
    await #expect(processExitsWith: .failure) {
      let parser = CommandLineParser(
        root: CommandSpec("tool", abstract: "A tool.", arguments: [.flag("force", help: "")]))
      guard case .run(_, let arguments) = try parser.parse([]) else { return }
      // A flag is not an option: reading it as one is a mistake too.
      _ = arguments.value("force")
    }
  }

  @Test func aRootWithoutSubcommandsRunsItself() throws {
    let parser = CommandLineParser(
      root: CommandSpec("tool", abstract: "A tool.", arguments: [.flag("force", help: "")]))
    #expect(try parser.parse(["--force"]) != .help([]))
    guard case .run(let path, let arguments) = try parser.parse(["--force"]) else {
      Issue.record("expected to run")
      return
    }
    #expect(path.isEmpty)
    #expect(arguments.flag("force"))
    #expect(parser.root.subcommands.isEmpty)
  }
}
