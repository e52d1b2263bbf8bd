import Foundation
import Testing

@testable import WalletCore

/// An amount in fen.
func fen(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits) }

/// SPEC 8's promotion language as Core reads it: the nesting of periods and scopes and the chain
/// of limits, percentages, every field decoded, every malformed file refused at its field, and
/// the gate that refuses what this version does not decide yet.
struct PromotionRulesTests {
  /// A valid section 8 file with one field a line, so that each case below breaks one line.
  static let base = """
    {
      "id": "hk-applepay-5",
      "currency": "HKD",
      "timezone": "Asia/Hong_Kong",
      "cycleStartDay": 1,
      "reward": { "percent": "5", "cap": "20.00" },
      "limits": [{ "count": 1, "per": "day", "scope": "card" }, { "amount": "300.00", "per": "month" }],
      "threshold": { "spend": "100.00", "per": "month" },
      "weekdays": [3],
      "monthDays": [1, 15],
      "mccs": ["5411"],
      "merchants": ["PARKnSHOP"],
      "channels": ["wallet"],
      "source": { "url": "https://example.com/terms", "retrieved": "2026-01-05", "notes": "cap guessed" }
    }
    """

  /// The text of `file` from `position` on.
  static func text(of file: String, at position: JSONPosition?) -> Substring {
    guard let position else { return "" }
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    guard position.line <= lines.count else { return "" }
    return lines[position.line - 1].dropFirst(position.column - 1)
  }

  @Test func everyFieldIsRead() throws {
    let (promotion, _) = try Promotion.decodeEveryRule(json: Array(Self.base.utf8))
    #expect(
      promotion.reward == .percent(try #require(Percentage(hundredths: 500)), cap: fen(20_00)))
    #expect(
      promotion.limits == [
        RewardLimit(.count(1), per: .day, scope: .card),
        RewardLimit(.amount(fen(300_00)), per: .month),
      ])
    #expect(promotion.threshold == SpendThreshold(spend: fen(100_00), per: .month))
    #expect(promotion.threshold?.scope == .holder && promotion.threshold?.counts == .reaching)
    #expect(promotion.weekdays == [3] && promotion.monthDays == [1, 15])
    #expect(promotion.mccs == [try #require(MerchantCategoryCode(parsing: "5411"))])
    #expect(promotion.merchants == ["PARKnSHOP"] && promotion.channels == [.wallet])
    #expect(
      promotion.source
        == TermsSource(
          url: "https://example.com/terms", retrieved: CivilDate(year: 2026, month: 1, day: 5),
          notes: "cap guessed"))
    // With `reward`, the minimum spend defaults to zero.
    #expect(promotion.minimumSpend == .zero)
  }

  @Test(
    "a fixed reward, the same or by channel, and a tiers reward",
    arguments: [
      (#"{ "fixed": "10.00" }"#, PromotionReward.fixed(.same(fen(10_00)))),
      (
        #"{ "fixed": { "Wallet": "5.00", "bank-app": "10.00" } }"#,
        .fixed(.byChannel(bankApp: fen(10_00), wallet: fen(5_00)))
      ),
      (
        #"{ "tiers": { "bank-app": ["3.00", "4.00"], "wallet": ["1.00", "0.00"] } }"#,
        .tiers(RewardTiers(bankApp: [fen(3_00), fen(4_00)], wallet: [fen(1_00), .zero]))
      ),
      (#"{ "percent": "100" }"#, .percent(Percentage(hundredths: 10_000)!, cap: nil)),
      (#"{ "percent": "0.01", "cap": null }"#, .percent(Percentage(hundredths: 1)!, cap: nil)),
    ] as [(String, PromotionReward)])
  func rewardKinds(json: String, reward: PromotionReward) throws {
    let limits = #"[{ "count": 2, "per": "campaign" }]"#
    let file = Self.edited(Self.base, "limits", limits).replacingOccurrences(
      of: #"{ "percent": "5", "cap": "20.00" }"#, with: json)
    let (promotion, _) = try Promotion.decodeEveryRule(json: Array(file.utf8))
    #expect(promotion.reward == reward)
  }

  @Test func aSectionTwoFileHasTheSameRulesInSectionEightsTerms() throws {
    let promotion = Promotion.bocomApplePayMonthly
    #expect(promotion.reward == .tiers(promotion.tiers))
    #expect(
      promotion.limits == [
        RewardLimit(.count(1), per: .cycle, scope: .holder),
        RewardLimit(.count(4), per: .campaign, scope: .holder),
      ])
    #expect(promotion.threshold == nil && promotion.weekdays == nil && promotion.monthDays == nil)
    #expect(promotion.mccs == nil && promotion.merchants == nil && promotion.channels == nil)
    #expect(promotion.source == nil && promotion.hasSectionTwoRewardAndLimits)
  }

  /// Section 2's fields set one by one, as tests and scenarios do, keep `reward` and `limits`
  /// saying the same.
  @Test func settingSectionTwosFieldsSetsTheRules() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.rewardsPerCycle = 2
    promotion.maxRewardsPerHolder = 2
    promotion.tiers = RewardTiers(bankApp: [fen(1_00), fen(2_00)], wallet: [fen(3_00), fen(4_00)])
    #expect(
      promotion.reward
        == .tiers(RewardTiers(bankApp: [fen(1_00), fen(2_00)], wallet: [fen(3_00), fen(4_00)])))
    #expect(
      promotion.limits
        == Promotion.sectionTwoLimits(rewardsPerCycle: 2, maxRewardsPerHolder: 2))
    #expect(promotion.hasSectionTwoRewardAndLimits)
    #expect(try Promotion.decode(json: Array(promotion.jsonText.utf8)) == promotion)

    // And the other way: limits set whole are what section 2's fields read.
    promotion.limits = [RewardLimit(.count(2), per: .campaign), RewardLimit(.count(1), per: .day)]
    #expect(promotion.maxRewardsPerHolder == 2 && promotion.rewardsPerCycle == Int.max)
    #expect(!promotion.hasSectionTwoRewardAndLimits)
  }
}

