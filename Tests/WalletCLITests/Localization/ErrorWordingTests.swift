import Foundation
import Testing
import WalletCore

@testable import WalletCLI
@testable import WalletIngest
@testable import WalletJobs

/// An error of a lower module and its words in each language.
struct Wording: Sendable, CustomTestStringConvertible {
  let error: any Error & Sendable
  let english: String
  let chinese: String

  init(_ error: any Error & Sendable, _ english: String, _ chinese: String) {
    self.error = error
    self.english = english
    self.chinese = chinese
  }

  var testDescription: String { english }
}

/// The typed errors of WalletCore and WalletIngest read as the command line words them, in
/// English and in Chinese: every case of every family, values kept as they are.
struct ErrorWordingTests {
  static let core: [Wording] = [
    Wording(MoneyError.empty, "an amount is required", "必须给出金额"),
    Wording(MoneyError.negative, "an amount cannot be negative", "金额不能为负数"),
    Wording(
      MoneyError.exponent, "write the amount in plain digits, not with an exponent",
      "请用普通数字写金额，不要用指数形式"),
    Wording(
      MoneyError.groupingSeparator, "write the amount without thousands separators", "金额中不要用千位分隔符"),
    Wording(
      MoneyError.tooManyFractionDigits, "an amount has at most two digits after the point",
      "金额最多保留两位小数"),
    Wording(
      MoneyError.outOfRange, "the amount is too large (at most 10000000000000.00)",
      "金额太大（最多 10000000000000.00）"),
    Wording(
      MoneyError.malformed,
      "an amount is digits with an optional point and up to two decimals, e.g. 100.50",
      "金额由数字组成，可带小数点和最多两位小数，如 100.50"),
    Wording(
      TimeParseError.malformed, "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)",
      "时间格式应如 2026-11-22T09:30:00+08:00（时区偏移可省略）"),
    Wording(TimeParseError.noSuchDate, "that date does not exist", "该日期不存在"),
    Wording(TimeParseError.noSuchTime, "that time of day does not exist", "该时刻不存在"),
    Wording(
      TimeParseError.invalidOffset, "the UTC offset must be between -18:00 and +18:00",
      "UTC 时差必须在 -18:00 到 +18:00 之间"),
    Wording(
      TimeParseError.skippedLocalTime(zone: "Europe/Paris"),
      "that local time does not exist in Europe/Paris (clocks skip it)",
      "该本地时间在 Europe/Paris 不存在（时钟跳过了它）"),
    Wording(
      TimeParseError.outOfRange, "the year must be between 1678 and 2261", "年份必须在 1678 到 2261 之间"),
    Wording(
      TimeZoneError.unknown("Mars/Base"),
      "unknown time zone 'Mars/Base': use an IANA name such as Asia/Shanghai or UTC",
      "未知的时区 'Mars/Base'：请用 IANA 名称，如 Asia/Shanghai 或 UTC"),
    Wording(
      CodeError(kind: .channel, value: "x", allowed: ["bank-app", "wallet"]),
      "unknown channel: expected one of bank-app, wallet", "未知的渠道，应为以下之一：bank-app, wallet"),
    Wording(
      CodeError(kind: .currency, value: "XYZ", allowed: []),
      "unknown currency: expected one of an ISO 4217 code such as CNY",
      "未知的货币，应为以下之一：ISO 4217 货币代码（如 CNY）"),
  ]

  /// Every list of codes, as its codes' parser refuses a word.
  static let codes: [Wording] = CodeKind.allCases.map { kind in
    let error = CodeError(kind: kind, value: "x", allowed: ["a", "b"])
    let english = ErrorWording.noun(kind, in: .english)
    let chinese = ErrorWording.noun(kind, in: .simplifiedChinese)
    let (expected, expectedChinese) =
      kind == .currency
      ? ("an ISO 4217 code such as CNY", "ISO 4217 货币代码（如 CNY）") : ("a, b", "a, b")
    return Wording(
      error, "unknown \(english): expected one of \(expected)",
      "未知的\(chinese)，应为以下之一：\(expectedChinese)")
  }

  static func located(_ problem: InputError.Problem) -> InputError {
    InputError(file: "in.csv", line: 2, column: 3, problem: problem)
  }

