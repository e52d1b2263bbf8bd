import WalletCore
import WalletIngest

// A bank statement's rows in words, in English and in Chinese; the column's name and the cell
// are quoted as the file has them.

extension ErrorWording {
  /// What is wrong with a row of a statement.
  static func statementRowWords(_ error: StatementReadError, in language: Language) -> String {
    say(statementRowEnglish(error), statementRowChinese(error), in: language)
  }

  /// A row's problem in Chinese.
  static func statementRowChinese(_ error: StatementReadError) -> String {
    func column(_ name: String) -> String { "列 \(ShownValue.quoted(name))" }
    func quoted(_ cell: String) -> String { ShownValue.quoted(cell) }
    switch error {
    case .invalidUTF8AfterByteOrderMark, .neitherUTF8NorGB18030, .noHeaderOfFormat, .noKnownHeader,
      .severalFormats:
      return words(error, in: .simplifiedChinese)
    case .cardNumberInCell(let name):
      return "\(column(name)) 中有看起来是完整卡号的内容，wallet 从不读取或显示卡号；请从文件中删除"
    case .badAmount(let name, let cell, let reason):
      return "\(column(name))：\(quoted(cell)) 中\(words(reason, in: .simplifiedChinese))"
    case .noAmount(let name):
      return "\(column(name)) 为空：这一行没有金额"
    case .negativeAmount(let name):
      return "\(column(name)) 是负数，但该格式的金额从不为负"
    case .bothAmounts(let moneyIn, let moneyOut):
      return "\(column(moneyIn)) 和 \(column(moneyOut)) 都有金额；其中一个必须为空"
    case .neitherAmount(let moneyIn, let moneyOut):
      return "\(column(moneyIn)) 和 \(column(moneyOut)) 都为空：这一行没有金额"
    case .unclassified(let format, let cells, let direction):
      let tested = cells.map { "\(column($0.column)) 为 \(quoted($0.value))" }
      let money = direction.map { "，资金\($0 == .moneyIn ? "流入" : "流出")" } ?? ""
      return "格式 '\(format)' 没有适用于这一行的分类规则（" + tested.joined(separator: "，") + money
        + "）"
    case .badDate(let name, let form, let cell):
      return "\(column(name))：日期应写作 \(form.rawValue)，而不是 \(quoted(cell))"
    case .dateWithoutYear(let name):
      return "\(column(name))：没有年份的日期要从对账单的账期取年份，但表头之前的行没有给出账期"
    case .noSuchDay(let name, let cell):
      return "\(column(name))：\(quoted(cell)) 不是该年中的日期"
    case .noDate(let name):
      return "\(column(name)) 为空：这一行没有日期"
    case .badTime(let name, let cell):
      return "\(column(name))：时间应如 21:32:14，而不是 \(quoted(cell))"
    case .unknownCurrency(let name, let cell):
      return "\(column(name))：\(quoted(cell)) 既不是货币代码，也不是该格式给出的货币名称"
    case .badLast4(let name, let cell):
      return "\(column(name))：应为卡号后四位，而不是 \(quoted(cell))"
    }
  }

  /// A row's problem in English.
  static func statementRowEnglish(_ error: StatementReadError) -> String {
    func column(_ name: String) -> String { "column \(ShownValue.quoted(name))" }
    func quoted(_ cell: String) -> String { ShownValue.quoted(cell) }
    switch error {
    case .invalidUTF8AfterByteOrderMark, .neitherUTF8NorGB18030, .noHeaderOfFormat, .noKnownHeader,
      .severalFormats:
      return words(error, in: .english)
    case .cardNumberInCell(let name):
      return "\(column(name)) holds what looks like a full card number, which wallet never "
        + "reads or shows; remove it from the file"
    case .badAmount(let name, let cell, let reason):
      return "\(column(name)): \(words(reason, in: .english)) in \(quoted(cell))"
    case .noAmount(let name):
      return "\(column(name)) is empty: the row has no amount"
    case .negativeAmount(let name):
      return "\(column(name)) is negative, but this format's amounts never are"
    case .bothAmounts(let moneyIn, let moneyOut):
      return "both \(column(moneyIn)) and \(column(moneyOut)) hold an amount; one must be empty"
    case .neitherAmount(let moneyIn, let moneyOut):
      return "\(column(moneyIn)) and \(column(moneyOut)) are both empty: the row has no amount"
    case .unclassified(let format, let cells, let direction):
      let tested = cells.map { "\(column($0.column)) is \(quoted($0.value))" }
      return "no classification rule of format '\(format)' fits this row ("
        + tested.joined(separator: ", ") + (direction.map { ", money \($0.rawValue)" } ?? "")
        + ")"
    case .badDate(let name, let form, let cell):
      return "\(column(name)): expected a date written \(form.rawValue), not \(quoted(cell))"
    case .dateWithoutYear(let name):
      return "\(column(name)): a date without a year takes it from the statement's period, "
        + "which the lines before the header do not give"
    case .noSuchDay(let name, let cell):
      return "\(column(name)): \(quoted(cell)) is no day of its year"
    case .noDate(let name):
      return "\(column(name)) is empty: the row has no date"
    case .badTime(let name, let cell):
      return "\(column(name)): expected a time such as 21:32:14, not \(quoted(cell))"
    case .unknownCurrency(let name, let cell):
      return "\(column(name)): \(quoted(cell)) is neither a currency code nor a name the format "
        + "gives one"
    case .badLast4(let name, let cell):
      return "\(column(name)): expected the card's last four digits, not \(quoted(cell))"
    }
  }

