import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletCLI

/// On a terminal, tables are fitted to its width by shortening their longest texts (the ids a
/// statement import makes) in the middle; CSV, JSON, `--wide` and anything that is not a
/// terminal keep every value whole, byte for byte as before.
struct TerminalWidthTests {
  static let id = "bocom-credit:MY-BOCOM:2026-10-28:001:268.00"

  /// A card whose statement gave one rewarded purchase an id 43 characters long.
  static func wallet() throws -> StoreSession { try template.session() }

  private static let template = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "MY-BOCOM", "--holder", "me", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "7449",
    ])
    try session.succeed(["enroll", "MY-BOCOM", "--channel", "bank-app", "--at", "2026-09-01"])
    try session.write(
      "statement.csv",
      "交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额\n"
        + "2026-10-28,2026-10-29,消费 某咖啡店,CNY 268.00,CNY 268.00\n"
        + "2026-11-03,2026-11-04,消费 全家便利店静安寺店,CNY 150.00,CNY 150.00\n")
    try session.succeed([
      "import", "statement", "statement.csv", "--card", "MY-BOCOM", "--method", "apple-pay",
    ])
  }

  /// The values the text shows shortened: the words holding `…`.
  static func shortened(_ text: String) -> [Substring] {
    text.split(whereSeparator: \.isWhitespace).filter { $0.contains("…") }
  }

  /// Colour off, so that what differs is the fitting alone.
  static let plain = ["NO_COLOR": "1"]

  @Test(arguments: [["statement"], ["txn", "list"], ["card", "list"]])
  func eightyColumnsFitWithTheIDsShortened(command: [String]) throws {
    let session = try Self.wallet()
    let fitted = try session.run(command, environment: Self.plain, terminalColumns: 80)
    #expect(fitted.status == 0, "\(fitted.stderr)")
    let whole = try session.succeed(command)
    let wide = try session.run(command + ["--wide"], environment: Self.plain, terminalColumns: 80)
    #expect(wide.stdout == whole.stdout, "--wide keeps the table as a pipe gets it")
    if whole.stdout.contains(Self.id) {
      #expect(!fitted.stdout.contains(Self.id))
      #expect(
        Self.shortened(fitted.stdout).contains { $0.hasPrefix("bocom") && $0.hasSuffix("268.00") })
    }
    if command == ["statement"] {
      #expect(fitted.stdout.lines.allSatisfy { DisplayWidth.of($0) <= 80 }, "\(fitted.stdout)")
      #expect(whole.stdout.lines.contains { DisplayWidth.of($0) > 80 })
    }
    // A terminal wide enough changes nothing.
    let roomy = try session.run(command, environment: Self.plain, terminalColumns: 400)
    #expect(roomy.stdout == whole.stdout)
  }

  /// The reconciliation's nine columns cannot fit 80 columns whatever is shortened: the table
  /// is made as narrow as it can be, the id shortened and every date, amount and status whole.
  @Test(arguments: ["en", "zh-Hans"])
  func reconcileIsAsNarrowAsItCanBe(language: String) throws {
    let session = try Self.wallet()
    let arguments = ["--lang", language, "reconcile"]
    let whole = try session.run(arguments)
    let fitted = try session.run(arguments, environment: Self.plain, terminalColumns: 80)
    #expect(fitted.status == whole.status)
    let row = try #require(fitted.stdout.lines.first { $0.contains("MY-BOCOM") })
    let wholeRow = try #require(whole.stdout.lines.first { $0.contains("MY-BOCOM") })
    #expect(DisplayWidth.of(row) < DisplayWidth.of(wholeRow))
    #expect(Self.shortened(row).contains { $0.hasPrefix("bocom") && $0.hasSuffix("268.00") })
    for value in ["2026-10-22", "2026-12-21", "¥10.00", "not-yet-due"] {
      #expect(row.contains(value), "\(value)")
    }
  }

  /// CSV and JSON are data: on a terminal they keep every value whole.
  @Test(arguments: ["csv", "json"])
  func dataIsNeverShortened(format: String) throws {
    let session = try Self.wallet()
    for command in [["txn", "list"], ["reconcile"]] {
      let result = try session.run(
        command + ["--format", format], environment: Self.plain, terminalColumns: 40)
      #expect(result.stdout.contains(Self.id), "\(command)")
      #expect(!result.stdout.contains("…"), "\(command)")
    }
  }

  /// A console that pretends to be a terminal is as wide as it says; a file has no width.
  @Test func aPretendedTerminalHasItsWidthAndAFileNone() {
    let pretended = Console(outputDescriptor: 1, errorDescriptor: 2, pretendedTerminalColumns: 50)
    #expect(TerminalWidth.of(pretended, environment: ["COLUMNS": "120"]) == 50)
    let file = Console(outputDescriptor: -1, errorDescriptor: -1)
    #expect(TerminalWidth.of(file, environment: ["COLUMNS": "120"]) == nil)
  }
}

/// `wallet demo` runs its steps as the commands typed alone: fitted to a terminal, or whole
/// with `demo --wide`.
struct DemoTerminalWidthTests {
  @Test func theDemosStepsAreFittedUnlessWide() throws {
    let piped = try CommandHarness.run(["demo"])
    let environment = ["NO_COLOR": "1"]
    let wide = try CommandHarness.run(
      ["demo", "--wide"], environment: environment, terminalColumns: 60)
    let fitted = try CommandHarness.run(["demo"], environment: environment, terminalColumns: 60)
    #expect(wide.status == 0 && fitted.status == 0)
    #expect(wide.stdout == piped.stdout)
    #expect(fitted.stdout != piped.stdout)
    #expect(fitted.stdout.contains("…"))
  }
}
