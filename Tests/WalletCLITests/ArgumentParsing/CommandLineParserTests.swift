import Testing

@testable import WalletCLI

struct CommandLineParserTests {
  private let parser = SampleCommandTree.parser

  @Test func resolvesNestedSubcommandsAndReadsOptions() throws {
    let (path, arguments) = try SampleCommandTree.run([
      "card", "add", "--card", "c1", "--holder", "alice",
    ])
    #expect(path == ["card", "add"])
    #expect(arguments.commandPath == ["card", "add"])
    #expect(arguments.given["card"] == ["c1"])
    #expect(arguments.given["holder"] == ["alice"])
  }

  @Test(arguments: [
    ["--out", "r.csv"], ["--out=r.csv"], ["-o", "r.csv"], ["-o=r.csv"],
  ])
  func optionValueSpellings(_ spelling: [String]) throws {
    let argv = Array(SampleCommandTree.batchRequired.dropLast(2)) + spelling
    let (path, arguments) = try SampleCommandTree.run(argv)
    #expect(path == ["batch"])
    #expect(arguments.given["out"] == ["r.csv"])
  }

  @Test func inlineValueKeepsEverythingAfterTheFirstEqualsSign() throws {
    let (_, arguments) = try SampleCommandTree.run(
      SampleCommandTree.batchRequired + ["--promotion=a=b.json"])
    #expect(arguments.given["promotion"] == ["a=b.json"])
  }

  @Test func flagsAndAbsentOptions() throws {
    let with = try SampleCommandTree.run(SampleCommandTree.batchRequired + ["--skip-invalid"])
    let without = try SampleCommandTree.run(SampleCommandTree.batchRequired)
    #expect(with.arguments.given["skip-invalid"] != nil)
    #expect(without.arguments.given["skip-invalid"] == nil)
    #expect(without.arguments.given["decisions"] == nil)
  }

  @Test func shortFlag() throws {
    let (_, arguments) = try SampleCommandTree.run(["card", "list", "-q"])
    #expect(arguments.given["quiet"] != nil)
  }

  @Test func repeatedOptionsAreCollectedInOrder() throws {
    let (_, arguments) = try SampleCommandTree.run([
      "card", "list", "--network", "visa", "--quiet", "--network=amex", "--network", "unionpay",
    ])
    #expect(arguments.given["network"] == ["visa", "amex", "unionpay"])
  }

  @Test func onlyWhatWasTypedIsKept() throws {
    // Defaults are the typed properties' (ParsableArgumentsTests); the parser keeps the words.
    let absent = try SampleCommandTree.run(["card", "list"])
    let given = try SampleCommandTree.run(["card", "list", "--format", "json"])
    #expect(absent.arguments.given["format"] == nil)
    #expect(given.arguments.given["format"] == ["json"])
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
    #expect(arguments.given["kind"] == ["cards"])
    #expect(arguments.given["file"] == ["f.csv"])
    #expect(arguments.given["db"] == ["s.sqlite"])
    #expect(arguments.given["skip-invalid"] != nil)
  }

  @Test func doubleDashEndsOptions() throws {
    let (_, arguments) = try SampleCommandTree.run(["import", "cards", "--", "--db"])
    #expect(arguments.given["file"] == ["--db"])
    #expect(arguments.given["db"] == nil)
    let explained = try SampleCommandTree.run(["explain", "--", "-x"])
    #expect(explained.arguments.given["txn"] == ["-x"])
  }

  @Test func helpAfterDoubleDashIsAPositional() throws {
    let (path, arguments) = try SampleCommandTree.run(["explain", "--", "--help"])
    #expect(path == ["explain"])
    #expect(arguments.given["txn"] == ["--help"])
  }

  @Test func loneDashIsAPositionalAndAValue() throws {
    let imported = try SampleCommandTree.run(["import", "cards", "-"])
    #expect(imported.arguments.given["file"] == ["-"])
    let batch = try SampleCommandTree.run(
      Array(SampleCommandTree.batchRequired.dropLast()) + ["-"])
    #expect(batch.arguments.given["out"] == ["-"])
  }

  @Test(arguments: [
    (["--amount", "-5"], "-5"), (["--amount=-5"], "-5"), (["--amount", "-0.25"], "-0.25"),
  ])
  func negativeLookingValuesBelongToTheOption(_ amount: [String], expected: String) throws {
    let (_, arguments) = try SampleCommandTree.run(["txn", "add", "--card", "c1"] + amount)
    #expect(arguments.given["amount"] == [expected])
  }

  @Test func negativeNumberIsAPositional() throws {
    let (_, arguments) = try SampleCommandTree.run(["explain", "-42"])
    #expect(arguments.given["txn"] == ["-42"])
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
      SampleCommandTree.usageError(["card", "--version"])?.description
        == "Unknown option '--version'")
    do {
      _ = try withoutVersion.parse(["--version"])
      Issue.record("--version without a version was accepted")
    } catch {
      #expect(error.description == "Unknown option '--version'")
      #expect(error.commandPath == [])
    }
  }

  @Test func aliasResolvesToItsTargetCommand() throws {
    let (path, arguments) = try SampleCommandTree.run([
      "enroll", "--card", "c1", "--channel", "apple-pay",
    ])
    #expect(path == ["enrollment", "add"])
    #expect(arguments.given["channel"] == ["apple-pay"])
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
    let error = SampleCommandTree.usageError(argv)
    #expect(error?.description == message, "argv: \(argv)")
    #expect(error?.commandPath == path, "argv: \(argv)")
  }

  @Test func usageErrorDescribesItselfInEnglish() {
    let error = UsageError(.unexpectedArgument("x"), commandPath: ["explain"])
    #expect("\(error)" == "Unexpected argument 'x'")
    #expect(
      Language.$chosen.withValue(.simplifiedChinese) { "\(error)" } == "Unexpected argument 'x'")
    #expect(UsageError.exitCode == 64)
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
    #expect(arguments.given["force"] != nil)
    #expect(parser.root.subcommands.isEmpty)
  }
}
