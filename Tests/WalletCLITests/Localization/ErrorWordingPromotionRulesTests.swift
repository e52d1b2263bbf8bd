import Testing
import WalletCore

@testable import WalletCLI

/// SPEC 8's problems with a promotion file as the command line words them, in English and
/// Chinese: every case.
struct ErrorWordingPromotionRulesTests {
  static let weekPerCard = RewardLimit(.count(1), per: .week, scope: .card)
  static let monthPerHolder = RewardLimit(.amount(Money(minorUnits: 300_00)), per: .month)

  static let phrases: [Phrase<PromotionError.Problem>] = [
    Phrase(
      .twoRewardKinds(first: .percent, second: .fixed),
      "is a second kind of reward beside percent: give exactly one of tiers, fixed and percent",
      "是 percent 之外的第二种返现方式：只能给出 tiers、fixed、percent 之一"),
    Phrase(
      .noRewardKind, "must give one kind of reward: tiers, fixed or percent",
      "必须给出一种返现方式：tiers、fixed 或 percent"),
    Phrase(
      .capWithoutPercent(.fixed), "a cap goes only with percent, not with fixed",
      "cap（封顶）只能与 percent 一起使用，不能与 fixed 一起使用"),
    Phrase(
      .besideReward,
      "cannot be given beside reward: a file with reward gives its schedule as reward.tiers and "
        + "its limits in limits",
      "不能与 reward 同时给出：有 reward 的文件请把返现表写在 reward.tiers 中，把限额写在 limits 中"),
    Phrase(
      .limitsWithoutReward,
      "needs reward: without it, a promotion's limits are rewardsPerCycle and maxRewardsPerHolder",
      "需要 reward：没有 reward 时，活动的限额由 rewardsPerCycle 和 maxRewardsPerHolder 给出"),
    Phrase(
      .fixedNotAmountOrObject(found: .number("10")),
      "must be an amount written as a string, such as \"10.00\", or an object with an amount for "
        + "bank-app and one for wallet, not the number 10",
      "必须是写成字符串的金额（如 \"10.00\"），或为 bank-app 和 wallet 各给一个金额的对象，而不是数字 10"),
    Phrase(.notPositive(.zero), "must be more than 0.00, not 0.00", "必须大于 0.00，而不是 0.00"),
    Phrase(
      .percentNotString(found: .number("5")),
      "must be a percentage written as a string, such as \"5\" or \"2.5\", not the number 5",
      "必须是写成字符串的百分比，如 \"5\" 或 \"2.5\"，而不是数字 5"),
    Phrase(
      .percent("0", .notAboveZero), "'0': a percentage must be more than 0", "'0'：百分比必须大于 0"),
    Phrase(
      .percent("100.5", .aboveHundred), "'100.5': a percentage is at most 100",
      "'100.5'：百分比最多为 100"),
    Phrase(
      .percent("2.125", .tooManyFractionDigits),
      "'2.125': a percentage has at most two digits after the point", "'2.125'：百分比最多保留两位小数"),
    Phrase(
      .percent("5%", .malformed),
      "'5%': a percentage is digits with an optional point and up to two decimals, e.g. 2.5, "
        + "without %",
      "'5%'：百分比由数字组成，可带小数点和最多两位小数，如 2.5，不带 %"),
    Phrase(.emptySchedule, "must list at least one amount", "必须至少列出一个金额"),
    Phrase(
      .unequalSchedules(found: 1, needed: 2),
      "has 1 amounts where the other channel has 2: both schedules must be equally long",
      "有 1 个金额，而另一个渠道有 2 个：两个返现表必须一样长"),
    Phrase(
      .countAndAmount, "a limit is a count or an amount, not both",
      "限额只能是次数（count）或金额（amount），不能两者都有"),
    Phrase(
      .noCountOrAmount, "must give count (how many rewards) or amount (how much in rewards)",
      "必须给出 count（返现次数）或 amount（返现金额）"),
    Phrase(
      .limitsNotNested(monthPerHolder, other: weekPerCard, otherField: "limits[0]"),
      "does not nest with 'limits[0]': neither 300.00 per month for each holder nor 1 reward per "
        + "week for each card lies within the other's period and scope, and limits must form a "
        + "chain",
      "与 'limits[0]' 不能嵌套：“每位持卡人每月最多 300.00”与“每张卡每周最多 1 次”的周期和范围互不包含，"
        + "而各限额必须逐层嵌套"),
    Phrase(
      .limitsNotNested(
        RewardLimit(.count(4), per: .campaign, scope: .card),
        other: RewardLimit(.count(2), per: .cycle), otherField: "limits[1]"),
      "does not nest with 'limits[1]': neither 4 rewards in the whole campaign for each card nor "
        + "2 rewards per billing cycle for each holder lies within the other's period and scope, "
        + "and limits must form a chain",
      "与 'limits[1]' 不能嵌套：“每张卡整个活动期最多 4 次”与“每位持卡人每个账单周期最多 2 次”的周期和范围"
        + "互不包含，而各限额必须逐层嵌套"),
    Phrase(
      .amountLimitWithTiers,
      "an amount limit cannot go with a tiers reward, whose schedule gives each reward's amount",
      "按金额的限额不能与 tiers 返现一起使用：每笔返现的金额由返现表给出"),
    Phrase(
      .tiersWithoutCampaignCount(needed: 4),
      "a tiers reward needs the limit { \"count\": 4, \"per\": \"campaign\" } at holder scope, "
        + "the length of its schedules",
      "tiers 返现需要持卡人范围的限额 { \"count\": 4, \"per\": \"campaign\" }，其次数等于返现表的长度"),
    Phrase(
      .tiersCampaignCount(found: 3, needed: 4),
      "is 3, but the tiers schedules have 4 amounts: the count per campaign must equal their "
        + "length",
      "为 3，但 tiers 返现表有 4 个金额：整个活动期的次数必须等于返现表的长度"),
    Phrase(.emptyMerchant, "must not be empty", "不能为空"),
    Phrase(
      .code(
        CodeError(kind: .period, value: "fortnight", allowed: ["day", "week"])),
      "'fortnight' is an unknown period: expected one of day, week",
      "'fortnight' 不是已知的周期，应为以下之一：day, week"),
  ]

  @Test(arguments: phrases)
  func wordsEachProblem(_ phrase: Phrase<PromotionError.Problem>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  /// Every rule the gate can name has words of its own in both languages.
}
