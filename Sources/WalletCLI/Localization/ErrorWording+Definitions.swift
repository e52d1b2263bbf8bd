import WalletCore
import WalletIngest

// The statement format and rules files' errors in words (wallet-formats(5)). One exhaustive
// switch gives the English and the Chinese side by side; a value from the file is shown safely
// (masked, escaped, cut short).

extension ErrorWording {
  /// `field 'x': problem`, or the problem alone when it is about the whole file.
  static func words(field: String?, _ problem: DefinitionProblem, in language: Language)
    -> String
  {
    self.field(
      field, english: words(problem, in: .english),
      chinese: words(problem, in: .simplifiedChinese), in: language)
  }

  /// What is wrong with a field of a format or rules file.
  static func words(_ problem: DefinitionProblem, in language: Language) -> String {
    switch problem {
    case .syntax(let kind):
      return notJSON(kind, in: language)
    case .field(let problem):
      return words(problem, in: language)
    case .blank:
      return say("must not be blank", "不能为空白", in: language)
    case .empty:
      return say("must not be empty", "不能为空", in: language)
    case .unexpected(let text, let expectation):
      return say(
        "expected \(words(expectation, in: .english)), not \(quoted(text, in: .english))",
        "应为\(words(expectation, in: .simplifiedChinese))，而不是 "
          + quoted(text, in: .simplifiedChinese), in: language)
    case .pattern(let error):
      let place = error.offset + 1
      return say(
        "is not a valid regular expression: \(words(error.problem, in: .english)) "
          + "(character \(place) of the pattern)",
        "不是有效的正则表达式：\(words(error.problem, in: .simplifiedChinese))（模式的第 \(place) 个字符）",
        in: language)
    case .missingGroup(let group):
      return say(
        "needs a group named '\(group)', written (?<\(group)>…)",
        "需要一个名为 '\(group)' 的分组，写作 (?<\(group)>…)", in: language)
    case .noHeader:
      return say("must list the header row's column names", "必须列出表头行的列名", in: language)
    case .needsPeriodPattern:
      return say(
        "dates without a year need a periodPattern that gives the year",
        "没有年份的日期需要一个能给出年份的 periodPattern", in: language)
    case .noClassificationRules:
      return say("must list at least one rule", "必须至少列出一条规则", in: language)
    case .unknownColumn(let name):
      return say(
        "names the column \(quoted(name, in: .english)), which 'header' does not list",
        "指定的列 \(quoted(name, in: .simplifiedChinese)) 不在 'header' 中", in: language)
    case .columnAndInOut:
      return say(
        "give either 'column' or 'in' and 'out', not both", "请给出 'column'，或给出 'in' 和 'out'，二者只能选一",
        in: language)
    case .directionOfPositiveAmounts:
      return say(
        "cannot be told: the format's amounts are always positive", "无法区分：该格式的金额总是正数",
        in: language)
    case .ignoreWithoutReason:
      return say("a rule that ignores rows must say why", "略过行的规则必须说明原因", in: language)
    case .noTest(let keys):
      let keys = keys.joined(separator: ", ")
      return say("needs one of \(keys)", "需要以下之一：\(keys)", in: language)
    case .severalTests(let keys):
      let keys = keys.joined(separator: ", ")
      return say("only one of \(keys) may be given", "\(keys) 只能给出其中一个", in: language)
    case .maxBelowMin:
      return say("is less than 'min'", "小于 'min'", in: language)
    case .toBeforeFrom:
      return say("is before 'from'", "早于 'from'", in: language)
    case .skipWithoutReason:
      return say("must say why the rows are left out", "必须说明为什么略过这些行", in: language)
    case .thenSetsNothing:
      return say(
        "must set method, merchant, mcc or skip", "必须设置 method、merchant、mcc 或 skip", in: language)
    case .amount(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .malformedDate(let text):
      return say(
        "expected a date like 2024-01-31, not \(quoted(text, in: .english))",
        "日期格式应如 2024-01-31，而不是 \(quoted(text, in: .simplifiedChinese))", in: language)
    }
  }

  /// What a field of a format or rules file takes.
  static func words(_ expectation: DefinitionExpectation, in language: Language) -> String {
    switch expectation {
    case .oneOf(let codes):
      let codes = codes.joined(separator: ", ")
      return say("one of \(codes)", "以下之一：\(codes)", in: language)
    case .currencyCode:
      return say("an ISO 4217 code such as CNY", "ISO 4217 货币代码（如 CNY）", in: language)
    case .merchantCategoryCode:
      return say("a four-digit merchant category code", "四位数字的商户类别码", in: language)
    }
  }
}
