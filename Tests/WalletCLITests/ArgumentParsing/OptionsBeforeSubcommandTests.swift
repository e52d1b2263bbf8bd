import Testing

@testable import WalletCLI

/// An option that may stand before the subcommand as well as after it (wallet's `--db`): taken
/// as if typed after the command, refused before a command that does not take it, and refused
/// when given on both sides.
struct OptionsBeforeSubcommandTests {
  /// The sample tree, with `--db` (which `card list` and `import` declare) taken before the
  /// subcommand too.
  static let parser = CommandLineParser(
    root: SampleCommandTree.root, version: "1.2.3", optionsBeforeSubcommand: ["db"])

  static func run(_ argv: [String]) throws -> (path: [String], arguments: ParsedArguments) {
    guard case .run(let path, let arguments) = try parser.parse(argv) else {
      throw UsageError(.command("expected a command to run for \(argv)"), commandPath: [])
    }
    return (path, arguments)
  }

  @Test(arguments: [
    (["--db", "s.sqlite", "card", "list"], ["card", "list"]),
    (["--db=s.sqlite", "card", "list"], ["card", "list"]),
    (["card", "--db", "s.sqlite", "list"], ["card", "list"]),
    (["card", "list", "--db", "s.sqlite"], ["card", "list"]),
    (["card", "list", "--db=s.sqlite"], ["card", "list"]),
    (["--db", "s.sqlite", "import", "cards", "f.csv"], ["import"]),
    (["import", "cards", "f.csv", "--db", "s.sqlite"], ["import"]),
  ])
  func beforeOrAfterTheSubcommandAlike(argv: [String], path: [String]) throws {
    let parsed = try Self.run(argv)
    #expect(parsed.path == path)
    #expect(parsed.arguments.given["db"] == ["s.sqlite"])
  }

  @Test func theCommandsOwnArgumentsAreReadAsWithout() throws {
    let before = try Self.run(["--db", "s", "card", "list", "--network", "visa", "-q"])
    let after = try Self.run(["card", "list", "--network", "visa", "-q", "--db", "s"])
    #expect(before.arguments == after.arguments)
    let imported = try Self.run(["--db", "s", "import", "cards", "--", "--db"])
    #expect(imported.arguments.given["file"] == ["--db"])
    #expect(imported.arguments.given["db"] == ["s"])
  }

  @Test(arguments: [
    // After a command that does not take it, as before: an unknown option.
    (
      ["batch", "--db", "s"] + SampleCommandTree.batchRequired.dropFirst(),
      "Unknown option '--db'", ["batch"]
    ),
    (
      ["--db", "s"] + SampleCommandTree.batchRequired, "'wallet batch' does not take '--db'",
      ["batch"]
    ),
    (["--db", "s", "explain", "T1"], "'wallet explain' does not take '--db'", ["explain"]),
    (["--db", "s", "--version"], "'wallet --version' does not take '--db'", []),
    (
      ["--db", "s", "card", "list", "--db", "t"],
      "'--db' is given both before and after the subcommand; give it once", ["card", "list"]
    ),
    (
      ["--db", "s", "--db", "t", "card", "list"], "'--db' can only be given once", ["card", "list"]
    ),
    (["--db"], "Missing value for '--db <path>'", []),
    (["card", "--db"], "Missing value for '--db <path>'", ["card"]),
    (["--db", "--help-me", "card", "list"], "Missing value for '--db <path>'", []),
  ])
  func mistakesAreUsageErrors(argv: [String], message: String, path: [String]) {
    #expect {
      _ = try Self.parser.parse(argv)
    } throws: { error in
      guard let usage = error as? UsageError else { return false }
      return usage.description == message && usage.commandPath == path
    }
  }

  /// Asking for help runs nothing, so a store named before it is no mistake.
  @Test(arguments: [
    (["--db", "s"], [String]()), (["--db", "s", "--help"], []), (["--db", "s", "card"], ["card"]),
    (["--db", "s", "card", "list", "-h"], ["card", "list"]),
    (["--db", "s", "help", "card"], ["card"]),
    (["--db", "-h"], []),
  ])
  func helpIsShownWhateverStoreIsNamed(argv: [String], path: [String]) throws {
    #expect(try Self.parser.parse(argv) == .help(path))
  }

  /// Without the declaration the parser stays as strict as before: an unknown option.
  @Test func onlyTheOptionsDeclaredMayComeFirst() {
    #expect {
      _ = try SampleCommandTree.parser.parse(["--db", "s", "card", "list"])
    } throws: { error in
      (error as? UsageError)?.description == "Unknown option '--db'"
    }
  }
}
