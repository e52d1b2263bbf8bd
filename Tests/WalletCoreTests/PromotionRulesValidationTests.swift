import Foundation
import Testing

@testable import WalletCore

/// One malformed section 8 file: `PromotionRulesTests.base` with some fields' lines replaced,
/// the field the error must name, the problem, and the text the error's position must point at.
struct MalformedRules: CustomTestStringConvertible, Sendable {
  let edits: [(key: String, value: String)]
  let field: String
  let problem: PromotionError.Problem
  let at: String

  init(
    _ key: String, _ value: String, _ field: String, _ problem: PromotionError.Problem,
    at: String
  ) {
    self.init([(key, value)], field, problem, at: at)
  }

  init(
    _ edits: [(key: String, value: String)], _ field: String, _ problem: PromotionError.Problem,
    at: String
  ) {
    self.edits = edits
    self.field = field
    self.problem = problem
    self.at = at
  }

  var file: String {
    var text = PromotionRulesTests.base
    for (key, value) in edits { text = PromotionRulesTests.edited(text, key, value) }
    return text
  }

  var testDescription: String { "\(field): \(edits.map(\.value).joined(separator: " + "))" }
}

extension PromotionRulesTests {
  /// `text` with the line that starts with `"key":` replaced by `"key": value`, or with the line
  /// added after `"id"` when there is none.
  static func edited(_ text: String, _ key: String, _ value: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let line = "  \"\(key)\": \(value),"
    if let index = lines.firstIndex(where: { $0.hasPrefix("  \"\(key)\":") }) {
      lines[index] = lines[index].hasSuffix(",") ? line : String(line.dropLast())
    } else {
      lines.insert(line, at: 2)
    }
    return lines.joined(separator: "\n")
  }
}

/// Every malformed section 8 file is refused for its own reason, naming the field and pointing
/// at the value.
struct PromotionRulesValidationTests {
  static let twoTiers =
    #"{ "tiers": { "bank-app": ["1.00", "2.00"], "wallet": ["1.00", "2.00"] } }"#
  static let periods = PromotionPeriod.allCases.map(\.rawValue)
  static let unknownField = PromotionError.Problem.field(.unknownField(of: .promotion))

