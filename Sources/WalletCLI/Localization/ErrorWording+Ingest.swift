import Foundation
import WalletCore
import WalletIngest
import WalletJobs

// The file readers' and writers' errors in words: CSV syntax, bad rows and values, files that
// cannot be opened, read or written. Each family is one exhaustive switch giving the English and
// the Chinese side by side; a value the user wrote is shown safely (masked, escaped, cut short).

extension ErrorWording {
  /// The words for one of WalletIngest's errors; nil for any other error.
  static func ingestWords(for error: any Error, in language: Language) -> String? {
    switch error {
    case let error as InputError: words(error, in: language)
    case let error as FileError: words(error, in: language)
    case let error as CSVSyntaxError: words(error, in: language)
    case let error as CSVWriteError: systemWords(error.code, in: language)
    case let error as DateFormError: words(error, in: language)
    case let error as BatchOutputError: words(error, in: language)
    case let error as StatementAmountError: words(error, in: language)
    case let error as LinearRegexError: words(error.problem, in: language)
    default: nil
    }
  }

  /// `file:line:column: problem`, the form editors and terminals can jump to.
  static func words(_ error: InputError, in language: Language) -> String {
    located(
      file: error.file, line: error.line, column: error.column,
      words(error.problem, in: language), in: language)
  }

  /// `file:line:column: words`, for words already in `language`.
  static func located(
    file: String, line: Int, column: Int, _ words: String, in language: Language
  ) -> String {
    let place = "\(ShownValue.path(file)):\(line):\(column)"
    return say("\(place): \(words)", "\(place)：\(words)", in: language)
  }

  /// What is wrong at a place in an input file.
  static func words(_ problem: InputError.Problem, in language: Language) -> String {
    switch problem {
    case .emptyFile(let header):
      let columns = header.joined(separator: ",")
      return say(
        "the file is empty; expected a header row: \(columns)", "文件为空；应有表头行：\(columns)",
        in: language)
    case .repeatedColumn(let name, let first):
      let shown = ShownValue.quoted(name)
      return say(
        "column \(shown) appears twice (first as column \(first))",
        "列 \(shown) 出现了两次（第一次是第 \(first) 列）", in: language)
    case .missingColumn(let name):
      return say(
        "missing required column '\(name)' in the header", "表头缺少必需的列 '\(name)'", in: language)
    case .fieldCount(let found, let expected):
      return say(
        "this row has \(found) fields but the header has \(expected)",
        "这一行有 \(found) 个字段，而表头有 \(expected) 个", in: language)
    case .syntax(let kind):
      return words(kind, in: language)
    case .statementSyntax(let kind):
      return say(
        "not well-formed CSV: \(words(kind, in: .english))",
        "不是格式正确的 CSV：\(words(kind, in: .simplifiedChinese))", in: language)
    case .valueRequired(let column):
      return say("a value for '\(column)' is required", "'\(column)' 必须有值", in: language)
    case .invalidValue(let column, let value, let reason):
      return invalidValue(column: column, value: value, reason: reason, in: language)
    case .cardNumber(let column, let lastFour):
      return say(
        """
        \(column) looks like a full card number (ending \(lastFour)); wallet never stores card \
        numbers, use an id and the last four digits instead
        """,
        "\(columnName(column, in: .simplifiedChinese)) 看起来是完整的卡号（尾号 \(lastFour)）；"
          + "wallet 从不保存卡号，请改用编号和卡号后四位",
        in: language)
    case .amountNotPositive:
      return say("amount must be greater than zero", "金额必须大于零", in: language)
    case .refundExceedsAmount(let refunded, let amount):
      return say(
        "refunded \(refunded) is more than the amount \(amount)", "退款 \(refunded) 超过金额 \(amount)",
        in: language)
    case .notFourDigits(let column, let value):
      let shown = ShownValue.quoted(value)
      return say(
        "\(column) \(shown) must be exactly four digits", "\(column) \(shown) 必须恰好是四位数字",
        in: language)
    case .removalNotAfterEnrollment:
      return say(
        "removed_at must be later than enrolled_at", "removed_at 必须晚于 enrolled_at", in: language)
    case .unknownReference(let column, let id, let file):
      let shown = ShownValue.quoted(id)
      return say(
        "\(column) \(shown) is not in \(file)", "\(column) \(shown) 不在 \(file) 中", in: language)
    case .repeatedID(let kind, let id, let firstLine):
      // Card and enrollment ids never hold card numbers (the row parser refused them);
      // transaction and posting ids may be long bank references, shown as they are.
      let shown = ShownValue.quoted(id, masksCardNumbers: !kind.showsIDsUnmasked)
      return say(
        "\(noun(kind, in: .english)) \(shown) is listed twice (first on line \(firstLine))",
        "\(noun(kind, in: .simplifiedChinese)) \(shown) 出现了两次（第一次在第 \(firstLine) 行）",
        in: language)
    case .headerWithoutRows:
      return say("the file has a header but no rows", "文件只有表头，没有数据行", in: language)
    case .statement(let error):
      return words(error, in: language)
    case .definition(let field, let problem):
      return words(field: field, problem, in: language)
    }
  }

