// Messages thrown outside the command line's own sentences (the argument parser, the store, the
// readers of files and times), in Simplified Chinese. Each key is the English message with
// `{0}`, `{1}`… where its values stand, numbered in the order they appear; a value that is
// itself one of these messages is translated too.

extension Translations {
  /// Messages from elsewhere in Simplified Chinese; see ``translated(message:in:)``.
  static let simplifiedChineseMessages: [String: String] = [
    // The argument parser.
    "Missing expected argument '{0}'": "缺少必需的参数 '{0}'",
    "Missing value for '{0}'": "'{0}' 缺少取值",
    "Unknown option {0}": "未知选项 {0}",
    "Unknown option {0}. Did you mean '{1}'?": "未知选项 {0}。您是不是要用 '{1}'？",
    "Unknown subcommand {0}": "未知子命令 {0}",
    "Unknown subcommand {0}. Did you mean '{1}'?": "未知子命令 {0}。您是不是要用 '{1}'？",
    "Unexpected argument {0}": "多余的参数 {0}",
    "'{0}' can only be given once": "'{0}' 只能给出一次",
    "{0} does not take a value": "{0} 不接受取值",
    "The value {0} is invalid for '{1}'; expected one of: {2}": "'{1}' 的取值 {0} 无效；可选值：{2}",
    "The value {0} is invalid for '{1}': {2}": "'{1}' 的取值 {0} 无效：{2}",
    // Times and dates.
    "that date does not exist": "该日期不存在",
    "that time of day does not exist": "该时刻不存在",
    "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)":
      "时间格式应如 2026-11-22T09:30:00+08:00（时区偏移可省略）",
    // The commands' own checks.
    "--holder needs --amount, the purchase to decide": "--holder 需要配合 --amount（要判断的消费金额）",
    "give either a card or --holder, not both": "请给出卡片或 --holder，二者只能选一",
    "give a card to check, or --holder with --amount": "请给出要查询的卡片，或用 --holder 加 --amount",
    "--{0} goes with a card, not with --holder": "--{0} 要配合卡片使用，不能与 --holder 同用",
    "--to {0} is before --from {1}": "--to {0} 早于 --from {1}",
    "no card of holder '{0}' in the store": "数据库中没有持卡人 '{0}' 的卡",
    "no cards of holder {0} in the store": "数据库中没有持卡人 {0} 的卡",
    "no posting {0} in the store": "数据库中没有入账记录 {0}",
    "cannot write {0}: {1}": "无法写入 {0}：{1}",
    // The store.
    "no wallet store at {0}; create one with 'wallet init'":
      "{0} 没有钱包数据库；请先用 'wallet init' 创建",
    "no card {0} in the store": "数据库中没有卡片 {0}",
    "no enrollment {0} in the store": "数据库中没有绑卡记录 {0}",
    "no transaction {0} in the store": "数据库中没有交易 {0}",
    "no promotion {0} is installed": "没有安装活动 {0}",
    "{0} {1} is already in the store with different details; use --replace to overwrite":
      "{0} {1} 已在数据库中，但内容不同；如需覆盖请加 --replace",
    "{0} is built in and cannot be removed": "{0} 是内置活动，不能删除",
    "enrollment {0} was already removed": "绑卡记录 {0} 已经解绑",
    "card": "卡片",
    "enrollment": "绑卡记录",
    "transaction": "交易",
    "posting": "入账记录",
    "promotion": "活动",
    // A place in a file, then what is wrong there.
    "{0}:{1}:{2}: {3}": "{0}:{1}:{2}：{3}",
  ]
}
