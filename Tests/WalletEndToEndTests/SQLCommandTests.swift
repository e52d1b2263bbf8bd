import Foundation
import Testing
import WalletTestSupport

/// `wallet sql` as a user runs it: the query on standard output, usage errors exit 64.
struct SQLCommandTests {
  @Test(arguments: ["spark", "duckdb", "sqlite"])
  func printsOneQuery(dialect: String) throws {
    for extra in [[], ["--rewards"], ["--validation"]] {
      let result = try WalletProcess.run(["sql", "--dialect", dialect] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("-- wallet sql"))
      #expect(result.stdout.contains("\nWITH\n"))
      #expect(result.stderr.isEmpty)
    }
  }

  @Test func aPromotionFileIsCompiled() throws {
    let file = WalletProcess.packageRoot
      .appendingPathComponent("data/promotions/bocom-applepay-monthly-clawback.json").path
    let result = try WalletProcess.run(["sql", "--dialect", "duckdb", "--promotion", file])
    #expect(result.status == 0)
    #expect(result.stdout.contains("'forfeited'"))
    let net = try WalletProcess.run(["sql", "--dialect", "duckdb"])
    #expect(!net.stdout.contains("'forfeited'"))
  }

  @Test(arguments: [
    ["sql"], ["sql", "--dialect", "oracle"],
    ["sql", "--dialect", "spark", "--rewards", "--validation"],
    ["sql", "--dialect", "spark", "--years", "2030-2020"],
    ["sql", "--dialect", "spark", "--years", "soon"],
  ])
  func usageErrors(arguments: [String]) throws {
    let result = try WalletProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
    #expect(result.stderr.contains("Usage: wallet sql"))
  }

  @Test func anUnknownPromotionIsRefused() throws {
    let result = try WalletProcess.run(["sql", "--dialect", "spark", "--promotion", "nope"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }
}
