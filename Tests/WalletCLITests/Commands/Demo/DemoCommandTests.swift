import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet demo`, the README's main command.
struct DemoCommandTests {
  static func expected() throws -> String {
    try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("data/sample/expected/demo.txt"),
      encoding: .utf8)
  }

  @Test func outputIsTheExpectedFileFromAnyFolder() throws {
    let folder = try TemporaryFolder()
    let temporary = folder.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let result = try CommandHarness.run(
      ["demo"],
      environment: [
        "NO_COLOR": "1", "TMPDIR": temporary.path, "WALLET_DB": folder.path("mine/wallet.sqlite"),
        "HOME": folder.path("home"),
      ],
      directory: folder.url)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == (try Self.expected()))
    // The throw-away store is gone, and the user's own store was never touched.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    #expect(folder.fileNames == ["tmp"])
  }

  @Test func theSameAnyDayAndFromThePackage() throws {
    // Another "now" in the environment does not move the demo's, and neither does TZ.
    let result = try CommandHarness.run(
      ["demo"], environment: ["WALLET_NOW": "2030-01-01T00:00:00Z", "TZ": "America/New_York"],
      directory: WalletProcess.packageRoot)
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.expected()))
  }

  @Test func itShowsEachStepUnderAHeading() throws {
    let text = try Self.expected()
    for command in [
      "$ wallet check C-ZW-BOCOM", "$ wallet check --holder H003 --amount 150",
      "$ wallet check --holder H002 --amount 150", "$ wallet statement", "$ wallet explain T2005",
      "$ wallet explain T2002 --promotion bocom-applepay-monthly-clawback",
    ] {
      #expect(text.contains("\n" + command + "\n\n"), "\(command)")
    }
    #expect(text.contains("Pay with C-ZW-BOCOM: it earns ¥15.00."))
    #expect(text.contains("No card of 'H002' would earn"))
    #expect(text.contains("T2005 does not earn: not-enrolled."))
    #expect(text.contains("T2002 earned ¥10.00, taken back: refunded."))
    #expect(text.contains("\nTotal: 11 rewards, ¥135.00.\n"))
    #expect(!text.contains("/tmp"))
  }

  @Test func takesNoArguments() throws {
    let result = try CommandHarness.run(["demo", "--db", "x.sqlite"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }
}

/// The README shows the demo as it is: the command, a step of its output as printed, and the
/// file that holds the whole transcript (which the tests above compare with the output).
struct DemoReadmeTests {
  @Test func theReadmeShowsTheDemoAndAStepOfItsOutput() throws {
    let readme = try DocumentedExamples.text("README.md")
    #expect(readme.contains("```sh\nswift run wallet demo\n```"))
    let blocks = try DocumentedExamples.readmeBlocks(under: "## First run")
    let excerpt = try #require(blocks.first { $0.lines.first?.hasPrefix("==> ") == true })
    let shown = excerpt.lines.map { $0 + "\n" }.joined()
    #expect(shown.contains("\n$ wallet "))
    #expect(try DemoCommandTests.expected().contains("\n" + shown))
    #expect(readme.contains("`data/sample/expected/demo.txt`"))
  }
}