  static let input: [Wording] = [
    Wording(
      located(.emptyFile(expectedHeader: ["card", "holder"])),
      "in.csv:2:3: the file is empty; expected a header row: card,holder",
      "in.csv:2:3：文件为空；应有表头行：card,holder"),
    Wording(
      located(.repeatedColumn("card", firstColumn: 1)),
      "in.csv:2:3: column 'card' appears twice (first as column 1)",
      "in.csv:2:3：列 'card' 出现了两次（第一次是第 1 列）"),
    Wording(
      located(.missingColumn("network")),
      "in.csv:2:3: missing required column 'network' in the header",
      "in.csv:2:3：表头缺少必需的列 'network'"),
    Wording(
      located(.fieldCount(found: 2, expected: 4)),
      "in.csv:2:3: this row has 2 fields but the header has 4", "in.csv:2:3：这一行有 2 个字段，而表头有 4 个"),
    Wording(
      located(.syntax(.strayQuote)), "in.csv:2:3: quote inside an unquoted field",
      "in.csv:2:3：未加引号的字段中出现了引号"),
    Wording(
      located(.statementSyntax(.invalidUTF8)), "in.csv:2:3: not well-formed CSV: invalid UTF-8",
      "in.csv:2:3：不是格式正确的 CSV：无效的 UTF-8"),
    Wording(
      located(.valueRequired(column: "card")), "in.csv:2:3: a value for 'card' is required",
      "in.csv:2:3：'card' 必须有值"),
    Wording(
      located(.invalidValue(column: "amount", value: "-5", reason: MoneyError.negative)),
      "in.csv:2:3: amount '-5': an amount cannot be negative", "in.csv:2:3：amount '-5'：金额不能为负数"),
    Wording(
      located(
        .invalidValue(
          column: "network", value: "x",
          reason: CodeError(kind: .network, value: "x", allowed: ["visa"])
        )), "in.csv:2:3: network 'x': unknown network: expected one of visa",
      "in.csv:2:3：卡组织 'x'：未知的 卡组织，应为以下之一：visa"),
    Wording(
      located(
        .invalidValue(
          column: "currency", value: "XYZ",
          reason: CodeError(kind: .currency, value: "", allowed: []))),
      "in.csv:2:3: currency 'XYZ': unknown currency: expected one of an ISO 4217 code such as CNY",
      "in.csv:2:3：货币 'XYZ'：未知的 货币，应为以下之一：ISO 4217 货币代码（如 CNY）"),
    Wording(
      located(
        .invalidValue(column: "date", value: "2026-1-5", reason: DateFormError(reason: .malformed))),
      "in.csv:2:3: date '2026-1-5': expected a date like 2026-11-22 (YYYY-MM-DD)",
      "in.csv:2:3：date '2026-1-5'：日期格式应如 2026-11-22（YYYY-MM-DD）"),
    Wording(
      located(
        .invalidValue(
          column: "date", value: "2026-02-30", reason: DateFormError(reason: .noSuchDate))),
      "in.csv:2:3: date '2026-02-30': that date does not exist",
      "in.csv:2:3：date '2026-02-30'：该日期不存在"),
    Wording(
      located(.invalidValue(column: "time", value: "25:00", reason: TimeParseError.noSuchTime)),
      "in.csv:2:3: time '25:00': that time of day does not exist", "in.csv:2:3：time '25:00'：该时刻不存在"),
    Wording(
      located(.cardNumber(column: "card", lastFour: "1111")),
      "in.csv:2:3: card looks like a full card number (ending 1111); wallet never stores card "
        + "numbers, use an id and the last four digits instead",
      "in.csv:2:3：卡片 看起来是完整的卡号（尾号 1111）；wallet 从不保存卡号，请改用编号和卡号后四位"),
    Wording(
      located(.amountNotPositive), "in.csv:2:3: amount must be greater than zero",
      "in.csv:2:3：金额必须大于零"),
    Wording(
      located(
        .refundExceedsAmount(refunded: Money(minorUnits: 500), amount: Money(minorUnits: 300))),
      "in.csv:2:3: refunded 5.00 is more than the amount 3.00", "in.csv:2:3：退款 5.00 超过金额 3.00"),
    Wording(
      located(.notFourDigits(column: "mcc", value: "58")),
      "in.csv:2:3: mcc '58' must be exactly four digits",
      "in.csv:2:3：mcc '58' 必须恰好是四位数字"),
    Wording(
      located(.notFourDigits(column: "last4", value: "12a4")),
      "in.csv:2:3: last4 '12a4' must be exactly four digits", "in.csv:2:3：last4 '12a4' 必须恰好是四位数字"),
    Wording(
      located(.removalNotAfterEnrollment), "in.csv:2:3: removed_at must be later than enrolled_at",
      "in.csv:2:3：removed_at 必须晚于 enrolled_at"),
    // Never translated yet: the same words in both languages.
    Wording(
      located(.unknownReference(column: "card", id: "C9", file: "cards.csv")),
      "in.csv:2:3: card 'C9' is not in cards.csv", "in.csv:2:3：card 'C9' 不在 cards.csv 中"),
    Wording(
      located(.repeatedID(.cards, id: "C1", firstLine: 1)),
      "in.csv:2:3: card 'C1' is listed twice (first on line 1)",
      "in.csv:2:3：卡片 'C1' 出现了两次（第一次在第 1 行）"),
    Wording(
      located(.repeatedID(.enrollments, id: "E1", firstLine: 1)),
      "in.csv:2:3: enrollment 'E1' is listed twice (first on line 1)",
      "in.csv:2:3：绑卡记录 'E1' 出现了两次（第一次在第 1 行）"),
    // Transaction and posting ids may be long bank references, shown whole.
    Wording(
      located(.repeatedID(.transactions, id: "4111111111111111", firstLine: 1)),
      "in.csv:2:3: transaction '4111111111111111' is listed twice (first on line 1)",
      "in.csv:2:3：交易 '4111111111111111' 出现了两次（第一次在第 1 行）"),
    Wording(
      located(.repeatedID(.postings, id: "P1", firstLine: 1)),
      "in.csv:2:3: posting 'P1' is listed twice (first on line 1)",
      "in.csv:2:3：入账记录 'P1' 出现了两次（第一次在第 1 行）"),
    Wording(
      located(.headerWithoutRows), "in.csv:2:3: the file has a header but no rows",
      "in.csv:2:3：文件只有表头，没有数据行"),
    Wording(
      located(.statement(.invalidUTF8AfterByteOrderMark)),
      "in.csv:2:3: the file starts with a UTF-8 byte order mark but is not valid UTF-8",
      "in.csv:2:3：文件以 UTF-8 字节顺序标记开头，但不是有效的 UTF-8"),
    Wording(
      located(.statement(.neitherUTF8NorGB18030)),
      "in.csv:2:3: the file is neither UTF-8 nor GB18030 (GBK) text",
      "in.csv:2:3：文件既不是 UTF-8 也不是 GB18030（GBK）文本"),
    Wording(
      located(.statement(.noHeaderOfFormat(formatID: "cmb-credit", header: ["交易日", "金额"]))),
      "in.csv:2:3: no header row of format 'cmb-credit' found: no line has the columns '交易日', '金额'",
      "in.csv:2:3：没有找到格式 'cmb-credit' 的表头行：没有一行包含这些列：'交易日', '金额'"),
    Wording(
      located(.statement(.noKnownHeader(tried: ["alipay", "wechat"]))),
      "in.csv:2:3: no known header row found; formats tried: alipay, wechat",
      "in.csv:2:3：没有找到可识别的表头行；已尝试的格式：alipay, wechat"),
    Wording(
      located(.statement(.severalFormats(matching: ["a", "b"], tried: ["a", "b", "c"]))),
      "in.csv:2:3: the header row fits several formats (a, b); formats tried: a, b, c; name the one "
        + "to use with --format",
      "in.csv:2:3：表头行符合多个格式（a, b）；已尝试的格式：a, b, c；请用 --format 指定要用的格式"),
  ]

