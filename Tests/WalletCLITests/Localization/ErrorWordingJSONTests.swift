import Testing
import WalletCore

@testable import WalletCLI

/// A case of one of the lower modules' problem families and its words in each language.
struct Phrase<Value: Sendable>: Sendable, CustomTestStringConvertible {
  let value: Value
  let english: String
  let chinese: String

  init(_ value: Value, _ english: String, _ chinese: String) {
    self.value = value
    self.english = english
    self.chinese = chinese
  }

  var testDescription: String { english }
}

/// What makes a JSON text unreadable, and the rules every JSON file's fields follow, as the
/// command line words them in English and Chinese: every case, values shown safely.
struct ErrorWordingJSONTests {
  static let at = JSONPosition(line: 3, column: 14)

  static let syntax: [Phrase<JSONSyntaxError.Kind>] = [
    Phrase(.empty, "the file is empty", "文件为空"),
    Phrase(
      .unexpected(.value, found: nil), "expected a JSON value, found the end of the file",
      "应为 JSON 值，却到了文件末尾"),
    Phrase(
      .unexpected(.value, found: "NaN"), "expected a JSON value, found 'NaN'", "应为 JSON 值，却遇到 'NaN'"
    ),
    Phrase(
      .unexpected(.value, found: "x4111111111111111"),
      "expected a JSON value, found (a card number ending 1111, not shown)",
      "应为 JSON 值，却遇到 （尾号 1111 的卡号，不显示）"),
    Phrase(
      .unexpected(.nothingAfterValue, found: "}"),
      "expected nothing after the end of the JSON value, found '}'", "JSON 值结束后不应再有内容，却遇到 '}'"),
    Phrase(
      .unexpected(.commaOrBracket, found: "2"),
      "expected ',' or ']' after an array element, found '2'", "数组元素后应为 ',' 或 ']'，却遇到 '2'"),
    Phrase(
      .unexpected(.key, found: "1"), "expected a key in double quotes, found '1'",
      "应为双引号括起的键，却遇到 '1'"),
    Phrase(
      .unexpected(.colon(afterKey: "a\u{202E}b"), found: "1"),
      "expected ':' after the key 'a\\u{202E}b', found '1'", "键 'a\\u{202E}b' 后应为 ':'，却遇到 '1'"),
    Phrase(
      .unexpected(.commaOrBrace(afterValueOf: "a"), found: "x"),
      "expected ',' or '}' after the value of 'a', found 'x'", "'a' 的值后应为 ',' 或 '}'，却遇到 'x'"),
    Phrase(
      .unexpected(.digitAfterMinus, found: nil),
      "expected a digit after '-', found the end of the file", "'-' 后应为数字，却到了文件末尾"),
    Phrase(
      .unexpected(.digitAfterPoint, found: "x"), "expected a digit after the point, found 'x'",
      "小数点后应为数字，却遇到 'x'"),
    Phrase(
      .unexpected(.digitInExponent, found: "}"), "expected a digit in the exponent, found '}'",
      "指数部分应为数字，却遇到 '}'"),
    Phrase(
      .unexpected(.closingQuote, found: nil), "expected '\"', found the end of the file",
      "应为 '\"'，却到了文件末尾"),
    Phrase(
      .unexpected(.escape, found: nil), "expected an escape, found the end of the file",
      "应为转义序列，却到了文件末尾"),
    Phrase(
      .unexpected(.fourHexDigits, found: nil),
      "expected four hex digits, found the end of the file",
      "应为四位十六进制数字，却到了文件末尾"),
    Phrase(
      .endsInside(.object, opening: at),
      "the file ends inside the object that opens at line 3, column 14",
      "文件在第 3 行第 14 列开始的对象内部结束"),
    Phrase(
      .endsInside(.array, opening: at),
      "the file ends inside the array that opens at line 3, column 14",
      "文件在第 3 行第 14 列开始的数组内部结束"),
    Phrase(
      .endsInside(.string, opening: at),
      "the file ends inside the string that opens at line 3, column 14", "文件在第 3 行第 14 列开始的字符串内部结束"),
    Phrase(.comment, "comments are not allowed in JSON", "JSON 中不允许注释"),
    Phrase(.invalidUTF8(byte: 0xFF), "invalid UTF-8 (byte 0xFF)", "无效的 UTF-8（字节 0xFF）"),
    Phrase(.invalidUTF8(byte: 0x8), "invalid UTF-8 (byte 0x08)", "无效的 UTF-8（字节 0x08）"),
    Phrase(
      .nestedTooDeep(limit: 64), "arrays and objects are nested more than 64 deep", "数组和对象嵌套超过 64 层"
    ),
    Phrase(
      .repeatedKey("a", first: at),
      "the key 'a' appears twice in this object (first at line 3, column 14)",
      "键 'a' 在该对象中出现了两次（第一次在第 3 行第 14 列）"),
    Phrase(
      .repeatedKey("4111111111111111", first: at),
      "the key (a card number ending 1111, not shown) appears twice in this object (first at "
        + "line 3, column 14)",
      "键 （尾号 1111 的卡号，不显示） 在该对象中出现了两次（第一次在第 3 行第 14 列）"),
    Phrase(
      .trailingComma(closing: "}"), "a trailing comma before '}' (JSON allows none)",
      "'}' 前有多余的逗号（JSON 不允许）"),
    Phrase(
      .trailingComma(closing: "]"), "a trailing comma before ']' (JSON allows none)",
      "']' 前有多余的逗号（JSON 不允许）"),
    Phrase(
      .leadingZero, "a number cannot start with 0 followed by more digits", "数字不能以 0 开头后接其他数字"),
    Phrase(
      .controlCharacter(0x1B), "a control character (U+001B) must be escaped inside a string",
      "字符串中的控制字符（U+001B）必须转义"),
    Phrase(.unknownEscape(character: "q"), "'\\q' is not a JSON escape", "'\\q' 不是 JSON 转义序列"),
    Phrase(
      .unknownEscape(character: "\u{7}"), "'\\\\u{7}' is not a JSON escape",
      "'\\\\u{7}' 不是 JSON 转义序列"),
    Phrase(.shortUnicodeEscape, "'\\u' needs four hex digits", "'\\u' 后需要四位十六进制数字"),
    Phrase(
      .loneSurrogate(0xDC00),
      "'\\uDC00' is half of a UTF-16 surrogate pair without its other half, not a character",
      "'\\uDC00' 是缺了另一半的 UTF-16 代理对，不是一个字符"),
  ]

