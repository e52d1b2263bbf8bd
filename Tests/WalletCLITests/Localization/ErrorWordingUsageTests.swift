import Testing
import WalletCore
import WalletIngest

@testable import WalletCLI

/// A usage problem and its words in each language.
struct UsageWording: Sendable, CustomTestStringConvertible {
  let problem: UsageProblem
  let english: String
  let chinese: String

  init(_ problem: UsageProblem, _ english: String, _ chinese: String) {
    self.problem = problem
    self.english = english
    self.chinese = chinese
  }

  var testDescription: String { english }
}

/// The command line's usage errors read as swift-argument-parser's in English, and in Chinese
/// when the language is: every case of the parser's problems, of the values' own refusals and
/// of the forms a value should have, the words the user typed kept as typed and quoted safely.
struct ErrorWordingUsageTests {
  static let parser: [UsageWording] = [
    UsageWording(.unexpectedArgument("x"), "Unexpected argument 'x'", "多余的参数 'x'"),
    UsageWording(.unexpectedArgument("--"), "Unexpected argument '--'", "多余的参数 '--'"),
    UsageWording(
      .unknownOption("--bogus", suggestion: nil), "Unknown option '--bogus'", "未知选项 '--bogus'"),
    UsageWording(
      .unknownOption("--fromat", suggestion: "--format"),
      "Unknown option '--fromat'. Did you mean '--format'?", "未知选项 '--fromat'。您是不是要用 '--format'？"),
    UsageWording(
      .unknownSubcommand("frob", suggestion: nil), "Unknown subcommand 'frob'", "未知子命令 'frob'"),
    UsageWording(
      .unknownSubcommand("crad", suggestion: "card"),
      "Unknown subcommand 'crad'. Did you mean 'card'?", "未知子命令 'crad'。您是不是要用 'card'？"),
    UsageWording(.repeatedOption("out"), "'--out' can only be given once", "'--out' 只能给出一次"),
    UsageWording(
      .givenBeforeAndAfterSubcommand("--db"),
      "'--db' is given both before and after the subcommand; give it once",
      "'--db' 在子命令之前和之后都给出了；只需给出一次"),
    UsageWording(
      .notTakenBy(option: "--db", command: "wallet batch"), "'wallet batch' does not take '--db'",
      "'wallet batch' 不接受 '--db'"),
    UsageWording(.flagWithValue("--force"), "'--force' does not take a value", "'--force' 不接受取值"),
    UsageWording(
      .missingValue("--format <format>"), "Missing value for '--format <format>'",
      "'--format <format>' 缺少取值"),
    UsageWording(
      .missingArgument("<txn>"), "Missing expected argument '<txn>'", "缺少必需的参数 '<txn>'"),
    UsageWording(
      .notAllowed(value: "xml", label: "--format <format>", allowed: ["table", "csv", "json"]),
      "The value 'xml' is invalid for '--format <format>'; expected one of: table, csv, json",
      "'--format <format>' 的取值 'xml' 无效；可选值：table, csv, json"),
    UsageWording(
      .unknownLanguage(""), "The value '' is invalid for '--lang <language>': use en or zh-Hans",
      "'--lang <language>' 的取值 '' 无效：请用 en 或 zh-Hans"),
    UsageWording(
      .cardNumber(lastFour: "0001"),
      "an argument looks like a full card number (ending 0001), which wallet never shows or "
        + "stores; check the command line",
      "有个参数像是完整卡号（尾号 0001），wallet 从不显示或保存完整卡号；请检查命令行"),
    UsageWording(.command("请给出 --holder"), "请给出 --holder", "请给出 --holder"),
    UsageWording(.helpAskedFor, "help was asked for", "要求显示帮助"),
  ]

