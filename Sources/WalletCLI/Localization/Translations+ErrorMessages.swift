// The detailed messages of the format and rules files' readers, of JSON, promotion and payment
// request decoding, and of the domain's errors as those decoders quote them, in Simplified
// Chinese. (The CSV readers', the statement readers' and import's, the files', the store's and
// the command line's own errors are typed and worded by ErrorWording or `tr` instead.) Like
// ``simplifiedChineseMessages``, each key is the English message with `{0}`, `{1}`… where its
// values stand, and a value that is itself one of these messages (a field's problem, a JSON
// value's kind) is translated too. A message assembled from optional parts has one key per form
// it takes.

extension Translations {
  /// Error messages from the readers, the decoders and the domain in Simplified Chinese; see
  /// ``translated(message:in:)``.
  static let simplifiedChineseErrorMessages: [String: String] = [
    // Statement formats and rules files.
    "a {0} file is a JSON object, not {1}": "{0}文件应是 JSON 对象，而不是{1}",
    "format": "格式",
    "rules": "规则",
    "field '{0}': {1}": "字段 '{0}'：{1}",
    "is not a {0} field": "不是{0}的字段",
    "must be a string, not {0}": "必须是字符串，而不是{0}",
    "must be true or false, not {0}": "必须是 true 或 false，而不是{0}",
    "must be an object, not {0}": "必须是对象，而不是{0}",
    "must be an array, not {0}": "必须是数组，而不是{0}",
    "expected {0}, not {1}": "应为{0}，而不是 {1}",
    "expected a date like 2024-01-31, not {0}": "日期格式应如 2024-01-31，而不是 {0}",
    "is less than 'min'": "小于 'min'",
    "is before 'from'": "早于 'from'",
    "must not be blank": "不能为空白",
    "must not be empty": "不能为空",
    "must say why the rows are left out": "必须说明为什么略过这些行",
    "must set method, merchant, mcc or skip": "必须设置 method、merchant、mcc 或 skip",
    "must list the header row's column names": "必须列出表头行的列名",
    "dates without a year need a periodPattern that gives the year":
      "没有年份的日期需要一个能给出年份的 periodPattern",
    "must list at least one rule": "必须至少列出一条规则",
    "is required": "必填",
    "names the column {0}, which 'header' does not list": "指定的列 {0} 不在 'header' 中",
    "give either 'column' or 'in' and 'out', not both": "请给出 'column'，或给出 'in' 和 'out'，二者只能选一",
    "cannot be told: the format's amounts are always positive": "无法区分：该格式的金额总是正数",
    "a rule that ignores rows must say why": "略过行的规则必须说明原因",
    "needs a group named '{0}', written (?<{1}>…)": "需要一个名为 '{0}' 的分组，写作 (?<{1}>…)",
    "needs one of {0}": "需要以下之一：{0}",
    "only one of {0} may be given": "{0} 只能给出其中一个",
    // Shapes that the decoders' and the store's messages still take; the CSV readers' own
    // errors are worded by ErrorWording.
    "{0} {1}: {2}": "{0} {1}：{2}",
    "cannot read {0}: {1}": "无法读取 {0}：{1}",
    // Codes of wallet's files and of promotion files.
    "unknown {0}: expected one of {1}": "未知的{0}，应为以下之一：{1}",
    "{0} is an unknown {1}: expected one of {2}": "{0} 不是已知的{1}，应为以下之一：{2}",
    "{0} is an {1}": "{0} 是{1}",
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
    // Amounts, dates and times.
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
    // JSON.
    "not valid JSON: {0}": "不是有效的 JSON：{0}",
    "the file is empty": "文件为空",
    "the file ends inside the {0} that opens at {1}": "文件在{1}开始的{0}内部结束",
    "line {0}, column {1}": "第 {0} 行第 {1} 列",
    "object": "对象",
    "array": "数组",
    "{0}, found the end of the file": "{0}，却到了文件末尾",
    "comments are not allowed in JSON": "JSON 中不允许注释",
    "{0}, found {1}": "{0}，却遇到 {1}",
    "invalid UTF-8 (byte 0x{0})": "无效的 UTF-8（字节 0x{0}）",
    "arrays and objects are nested more than {0} deep": "数组和对象嵌套超过 {0} 层",
    "the key {0} appears twice in this object (first at {1})":
      "键 {0} 在该对象中出现了两次（第一次在{1}）",
    "a trailing comma before '{0}' (JSON allows none)": "'{0}' 前有多余的逗号（JSON 不允许）",
    "a number cannot start with 0 followed by more digits": "数字不能以 0 开头后接其他数字",
    "a control character (U+{0}) must be escaped inside a string": "字符串中的控制字符（U+{0}）必须转义",
    "'\\{0}' is not a JSON escape": "'\\{0}' 不是 JSON 转义序列",
    "'\\u' needs four hex digits": "'\\u' 后需要四位十六进制数字",
    "'\\u{0}' is half of a UTF-16 surrogate pair without its other half, not a character":
      "'\\u{0}' 是缺了另一半的 UTF-16 代理对，不是一个字符",
    "expected nothing after the end of the JSON value": "JSON 值结束后不应再有内容",
    "expected a JSON value": "应为 JSON 值",
    "expected ',' or ']' after an array element": "数组元素后应为 ',' 或 ']'",
    "expected a key in double quotes": "应为双引号括起的键",
    "expected ':' after the key {0}": "键 {0} 后应为 ':'",
    "expected ',' or '}' after the value of {0}": "{0} 的值后应为 ',' 或 '}'",
    "expected a digit after '-'": "'-' 后应为数字",
    "expected a digit after the point": "小数点后应为数字",
    "expected a digit in the exponent": "指数部分应为数字",
    "expected '\"'": "应为 '\"'",
    "expected an escape": "应为转义序列",
    "the end of the file": "文件末尾",
    "null": "null",
    "the number {0}": "数字 {0}",
    "the string {0}": "字符串 {0}",
    "an array": "数组",
    "an object": "对象",
    // Promotion files.
    "a promotion is a JSON object, not {0}": "活动文件应是 JSON 对象，而不是{0}",
    "must not be blank, not {0}": "不能为空白，而这里是{0}",
    "must not be empty; use null for any issuer": "不能为空；任何发卡行都可以时请用 null",
    "is not a promotion field": "不是活动文件的字段",
    "is required, not null": "必填，不能为 null",
    "holds a full card number (ending {0}), which wallet never stores or shows":
      "包含完整的卡号（尾号 {0}），wallet 从不保存或显示卡号",
    "must be an amount written as a string, such as \"100.00\", not {0}":
      "必须是写成字符串的金额，如 \"100.00\"，而不是{0}",
    "must be a whole number, not {0}": "必须是整数，而不是{0}",
    "must be {0}, not {1}": "必须{0}，而不是 {1}",
    "at least {0}": "至少为 {0}",
    "between {0} and {1}": "在 {0} 到 {1} 之间",
    "is too large: must be at most {0}, not {1}": "太大：最多为 {0}，而不是 {1}",
    "must be an array or null, not {0}": "必须是数组或 null，而不是{0}",
    "must list at least one value; use null to allow any": "必须至少列出一个值；不加限制请用 null",
    "{0} is not a four-digit merchant code": "{0} 不是四位数字的商户类别码",
    "must be an object or null, not {0}": "必须是对象或 null，而不是{0}",
    "{0} is not a date of the form YYYY-MM-DD": "{0} 不是 YYYY-MM-DD 格式的日期",
    "{0} is before the campaign's start {1}": "{0} 早于活动开始日期 {1}",
    "is not a channel: expected bank-app and wallet": "不是渠道：应为 bank-app 和 wallet",
    "repeats the {0} channel (first at {1})": "重复了渠道 {0}（第一次在{1}）",
    "must be an array of amounts, not {0}": "必须是金额数组，而不是{0}",
    "has {0} amounts; maxRewardsPerHolder is {1}, so it needs {2}":
      "有 {0} 个金额；maxRewardsPerHolder 为 {1}，因此需要 {2} 个",
    "a reward is at most {0}, not {1}": "每笔刷卡金最多 {0}，而不是 {1}",
    // Payment requests.
    "a payment request is a JSON object, not {0}": "支付请求应是 JSON 对象，而不是{0}",
    "payment request": "支付请求",
    "summary item": "明细项",
    "{0} is not an ISO 3166 country code such as CN or US": "{0} 不是 ISO 3166 国家代码（如 CN 或 US）",
    "{0} is not an ISO 4217 currency code such as CNY": "{0} 不是 ISO 4217 货币代码（如 CNY）",
    "{0} is not a currency one pays in (it has no minor unit)": "{0} 不是可用于支付的货币（没有辅币单位）",
    "{0} is not a four-digit merchant category code": "{0} 不是四位数字的商户类别码（MCC）",
    "the total {0} differs from the sum of the other final items, {1} (PassKit allows it; check the request)":
      "合计 {0} 与其他确定明细项之和 {1} 不一致（PassKit 允许这样；请检查支付请求）",
    "the other final items add up to more than any amount, so the total {0} is not their sum (PassKit allows it; check the request)":
      "其他确定明细项之和超出任何金额，因此合计 {0} 不是它们的和（PassKit 允许这样；请检查支付请求）",
    "must list at least one network": "必须至少列出一个卡组织",
    "{0} is not a network of PassKit's list (e.g. {1})": "{0} 不是 PassKit 列出的卡组织（如 {1}）",
    "must include threeDSecure or emv (how cards authenticate); PassKit requires one":
      "必须包含 threeDSecure 或 emv（卡片的认证方式）；PassKit 要求至少一个",
    "must have at least one item; the last is the total": "必须至少有一项；最后一项是合计",
    "a pending item's amount must be 0, not {0}": "待定明细项的金额必须为 0，而不是 {0}",
    "must be an amount written as a string, such as \"10.00\", not {0}":
      "必须是写成字符串的金额，如 \"10.00\"，而不是{0}",
    "the total (the last item) must not be negative, not {0}": "合计（最后一项）不能为负数，而不是 {0}",
    "{0} has {1} decimal places; {2} has {3}": "{0} 的小数位数为 {1}；{2} 为 {3}",
    "{0}: wallet keeps amounts to two decimal places, so the digits after the second must be 0":
      "{0}：wallet 的金额保留两位小数，因此第二位之后的数字必须是 0",
    "{0}: {1}": "{0}：{1}",
    // A card number, as the domain's messages mask it.
    "(a card number ending {0}, not shown)": "（尾号 {0} 的卡号，不显示）",
  ]
}