  @Test(arguments: syntax)
  func wordsEachSyntaxError(_ phrase: Phrase<JSONSyntaxError.Kind>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  static let fields: [Phrase<JSONFieldProblem>] = [
    Phrase(
      .notAnObject(.promotion, found: .array), "a promotion is a JSON object, not an array",
      "活动文件应是 JSON 对象，而不是数组"),
    Phrase(
      .notAnObject(.paymentRequest, found: .string("x")),
      "a payment request is a JSON object, not the string 'x'", "支付请求应是 JSON 对象，而不是字符串 'x'"),
    Phrase(
      .notAnObject(.summaryItem, found: .number("1")),
      "a summary item is a JSON object, not the number 1",
      "明细项应是 JSON 对象，而不是数字 1"),
    Phrase(
      .notAnObject(.format, found: .null), "a format file is a JSON object, not null",
      "格式文件应是 JSON 对象，而不是null"),
    Phrase(
      .notAnObject(.rules, found: .bool(true)), "a rules file is a JSON object, not true",
      "规则文件应是 JSON 对象，而不是true"),
    Phrase(.unknownField(of: .promotion), "is not a promotion field", "不是活动文件的字段"),
    Phrase(.unknownField(of: .paymentRequest), "is not a payment request field", "不是支付请求的字段"),
    Phrase(.unknownField(of: .summaryItem), "is not a summary item field", "不是明细项的字段"),
    Phrase(.unknownField(of: .format), "is not a format field", "不是格式的字段"),
    Phrase(.unknownField(of: .rules), "is not a rules field", "不是规则的字段"),
    Phrase(.required, "is required", "必填"),
    Phrase(.requiredNotNull, "is required, not null", "必填，不能为 null"),
    Phrase(
      .mustBeString(found: .object), "must be a string, not an object", "必须是字符串，而不是对象"),
    Phrase(
      .mustBeBool(found: .string("yes")), "must be true or false, not the string 'yes'",
      "必须是 true 或 false，而不是字符串 'yes'"),
    Phrase(
      .mustBeObject(found: .bool(false)), "must be an object, not false", "必须是对象，而不是false"),
    Phrase(
      .mustBeArray(found: .number("4111111111111111")),
      "must be an array, not the number (a card number ending 1111, not shown)",
      "必须是数组，而不是数字 （尾号 1111 的卡号，不显示）"),
    Phrase(
      .cardNumber(lastFour: "0001"),
      "holds a full card number (ending 0001), which wallet never stores or shows",
      "包含完整的卡号（尾号 0001），wallet 从不保存或显示卡号"),
  ]

  @Test(arguments: fields)
  func wordsEachFieldProblem(_ phrase: Phrase<JSONFieldProblem>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  static let kinds: [Phrase<JSONKind>] = [
    Phrase(.null, "null", "null"), Phrase(.bool(false), "false", "false"),
    Phrase(.number("-1.5e3"), "the number -1.5e3", "数字 -1.5e3"),
    Phrase(.string("a\u{7}b"), "the string 'a\\u{7}b'", "字符串 'a\\u{7}b'"),
    Phrase(
      .string("6222020000000000001"), "the string (a card number ending 0001, not shown)",
      "字符串 （尾号 0001 的卡号，不显示）"),
    Phrase(.array, "an array", "数组"), Phrase(.object, "an object", "对象"),
  ]

  @Test(arguments: kinds)
  func wordsEachKindOfValue(_ phrase: Phrase<JSONKind>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  @Test func aPlaceComesFirstWhenKnown() {
    #expect(
      ErrorWording.located("is required", file: "p.json", position: Self.at, in: .english)
        == "p.json:3:14: is required")
    #expect(
      ErrorWording.located("必填", file: "p.json", position: Self.at, in: .simplifiedChinese)
        == "p.json:3:14：必填")
    #expect(
      ErrorWording.located("必填", file: "p.json", position: nil, in: .simplifiedChinese)
        == "p.json：必填")
  }
}
