import WalletCore
import WalletIngest

// A bank statement's rows in words. Few of them ever had Chinese words of their own: their
// Chinese is what the templates made of the English (the colon after the column's name made
// Chinese, the rest as it was), kept so that no message changes until they are translated.

extension ErrorWording {
  /// What is wrong with a row of a statement.
  static func statementRowWords(_ error: StatementReadError, in language: Language) -> String {
    say(statementRowEnglish(error), statementRowChinese(error), in: language)
  }

  /// A row's problem as the templates left it: a colon after the column's name, and
  /// "expected …, not …", made Chinese; the rest in English.
  static func statementRowChinese(_ error: StatementReadError) -> String {
    func column(_ name: String) -> String { "column \(ShownValue.quoted(name))" }
    func quoted(_ cell: String) -> String { ShownValue.quoted(cell) }
    switch error {
    case .invalidUTF8AfterByteOrderMark, .neitherUTF8NorGB18030, .noHeaderOfFormat, .noKnownHeader,
      .severalFormats:
      return words(error, in: .simplifiedChinese)
    case .cardNumberInCell, .negativeAmount, .bothAmounts, .unclassified:
      return statementRowEnglish(error)
    case .badAmount(let name, let cell, let reason):
      return "\(column(name))：\(words(reason, in: .english)) in \(quoted(cell))"
    case .noAmount(let name):
      return "\(column(name)) is empty：the row has no amount"
    case .neitherAmount(let moneyIn, let moneyOut):
      return "\(column(moneyIn)) and \(column(moneyOut)) are both empty：the row has no amount"
    case .badDate(let name, let form, let cell):
      return "\(column(name))：应为a date written \(form.rawValue)，而不是 \(quoted(cell))"
    case .dateWithoutYear(let name):
      return "\(column(name))：a date without a year takes it from the statement's period, "
        + "which the lines before the header do not give"
    case .noSuchDay(let name, let cell):
      return "\(column(name))：\(quoted(cell)) is no day of its year"
    case .noDate(let name):
      return "\(column(name)) is empty：the row has no date"
    case .badTime(let name, let cell):
      return "\(column(name))：应为a time such as 21:32:14，而不是 \(quoted(cell))"
    case .unknownCurrency(let name, let cell):
      return "\(column(name))：\(quoted(cell)) is neither a currency code nor a name the format "
        + "gives one"
    case .badLast4(let name, let cell):
      return "\(column(name))：应为the card's last four digits，而不是 \(quoted(cell))"
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
}