  static let files: [Wording] = [
    Wording(
      FileError.cannotOpen(path: "a.csv", errno: ENOENT),
      "cannot open a.csv: No such file or directory", "无法打开 a.csv：没有这个文件或目录"),
    Wording(
      FileError.inputIsDirectory(path: "d"), "cannot read d: it is a directory", "无法读取 d：它是一个目录"),
    Wording(
      FileError.cannotOpenStandardInput(errno: EBADF),
      "cannot read standard input: Bad file descriptor", "无法读取标准输入：文件描述符无效"),
    Wording(
      FileError.readFailed(path: "a.csv", errno: EIO), "cannot read a.csv: Input/output error",
      "无法读取 a.csv：输入/输出错误"),
    Wording(
      FileError.changedWhileRead(path: "a.csv"),
      "a.csv: the file changed while it was being read; nothing was written",
      "a.csv：读取期间文件发生了变化；没有写入任何文件"),
    Wording(
      FileError.tooLarge(path: "p.json", limitMiB: 16), "p.json: the file is larger than 16 MiB",
      "p.json：文件大于 16 MiB"),
    Wording(
      FileError.invalidInput(located(.headerWithoutRows)),
      "in.csv:2:3: the file has a header but no rows", "in.csv:2:3：文件只有表头，没有数据行"),
    Wording(
      FileError.everyRowSkipped(path: "t.csv"),
      "every row of t.csv was skipped as invalid; nothing of the file was used",
      "t.csv 的每一行都因无效而被跳过；文件中没有任何内容被使用"),
    Wording(
      FileError.outputIsDirectory(path: "out"), "cannot write out: it is a directory",
      "无法写入 out：它是一个目录"),
    Wording(
      FileError.cannotWrite(path: "out.csv", errno: ENOSPC),
      "cannot write out.csv: No space left on device", "无法写入 out.csv：磁盘空间不足"),
    Wording(
      FileError.cannotMakeWorkDirectory(parent: "/tmp", errno: EACCES),
      "cannot make a work directory in /tmp: Permission denied",
      "无法在 /tmp 中建立工作目录：权限不够"),
    Wording(
      FileError.cannotWriteWorkFile(path: "w", errno: ENOSPC),
      "cannot write the work file w: No space left on device", "无法写入工作文件 w：磁盘空间不足"),
    Wording(
      FileError.cannotReadWorkFile(path: "w", errno: EIO),
      "cannot read the work file w: Input/output error", "无法读取工作文件 w：输入/输出错误"),
    Wording(
      FileError.workFileEndsPartWay(path: "w"), "the work file w ends part way", "工作文件 w 不完整"),
    Wording(FileError.workFileEndsPartWay(path: nil), "a work file ends part way", "有一个工作文件不完整"),
    Wording(
      BatchOutputError(path: "-", underlying: CSVWriteError(code: EPIPE)),
      "cannot write standard output: Broken pipe", "无法写入 标准输出：管道已断开"),
    Wording(
      BatchOutputError(path: "r.csv", underlying: CSVWriteError(code: ENOSPC)),
      "cannot write r.csv: No space left on device", "无法写入 r.csv：磁盘空间不足"),
    Wording(CSVWriteError(code: ENOSPC), "No space left on device", "磁盘空间不足"),
  ]

