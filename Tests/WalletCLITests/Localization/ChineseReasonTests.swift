import Testing
import WalletCore

@testable import WalletCLI

/// Every reason in words, and every reward's sentence, reads in Chinese when Chinese is chosen,
/// with the same values (ids, amounts, dates, codes) as the English.
struct ChineseReasonTests {
  static func inChinese<Result>(_ body: () -> Result) -> Result {
    Language.$chosen.withValue(.simplifiedChinese, operation: body)
  }

  static func hasChinese(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
  }

  /// The values that no language changes: ids, amounts, dates; and the banks, by the Chinese
  /// names of their codes (`cmb`, `bocom`).
  static let values: [ReasonCode: [String]] = [
    .otherIssuer: ["招商银行", "交通银行"],
    .foreignCurrency: ["USD", "CNY"],
    .outsideCampaign: ["2026-11-05", "2026-10-31"],
    .notEnrolled: ["C-ZW-CMB", "2026-11-05T10:00:00+08:00"],
    .excludedMerchant: ["5812"],
    .belowMinimum: ["¥60.00", "¥150.00", "¥100.00"],
    .rewardCapReached: ["H003", "4"],
    .cycleAlreadyRewarded: ["H003", "2026-10-22", "2026-11-21", "T3004"],
    .quotaExhausted: ["100"],
    .outsideDays: ["2026-11-05"],
    .ineligibleChannel: ["wallet"],
    .notListedMerchant: ["5812"],
    .belowThreshold: ["¥600.00", "week"],
    .periodAlreadyRewarded: ["H003"],
    .amountCapReached: ["H003"],
  ]

  @Test(arguments: ReasonCode.allCases)
  func everyReasonReadsInChinese(reason: ReasonCode) {
    let facts = ReasonWordingTests.facts(for: reason)
    let english = ReasonWording.sentence(for: reason, facts)
    let chinese = Self.inChinese { ReasonWording.sentence(for: reason, facts) }
    #expect(chinese != english)
    #expect(Self.hasChinese(chinese), "\(reason): \(chinese)")
    #expect(chinese.hasSuffix("。"), "\(reason): \(chinese)")
    for value in Self.values[reason] ?? [] {
      #expect(chinese.contains(value), "\(reason): '\(chinese)' does not say '\(value)'")
    }
    // Outside a chosen language, and inside `inEnglish`, the sentence is the English one.
    #expect(Self.inChinese { inEnglish { ReasonWording.sentence(for: reason, facts) } } == english)
  }

  @Test func aRewardReadsInChineseWithTheBanksWords() {
    let facts = ReasonWordingTests.facts(for: .declined)
    let reward = Reward(
      ordinal: 3, channel: .bankApp, enrollment: Identifier("E-1"), amount: Money(minorUnits: 20_00)
    )
    let chinese = Self.inChinese { ReasonWording.sentence(for: reward, facts) }
    for words in ["H003", "第 3 次", "共 4 次", "买单吧", "bank-app", "刷卡金 ¥20.00"] {
      #expect(chinese.contains(words), "'\(chinese)' does not say '\(words)'")
    }
    let wallet = Reward(
      ordinal: 1, channel: .wallet, enrollment: Identifier("E-1"), amount: Money(minorUnits: 5_00))
    #expect(Self.inChinese { ReasonWording.sentence(for: wallet, facts) }.contains("Apple 钱包"))
  }
}
