import Foundation
import Testing
import WalletCommandTesting
import WalletIngest
import WalletTestSupport

@testable import WalletCore

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

  /// The example of the promotion language quotes its shipped file as it is, and its purchases
  /// are decided as it shows, row for row as batch writes a decisions file. (The readable
  /// decision decides them: no command decides such a promotion yet.)
  @Test func thePromotionLanguagesExampleIsWhatTheReferenceDecides() throws {
    let example = Self.page.section("THE PROMOTION LANGUAGE").subsection("Worked example")
    let blocks = example.literalBlocks
    func rows(_ header: String) throws -> [[String]] {
      let block = try #require(blocks.first { $0.hasPrefix(header) }, "the block \(header)")
      return block.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
    }
    let file = WalletProcess.packageRoot.appendingPathComponent(
      "data/promotions/hsbc-hk-red-hot-mobile-pay-2021.json")
    let bytes = try Data(contentsOf: file)
    let promotion = try Promotion.decodeEveryRule(json: Array(bytes)).0

    let quoted = try #require(blocks.first { $0.hasPrefix("\"campaign\"") })
    let shown = try #require(
      try JSONSerialization.jsonObject(with: Data("{\(quoted)}".utf8)) as? NSDictionary)
    let shipped = try #require(try JSONSerialization.jsonObject(with: bytes) as? NSDictionary)
    #expect(shown.count == 5)
    for case let key as String in shown.allKeys {
      let mine = shown[key] as? NSObject
      #expect(mine != nil && mine?.isEqual(shipped[key]) == true, "\(key)")
    }

    func instant(_ text: String) throws -> Instant {
      try Instant.parse(text, naiveIn: promotion.timeZone)
    }
    let cards = try rows("card,holder,").map { row in
      Card(
        id: Identifier(row[0]), holder: Identifier(row[1]), network: try Network.parse(row[2]),
        type: try CardType.parse(row[3]), role: try CardRole.parse(row[4]), issuer: row[5])
    }
    let enrollments = try rows("id,card,channel,").map { row in
      Enrollment(
        id: Identifier(row[0]), card: Identifier(row[1]), channel: try Channel.parse(row[2]),
        enrolledAt: try instant(row[3]))
    }
    let transactions = try rows("id,card,time,amount,currency,method,refunded").map { row in
      Transaction(
        id: Identifier(row[0]), card: Identifier(row[1]), time: try instant(row[2]),
        amount: try Money.parse(row[3]), currency: try Currency.parse(row[4]),
        method: try PaymentMethod.parse(row[5]),
        refunded: row[6].isEmpty ? .zero : try Money.parse(row[6]))
    }
    #expect(transactions.count == 10)
    let decided = decideReadably(
      promotion, cards: cards, enrollments: enrollments, transactions: transactions
    ).map(DecisionsFile.fields(of:))
    #expect(decided == (try rows("transaction,holder,")))
  }
}
