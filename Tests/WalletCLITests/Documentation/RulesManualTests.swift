import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

/// `man/wallet-rules.7` says what the engine does: its checks in the engine's order, the
/// built-in promotion's schedules, and a worked example that `wallet batch` decides as shown.
struct RulesManualTests {
  static let page = ManualPage("wallet-rules.7")

  @Test func thePageIsThere() {
    #expect(Self.page.lines.first?.hasPrefix(".Dd ") == true)
    #expect(Self.page.lines.contains(".Dt WALLET-RULES 7"))
  }

  /// One `.It Li code` per reason, in the order the engine checks them, each saying its number.
  @Test func everyReasonCodeIsACheckInTheEnginesOrder() {
    let items = Self.page.section("REASON CODES").items
    #expect(items.map(\.literal) == ReasonCode.allCases.map(\.rawValue))
    for (number, item) in items.enumerated() {
      #expect(
        item.body.lines.first?.hasPrefix("Check \(number + 1): ") == true,
        "\(item.head) is check \(number + 1)")
    }
  }

  /// The table of the built-in promotion is its tiers.
  @Test func theBuiltInSchedulesAreTheCodes() {
    let rows = Self.page.section("THE BUILT-IN PROMOTION").lines.filter {
      $0.hasPrefix(".It the ")
    }
    let tiers = Promotion.bocomApplePayMonthly.tiers
    #expect(rows.count == Promotion.bocomApplePayMonthly.maxRewardsPerHolder)
    for (index, row) in rows.enumerated() {
      let amounts = row.components(separatedBy: " Ta ").dropFirst().map {
        ManualPage.unescaped($0)
      }
      #expect(amounts == ["¥\(tiers.bankApp[index])", "¥\(tiers.wallet[index])"], "\(row)")
    }
  }

  /// The worked example: its files, decided by the command it shows, give the decisions and
  /// rewards it shows, byte for byte but for the line ends.
  @Test func theWorkedExampleIsWhatBatchDecides() throws {
    let blocks = Self.page.section("EXAMPLES").literalBlocks
    func block(_ header: String) throws -> String {
      try #require(blocks.first { $0.hasPrefix(header) }, "the example beginning \(header)")
    }
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", try block("card,holder,"))
    try folder.write("enrollments.csv", try block("id,card,channel,"))
    try folder.write("transactions.csv", try block("id,card,time,"))
    let command = try block("wallet batch ")
      .replacingOccurrences(of: "\\\n", with: " ")
      .split(whereSeparator: \.isWhitespace).dropFirst().map(String.init)
    let result = try CommandHarness.run(command, directory: folder.url)
    #expect(result.status == 0, "\(result.stderr)")
    func written(_ name: String) -> String? {
      folder.read(name)?.replacingOccurrences(of: "\r\n", with: "\n")
    }
    #expect(written("decisions.csv") == (try block("transaction,holder,")))
    #expect(written("rewards.csv") == (try block("holder,cycle_start,")))

    // The same files under the shipped clawback promotion: the rows the page shows change.
    let clawback = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("data/promotions/bocom-applepay-monthly-clawback.json").path
    let again = try CommandHarness.run(command + ["--promotion", clawback], directory: folder.url)
    #expect(again.status == 0, "\(again.stderr)")
    let decided = Set((written("decisions.csv") ?? "").split(separator: "\n").map(String.init))
    let shown = try block("T7,H1,C1,").split(separator: "\n").map(String.init)
    #expect(!shown.isEmpty)
    for line in shown { #expect(decided.contains(line), "\(line)") }
    #expect(written("rewards.csv")?.contains(",T7,") == false, "a forfeited reward is not paid")
  }
}
