import WalletCore

// The JSON files' errors in words, for every kind of file alike: text that is not JSON, and the
// rules of `JSONFieldReader` (missing fields, wrong types, unknown fields). Each family is one
// exhaustive switch giving the English and the Chinese side by side; a value from the file is
// shown safely (masked, escaped, cut short).

extension ErrorWording {
  /// `file:line:column: words`, the form editors and terminals can jump to; `file: words` when
  /// no position is known. `words` is already in `language`.
  static func located(
    _ words: String, file: String, position: JSONPosition?, in language: Language
  ) -> String {
    let place = position.map { "\(file):\($0)" } ?? file
    return say("\(place): \(words)", "\(place)：\(words)", in: language)
  }

  /// `field 'x': problem`, or the problem alone when it is about the whole document (`field`
  /// nil). The path is shown as the reader made it: a key the user wrote is already safe.
  static func field(_ field: String?, english: String, chinese: String, in language: Language)
    -> String
  {
    guard let field else { return say(english, chinese, in: language) }
    return say("field '\(field)': \(english)", "字段 '\(field)'：\(chinese)", in: language)
  }

  /// Why a text is not JSON, without its place.
  static func words(_ kind: JSONSyntaxError.Kind, in language: Language) -> String {
    switch kind {
    case .empty:
      return say("the file is empty", "文件为空", in: language)
    case .unexpected(let expectation, nil):
      return say(
        "\(words(expectation, in: .english)), found the end of the file",
        "\(words(expectation, in: .simplifiedChinese))，却到了文件末尾", in: language)
    case .unexpected(let expectation, let found?):
      return say(
        "\(words(expectation, in: .english)), found \(quoted(found, in: .english))",
        "\(words(expectation, in: .simplifiedChinese))，却遇到 \(quoted(found, in: .simplifiedChinese))",
        in: language)
    case .endsInside(let construct, let opening):
      return say(
        "the file ends inside the \(words(construct, in: .english)) that opens at "
          + words(opening, in: .english),
        "文件在\(words(opening, in: .simplifiedChinese))开始的"
          + "\(words(construct, in: .simplifiedChinese))内部结束", in: language)
    case .comment:
      return say("comments are not allowed in JSON", "JSON 中不允许注释", in: language)
    case .invalidUTF8(let byte):
      let hex = hexDigits(UInt32(byte), count: 2)
      return say("invalid UTF-8 (byte 0x\(hex))", "无效的 UTF-8（字节 0x\(hex)）", in: language)
    case .nestedTooDeep(let limit):
      return say(
        "arrays and objects are nested more than \(limit) deep", "数组和对象嵌套超过 \(limit) 层",
        in: language)
    case .repeatedKey(let key, let first):
      return say(
        "the key \(quoted(key, in: .english)) appears twice in this object (first at "
          + "\(words(first, in: .english)))",
        "键 \(quoted(key, in: .simplifiedChinese)) 在该对象中出现了两次"
          + "（第一次在\(words(first, in: .simplifiedChinese))）", in: language)
    case .trailingComma(let closing):
      return say(
        "a trailing comma before '\(closing)' (JSON allows none)", "'\(closing)' 前有多余的逗号（JSON 不允许）",
        in: language)
    case .leadingZero:
      return say(
        "a number cannot start with 0 followed by more digits", "数字不能以 0 开头后接其他数字",
        in: language)
    case .controlCharacter(let byte):
      let code = hexDigits(UInt32(byte), count: 4)
      return say(
        "a control character (U+\(code)) must be escaped inside a string",
        "字符串中的控制字符（U+\(code)）必须转义", in: language)
    case .unknownEscape(let character):
      let shown = ShownValue.escaped(character)
      return say(
        "'\\\(shown)' is not a JSON escape", "'\\\(shown)' 不是 JSON 转义序列", in: language)
    case .shortUnicodeEscape:
      return say("'\\u' needs four hex digits", "'\\u' 后需要四位十六进制数字", in: language)
    case .loneSurrogate(let code):
      let hex = hexDigits(code, count: 4)
      return say(
        "'\\u\(hex)' is half of a UTF-16 surrogate pair without its other half, not a character",
        "'\\u\(hex)' 是缺了另一半的 UTF-16 代理对，不是一个字符", in: language)
    }
  }

  /// What the JSON reader expected where it stopped.
  static func words(_ expectation: JSONSyntaxError.Expectation, in language: Language) -> String {
    switch expectation {
    case .nothingAfterValue:
      say("expected nothing after the end of the JSON value", "JSON 值结束后不应再有内容", in: language)
    case .value: say("expected a JSON value", "应为 JSON 值", in: language)
    case .commaOrBracket:
      say("expected ',' or ']' after an array element", "数组元素后应为 ',' 或 ']'", in: language)
    case .key: say("expected a key in double quotes", "应为双引号括起的键", in: language)
    case .colon(let key):
      say(
        "expected ':' after the key \(quoted(key, in: .english))",
        "键 \(quoted(key, in: .simplifiedChinese)) 后应为 ':'", in: language)
    case .commaOrBrace(let key):
      say(
        "expected ',' or '}' after the value of \(quoted(key, in: .english))",
        "\(quoted(key, in: .simplifiedChinese)) 的值后应为 ',' 或 '}'", in: language)
    case .digitAfterMinus: say("expected a digit after '-'", "'-' 后应为数字", in: language)
    case .digitAfterPoint: say("expected a digit after the point", "小数点后应为数字", in: language)
    case .digitInExponent: say("expected a digit in the exponent", "指数部分应为数字", in: language)
    case .closingQuote: say("expected '\"'", "应为 '\"'", in: language)
    case .escape: say("expected an escape", "应为转义序列", in: language)
    case .fourHexDigits: say("expected four hex digits", "应为四位十六进制数字", in: language)
    }
  }