  static let cases: [MalformedRules] = [
    // Limits.
    MalformedRules(
      "limits",
      #"[{ "count": 1, "per": "week", "scope": "card" }, { "amount": "300.00", "per": "month" }]"#,
      "limits[1]",
      .limitsNotNested(
        RewardLimit(.amount(fen(300_00)), per: .month),
        other: RewardLimit(.count(1), per: .week, scope: .card), otherField: "limits[0]"),
      at: #"{ "amount""#),
    MalformedRules(
      "limits",
      #"[{ "count": 1, "per": "day" }, { "amount": "300.00", "per": "month", "scope": "card" }]"#,
      "limits[1]",
      .limitsNotNested(
        RewardLimit(.amount(fen(300_00)), per: .month, scope: .card),
        other: RewardLimit(.count(1), per: .day), otherField: "limits[0]"),
      at: #"{ "amount""#),
    MalformedRules(
      "limits", #"[{ "count": 0, "per": "day" }]"#, "limits[0].count",
      .outOfRange("0", 1...Int.max), at: "0,"),
    MalformedRules(
      "limits", #"[{ "count": 1, "per": "fortnight" }]"#, "limits[0].per",
      .code(CodeError(kind: .period, value: "fortnight", allowed: periods)), at: #""fortnight""#),
    MalformedRules(
      "limits", #"[{ "count": 1, "per": "day", "scope": "family" }]"#, "limits[0].scope",
      .code(CodeError(kind: .scope, value: "family", allowed: ["holder", "card"])),
      at: #""family""#),
    MalformedRules(
      "limits", #"[{ "count": 1, "amount": "5.00", "per": "day" }]"#, "limits[0].amount",
      .countAndAmount, at: #""5.00""#),
    MalformedRules(
      "limits", #"[{ "per": "day" }]"#, "limits[0]", .noCountOrAmount, at: #"{ "per""#),
    MalformedRules(
      "limits", #"[{ "count": 1 }]"#, "limits[0].per", .field(.required), at: #"{ "count""#),
    MalformedRules(
      "limits", #"[{ "count": 1, "per": null }]"#, "limits[0].per", .field(.requiredNotNull),
      at: "null"),
    MalformedRules("limits", "[]", "limits", .emptyList, at: "[]"),
    MalformedRules(
      "limits", #"{ "count": 1, "per": "day" }"#, "limits", .notArrayOrNull(found: .object),
      at: #"{ "count""#),
    MalformedRules(
      "limits", #"[{ "amount": "0.00", "per": "day" }]"#, "limits[0].amount",
      .notPositive(.zero), at: #""0.00""#),
    MalformedRules(
      "limits", #"[{ "count": 1, "per": "day", "every": 2 }]"#, "limits[0].every", unknownField,
      at: #""every""#),
    MalformedRules(
      "limits", #"[3]"#, "limits[0]", .field(.mustBeObject(found: .number("3"))), at: "3]"),

    // The reward.
    MalformedRules(
      "reward", #"{ "percent": "0" }"#, "reward.percent", .percent("0", .notAboveZero),
      at: #""0""#),
    MalformedRules(
      "reward", #"{ "percent": "100.5" }"#, "reward.percent", .percent("100.5", .aboveHundred),
      at: #""100.5""#),
    MalformedRules(
      "reward", #"{ "percent": "2.125" }"#, "reward.percent",
      .percent("2.125", .tooManyFractionDigits), at: #""2.125""#),
    MalformedRules(
      "reward", #"{ "percent": "5%" }"#, "reward.percent", .percent("5%", .malformed),
      at: #""5%""#),
    MalformedRules(
      "reward", #"{ "percent": 5 }"#, "reward.percent", .percentNotString(found: .number("5")),
      at: "5 }"),
    MalformedRules(
      "reward", #"{ "fixed": "0.00" }"#, "reward.fixed", .notPositive(.zero), at: #""0.00""#),
    MalformedRules(
      "reward", #"{ "fixed": { "wallet": "5.00" } }"#, "reward.fixed.bank-app",
      .field(.required), at: #"{ "wallet""#),
    MalformedRules(
      "reward", #"{ "fixed": { "bank-app": "5.00", "wallet": "0" } }"#, "reward.fixed.wallet",
      .notPositive(.zero), at: #""0""#),
    MalformedRules(
      "reward", #"{ "fixed": { "bank-app": "5.00", "wallet": "5.00", "app": "1.00" } }"#,
      "reward.fixed.app", .notChannel, at: #""app""#),
    MalformedRules(
      "reward", #"{ "fixed": 10 }"#, "reward.fixed",
      .fixedNotAmountOrObject(found: .number("10")), at: "10 }"),
    MalformedRules(
      "reward", #"{ "fixed": "1000000.01" }"#, "reward.fixed",
      .rewardTooLarge(fen(100_000_001), maximum: Promotion.maximumReward), at: #""1000000.01""#
    ),
    MalformedRules(
      "reward", #"{ "percent": "5", "fixed": "1.00" }"#, "reward.fixed",
      .twoRewardKinds(first: .percent, second: .fixed), at: #""1.00""#),
    MalformedRules(
      "reward", #"{ "tiers": { "bank-app": ["1.00"], "wallet": ["1.00"] }, "percent": "5" }"#,
      "reward.percent", .twoRewardKinds(first: .tiers, second: .percent), at: #""5" }"#),
    MalformedRules("reward", "{}", "reward", .noRewardKind, at: "{}"),
    MalformedRules(
      "reward", #"{ "fixed": "1.00", "cap": "2.00" }"#, "reward.cap", .capWithoutPercent(.fixed),
      at: #""2.00""#),
    MalformedRules(
      "reward", #"{ "percent": "5", "cap": "0" }"#, "reward.cap", .notPositive(.zero),
      at: #""0""#),
    MalformedRules(
      "reward", #"{ "percent": "5", "bonus": "1" }"#, "reward.bonus", unknownField,
      at: #""bonus""#),
    MalformedRules(
      "reward", #""5%""#, "reward", .field(.mustBeObject(found: .string("5%"))), at: #""5%""#),

    // Section 2's fields beside `reward`.
    MalformedRules(
      "tiers", #"{ "bank-app": ["1.00"], "wallet": ["1.00"] }"#, "tiers", .besideReward,
      at: #"{ "bank-app""#),
    MalformedRules("rewardsPerCycle", "1", "rewardsPerCycle", .besideReward, at: "1,"),
    MalformedRules("maxRewardsPerHolder", "4", "maxRewardsPerHolder", .besideReward, at: "4,"),

    // A tiers reward and its limits.
    MalformedRules(
      [("reward", twoTiers), ("limits", #"[{ "count": 1, "per": "day", "scope": "card" }]"#)],
      "limits", .tiersWithoutCampaignCount(needed: 2), at: #"[{ "count""#),
    MalformedRules(
      [("reward", twoTiers), ("limits", "null")], "limits",
      .tiersWithoutCampaignCount(needed: 2), at: "{"),
    MalformedRules(
      [("reward", twoTiers), ("limits", #"[{ "count": 2, "per": "campaign", "scope": "card" }]"#)],
      "limits", .tiersWithoutCampaignCount(needed: 2), at: #"[{ "count""#),
    MalformedRules(
      [("reward", twoTiers), ("limits", #"[{ "count": 3, "per": "campaign" }]"#)],
      "limits[0].count", .tiersCampaignCount(found: 3, needed: 2), at: "3,"),
    MalformedRules(
      [
        ("reward", twoTiers),
        ("limits", #"[{ "count": 2, "per": "campaign" }, { "amount": "300.00", "per": "month" }]"#),
      ], "limits[1]", .amountLimitWithTiers, at: #"{ "amount""#),
    MalformedRules(
      "reward", #"{ "tiers": { "bank-app": ["1.00", "2.00"], "wallet": ["1.00"] } }"#,
      "reward.tiers.wallet", .unequalSchedules(found: 1, needed: 2), at: #"["1.00"] }"#),
    MalformedRules(
      "reward", #"{ "tiers": { "bank-app": [], "wallet": [] } }"#, "reward.tiers.bank-app",
      .emptySchedule, at: "[], "),
    MalformedRules(
      "reward", #"{ "tiers": { "bank-app": ["1.00"] } }"#, "reward.tiers.wallet",
      .field(.required), at: #"{ "bank-app""#),

    // The threshold.
    MalformedRules(
      "threshold", #"{ "spend": "0", "per": "month" }"#, "threshold.spend", .notPositive(.zero),
      at: #""0""#),
    MalformedRules(
      "threshold", #"{ "spend": "100.00", "per": "month", "counts": "some" }"#,
      "threshold.counts",
      .code(CodeError(kind: .thresholdCounts, value: "some", allowed: ["reaching", "all"])),
      at: #""some""#),
    MalformedRules(
      "threshold", #"{ "spend": "100.00" }"#, "threshold.per", .field(.required),
      at: #"{ "spend""#),
    MalformedRules(
      "threshold", #"{ "spend": "100.00", "per": "year" }"#, "threshold.per",
      .code(CodeError(kind: .period, value: "year", allowed: periods)), at: #""year""#),
    MalformedRules(
      "threshold", #""100.00""#, "threshold", .notObjectOrNull(found: .string("100.00")),
      at: #""100.00""#),

    // Days, merchants and channels.
    MalformedRules("weekdays", "[3, 8]", "weekdays[1]", .outOfRange("8", 1...7), at: "8]"),
    MalformedRules("weekdays", "[0]", "weekdays[0]", .outOfRange("0", 1...7), at: "0]"),
    MalformedRules("weekdays", "[]", "weekdays", .emptyList, at: "[]"),
    MalformedRules(
      "weekdays", #"["Wednesday"]"#, "weekdays[0]",
      .notWholeNumber(found: .string("Wednesday")), at: #""Wednesday""#),
    MalformedRules("monthDays", "[1, 32]", "monthDays[1]", .outOfRange("32", 1...31), at: "32]"),
    MalformedRules("monthDays", "[0]", "monthDays[0]", .outOfRange("0", 1...31), at: "0]"),
    MalformedRules("mccs", #"["541"]"#, "mccs[0]", .notMerchantCode("541"), at: #""541""#),
    MalformedRules(
      "mccs", "[5411]", "mccs[0]", .field(.mustBeString(found: .number("5411"))), at: "5411]"),
    MalformedRules("mccs", "[]", "mccs", .emptyList, at: "[]"),
    MalformedRules("merchants", #"["A", ""]"#, "merchants[1]", .emptyMerchant, at: #""""#),
    MalformedRules("merchants", "[]", "merchants", .emptyList, at: "[]"),
    MalformedRules(
      "merchants", #"["6222020000000000001"]"#, "merchants[0]",
      .field(.cardNumber(lastFour: "0001")), at: #""6222"#),
    MalformedRules(
      "channels", #"["apple"]"#, "channels[0]",
      .code(CodeError(kind: .channel, value: "apple", allowed: ["bank-app", "wallet"])),
      at: #""apple""#),
    MalformedRules("channels", "[]", "channels", .emptyList, at: "[]"),

    // The source.
    MalformedRules(
      "source", #"{ "url": "x", "retrieved": "5 Jan 2026" }"#, "source.retrieved",
      .malformedDate("5 Jan 2026"), at: #""5 Jan"#),
    MalformedRules(
      "source", #"{ "author": "me" }"#, "source.author", unknownField, at: #""author""#),
    MalformedRules(
      "source", #""https://example.com""#, "source",
      .notObjectOrNull(found: .string("https://example.com")), at: #""https:"#),
    MalformedRules(
      "source", #"{ "notes": "paid with 6222020000000000001" }"#, "source.notes",
      .field(.cardNumber(lastFour: "0001")), at: #""paid"#),
  ]

  @Test("a malformed section 8 file names its field and problem", arguments: cases)
  func refused(_ malformed: MalformedRules) throws {
    let file = malformed.file
    #expect(file != PromotionRulesTests.base, "the edit applied")
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decodeEveryRule(json: Array(file.utf8))
    }
    #expect(error.field == malformed.field)
    #expect(error.problem == malformed.problem)
    #expect(
      PromotionRulesTests.text(of: file, at: error.position).hasPrefix(malformed.at),
      "at \(error.position.map(\.description) ?? "nowhere")")
    // The full decoder refuses it for the same reason.
    #expect(throws: error) { try Promotion.decode(json: Array(file.utf8)) }
  }

  @Test func limitsWithoutRewardAreRefused() throws {
    let shipped = String(decoding: PromotionTests.shipped, as: UTF8.self)
    let file = PromotionRulesTests.edited(shipped, "limits", #"[{ "count": 1, "per": "day" }]"#)
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decode(json: Array(file.utf8))
    }
    #expect(error.field == "limits" && error.problem == .limitsWithoutReward)
    #expect(PromotionRulesTests.text(of: file, at: error.position).hasPrefix("[{"))
  }

  /// Section 2's required fields stay required without `reward`, and `minimumSpend` is
  /// required again.
  @Test(arguments: ["minimumSpend", "maxRewardsPerHolder", "tiers"])
  func sectionTwosRequiredFieldsWithoutReward(field: String) throws {
    var object = try PromotionTests.shippedObject()
    object[field] = nil
    object["reward"] = NSNull()
    let error = try #require(throws: PromotionError.self) { try PromotionTests.decode(object) }
    #expect(error.field == field && error.problem == .field(.required))
  }
}

/// Section 2's rules written in SPEC 8's terms, and `source`, read as section 2's promotion.
struct SectionTwoInEightsTermsTests {
  static let shipped = String(decoding: PromotionTests.shipped, as: UTF8.self)
  static let tiers = #"{ "tiers": { "bank-app": ["1.00", "2.00"], "wallet": ["3.00", "4.00"] } }"#
  static let sectionTwoInEightsTerms = [
    ("reward", tiers),
    ("limits", #"[{ "count": 1, "per": "cycle" }, { "count": 2, "per": "campaign" }]"#),
    ("threshold", "null"), ("weekdays", "null"), ("monthDays", "null"), ("mccs", "null"),
    ("merchants", "null"), ("channels", "null"), ("source", "null"),
  ]

  static func file(_ base: String, _ edits: [(String, String)]) -> String {
    edits.reduce(base) { PromotionRulesTests.edited($0, $1.0, $1.1) }
  }

  @Test func sourceAndBothChannelsReadAsSectionTwo() throws {
    let source =
      #"{ "url": "https://bank.example/terms", "retrieved": "2016-11-30", "notes": "月月返" }"#
    let file = Self.file(
      Self.shipped, [("source", source), ("channels", #"["wallet", "bank-app"]"#)])
    let promotion = try Promotion.decode(json: Array(file.utf8))
    #expect(promotion.source?.url == "https://bank.example/terms")
    #expect(promotion.source?.retrieved == CivilDate(year: 2016, month: 11, day: 30))
    #expect(promotion.source?.notes == "月月返")
    #expect(promotion.channels == [.bankApp, .wallet])
    var withoutThem = promotion
    withoutThem.source = nil
    withoutThem.channels = nil
    #expect(withoutThem == Promotion.bocomApplePayMonthly)
  }

  /// Section 2's rules written in section 8's terms are section 2's promotion: in the same
  /// order, the very same; in another, the same decisions (the same section 2 fields).
  @Test func sectionTwoInSectionEightsTermsPasses() throws {
    let sectionTwo = #"""
      {"id": "p", "minimumSpend": "0", "cycleStartDay": 5, "maxRewardsPerHolder": 2,
       "tiers": {"bank-app": ["1.00", "2.00"], "wallet": ["3.00", "4.00"]}}
      """#
    let expected = try Promotion.decode(json: Array(sectionTwo.utf8))
    let rules = #"""
      {"id": "p", "cycleStartDay": 5,
       "reward": {"tiers": {"bank-app": ["1.00", "2.00"], "wallet": ["3.00", "4.00"]}},
       "limits": [LIMITS]}
      """#
    let inOrder = rules.replacingOccurrences(
      of: "LIMITS", with: #"{"count": 1, "per": "cycle"}, {"count": 2, "per": "campaign"}"#)
    #expect(try Promotion.decode(json: Array(inOrder.utf8)) == expected)

    let reversed = rules.replacingOccurrences(
      of: "LIMITS",
      with: #"{"count": 2, "per": "campaign", "scope": "holder"}, {"count": 1, "per": "CYCLE"}"#)
    let promotion = try Promotion.decode(json: Array(reversed.utf8))
    #expect(promotion != expected, "the limits keep the file's order")
    #expect(promotion.tiers == expected.tiers)
    #expect(promotion.rewardsPerCycle == 1 && promotion.maxRewardsPerHolder == 2)
    #expect(Set(promotion.limits) == Set(expected.limits))
  }
}
