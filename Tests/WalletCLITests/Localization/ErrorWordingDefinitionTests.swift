import Testing
import WalletCore

@testable import WalletCLI
@testable import WalletIngest

/// A statement format's or rules file's errors as the command line words them, in English and
/// Chinese: every case, values shown safely, and whole located lines.
struct ErrorWordingDefinitionTests {
  static let tests = ["equals", "prefix", "contains", "firstWord", "regex"]

  static let problems: [Phrase<DefinitionProblem>] = [
    Phrase(
      .syntax(.comment), "not valid JSON: comments are not allowed in JSON",
      "不是有效的 JSON：JSON 中不允许注释"),
    Phrase(
      .field(.notAnObject(.rules, found: .array)), "a rules file is a JSON object, not an array",
      "规则文件应是 JSON 对象，而不是数组"),
    Phrase(.blank, "must not be blank", "不能为空白"),
    Phrase(.empty, "must not be empty", "不能为空"),
    Phrase(
      .unexpected("statement", expected: .oneOf(["card-statement", "app-export"])),
      "expected one of card-statement, app-export, not 'statement'",
      "应为以下之一：card-statement, app-export，而不是 'statement'"),
    Phrase(
      .unexpected("RMB", expected: .currencyCode),
      "expected an ISO 4217 code such as CNY, not 'RMB'",
      "应为ISO 4217 货币代码（如 CNY），而不是 'RMB'"),
    Phrase(
      .unexpected("4111111111111111", expected: .merchantCategoryCode),
      "expected a four-digit merchant category code, not (a card number ending 1111, not shown)",
      "应为四位数字的商户类别码，而不是 （尾号 1111 的卡号，不显示）"),
    Phrase(
      .pattern(LinearRegexError(problem: .backreference, offset: 3)),
      "is not a valid regular expression: backreferences are not supported (character 4 of the "
        + "pattern)",
      "不是有效的正则表达式：不支持反向引用（模式的第 4 个字符）"),
    Phrase(
      .missingGroup("year"), "needs a group named 'year', written (?<year>…)",
      "需要一个名为 'year' 的分组，写作 (?<year>…)"),
    Phrase(.noHeader, "must list the header row's column names", "必须列出表头行的列名"),
    Phrase(
      .needsPeriodPattern, "dates without a year need a periodPattern that gives the year",
      "没有年份的日期需要一个能给出年份的 periodPattern"),
    Phrase(.noClassificationRules, "must list at least one rule", "必须至少列出一条规则"),
    Phrase(
      .unknownColumn("日期"), "names the column '日期', which 'header' does not list",
      "指定的列 '日期' 不在 'header' 中"),
    Phrase(
      .columnAndInOut, "give either 'column' or 'in' and 'out', not both",
      "请给出 'column'，或给出 'in' 和 'out'，二者只能选一"),
    Phrase(
      .directionOfPositiveAmounts, "cannot be told: the format's amounts are always positive",
      "无法区分：该格式的金额总是正数"),
    Phrase(.ignoreWithoutReason, "a rule that ignores rows must say why", "略过行的规则必须说明原因"),
    Phrase(
      .noTest(oneOf: tests), "needs one of equals, prefix, contains, firstWord, regex",
      "需要以下之一：equals, prefix, contains, firstWord, regex"),
    Phrase(
      .severalTests(oneOf: tests),
      "only one of equals, prefix, contains, firstWord, regex may be given",
      "equals, prefix, contains, firstWord, regex 只能给出其中一个"),
    Phrase(.maxBelowMin, "is less than 'min'", "小于 'min'"),
    Phrase(.toBeforeFrom, "is before 'from'", "早于 'from'"),
    Phrase(.skipWithoutReason, "must say why the rows are left out", "必须说明为什么略过这些行"),
    Phrase(
      .thenSetsNothing, "must set method, merchant, mcc or skip", "必须设置 method、merchant、mcc 或 skip"),
    Phrase(
      .amount("1.001", .tooManyFractionDigits),
      "'1.001': an amount has at most two digits after the point",
      "'1.001'：金额最多保留两位小数"),
    Phrase(
      .malformedDate("2025-02-30"), "expected a date like 2024-01-31, not '2025-02-30'",
      "日期格式应如 2024-01-31，而不是 '2025-02-30'"),
  ]

  @Test(arguments: problems)
  func wordsEachProblem(_ phrase: Phrase<DefinitionProblem>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  /// Broken rules files, read, and the whole line the command line prints for each.
  @Test(
    arguments: [
      (
        #"{"rules": [{"then": {"mcc": "541"}}]}"#,
        "u.json:1:29: field 'rules[0].then.mcc': expected a four-digit merchant category code, "
          + "not '541'",
        "u.json:1:29：字段 'rules[0].then.mcc'：应为四位数字的商户类别码，而不是 '541'"
      ),
      (
        #"{"rules": [{"when": {"amount": {"min": "abc"}}, "then": {"skip": "x"}}]}"#,
        "u.json:1:40: field 'rules[0].when.amount.min': 'abc': an amount is digits with an "
          + "optional point and up to two decimals, e.g. 100.50",
        "u.json:1:40：字段 'rules[0].when.amount.min'：'abc'：金额由数字组成，可带小数点和最多两位小数，如 100.50"
      ),
      (
        #"{"rules": [], "4111111111111111": 1}"#,
        "u.json:1:15: field '(a card number ending 1111, not shown)': holds a full card number "
          + "(ending 1111), which wallet never stores or shows",
        "u.json:1:15：字段 '(a card number ending 1111, not shown)'：包含完整的卡号（尾号 1111），"
          + "wallet 从不保存或显示卡号"
      ),
      (
        "{\"rules\": []",
        "u.json:1:13: not valid JSON: the file ends inside the object that "
          + "opens at line 1, column 1",
        "u.json:1:13：不是有效的 JSON：文件在第 1 行第 1 列开始的对象内部结束"
      ),
    ])
  func wordsARulesFileErrorWithItsPlace(json: String, english: String, chinese: String) throws {
    let error = try #require(throws: InputError.self) {
      try ImportRules.decode(json: Array(json.utf8), file: "u.json")
    }
    #expect(ErrorWording.words(error, in: .english) == english)
    #expect(ErrorWording.words(error, in: .simplifiedChinese) == chinese)
  }
}
