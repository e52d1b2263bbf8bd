import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The manual pages point to each other, what a user has points only to what a user has (a
/// clone of the project holds no SPEC.md), and the pages render without warnings.
struct ManualLinksTests {
  static let pages = ["wallet.1", "wallet-files.5", "wallet-formats.5", "wallet-rules.7"]

  static func reference(to page: String) -> String {
    let dot = page.lastIndex(of: ".")!
    return ".Xr \(page[..<dot]) \(page[page.index(after: dot)...])"
  }

  @Test(arguments: pages)
  func seeAlsoNamesTheOtherPages(page: String) {
    let seeAlso = ManualPage(page).section("SEE ALSO").text
    for other in Self.pages where other != page {
      #expect(seeAlso.contains(Self.reference(to: other)), "\(page) → \(other)")
    }
  }

  @Test func nothingPointsToTheContract() throws {
    let documents = ["README.md", "bench/README.md", "docs/reliability.md", "tools/sql/README.md"]
    for document in documents + Self.pages.map({ "man/\($0)" }) {
      let text = try String(
        contentsOf: WalletProcess.packageRoot.appendingPathComponent(document), encoding: .utf8)
      #expect(!text.contains("SPEC"), "\(document) mentions the SPEC, which users do not have")
    }
    let help = try CommandHarness.run(["export", "--help"])
    #expect(help.status == 0)
    #expect(!help.stdout.contains("SPEC"))
    #expect(help.stdout.contains("wallet-files(5)"))
  }

  static let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// `mandoc -T lint` finds nothing at the level of a warning; skipped where mandoc is not
  /// installed.
  @Test(.enabled(if: mandoc != nil), arguments: pages)
  func thePageHasNoWarnings(page: String) throws {
    let page = WalletProcess.packageRoot.appendingPathComponent("man/\(page)").path
    let result = try WalletProcess.runProgram(
      [try #require(Self.mandoc), "-T", "lint", "-W", "warning", page],
      environment: ["PATH": "/usr/bin:/bin"])
    let messages = result.stdout + result.stderr
    #expect(messages.isEmpty, "\(messages)")
  }
}
