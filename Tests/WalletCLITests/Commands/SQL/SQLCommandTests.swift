import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet sql` as a user runs it: the query on standard output, usage errors exit 64.
struct SQLCommandTests {
  @Test(arguments: ["spark", "duckdb", "sqlite"])
  func printsOneQuery(dialect: String) throws {
    for extra in [[], ["--rewards"], ["--validation"]] {
      let result = try CommandHarness.run(["sql", "--dialect", dialect] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("-- wallet sql"))
      #expect(result.stdout.contains("\nWITH\n"))
      #expect(result.stderr.isEmpty)
    }
  }

  @Test func aPromotionFileIsCompiled() throws {
    let file = WalletProcess.packageRoot
      .appendingPathComponent("data/promotions/bocom-applepay-monthly-clawback.json").path
    let result = try CommandHarness.run(["sql", "--dialect", "duckdb", "--promotion", file])
    #expect(result.status == 0)
    #expect(result.stdout.contains("'forfeited'"))
    let net = try CommandHarness.run(["sql", "--dialect", "duckdb"])
    #expect(!net.stdout.contains("'forfeited'"))
  }

  @Test(arguments: [
    ["sql"], ["sql", "--dialect", "oracle"],
    ["sql", "--dialect", "spark", "--rewards", "--validation"],
    ["sql", "--dialect", "spark", "--years", "2030-2020"],
    ["sql", "--dialect", "spark", "--years", "soon"],
  ])
  func usageErrors(arguments: [String]) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains("Usage: wallet sql"))
  }

  @Test func anUnknownPromotionIsRefused() throws {
    let result = try CommandHarness.run(["sql", "--dialect", "spark", "--promotion", "nope"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }

  /// A promotion id is the user's text: a NUL (which ends a query for an engine reading C
  /// strings), an escape or a line feed in it reaches the query's header comment escaped.
  @Test(arguments: ["spark", "duckdb", "sqlite"])
  func controlCharactersInAPromotionIDAreEscapedInTheHeader(dialect: String) throws {
    let folder = try TemporaryFolder()
    let source = WalletProcess.packageRoot
      .appendingPathComponent("data/promotions/bocom-applepay-monthly.json")
    var text = try String(contentsOf: source, encoding: .utf8)
    let id = try #require(text.range(of: "\"bocom-applepay-monthly\""))
    text.replaceSubrange(id, with: #""x\u0000y\u001b[2J\nz\u0085""#)
    let file = try folder.write("hostile.json", text)
    let result = try CommandHarness.run(
      ["sql", "--dialect", dialect, "--promotion", file], directory: folder.url)
    #expect(result.status == 0, "\(result.stderr)")
    let header = try #require(result.stdout.split(separator: "\n").first)
    #expect(header.contains(#"x\u{0}y\u{1B}[2J\u{A}z\u{85}"#), "\(header)")
    let raw = result.stdout.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
    }
    #expect(raw.isEmpty, "raw control characters in the query: \(raw.map(\.value))")
  }
}
