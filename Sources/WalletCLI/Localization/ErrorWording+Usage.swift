import Foundation

// The command line's usage errors in words: the parser's, the values' own checks and the form a
// value should have. The parser's sentences are swift-argument-parser's, which users already
// know; each case gives the English and the Chinese side by side. A word the user typed is
// quoted safely (escaped, cut short); card numbers are masked for the whole sentence later.

extension ErrorWording {
  /// What is wrong with a command line, without the `Error: ` before it.
  static func words(_ problem: UsageProblem, in language: Language) -> String {
    switch problem {
    case .unexpectedArgument(let word):
      let shown = quotedWord(word)
      return say("Unexpected argument \(shown)", "多余的参数 \(shown)", in: language)
    case .unknownOption(let typed, nil):
      let shown = quotedWord(typed)
      return say("Unknown option \(shown)", "未知选项 \(shown)", in: language)
    case .unknownOption(let typed, let near?):
      let shown = quotedWord(typed)
      return say(
        "Unknown option \(shown). Did you mean '\(near)'?", "未知选项 \(shown)。您是不是要用 '\(near)'？",
        in: language)
    case .unknownSubcommand(let word, nil):
      let shown = quotedWord(word)
      return say("Unknown subcommand \(shown)", "未知子命令 \(shown)", in: language)
    case .unknownSubcommand(let word, let near?):
      let shown = quotedWord(word)
      return say(
        "Unknown subcommand \(shown). Did you mean '\(near)'?",
        "未知子命令 \(shown)。您是不是要用 '\(near)'？", in: language)
    case .repeatedOption(let name):
      return say("'--\(name)' can only be given once", "'--\(name)' 只能给出一次", in: language)
    case .givenBeforeAndAfterSubcommand(let option):
      return say(
        "'\(option)' is given both before and after the subcommand; give it once",
        "'\(option)' 在子命令之前和之后都给出了；只需给出一次", in: language)
    case .notTakenBy(let option, let command):
      return say(
        "'\(command)' does not take '\(option)'", "'\(command)' 不接受 '\(option)'", in: language)
    case .flagWithValue(let typed):
      let shown = quotedWord(typed)
      return say("\(shown) does not take a value", "\(shown) 不接受取值", in: language)
    case .missingValue(let label):
      return say("Missing value for '\(label)'", "'\(label)' 缺少取值", in: language)
    case .missingArgument(let label):
      return say("Missing expected argument '\(label)'", "缺少必需的参数 '\(label)'", in: language)
    case .notAllowed(let value, let label, let allowed):
      let (shown, expected) = (quotedWord(value), allowed.joined(separator: ", "))
      return say(
        "The value \(shown) is invalid for '\(label)'; expected one of: \(expected)",
        "'\(label)' 的取值 \(shown) 无效；可选值：\(expected)", in: language)
    case .invalidValue(let value, let label, let reason):
      let shown = quotedWord(value)
      return say(
        "The value \(shown) is invalid for '\(label)': \(words(reason: reason, in: .english))",
        "'\(label)' 的取值 \(shown) 无效：\(words(reason: reason, in: .simplifiedChinese))",
        in: language)
    case .refused(let argument, let problem):
      return say(
        "\(argument) \(words(problem, in: .english))",
        "\(argument) \(words(problem, in: .simplifiedChinese))", in: language)
    case .unknownLanguage(let name):
      let shown = quotedWord(name)
      return say(
        "The value \(shown) is invalid for '--lang <language>': use en or zh-Hans",
        "'--lang <language>' 的取值 \(shown) 无效：请用 en 或 zh-Hans", in: language)
    case .cardNumber(let lastFour):
      return say(
        """
        an argument looks like a full card number (ending \(lastFour)), which wallet never \
        shows or stores; check the command line
        """,
        "有个参数像是完整卡号（尾号 \(lastFour)），wallet 从不显示或保存完整卡号；请检查命令行", in: language)
    case .command(let worded):
      return worded
    case .helpAskedFor:
      return say("help was asked for", "要求显示帮助", in: language)
    }
  }

  /// What is wrong with a value, as the rest of a sentence that begins with its argument's name.
  static func words(_ problem: ArgumentProblem, in language: Language) -> String {
    switch problem {
    case .empty: say("is empty", "为空", in: language)
    case .notFourDigits: say("must be exactly four digits", "必须恰好是四位数字", in: language)
    case .emptyFileName:
      say("needs a file name, not an empty string", "需要文件名，不能是空字符串", in: language)
    case .notAboveZero: say("must be greater than zero", "必须大于零", in: language)
    case .notACount: say("must be a whole number greater than zero", "必须是大于零的整数", in: language)
    case .notAByteCount:
      say("must be a number of bytes, such as 512M or 4G", "必须是字节数，如 512M 或 4G", in: language)
    case .notAYearSpan:
      say(
        "must be FIRST-LAST, years from 1678 to 2261, FIRST no later than LAST",
        "必须写作 FIRST-LAST，年份在 1678 到 2261 之间，且 FIRST 不晚于 LAST", in: language)
    case .notOneOf(let words):
      say(
        "must be one of: \(words.joined(separator: ", "))",
        "必须是以下之一：\(words.joined(separator: ", "))", in: language)
    }
  }

  /// Why a value was refused, after `The value … is invalid for …:`: the words for a typed
  /// error, else what the error says of itself.
  static func words(reason: any Error, in language: Language) -> String {
    if let error = reason as? ValueFormError { return words(error, in: language) }
    return words(for: reason, in: language) ?? (reason as? LocalizedError)?.errorDescription
      ?? String(describing: reason)
  }

  /// What a value of the command line should look like, for values no domain parser reads.
  static func words(_ error: ValueFormError, in language: Language) -> String {
    switch error {
    case .merchantCategoryCode:
      say("a merchant category code is exactly four digits", "商户类别码必须恰好是四位数字", in: language)
    case .time:
      say(
        """
        expected a date such as 2026-11-22 (its start) or a time such as 2026-11-22T09:30 or \
        '2026-11-22 09:30' (seconds and an offset such as +08:00 optional)
        """,
        "应为日期（如 2026-11-22，取当天开始）或时间（如 2026-11-22T09:30 或 '2026-11-22 09:30'，秒和 +08:00 这样的时区偏移可省略）",
        in: language)
    case .dayOrMonth:
      say(
        "expected a date such as 2026-11-22 or a month such as 2026-11",
        "应为日期（如 2026-11-22）或月份（如 2026-11）", in: language)
    case .noSuchMonth: say("that month does not exist", "该月份不存在", in: language)
    case .cycle:
      say(
        """
        expected a date such as 2026-11-22 (the cycle containing it) or a month such as \
        2026-11 (the cycle that starts in it)
        """,
        "应为日期（如 2026-11-22，取包含该日的结算周期）或月份（如 2026-11，取在该月开始的结算周期）", in: language)
    }
  }
}