/// The nesting of SPEC 8's periods and scopes, and the chain a promotion's limits must form.
struct LimitNestingTests {
  /// SPEC 8's list of the kinds that nest in another, besides each kind in itself.
  static let nestedPairs: Set<[PromotionPeriod]> = [
    [.day, .week], [.day, .month], [.day, .cycle], [.day, .quarter], [.day, .campaign],
    [.week, .campaign], [.month, .campaign], [.cycle, .campaign], [.quarter, .campaign],
    [.month, .quarter],
  ]

  @Test(arguments: PromotionPeriod.allCases, PromotionPeriod.allCases)
  func periods(inner: PromotionPeriod, outer: PromotionPeriod) {
    #expect(
      inner.nests(in: outer) == (inner == outer || Self.nestedPairs.contains([inner, outer])))
  }

  @Test(
    arguments: [
      (PromotionScope.card, PromotionScope.holder, true), (.holder, .card, false),
      (.card, .card, true), (.holder, .holder, true),
    ])
  func scopes(inner: PromotionScope, outer: PromotionScope, nests: Bool) {
    #expect(inner.nests(in: outer) == nests)
  }

  static func limit(_ period: PromotionPeriod, _ scope: PromotionScope = .holder) -> RewardLimit {
    RewardLimit(.count(1), per: period, scope: scope)
  }

  @Test(
    "which limits form a chain, and the first pair that does not",
    arguments: [
      ([], nil),
      ([limit(.week, .card)], nil),
      ([limit(.day, .card), limit(.week, .card), limit(.campaign)], nil),
      ([limit(.month), limit(.quarter), limit(.campaign), limit(.day, .card)], nil),
      ([limit(.cycle), limit(.campaign)], nil),
      ([limit(.week), limit(.month)], [0, 1]),
      ([limit(.cycle), limit(.month)], [0, 1]),
      ([limit(.cycle), limit(.quarter)], [0, 1]),
      ([limit(.day), limit(.month, .card)], [0, 1]),
      ([limit(.day, .card), limit(.campaign), limit(.week), limit(.month)], [2, 3]),
      ([limit(.month, .card), limit(.campaign), limit(.week, .card)], [0, 2]),
      ([limit(.day), limit(.day, .card), limit(.day)], nil),
    ] as [([RewardLimit], [Int]?)])
  func chain(limits: [RewardLimit], unchained: [Int]?) {
    let pair = RewardLimit.firstUnchainedPair(in: limits)
    #expect(pair.map { [$0.first, $0.second] } == unchained)
  }

  @Test func amountsAndCountsNestAlike() {
    let amount = RewardLimit(.amount(fen(50_00)), per: .month, scope: .card)
    #expect(amount.nests(in: RewardLimit(.count(3), per: .quarter)))
    #expect(!amount.isChained(with: RewardLimit(.count(3), per: .cycle)))
  }
}

/// Percentages kept exactly in hundredths.
struct PercentageTests {
  @Test(
    arguments: [
      ("5", 500, "5"), ("2.5", 250, "2.5"), ("12.25", 1_225, "12.25"), ("0.01", 1, "0.01"),
      ("100", 10_000, "100"), ("100.00", 10_000, "100"), ("007.50", 750, "7.5"),
      ("33.30", 3_330, "33.3"), ("0.10", 10, "0.1"),
    ])
  func reads(text: String, hundredths: Int, shown: String) throws {
    let percentage = try Percentage.parse(text)
    #expect(percentage.hundredths == hundredths)
    #expect(percentage.description == shown)
    #expect(try Percentage.parse(shown) == percentage)
  }

  @Test(
    arguments: [
      ("0", PercentError.notAboveZero), ("0.00", .notAboveZero), ("-5", .notAboveZero),
      ("100.01", .aboveHundred), ("101", .aboveHundred), ("99999999999999999999", .aboveHundred),
      ("2.125", .tooManyFractionDigits), ("5.000", .tooManyFractionDigits), ("5%", .malformed),
      ("1e2", .malformed), ("", .malformed), (" 5", .malformed), ("5.", .malformed),
      (".5", .malformed), ("1,5", .malformed),
    ])
  func refuses(text: String, error: PercentError) {
    #expect(throws: error) { try Percentage.parse(text) }
  }
}
