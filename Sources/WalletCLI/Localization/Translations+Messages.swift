// Messages thrown outside the command line's own sentences (the argument parser, the readers
// of files and times), in Simplified Chinese; the store's errors are worded in
// ErrorWording+Store.swift. Each key is the English message with `{0}`, `{1}`… where its
// values stand, numbered in the order they appear; a value that is itself one of these
// messages is translated too.

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
    "The value {0} is invalid for '--lang <language>': use en or zh-Hans":
      "'--lang <language>' 的取值 {0} 无效：请用 en 或 zh-Hans",
    // Times and dates.
    "that date does not exist": "该日期不存在",
    "that time of day does not exist": "该时刻不存在",
    "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)":
      "时间格式应如 2026-11-22T09:30:00+08:00（时区偏移可省略）",
    "expected a date such as 2026-11-22 (its start) or a time such as 2026-11-22T09:30 or '2026-11-22 09:30' (seconds and an offset such as +08:00 optional)":
      "应为日期（如 2026-11-22，取当天开始）或时间（如 2026-11-22T09:30 或 '2026-11-22 09:30'，秒和 +08:00 这样的时区偏移可省略）",
    "expected a date such as 2026-11-22 or a month such as 2026-11":
      "应为日期（如 2026-11-22）或月份（如 2026-11）",
    "expected a date such as 2026-11-22 (the cycle containing it) or a month such as 2026-11 (the cycle that starts in it)":
      "应为日期（如 2026-11-22，取包含该日的结算周期）或月份（如 2026-11，取在该月开始的结算周期）",
    "that month does not exist": "该月份不存在",
    "{0} must be a whole number greater than zero": "{0} 必须是大于零的整数",
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
    // Kinds of record, as other messages name them.
    "card": "卡片",
    "enrollment": "绑卡记录",
    "transaction": "交易",
    "posting": "入账记录",
    "promotion": "活动",
    "--{0} goes with --holder; 'wallet check CARD' imagines a purchase of each promotion's minimum spend":
      "--{0} 要配合 --holder 使用；'wallet check CARD' 按每个活动的最低消费额模拟一笔消费",
    "several promotions are installed ({0}) and a {1} file holds one; choose it with --promotion":
      "已安装多个活动（{0}），而一个 {1} 文件只能对应一个；请用 --promotion 选择",
    "No promotion file or built-in promotion named {0} (built in: {1})":
      "没有名为 {0} 的活动文件或内置活动（内置：{1}）",
    "--{0} and --{1} must name different files": "--{0} 和 --{1} 必须是不同的文件",
    "--adjustments and --reconciliation need --postings":
      "--adjustments 和 --reconciliation 需要 --postings",
    "--postings needs every transaction in memory, more than --memory allows":
      "--postings 需要全部交易都在内存中，超过了 --memory 允许的量",
    "must be a number of bytes, such as 512M or 4G": "必须是字节数，如 512M 或 4G",
    "--postings needs --adjustments or --reconciliation":
      "--postings 需要 --adjustments 或 --reconciliation",
    "no built-in format {0} and no such file; built in: {1}": "没有内置格式 {0}，也没有这个文件；内置：{1}",
    "transactions belong to no promotion; --promotion is for rewards and decisions":
      "交易不属于任何活动；--promotion 只用于 rewards 和 decisions",
    "--waiting takes only --holder, --card, --limit and --format":
      "--waiting 只接受 --holder、--card、--limit 和 --format",
    "--promotion chooses the billing cycle of --cycle; give --cycle":
      "--promotion 用于选择 --cycle 的结算周期；请给出 --cycle",
    "the installed promotions ({0}) have different billing cycles; choose one with --promotion":
      "已安装的活动（{0}）结算周期不同；请用 --promotion 选择一个",
    "{0}: {1} is a built-in promotion and cannot be replaced; give yours another id":
      "{0}：{1} 是内置活动，不能替换；请给您的活动另取一个编号",
    "cannot write to standard output: {0}": "无法写入标准输出：{0}",
    "the demo could not build its store ({0})": "演示无法建立数据库（{0}）",
    "the demo's step '{0}' failed": "演示步骤 '{0}' 失败",
    // Shapes that the decoders' and the store's messages still take.
    "cannot open {0}: {1}": "无法打开 {0}：{1}",
    "{0} {1}: unknown {2}: expected one of {3}": "{0} {1}：未知的 {2}，应为以下之一：{3}",
    // A place in a file, then what is wrong there.
    "{0}:{1}:{2}: {3}": "{0}:{1}:{2}：{3}",
  ]
}