  /// Why a statement could not be read as a whole; the command line names its option.
  static func words(_ error: StatementReadError, in language: Language) -> String {
    switch error {
    case .invalidUTF8AfterByteOrderMark:
      return say(
        "the file starts with a UTF-8 byte order mark but is not valid UTF-8",
        "文件以 UTF-8 字节顺序标记开头，但不是有效的 UTF-8", in: language)
    case .neitherUTF8NorGB18030:
      return say(
        "the file is neither UTF-8 nor GB18030 (GBK) text", "文件既不是 UTF-8 也不是 GB18030（GBK）文本",
        in: language)
    case .noHeaderOfFormat(let format, let header):
      let columns = header.map { ShownValue.quoted($0) }.joined(separator: ", ")
      return say(
        "no header row of format '\(format)' found: no line has the columns \(columns)",
        "没有找到格式 '\(format)' 的表头行：没有一行包含这些列：\(columns)", in: language)
    case .noKnownHeader(let tried):
      let tried = tried.joined(separator: ", ")
      return say(
        "no known header row found; formats tried: \(tried)", "没有找到可识别的表头行；已尝试的格式：\(tried)",
        in: language)
    case .severalFormats(let matching, let tried):
      let (matching, tried) = (matching.joined(separator: ", "), tried.joined(separator: ", "))
      return say(
        """
        the header row fits several formats (\(matching)); formats tried: \(tried); name the \
        one to use with --format
        """,
        "表头行符合多个格式（\(matching)）；已尝试的格式：\(tried)；请用 --format 指定要用的格式", in: language)
    default:
      return statementRowWords(error, in: language)
    }
  }

  /// `column 'value': why`, a value a domain parser refused.
  static func invalidValue(
    column: String, value: String, reason: any Error, in language: Language
  ) -> String {
    let shown = ShownValue.quoted(value)
    let english = "\(column) \(shown): \(words(for: reason, in: .english) ?? "\(reason)")"
    let named = columnName(column, in: .simplifiedChinese)
    let chinese: String
    if let reason = reason as? CodeError {
      chinese =
        "\(named) \(shown)：未知的 \(noun(reason.kind, in: .simplifiedChinese))，应为以下之一："
        + expected(reason, in: .simplifiedChinese)
    } else {
      chinese = "\(named) \(shown)：\(words(for: reason, in: .simplifiedChinese) ?? "\(reason)")"
    }
    return say(english, chinese, in: language)
  }

  /// A column's name where a Chinese sentence names it without quotes: the columns whose
  /// names are also words of the messages read as those words, as they always have.
  static func columnName(_ column: String, in language: Language) -> String {
    guard language == .simplifiedChinese else { return column }
    switch column {
    case "card": return "卡片"
    case "network": return "卡组织"
    case "channel": return "渠道"
    case "currency": return "货币"
    case "enrollment": return "绑卡记录"
    case "transaction": return "交易"
    default: return column
    }
  }

  /// What one row of an input file is called.
  static func noun(_ kind: InputKind, in language: Language) -> String {
    switch kind {
    case .cards: say("card", "卡片", in: language)
    case .enrollments: say("enrollment", "绑卡记录", in: language)
    case .transactions: say("transaction", "交易", in: language)
    case .postings: say("posting", "入账记录", in: language)
    }
  }

  /// Why a date (`YYYY-MM-DD`) could not be read: the time parser's reason, said of a date.
  static func words(_ error: DateFormError, in language: Language) -> String {
    guard error.reason != .malformed else {
      return say(
        "expected a date like 2026-11-22 (YYYY-MM-DD)", "日期格式应如 2026-11-22（YYYY-MM-DD）",
        in: language)
    }
    return words(error.reason, in: language)
  }

  /// `line L, column C: problem`, a CSV syntax error without its file.
  static func words(_ error: CSVSyntaxError, in language: Language) -> String {
    say(
      "line \(error.line), column \(error.column): \(words(error.kind, in: .english))",
      "第 \(error.line) 行第 \(error.column) 列：\(words(error.kind, in: .simplifiedChinese))",
      in: language)
  }