  /// Why an amount cell was refused.
  static func words(_ error: StatementAmountError, in language: Language) -> String {
    switch error {
    case .unknownCurrency:
      say("the letters before the amount are not a currency code", "金额前的字母不是货币代码", in: language)
    case .badGrouping: say("the thousands separators are out of place", "千位分隔符位置不对", in: language)
    case .malformed:
      say(
        "expected an amount such as CNY 123.18, ¥28.16 or -8,000.00",
        "金额格式应如 CNY 123.18、¥28.16 或 -8,000.00",
        in: language)
    case .money(.empty): say("the amount is empty", "金额为空", in: language)
    case .money(let error): words(error, in: language)
    }
  }

  /// Why a pattern is refused: a construct outside what LinearRegex matches in linear time.
  static func words(_ problem: LinearRegexError.Problem, in language: Language) -> String {
    switch problem {
    case .unmatchedClose: say("a ')' that closes no group", "有一个 ')' 没有对应的分组", in: language)
    case .nothingToRepeat: say("nothing to repeat", "没有可重复的内容", in: language)
    case .possessiveRepeat: say("possessive repeats are not supported", "不支持占有型重复", in: language)
    case .repeatOfRepeat:
      say("a repeat of a repeat; put the first in a group", "重复之后又有重复；请先把前一个放进分组", in: language)
    case .minimumAboveMaximum:
      say("a repeat whose minimum is above its maximum", "重复次数的下限大于上限", in: language)
    case .braceBeginsNoRepeat:
      say(
        "a '{' that begins no repeat; write \\{ for the character", "'{' 不是重复次数的开始；字符本身请写作 \\{",
        in: language)
    case .badGroupName:
      say("a group's name is letters, digits and _", "分组名只能由字母、数字和 _ 组成", in: language)
    case .repeatedGroupName: say("two groups with the same name", "两个分组同名", in: language)
    case .lookaround: say("lookahead and lookbehind are not supported", "不支持向前和向后断言", in: language)
    case .atomicGroup: say("atomic groups are not supported", "不支持原子分组", in: language)
    case .otherGroup:
      say(
        "inline options and other (? groups are not supported; use ignoreCase",
        "不支持内联选项及其他 (? 分组；请使用 ignoreCase", in: language)
    case .unclosedGroup: say("a group that is never closed", "分组没有闭合", in: language)
    case .loneBackslash:
      say("a pattern that ends with a lone backslash", "模式以单独的反斜杠结尾", in: language)
    case .backreference: say("backreferences are not supported", "不支持反向引用", in: language)
    case .unclosedClass: say("a character class that is never closed", "字符类没有闭合", in: language)
    case .emptyClass:
      say(
        "an empty character class; write \\] for the character", "字符类为空；字符本身请写作 \\]", in: language)
    case .nestedClass:
      say(
        "classes inside classes are not supported; write \\[ for the character",
        "不支持字符类嵌套；字符本身请写作 \\[", in: language)
    case .rangeNotBetweenCharacters:
      say("a range must run between two single characters", "范围必须在两个单个字符之间", in: language)
    case .reversedRange:
      say("a range whose first character comes after its last", "范围的起始字符排在结束字符之后", in: language)
    case .tooLong:
      say("a pattern too long once its repeats are written out", "展开重复后模式过长", in: language)
    case .repeatCountTooLarge:
      say(
        "a repeat count above \(LinearRegex.maximumRepeat)", "重复次数超过 \(LinearRegex.maximumRepeat)",
        in: language)
    case .unsupportedEscape(let escape):
      say("the escape \(escape) is not supported", "不支持转义 \(escape)", in: language)
    }
  }
}
