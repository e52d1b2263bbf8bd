import Testing
import WalletCommandTesting
import WalletTestSupport

/// Words the command line has no place for, beside `--version` and help, through the binary: a
/// script that mistypes a command must see a usage error, not a version or a help page and
/// exit 0.
struct StrayArgumentTests {
  @Test(arguments: [
    ["--version", "extra"], ["--version", "card"], ["--version", "--bogus"],
    ["--version", "--version"], ["--help", "extra"], ["extra", "--help"], ["-h", "card", "ad"],
    ["card", "--help", "extra"], ["help", "extra"], ["help", "card", "extra"],
    ["help", "card", "add", "extra"],
  ])
  func aStrayArgumentIsAUsageError(arguments: [String]) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stdout)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
    #expect(result.stderr.contains("\nUsage: wallet"), "\(result.stderr)")
  }

  /// Help for a command that exists is help, wherever `--help` stands, and whatever follows it
  /// at a command that takes arguments.
  @Test(
    arguments: [
      (["--help", "card"], "wallet card <subcommand>"),
      (["card", "--help"], "wallet card <subcommand>"),
      (["-h", "card", "add"], "wallet card add "), (["help", "card", "add"], "wallet card add "),
      (["card", "add", "--help", "extra"], "wallet card add "),
      (["--help", "--bogus"], "wallet <"),
      (["--version", "--help"], "wallet <"),
    ] as [([String], String)])
  func helpForACommandThatExists(arguments: [String], usage: String) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("USAGE: \(usage)"), "\(result.stdout)")
  }
}