  /// What is wrong with a CSV file's text.
  static func words(_ kind: CSVSyntaxError.Kind, in language: Language) -> String {
    switch kind {
    case .unterminatedQuote: say("unterminated quoted field", "引号内的字段没有结束", in: language)
    case .strayQuote: say("quote inside an unquoted field", "未加引号的字段中出现了引号", in: language)
    case .garbageAfterClosingQuote:
      say("unexpected character after a closing quote", "右引号后出现了多余的字符", in: language)
    case .invalidUTF8: say("invalid UTF-8", "无效的 UTF-8", in: language)
    case .nulByte: say("NUL byte in field", "字段中有 NUL 字节", in: language)
    case .fieldTooLong:
      say(
        "field longer than \(CSVReader.maximumFieldLength) bytes",
        "字段长度超过 \(CSVReader.maximumFieldLength) 字节", in: language)
    case .readFailed(let code):
      say("read failed (errno \(code))", "读取失败（errno \(code)）", in: language)
    }
  }

  /// A file that could not be opened, read or written, or holds what it must not.
  static func words(_ error: FileError, in language: Language) -> String {
    switch error {
    case .cannotOpen(let path, let code):
      let (shown, reason) = (ShownValue.path(path), systemWords(code, in: language))
      return say("cannot open \(shown): \(reason)", "无法打开 \(shown)：\(reason)", in: language)
    case .inputIsDirectory(let path):
      let shown = ShownValue.path(path)
      return say(
        "cannot read \(shown): it is a directory", "无法读取 \(shown)：它是一个目录", in: language)
    case .cannotOpenStandardInput(let code):
      let reason = systemWords(code, in: language)
      return say("cannot read standard input: \(reason)", "无法读取标准输入：\(reason)", in: language)
    case .readFailed(let path, let code):
      let (shown, reason) = (ShownValue.path(path), systemWords(code, in: language))
      return say("cannot read \(shown): \(reason)", "无法读取 \(shown)：\(reason)", in: language)
    case .changedWhileRead(let path):
      let shown = ShownValue.path(path)
      return say(
        "\(shown): the file changed while it was being read; nothing was written",
        "\(shown)：读取期间文件发生了变化；没有写入任何文件", in: language)
    case .tooLarge(let path, let limit):
      let shown = ShownValue.path(path)
      return say(
        "\(shown): the file is larger than \(limit) MiB", "\(shown)：文件大于 \(limit) MiB",
        in: language)
    case .invalidInput(let error):
      return words(error, in: language)
    case .everyRowSkipped(let path):
      let shown = ShownValue.path(path)
      return say(
        "every row of \(shown) was skipped as invalid; nothing of the file was used",
        "\(shown) 的每一行都因无效而被跳过；文件中没有任何内容被使用", in: language)
    case .outputIsDirectory(let path):
      let shown = ShownValue.path(path)
      return say(
        "cannot write \(shown): it is a directory", "无法写入 \(shown)：它是一个目录", in: language)
    case .cannotWrite(let path, let code):
      let (shown, reason) = (ShownValue.path(path), systemWords(code, in: language))
      return say("cannot write \(shown): \(reason)", "无法写入 \(shown)：\(reason)", in: language)
    case .cannotMakeWorkDirectory(let parent, let code):
      let (shown, reason) = (ShownValue.path(parent), systemWords(code, in: language))
      return say(
        "cannot make a work directory in \(shown): \(reason)", "无法在 \(shown) 中建立工作目录：\(reason)",
        in: language)
    case .cannotWriteWorkFile(let path, let code):
      let (shown, reason) = (ShownValue.path(path), systemWords(code, in: language))
      return say(
        "cannot write the work file \(shown): \(reason)", "无法写入工作文件 \(shown)：\(reason)",
        in: language)
    case .cannotReadWorkFile(let path, let code):
      let (shown, reason) = (ShownValue.path(path), systemWords(code, in: language))
      return say(
        "cannot read the work file \(shown): \(reason)", "无法读取工作文件 \(shown)：\(reason)",
        in: language)
    case .workFileEndsPartWay(let path?):
      return say("the work file \(path) ends part way", "工作文件 \(path) 不完整", in: language)
    case .workFileEndsPartWay(nil):
      return say("a work file ends part way", "有一个工作文件不完整", in: language)
    }
  }

  /// A batch's output that could not be written.
  static func words(_ error: BatchOutputError, in language: Language) -> String {
    let reason = words(for: error.underlying, in: language) ?? "\(error.underlying)"
    let shown = error.path == "-" ? nil : ShownValue.path(error.path)
    return say(
      "cannot write \(shown ?? "standard output"): \(reason)",
      "无法写入 \(shown ?? "标准输出")：\(reason)", in: language)
  }
}

extension AtomicOutputFile {
  /// The path as messages show it (`ShownValue.path`); `-` is standard output.
  var shownPath: String { path == "-" ? "standard output" : ShownValue.path(path) }
}
