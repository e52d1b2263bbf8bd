import WalletCore

// The words of SPEC 8's rules inside a promotion file's errors: a percentage's problem, a limit,
// and a rule this version does not decide yet. One exhaustive switch per family, English and
// Chinese side by side.

extension ErrorWording {
  /// Why a percentage was refused.
  static func words(_ error: PercentError, in language: Language) -> String {
    switch error {
    case .malformed:
      say(
        "a percentage is digits with an optional point and up to two decimals, e.g. 2.5, "
          + "without %",
        "百分比由数字组成，可带小数点和最多两位小数，如 2.5，不带 %", in: language)
    case .tooManyFractionDigits:
      say("a percentage has at most two digits after the point", "百分比最多保留两位小数", in: language)
    case .notAboveZero: say("a percentage must be more than 0", "百分比必须大于 0", in: language)
    case .aboveHundred: say("a percentage is at most 100", "百分比最多为 100", in: language)
    }
  }

  /// A limit in a sentence: `1 reward per week for each card`, `每张卡每周最多 1 次`.
  static func words(_ limit: RewardLimit, in language: Language) -> String {
    let english: String
    let chinese: String
    switch limit.bound {
    case .count(let count):
      english = count == 1 ? "1 reward" : "\(count) rewards"
      chinese = "\(count) 次"
    case .amount(let amount):
      (english, chinese) = (amount.description, amount.description)
    }
    return say(
      "\(english) \(words(limit.period, in: .english)) for each \(words(limit.scope, in: .english))",
      "\(words(limit.scope, in: .simplifiedChinese))\(words(limit.period, in: .simplifiedChinese))"
        + "最多 \(chinese)",
      in: language)
  }

  /// A period as a limit counts in it: `per week`, `每周`.
  static func words(_ period: PromotionPeriod, in language: Language) -> String {
    switch period {
    case .day: say("per day", "每天", in: language)
    case .week: say("per week", "每周", in: language)
    case .month: say("per month", "每月", in: language)
    case .cycle: say("per billing cycle", "每个账单周期", in: language)
    case .quarter: say("per quarter", "每季度", in: language)
    case .campaign: say("in the whole campaign", "整个活动期", in: language)
    }
  }

  /// A scope as a limit counts for it: `each holder`, `每位持卡人`.
  static func words(_ scope: PromotionScope, in language: Language) -> String {
    switch scope {
    case .holder: say("holder", "每位持卡人", in: language)
    case .card: say("card", "每张卡", in: language)
    }
  }
}
