import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

@testable import WalletCLI

/// SPEC 8's "what the cardholder sees": `check`, the what-if and its best card, `statement` and
/// `explain` say how far the holder is from a threshold and what each limit has left, on the
/// store `StandingStore` works out by hand.
struct StandingCommandTests {
  /// A line's cells: what two or more spaces separate, the indent dropped.
  static func cells(_ line: String) -> [String] {
    line.split(separator: "  ", omittingEmptySubsequences: true)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The rows of every table in `text` whose first cell is `first`.
  static func rows(_ text: String, starting first: String) -> [[String]] {
    text.lines.map(cells).filter { $0.first == first }
  }

  /// The text of one promotion's part of `check` or `check --holder`: from its heading to the
  /// next heading or the end.
  static func part(_ text: String, _ id: String) -> String {
    let lines = text.lines
    guard let start = lines.firstIndex(where: { $0.hasSuffix("(\(id))") }) else { return "" }
    let end =
      lines[(start + 1)...].firstIndex {
        $0.hasSuffix(")") && !$0.hasPrefix(" ") && $0.contains(" (")
      }
      ?? lines.endIndex
    return lines[start..<end].joined(separator: "\n") + "\n"
  }

  @Test func checkCardSaysTheSpendSoFarAndWhatEachLimitHasLeft() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let result = try session.run(["check", "CA"])
    #expect(result.status == 0, "\(result.stderr)")
    // December so far: T3 and T4, ¥240.00, and T4 took the month's one reward.
    let monthly = Self.part(result.stdout, "monthly-spend")
    #expect(monthly.contains("no: a purchase of ¥0.01 would not earn (period-already-rewarded)"))
    #expect(monthly.contains("rules     as of 2026-12-01T12:00:00+08:00:"))
    #expect(
      Self.rows(monthly, starting: "rule") == [
        ["rule", "period", "scope", "so far", "left", "until"]
      ])
    #expect(
      Self.rows(monthly, starting: "spend ¥100.00") == [
        ["spend ¥100.00", "month of 2026-12-01", "holder", "¥240.00", "¥0.00", "2026-12-31"]
      ])
    #expect(
      Self.rows(monthly, starting: "at most 1 reward") == [
        ["at most 1 reward", "month of 2026-12-01", "holder", "1", "0", "2026-12-31"]
      ])
    let five = Self.part(result.stdout, "five-percent")
    // Count limits first (checked first), then the amount limit; a campaign without an end.
    #expect(
      Self.rows(five, starting: "at most 1 reward") == [
        ["at most 1 reward", "day 2026-12-01", "card CA", "1", "0", "2026-12-01"]
      ])
    #expect(
      Self.rows(five, starting: "at most ¥12.00") == [
        ["at most ¥12.00", "campaign", "holder", "¥12.00", "¥0.00"]
      ])
    // Section 2's promotion keeps its own words, and no bar goes to a pipe.
    let builtIn = Self.part(result.stdout, "bocom-applepay-monthly")
    #expect(builtIn.contains("next reward  none: this card can never earn"))
    #expect(!builtIn.contains("rules"))
    #expect(!result.stdout.contains("[#") && !result.stdout.contains("[-"))
  }

  @Test func theBestCardComparesWhatEachPromotionPaysPercentagesIncluded() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    // Between T3 and T4: CA has had its reward of the day under 5 %, CB has not; ¥4.50 is
    // left of ¥12.00, so CB earns ¥30.00 + ¥4.50 and CA ¥30.00.
    let arguments = ["check", "--holder", "H1", "--amount", "200", "--at", "2026-12-01T09:30"]
    let result = try session.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.lines[1]
        == "Pay with CB: it earns ¥34.50, the most of the 2 cards that would earn.")
    let five = Self.part(result.stdout, "five-percent")
    #expect(
      Self.rows(five, starting: "CA") == [["CA", "bank-app", "no", "period-already-rewarded"]])
    #expect(Self.rows(five, starting: "CB") == [["CB", "wallet", "yes", "¥4.50"]])
    #expect(five.contains("Before this purchase:"))
    #expect(
      Self.rows(five, starting: "at most 1 reward") == [
        ["at most 1 reward", "day 2026-12-01", "card CA", "1", "0", "2026-12-01"],
        ["at most 1 reward", "day 2026-12-01", "card CB", "0", "1", "2026-12-01"],
      ])
    #expect(
      Self.rows(five, starting: "at most ¥12.00") == [
        ["at most ¥12.00", "campaign", "holder", "¥7.50", "¥4.50"]
      ])
    let monthly = Self.part(result.stdout, "monthly-spend")
    #expect(
      Self.rows(monthly, starting: "spend ¥100.00") == [
        ["spend ¥100.00", "month of 2026-12-01", "holder", "¥40.00", "¥60.00", "2026-12-31"]
      ])
    // The built-in promotion refuses every card (another bank's): nothing to stand under.
    #expect(Self.part(result.stdout, "bocom-applepay-monthly").contains("Before") == false)

    let json = try ExplainCommandTests.object(
      try session.run(arguments + ["--format", "json"]).stdout)
    let recommendation = try #require(json["recommendation"] as? [String: Any])
    #expect(recommendation["card"] as? String == "CB")
    #expect(recommendation["reward"] as? String == "34.50")
    let promotions = try #require(json["promotions"] as? [[String: Any]])
    let byID = Dictionary(
      uniqueKeysWithValues: promotions.map {
        (($0["promotion"] as? [String: Any])?["id"] as? String ?? "", $0)
      })
    #expect(byID["bocom-applepay-monthly"]?["standing"] == nil)
    let standing = try #require(byID["five-percent"]?["standing"] as? [String: Any])
    let limits = try #require(standing["limits"] as? [[String: Any]])
    #expect(limits.map { $0["card"] as? String } == ["CA", "CB", nil])
    #expect(limits.map { "\($0["left"] ?? "")" } == ["0", "1", "4.50"])
    #expect(limits.last?["amount"] as? String == "12.00")
    #expect(limits.last?["periodStart"] is NSNull)
  }

  @Test func theStatementShowsTheLimitsInPlaceOfRewardsLeft() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let result = try session.run(["statement", "--promotion", "five-percent"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains("rewards left"))
    #expect(result.stdout.contains("rules                    as of 2026-12-01T12:00:00+08:00:"))
    #expect(
      Self.rows(result.stdout, starting: "at most 1 reward") == [
        ["at most 1 reward", "day 2026-12-01", "card CA", "1", "0", "2026-12-01"],
        ["at most 1 reward", "day 2026-12-01", "card CB", "1", "0", "2026-12-01"],
      ])
    #expect(
      Self.rows(result.stdout, starting: "at most ¥12.00") == [
        ["at most ¥12.00", "campaign", "holder", "¥12.00", "¥0.00"]
      ])
    let json = try ExplainCommandTests.object(
      try session.run(["statement", "--promotion", "monthly-spend", "--format", "json"]).stdout)
    let holder = try #require((json["holders"] as? [[String: Any]])?.first)
    let standing = try #require(holder["standing"] as? [String: Any])
    let threshold = try #require((standing["thresholds"] as? [[String: Any]])?.first)
    // December so far: T3 and T4, ¥240.00, the threshold reached.
    #expect(threshold["spent"] as? String == "240.00")
    #expect(threshold["toSpend"] as? String == "0.00")
    #expect(threshold["reached"] as? Bool == true)
    #expect(threshold["periodEnd"] as? String == "2026-12-31")
  }

  @Test func explainNamesTheLimitThatCutTheRewardDown() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let result = try session.run(["explain", "T4", "--promotion", "five-percent"])
    #expect(result.status == 0, "\(result.stderr)")
    let facts = Dictionary(
      result.stdout.lines.map(Self.cells).filter { $0.count == 2 }.map { ($0[0], $0[1]) },
      uniquingKeysWith: { first, second in first + " | " + second })
    #expect(facts["reward"] == "¥4.50: the holder's reward 4, wallet")
    #expect(
      facts["limit"]
        == "at most 1 reward: 0 used, 1 left (day 2026-12-01, card CB) | "
        + "at most ¥12.00: ¥7.50 used, ¥4.50 left (campaign, holder)")
    #expect(
      facts["reduced by"]
        == "at most ¥12.00 (campaign, holder): ¥4.50 was left, so ¥10.00 became ¥4.50")
    #expect(facts["rewards before"] == nil)

    let json = try ExplainCommandTests.object(
      try session.run(["explain", "T4", "--promotion", "five-percent", "--format", "json"])
        .stdout)
    let standing = try #require(json["standing"] as? [String: Any])
    let reduced = try #require(standing["reducedBy"] as? [String: Any])
    #expect(reduced["from"] as? String == "10.00")
    #expect((reduced["limit"] as? [String: Any])?["left"] as? String == "4.50")
    #expect(standing["refusedBy"] is NSNull)
  }

  @Test func explainSaysTheThresholdsSpendAtThatMomentAndTheLimitThatRefused() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let below = try session.run(["explain", "T1", "--promotion", "monthly-spend"])
    #expect(
      Self.rows(below.stdout, starting: "threshold") == [
        [
          "threshold",
          "¥60.00 spent of ¥100.00, ¥40.00 still to spend by 2026-11-30 "
            + "(month of 2026-11-01, holder)",
        ]
      ])
    // After T4 took December's reward, a purchase the same day is refused by the month's count.
    try session.succeed([
      "txn", "add", "--id", "T5", "--card", "CA", "--at", "2026-12-01T11:00", "--amount", "20",
    ])
    let refused = try session.run(["explain", "T5", "--promotion", "monthly-spend"])
    #expect(refused.stdout.contains("T5 does not earn: period-already-rewarded."))
    #expect(
      Self.rows(refused.stdout, starting: "refused by") == [
        ["refused by", "at most 1 reward: 1 used, 0 left (month of 2026-12-01, holder)"]
      ])
    #expect(
      Self.rows(refused.stdout, starting: "threshold") == [
        ["threshold", "reached: ¥260.00 spent of ¥100.00 (month of 2026-12-01, holder)"]
      ])
    // A purchase that does not qualify has no threshold or limits to tell.
    try session.succeed([
      "txn", "add", "--id", "T6", "--card", "CA", "--at", "2026-12-01T11:30", "--amount", "20",
      "--method", "card",
    ])
    let other = try session.run(["explain", "T6", "--promotion", "monthly-spend"])
    #expect(!other.stdout.contains("threshold") && !other.stdout.contains("limit"))
  }

  @Test func inChinese() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let check = try session.run(["--lang", "zh-Hans", "check", "CA"])
    let monthly = Self.part(check.stdout, "monthly-spend")
    #expect(
      Self.rows(monthly, starting: "规则") == [["规则", "期间", "范围", "已累计", "剩余", "截止"]])
    #expect(
      Self.rows(monthly, starting: "消费满 ¥100.00") == [
        ["消费满 ¥100.00", "2026-12-01 起的自然月", "持卡人", "¥240.00", "¥0.00", "2026-12-31"]
      ])
    let explain = try session.run([
      "--lang", "zh-Hans", "explain", "T4", "--promotion", "five-percent",
    ])
    #expect(explain.stdout.contains("减少原因"))
    #expect(explain.stdout.contains("最多 ¥12.00（活动期，持卡人）：只剩 ¥4.50，所以 ¥10.00 减为 ¥4.50"))
    let below = try session.run([
      "--lang", "zh-Hans", "explain", "T1", "--promotion", "monthly-spend",
    ])
    #expect(
      below.stdout.contains(
        "已消费 ¥60.00，门槛 ¥100.00，2026-11-30 前还需消费 ¥40.00（2026-11-01 起的自然月，持卡人）"))
  }

  @Test func aTableOnATerminalHasBars() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.reward = .fixed(.same(Money(minorUnits: 1_000)))
    let limit = RewardLimit(.count(4), per: .month)
    promotion.limits = [limit]
    let time = try Instant.parse("2026-05-03T10:00:00+08:00", naiveIn: .shanghai)
    let paid = DecidedPurchase(
      transaction: Identifier("T1"), card: Identifier("C1"), time: time,
      amount: Money(minorUnits: 10_000), refunded: .zero, reason: nil,
      place: Money(minorUnits: 1_000))
    let standing = RuleStanding(
      promotion: promotion, purchases: [paid], cards: [Identifier("C1")],
      at: try Instant.parse("2026-05-20T10:00:00+08:00", naiveIn: .shanghai))
    #expect(standing.limits.map(\.left) == [.count(3)])
    let plain = StandingText.table(standing, promotion: promotion, style: Style(isEnabled: false))
    let barred = StandingText.table(
      standing, promotion: promotion, style: Style(isEnabled: false, showsBars: true))
    #expect(!plain.contains("["))
    // One of four used: two cells and a half, rounded down.
    #expect(barred.lines.last?.hasSuffix("[##--------]") == true)
  }
}