  /// A value refused for a reason: the domain's errors, worded as ErrorWording words them, and
  /// the command line's own forms.
  static let values: [UsageWording] = [
    (MoneyError.negative, "an amount cannot be negative", "金额不能为负数"),
    (TimeParseError.noSuchDate, "that date does not exist", "该日期不存在"),
    (
      TimeZoneError.unknown("Mars/Base"),
      "unknown time zone 'Mars/Base': use an IANA name such as Asia/Shanghai or UTC",
      "未知的时区 'Mars/Base'：请用 IANA 名称，如 Asia/Shanghai 或 UTC"
    ),
    (
      CodeError(kind: .network, value: "x", allowed: ["visa", "amex"]),
      "unknown network: expected one of visa, amex", "未知的卡组织，应为以下之一：visa, amex"
    ),
    (
      DateFormError(reason: .malformed), "expected a date like 2026-11-22 (YYYY-MM-DD)",
      "日期格式应如 2026-11-22（YYYY-MM-DD）"
    ),
    (
      ValueFormError.merchantCategoryCode, "a merchant category code is exactly four digits",
      "商户类别码必须恰好是四位数字"
    ),
    (
      ValueFormError.time,
      "expected a date such as 2026-11-22 (its start) or a time such as 2026-11-22T09:30 or "
        + "'2026-11-22 09:30' (seconds and an offset such as +08:00 optional)",
      "应为日期（如 2026-11-22，取当天开始）或时间（如 2026-11-22T09:30 或 '2026-11-22 09:30'，"
        + "秒和 +08:00 这样的时区偏移可省略）"
    ),
    (
      ValueFormError.dayOrMonth, "expected a date such as 2026-11-22 or a month such as 2026-11",
      "应为日期（如 2026-11-22）或月份（如 2026-11）"
    ),
    (ValueFormError.noSuchMonth, "that month does not exist", "该月份不存在"),
    (
      ValueFormError.cycle,
      "expected a date such as 2026-11-22 (the cycle containing it) or a month such as 2026-11 "
        + "(the cycle that starts in it)",
      "应为日期（如 2026-11-22，取包含该日的结算周期）或月份（如 2026-11，取在该月开始的结算周期）"
    ),
  ].map { (reason: any Error, english: String, chinese: String) in
    UsageWording(
      .invalidValue(value: "v\u{7}", label: "--at <time>", reason: reason),
      "The value 'v\\u{7}' is invalid for '--at <time>': \(english)",
      "'--at <time>' 的取值 'v\\u{7}' 无效：\(chinese)")
  }

  /// A value refused in a sentence about its argument.
  static let arguments: [UsageWording] = [
    (ArgumentProblem.empty, "is empty", "为空"),
    (.notFourDigits, "must be exactly four digits", "必须恰好是四位数字"),
    (.emptyFileName, "needs a file name, not an empty string", "需要文件名，不能是空字符串"),
    (.notAboveZero, "must be greater than zero", "必须大于零"),
    (.notACount, "must be a whole number greater than zero", "必须是大于零的整数"),
    (.notAByteCount, "must be a number of bytes, such as 512M or 4G", "必须是字节数，如 512M 或 4G"),
    (
      .notAYearSpan, "must be FIRST-LAST, years from 1678 to 2261, FIRST no later than LAST",
      "必须写作 FIRST-LAST，年份在 1678 到 2261 之间，且 FIRST 不晚于 LAST"
    ),
    (.notOneOf(["light", "dark"]), "must be one of: light, dark", "必须是以下之一：light, dark"),
  ].map { problem, english, chinese in
    UsageWording(
      .refused(argument: "--holder", problem), "--holder \(english)", "--holder \(chinese)")
  }

  @Test(arguments: parser + values + arguments)
  func wordsEachCaseInEnglishAndChinese(_ wording: UsageWording) {
    #expect(ErrorWording.words(wording.problem, in: .english) == wording.english)
    #expect(ErrorWording.words(wording.problem, in: .simplifiedChinese) == wording.chinese)
  }

  /// An error of no known kind says what it is of itself, in any language.
  @Test func aReasonOfNoKnownKindDescribesItself() {
    struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
    let problem = UsageProblem.invalidValue(value: "v", label: "--x <y>", reason: Odd())
    #expect(ErrorWording.words(problem, in: .simplifiedChinese) == "'--x <y>' 的取值 'v' 无效：odd")
  }

  /// The error is worded when it is printed, in the language chosen by then, not when made.
  @Test func aUsageErrorIsWordedWhenItIsPrinted() {
    let error = UsageError(.missingArgument("<txn>"), commandPath: ["explain"])
    let text = Language.$chosen.withValue(.simplifiedChinese) {
      WalletCommandLine.parser.errorText(for: error)
    }
    #expect(text.hasPrefix("错误：缺少必需的参数 '<txn>'\n"), "\(text)")
    #expect(WalletCommandLine.parser.errorText(for: error).hasPrefix("Error: Missing expected"))
  }
}
