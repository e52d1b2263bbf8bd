import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Every store command has help generated from its declaration, and takes `--db`.
struct StoreHelpTests {
  static let commands: [[String]] = [
    ["init"], ["card", "add"], ["card", "list"], ["card", "remove"], ["enrollment", "add"],
    ["enrollment", "list"], ["enrollment", "remove"], ["import", "cards"],
    ["import", "enrollments"], ["import", "transactions"], ["import", "postings"],
    ["posting", "add"], ["posting", "list"], ["posting", "remove"], ["txn", "add"],
    ["txn", "refund"], ["txn", "list"], ["promotion", "add"], ["promotion", "list"],
    ["promotion", "show"], ["promotion", "remove"], ["statement"],
  ]

  @Test(arguments: commands)
  func helpIsPrintedOnStandardOutput(command: [String]) throws {
    let result = try CommandHarness.run(command + ["--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("OVERVIEW: "))
    #expect(result.stdout.contains("USAGE: wallet \(command.joined(separator: " "))"))
    #expect(result.stdout.contains("--db <path>"))
    let viaHelp = try CommandHarness.run(["help"] + command)
    #expect(viaHelp.stdout == result.stdout)
  }

  @Test(arguments: ["card", "enrollment", "posting", "txn", "promotion"])
  func aGroupAloneShowsItsSubcommands(group: String) throws {
    let result = try CommandHarness.run([group])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: wallet \(group) <subcommand>"))
    #expect(result.stdout.contains("SUBCOMMANDS:\n  add "))
  }

  @Test func enrollIsAnAliasOfEnrollmentAdd() throws {
    let alias = try CommandHarness.run(["enroll", "--help"])
    #expect(alias.stdout == (try CommandHarness.run(["enrollment", "add", "--help"])).stdout)
    let root = try CommandHarness.run(["--help"])
    #expect(root.stdout.contains("  enroll                  Alias for 'enrollment add'."))
  }
}
