// Messages thrown outside the command line's own sentences (the readers of files and times), in
// Simplified Chinese; the store's errors and the argument parser's are worded in
// ErrorWording+Store.swift and ErrorWording+Usage.swift, the commands' own by `tr`. Each key is
// the English message with `{0}`, `{1}`… where its values stand, numbered in the order they
// appear; a value that is itself one of these messages is translated too.

extension Translations {
  /// Messages from elsewhere in Simplified Chinese; see ``translated(message:in:)``.
  static let simplifiedChineseMessages: [String: String] = [
    // Times and dates.
    "that date does not exist": "该日期不存在",
    "that time of day does not exist": "该时刻不存在",
    "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)":
      "时间格式应如 2026-11-22T09:30:00+08:00（时区偏移可省略）",
    // Kinds of record, as other messages name them.
    "card": "卡片",
    "enrollment": "绑卡记录",
    "transaction": "交易",
    "posting": "入账记录",
    "promotion": "活动",
    // Shapes that the decoders' and the store's messages still take.
    "cannot open {0}: {1}": "无法打开 {0}：{1}",
    "{0} {1}: unknown {2}: expected one of {3}": "{0} {1}：未知的 {2}，应为以下之一：{3}",
    // A place in a file, then what is wrong there.
    "{0}:{1}:{2}: {3}": "{0}:{1}:{2}：{3}",
  ]
}
