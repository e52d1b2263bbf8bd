// The Simplified Chinese of where a cardholder stands under a SPEC 8 promotion: a spend threshold
// (累计消费门槛) and the limits on rewards (名额与上限), as `check`, `statement` and `explain`
// say them. Keys are the English sentences with `{0}`, `{1}`… for their values, as in the other
// parts.

extension Translations {
  /// The fifth part of the table: thresholds and limits as they stand.
  static let simplifiedChineseFifth: [String: String] = [
    "day {0}": "{0} 当天",
    "week of {0}": "{0} 起的一周",
    "month of {0}": "{0} 起的自然月",
    "cycle of {0}": "{0} 起的结算周期",
    "quarter of {0}": "{0} 起的季度",
    "at most {0}": "最多 {0}",
    "spend {0}": "消费满 {0}",
    "spend {0}, whole period": "消费满 {0}（按整期合计）",
    "rule": "规则",
    "period": "期间",
    "scope": "范围",
    "so far": "已累计",
    "left": "剩余",
    "until": "截止",
    "rules": "规则进度",
    "threshold": "消费门槛",
    "limit": "上限",
    "refused by": "拒绝原因",
    "reduced by": "减少原因",
    "as of {0}:": "截至 {0}：",
    "Before this purchase:": "这笔消费之前：",
    "reached: {0} spent of {1} ({2})": "已达到：已消费 {0}，门槛 {1}（{2}）",
    "{0} spent of {1}, {2} still to spend ({3})": "已消费 {0}，门槛 {1}，还需消费 {2}（{3}）",
    "{0} spent of {1}, {2} still to spend by {3} ({4})":
      "已消费 {0}，门槛 {1}，{3} 前还需消费 {2}（{4}）",
    "{0}: {1} used, {2} left ({3})": "{0}：已用 {1}，剩余 {2}（{3}）",
    "yes: a purchase of {0} would earn {1} ({2})": "是：消费 {0} 可得刷卡金 {1}（{2}）",
    "{0}: the holder's reward {1}, {2}": "{0}：持卡人的第 {1} 笔刷卡金，{2}",
    "{0} ({1}, {2}): {3} was left, so {4} became {5}":
      "{0}（{1}，{2}）：只剩 {3}，所以 {4} 减为 {5}",
  ]
}