  /// A string, array or object a text ends inside.
  static func words(_ construct: JSONSyntaxError.Construct, in language: Language) -> String {
    switch construct {
    case .string: say("string", "字符串", in: language)
    case .array: say("array", "数组", in: language)
    case .object: say("object", "对象", in: language)
    }
  }

  /// A second place inside a message: `line L, column C`.
  static func words(_ position: JSONPosition, in language: Language) -> String {
    say(
      "line \(position.line), column \(position.column)",
      "第 \(position.line) 行第 \(position.column) 列", in: language)
  }

  /// What `JSONFieldReader` finds wrong with a field, or with the whole document.
  static func words(_ problem: JSONFieldProblem, in language: Language) -> String {
    switch problem {
    case .notAnObject(let kind, let found):
      return say(
        "\(document(kind, in: .english)) is a JSON object, not \(words(found, in: .english))",
        "\(document(kind, in: .simplifiedChinese))应是 JSON 对象，而不是"
          + words(found, in: .simplifiedChinese), in: language)
    case .unknownField(let kind):
      return say(
        "is not a \(fieldsOf(kind, in: .english)) field",
        "不是\(fieldsOf(kind, in: .simplifiedChinese))的字段", in: language)
    case .required:
      return say("is required", "必填", in: language)
    case .requiredNotNull:
      return say("is required, not null", "必填，不能为 null", in: language)
    case .mustBeString(let found):
      return say(
        "must be a string, not \(words(found, in: .english))",
        "必须是字符串，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .mustBeBool(let found):
      return say(
        "must be true or false, not \(words(found, in: .english))",
        "必须是 true 或 false，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .mustBeObject(let found):
      return say(
        "must be an object, not \(words(found, in: .english))",
        "必须是对象，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .mustBeArray(let found):
      return say(
        "must be an array, not \(words(found, in: .english))",
        "必须是数组，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .cardNumber(let lastFour):
      return say(
        "holds a full card number (ending \(lastFour)), which wallet never stores or shows",
        "包含完整的卡号（尾号 \(lastFour)），wallet 从不保存或显示卡号", in: language)
    }
  }

  /// What a document must be, as a sentence names it: `a promotion`, `a format file`.
  static func document(_ kind: JSONObjectKind, in language: Language) -> String {
    switch kind {
    case .promotion: say("a promotion", "活动文件", in: language)
    case .paymentRequest: say("a payment request", "支付请求", in: language)
    case .summaryItem: say("a summary item", "明细项", in: language)
    case .format: say("a format file", "格式文件", in: language)
    case .rules: say("a rules file", "规则文件", in: language)
    }
  }

  /// What an unknown field is not a field of: `promotion`, `summary item`.
  static func fieldsOf(_ kind: JSONObjectKind, in language: Language) -> String {
    switch kind {
    case .promotion: say("promotion", "活动文件", in: language)
    case .paymentRequest: say("payment request", "支付请求", in: language)
    case .summaryItem: say("summary item", "明细项", in: language)
    case .format: say("format", "格式", in: language)
    case .rules: say("rules", "规则", in: language)
    }
  }

  /// A value as a message shows it after "not": scalars as written (strings made safe), and
  /// arrays and objects by their kind, since they cannot be shown whole.
  static func words(_ kind: JSONKind, in language: Language) -> String {
    switch kind {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let text):
      say(
        "the number \(unquoted(text, in: .english))",
        "数字 \(unquoted(text, in: .simplifiedChinese))", in: language)
    case .string(let text):
      say(
        "the string \(quoted(text, in: .english))", "字符串 \(quoted(text, in: .simplifiedChinese))",
        in: language)
    case .array: say("an array", "数组", in: language)
    case .object: say("an object", "对象", in: language)
    }
  }

  /// A value from a file in quotes, made safe to print; a card number is masked in `language`.
  static func quoted(_ value: String, in language: Language) -> String {
    ShownID.quotedValue(value, in: language)
  }

  /// A value from a file made safe as `quoted` makes it, without the quotes.
  static func unquoted(_ value: String, in language: Language) -> String {
    guard CardNumberGuard.lastFourOfCardNumber(in: value) != nil else {
      return ShownValue.unquoted(value)
    }
    // Masked: the words that stand for the card number, which carry no quotes.
    return ShownID.quotedValue(value, in: language)
  }

  /// `value` in upper-case hex, padded with zeros to at least `count` digits.
  static func hexDigits(_ value: UInt32, count: Int) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, count - hex.count)) + hex
  }
}