  static let csv: [Wording] = [
    Wording(
      CSVSyntaxError(line: 3, column: 2, kind: .unterminatedQuote),
      "line 3, column 2: unterminated quoted field", "第 3 行第 2 列：引号内的字段没有结束"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .strayQuote),
      "line 1, column 1: quote inside an unquoted field", "第 1 行第 1 列：未加引号的字段中出现了引号"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .garbageAfterClosingQuote),
      "line 1, column 1: unexpected character after a closing quote", "第 1 行第 1 列：右引号后出现了多余的字符"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .invalidUTF8), "line 1, column 1: invalid UTF-8",
      "第 1 行第 1 列：无效的 UTF-8"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .nulByte), "line 1, column 1: NUL byte in field",
      "第 1 行第 1 列：字段中有 NUL 字节"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .fieldTooLong),
      "line 1, column 1: field longer than 65536 bytes", "第 1 行第 1 列：字段长度超过 65536 字节"),
    Wording(
      CSVSyntaxError(line: 1, column: 1, kind: .readFailed(errno: 5)),
      "line 1, column 1: read failed (errno 5)", "第 1 行第 1 列：读取失败（errno 5）"),
    Wording(
      DateFormError(reason: .malformed), "expected a date like 2026-11-22 (YYYY-MM-DD)",
      "日期格式应如 2026-11-22（YYYY-MM-DD）"),
    Wording(DateFormError(reason: .noSuchDate), "that date does not exist", "该日期不存在"),
  ]

  static func row(_ error: StatementReadError) -> InputError {
    InputError(file: "s.csv", line: 3, column: 2, problem: .statement(error))
  }

  /// A statement's rows, the column and the cell quoted as the file has them.
  static let statementRows: [Wording] = [
    Wording(
      row(.cardNumberInCell(column: "交易卡号")),
      "s.csv:3:2: column '交易卡号' holds what looks like a full card number, which wallet never "
        + "reads or shows; remove it from the file",
      "s.csv:3:2：列 '交易卡号' 中有看起来是完整卡号的内容，wallet 从不读取或显示卡号；请从文件中删除"),
    Wording(
      row(.badAmount(column: "金额", cell: "ABC 1", reason: .unknownCurrency)),
      "s.csv:3:2: column '金额': the letters before the amount are not a currency code in 'ABC 1'",
      "s.csv:3:2：列 '金额'：'ABC 1' 中金额前的字母不是货币代码"),
    Wording(
      row(.badAmount(column: "金额", cell: "8,00.00", reason: .badGrouping)),
      "s.csv:3:2: column '金额': the thousands separators are out of place in '8,00.00'",
      "s.csv:3:2：列 '金额'：'8,00.00' 中千位分隔符位置不对"),
    Wording(
      row(.badAmount(column: "金额", cell: "1-2", reason: .malformed)),
      "s.csv:3:2: column '金额': expected an amount such as CNY 123.18, ¥28.16 or -8,000.00 in '1-2'",
      "s.csv:3:2：列 '金额'：'1-2' 中金额格式应如 CNY 123.18、¥28.16 或 -8,000.00"),
    Wording(
      row(.badAmount(column: "金额", cell: "¥", reason: .money(.empty))),
      "s.csv:3:2: column '金额': the amount is empty in '¥'",
      "s.csv:3:2：列 '金额'：'¥' 中金额为空"),
    Wording(
      row(.badAmount(column: "金额", cell: "1.001", reason: .money(.tooManyFractionDigits))),
      "s.csv:3:2: column '金额': an amount has at most two digits after the point in '1.001'",
      "s.csv:3:2：列 '金额'：'1.001' 中金额最多保留两位小数"),
    Wording(
      row(.noAmount(column: "金额")), "s.csv:3:2: column '金额' is empty: the row has no amount",
      "s.csv:3:2：列 '金额' 为空：这一行没有金额"),
    Wording(
      row(.negativeAmount(column: "金额")),
      "s.csv:3:2: column '金额' is negative, but this format's amounts never are",
      "s.csv:3:2：列 '金额' 是负数，但该格式的金额从不为负"),
    Wording(
      row(.bothAmounts(moneyIn: "收入", moneyOut: "支出")),
      "s.csv:3:2: both column '收入' and column '支出' hold an amount; one must be empty",
      "s.csv:3:2：列 '收入' 和 列 '支出' 都有金额；其中一个必须为空"),
    Wording(
      row(.neitherAmount(moneyIn: "收入", moneyOut: "支出")),
      "s.csv:3:2: column '收入' and column '支出' are both empty: the row has no amount",
      "s.csv:3:2：列 '收入' 和 列 '支出' 都为空：这一行没有金额"),
    Wording(
      row(
        .unclassified(
          formatID: "bocom-credit", cells: [StatementCell(column: "摘要", value: "取现 某网点")],
          direction: .moneyIn)),
      "s.csv:3:2: no classification rule of format 'bocom-credit' fits this row (column '摘要' is "
        + "'取现 某网点', money in)",
      "s.csv:3:2：格式 'bocom-credit' 没有适用于这一行的分类规则（列 '摘要' 为 '取现 某网点'，资金流入）"),
    Wording(
      row(
        .unclassified(
          formatID: "bocom-credit",
          cells: [
            StatementCell(column: "摘要", value: "取现"), StatementCell(column: "类型", value: "x"),
          ], direction: nil)),
      "s.csv:3:2: no classification rule of format 'bocom-credit' fits this row (column '摘要' is "
        + "'取现', column '类型' is 'x')",
      "s.csv:3:2：格式 'bocom-credit' 没有适用于这一行的分类规则（列 '摘要' 为 '取现'，列 '类型' 为 'x'）"),
    Wording(
      row(.badDate(column: "交易日", form: .monthDaySlashed, cell: "13/45")),
      "s.csv:3:2: column '交易日': expected a date written MM/dd, not '13/45'",
      "s.csv:3:2：列 '交易日'：日期应写作 MM/dd，而不是 '13/45'"),
    Wording(
      row(.dateWithoutYear(column: "交易日")),
      "s.csv:3:2: column '交易日': a date without a year takes it from the statement's period, "
        + "which the lines before the header do not give",
      "s.csv:3:2：列 '交易日'：没有年份的日期要从对账单的账期取年份，但表头之前的行没有给出账期"),
    Wording(
      row(.noSuchDay(column: "交易日", cell: "02/30")),
      "s.csv:3:2: column '交易日': '02/30' is no day of its year",
      "s.csv:3:2：列 '交易日'：'02/30' 不是该年中的日期"),
    Wording(
      row(.noDate(column: "交易日")), "s.csv:3:2: column '交易日' is empty: the row has no date",
      "s.csv:3:2：列 '交易日' 为空：这一行没有日期"),
    Wording(
      row(.badTime(column: "时间", cell: "25:00")),
      "s.csv:3:2: column '时间': expected a time such as 21:32:14, not '25:00'",
      "s.csv:3:2：列 '时间'：时间应如 21:32:14，而不是 '25:00'"),
    Wording(
      row(.unknownCurrency(column: "币种", cell: "XX")),
      "s.csv:3:2: column '币种': 'XX' is neither a currency code nor a name the format gives one",
      "s.csv:3:2：列 '币种'：'XX' 既不是货币代码，也不是该格式给出的货币名称"),
    Wording(
      row(.badLast4(column: "卡号", cell: "12")),
      "s.csv:3:2: column '卡号': expected the card's last four digits, not '12'",
      "s.csv:3:2：列 '卡号'：应为卡号后四位，而不是 '12'"),
  ]

  /// Why an amount cell was refused, on its own.
  static let statementAmounts: [Wording] = [
    Wording(
      StatementAmountError.unknownCurrency, "the letters before the amount are not a currency code",
      "金额前的字母不是货币代码"),
    Wording(
      StatementAmountError.badGrouping, "the thousands separators are out of place", "千位分隔符位置不对"),
    Wording(
      StatementAmountError.malformed, "expected an amount such as CNY 123.18, ¥28.16 or -8,000.00",
      "金额格式应如 CNY 123.18、¥28.16 或 -8,000.00"),
    Wording(StatementAmountError.money(.empty), "the amount is empty", "金额为空"),
    Wording(StatementAmountError.money(.negative), "an amount cannot be negative", "金额不能为负数"),
  ]

  /// Why a pattern is refused, and a pattern refused in a rules file.
  static let patterns: [Wording] = [
    Wording(
      LinearRegexError(problem: .unmatchedClose, offset: 0), "a ')' that closes no group",
      "有一个 ')' 没有对应的分组"),
    Wording(
      LinearRegexError(problem: .nothingToRepeat, offset: 0), "nothing to repeat", "没有可重复的内容"),
    Wording(
      LinearRegexError(problem: .possessiveRepeat, offset: 0),
      "possessive repeats are not supported", "不支持占有型重复"),
    Wording(
      LinearRegexError(problem: .repeatOfRepeat, offset: 0),
      "a repeat of a repeat; put the first in a group", "重复之后又有重复；请先把前一个放进分组"),
    Wording(
      LinearRegexError(problem: .minimumAboveMaximum, offset: 0),
      "a repeat whose minimum is above its maximum", "重复次数的下限大于上限"),
    Wording(
      LinearRegexError(problem: .repeatCountTooLarge, offset: 0), "a repeat count above 1000",
      "重复次数超过 1000"),
    Wording(
      LinearRegexError(problem: .braceBeginsNoRepeat, offset: 0),
      "a '{' that begins no repeat; write \\{ for the character", "'{' 不是重复次数的开始；字符本身请写作 \\{"),
    Wording(
      LinearRegexError(problem: .badGroupName, offset: 0),
      "a group's name is letters, digits and _", "分组名只能由字母、数字和 _ 组成"),
    Wording(
      LinearRegexError(problem: .repeatedGroupName, offset: 0), "two groups with the same name",
      "两个分组同名"),
    Wording(
      LinearRegexError(problem: .lookaround, offset: 0),
      "lookahead and lookbehind are not supported", "不支持向前和向后断言"),
    Wording(
      LinearRegexError(problem: .atomicGroup, offset: 0), "atomic groups are not supported",
      "不支持原子分组"),
    Wording(
      LinearRegexError(problem: .otherGroup, offset: 0),
      "inline options and other (? groups are not supported; use ignoreCase",
      "不支持内联选项及其他 (? 分组；请使用 ignoreCase"),
    Wording(
      LinearRegexError(problem: .unclosedGroup, offset: 0), "a group that is never closed", "分组没有闭合"
    ),
    Wording(
      LinearRegexError(problem: .loneBackslash, offset: 0),
      "a pattern that ends with a lone backslash", "模式以单独的反斜杠结尾"),
    Wording(
      LinearRegexError(problem: .backreference, offset: 0), "backreferences are not supported",
      "不支持反向引用"),
    Wording(
      LinearRegexError(problem: .unsupportedEscape("\\d"), offset: 0),
      "the escape \\d is not supported", "不支持转义 \\d"),
    Wording(
      LinearRegexError(problem: .unclosedClass, offset: 0),
      "a character class that is never closed", "字符类没有闭合"),
    Wording(
      LinearRegexError(problem: .emptyClass, offset: 0),
      "an empty character class; write \\] for the character", "字符类为空；字符本身请写作 \\]"),
    Wording(
      LinearRegexError(problem: .nestedClass, offset: 0),
      "classes inside classes are not supported; write \\[ for the character",
      "不支持字符类嵌套；字符本身请写作 \\["),
    Wording(
      LinearRegexError(problem: .rangeNotBetweenCharacters, offset: 0),
      "a range must run between two single characters", "范围必须在两个单个字符之间"),
    Wording(
      LinearRegexError(problem: .reversedRange, offset: 0),
      "a range whose first character comes after its last", "范围的起始字符排在结束字符之后"),
    Wording(
      LinearRegexError(problem: .tooLong, offset: 0),
      "a pattern too long once its repeats are written out", "展开重复后模式过长"),
    Wording(
      InputError(
        file: "rules.json", line: 1, column: 47,
        problem: .definition(
          field: "rules[0].when.description.regex",
          .pattern(LinearRegexError(problem: .backreference, offset: 3)))),
      "rules.json:1:47: field 'rules[0].when.description.regex': is not a valid regular "
        + "expression: backreferences are not supported (character 4 of the pattern)",
      "rules.json:1:47：字段 'rules[0].when.description.regex'：不是有效的正则表达式：不支持反向引用"
        + "（模式的第 4 个字符）"),
  ]

  static let all =
    core + codes + input + files + csv + statementRows + statementAmounts + patterns

  @Test(arguments: all)
  func wordsEachCaseInEnglishAndChinese(_ wording: Wording) {
    #expect(ErrorWording.words(for: wording.error, in: .english) == wording.english)
    #expect(ErrorWording.words(for: wording.error, in: .simplifiedChinese) == wording.chinese)
  }

  @Test func aValueIsShownSafely() {
    let words = ErrorWording.words(
      Self.located(
        .invalidValue(
          column: "amount", value: "4111 1111 1111 1111\u{7}", reason: MoneyError.malformed)),
      in: .english)
    #expect(!words.contains("4111 1111 1111 1111"))
    #expect(!words.contains("\u{7}"))
  }

  @Test func otherErrorsAreNotWordedHere() {
    struct Other: Error {}
    #expect(ErrorWording.words(for: Other(), in: .english) == nil)
  }
}
