// The detailed messages of the commands' own usage checks, of the statement import's rows, and
// of the domain's errors as the argument parser's usage errors quote them, in Simplified
// Chinese. (The CSV readers', the statement readers', the JSON files' (promotions, payment
// requests, statement formats and rules), the files' and the store's errors are typed and
// worded by ErrorWording instead.) Like ``simplifiedChineseMessages``, each key is the English
// message with `{0}`, `{1}`… where its values stand, and a value that is itself one of these
// messages (a code's list, an amount's problem) is translated too. A message assembled from
// optional parts has one key per form it takes.

extension Translations {
  /// Error messages from the commands, the statement import and the domain in Simplified
  /// Chinese; see ``translated(message:in:)``.
  static let simplifiedChineseErrorMessages: [String: String] = [
    // The commands' own checks of their arguments.
    "without --out the rewards go to standard output; give --out a file to write --{0} there":
      "不给 --out 时刷卡金写到标准输出；要让 --{0} 写到标准输出，请用 --out 指定一个文件",
    "give --holder or --card: whose cards the sheet offers":
      "请给出 --holder 或 --card：支付页面列出谁的卡",
    "give --holder or --card, not both": "请给出 --holder 或 --card，二者只能选一",
    "give --authorize or --dry-run, not both": "请给出 --authorize 或 --dry-run，二者只能选一",
    "--{0} goes with --authorize": "--{0} 要配合 --authorize 使用",
    "--rewards and --validation cannot be used together": "--rewards 和 --validation 不能同时使用",
    "several promotions are installed ({0}) and a rewards file holds one; choose it with --promotion":
      "已安装多个活动（{0}），而一个刷卡金文件只能对应一个；请用 --promotion 选择",
    "WALLET_NOW {0}: {1}": "WALLET_NOW {0}：{1}",
    "Missing value for '--lang <language>'": "'--lang <language>' 缺少取值",
    "Unexpected argument '--'": "多余的参数 '--'",
    "{0} is {1}; writing there would destroy it, so choose another file":
      "{0} 是{1}；写入会毁掉它，请另选一个文件",
    "standard output": "标准输出",
    "the store": "钱包数据库",
    "the store's {0} file": "钱包数据库的 {0} 文件",
    "the --{0} file": " --{0} 文件",
    "{0} looks like a full card number (ending {1}); wallet never stores card numbers: a card is an id of your choosing, with at most its last four digits":
      "{0} 看起来是完整的卡号（尾号 {1}）；wallet 从不保存卡号：卡片用您自己起的编号表示，最多记录卡号后四位",
    "an argument looks like a full card number (ending {0}), which wallet never shows or stores; check the command line":
      "有一个参数看起来是完整的卡号（尾号 {0}），wallet 从不显示或保存卡号；请检查命令行",
    "the demo cannot make a temporary folder in {0}": "演示无法在 {0} 中建立临时文件夹",
    "the demo cannot write {0}": "演示无法写入 {0}",
    "the demo could not install {0}": "演示无法安装 {0}",
    "the store at {0} reads times in {1} and already holds data read in that zone, so its zone stays {2}; to use {3}, create another store with --db":
      "{0} 的数据库按 {1} 读取时间，且已有按该时区读入的数据，因此时区仍为 {2}；如要使用 {3}，请用 --db 另建一个数据库",
    // Rows of a bank's statement.
    "this row is for the card ending {0}, but --card {1} ends {2}":
      "这一行属于尾号 {0} 的卡，但 --card {1} 的尾号是 {2}",
    "the statement does not say which card it is for; name it with --card":
      "对账单没有说明是哪张卡的；请用 --card 指明",
    "no card ending {0} in the store; add it with 'wallet card add ID --last4 {1} …', or name the card with --card":
      "数据库中没有尾号为 {0} 的卡；请用 'wallet card add ID --last4 {1} …' 添加，或用 --card 指明卡片",
    "no card ending {0} of holder {1} in the store; add it with 'wallet card add ID --last4 {2} …', or name the card with --card":
      "数据库中没有持卡人 {1} 尾号为 {0} 的卡；请用 'wallet card add ID --last4 {2} …' 添加，或用 --card 指明卡片",
    "{0} cards end {1}: {2}; choose with --card or --holder":
      "有 {0} 张卡尾号为 {1}：{2}；请用 --card 或 --holder 选择",
    "{0} cards end {1} of holder {2}: {3}; choose with --card or --holder":
      "持卡人 {2} 有 {0} 张卡尾号为 {1}：{3}；请用 --card 或 --holder 选择",
    "this row has the id {0} of line {1}: an export lists an order once":
      "这一行的编号 {0} 与第 {1} 行相同：导出文件中每笔订单只列一次",
    "1 purchase has no payment method (line {0}): a statement rarely says whether Apple Pay was used, and wallet does not guess. Decide with --method apple-pay|card|other for the rest of the file, or with a rules file (--rules FILE, see wallet-formats(5)) by merchant, description, amount or date; --dry-run lists every row":
      "1 笔消费没有支付方式（第 {0} 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期用规则文件决定（--rules FILE，见 wallet-formats(5)）；--dry-run 会列出每一行",
    "1 purchase has no payment method (line {0}): a statement rarely says whether Apple Pay was used, and wallet does not guess. Decide with --method apple-pay|card|other for the rest of the file, or with more rules by merchant, description, amount or date; --dry-run lists every row":
      "1 笔消费没有支付方式（第 {0} 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期补充规则；--dry-run 会列出每一行",
    "{0} purchases have no payment method (lines {1}): a statement rarely says whether Apple Pay was used, and wallet does not guess. Decide with --method apple-pay|card|other for the rest of the file, or with a rules file (--rules FILE, see wallet-formats(5)) by merchant, description, amount or date; --dry-run lists every row":
      "{0} 笔消费没有支付方式（第 {1} 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期用规则文件决定（--rules FILE，见 wallet-formats(5)）；--dry-run 会列出每一行",
    "{0} purchases have no payment method (lines {1}): a statement rarely says whether Apple Pay was used, and wallet does not guess. Decide with --method apple-pay|card|other for the rest of the file, or with more rules by merchant, description, amount or date; --dry-run lists every row":
      "{0} 笔消费没有支付方式（第 {1} 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期补充规则；--dry-run 会列出每一行",
    // Shapes that messages from elsewhere still take; the readers' own errors are worded by
    // ErrorWording.
    "{0} {1}: {2}": "{0} {1}：{2}",
    "cannot read {0}: {1}": "无法读取 {0}：{1}",
    // A date typed for an option.
    "expected a date like 2026-11-22 (YYYY-MM-DD)": "日期格式应如 2026-11-22（YYYY-MM-DD）",
    // Codes, as a usage error quotes them.
    "unknown {0}: expected one of {1}": "未知的{0}，应为以下之一：{1}",
    "network": "卡组织",
    "card type": "卡片类型",
    "card role": "主附卡类型",
    "channel": "渠道",
    "payment method": "支付方式",
    "transaction status": "交易状态",
    "summary item type": "明细项类型",
    "merchant capability": "商户支付能力",
    "authorization result": "授权结果",
    "posting kind": "入账类型",
    "supplementaryCards policy": "附属卡规则",
    "refunds policy": "退款规则",
    "currency": "货币",
    "an ISO 4217 code such as CNY": "ISO 4217 货币代码（如 CNY）",
    // Amounts, dates, times and time zones, as a usage error quotes them.
    "an amount is required": "必须给出金额",
    "an amount cannot be negative": "金额不能为负数",
    "write the amount in plain digits, not with an exponent": "请用普通数字写金额，不要用指数形式",
    "write the amount without thousands separators": "金额中不要用千位分隔符",
    "an amount has at most two digits after the point": "金额最多保留两位小数",
    "the amount is too large (at most 10000000000000.00)": "金额太大（最多 10000000000000.00）",
    "an amount is digits with an optional point and up to two decimals, e.g. 100.50":
      "金额由数字组成，可带小数点和最多两位小数，如 100.50",
    "the UTC offset must be between -18:00 and +18:00": "UTC 时差必须在 -18:00 到 +18:00 之间",
    "that local time does not exist in {0} (clocks skip it)": "该本地时间在 {0} 不存在（时钟跳过了它）",
    "the year must be between 1678 and 2261": "年份必须在 1678 到 2261 之间",
    "unknown time zone {0}: use an IANA name such as Asia/Shanghai or UTC":
      "未知的时区 {0}：请用 IANA 名称，如 Asia/Shanghai 或 UTC",
    "{0}: {1}": "{0}：{1}",
    // A card number, as the domain's messages mask it.
    "(a card number ending {0}, not shown)": "（尾号 {0} 的卡号，不显示）",
  ]
}
