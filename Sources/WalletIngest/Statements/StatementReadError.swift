/// Why a bank statement or an app's export could not be read: its text, which format it is, or
/// a row. A column is named by its header cell as the file writes it. The command line words
/// each case, and names the option that chooses a format.
package enum StatementReadError: Sendable, Equatable {
  /// The file starts with a UTF-8 byte order mark, and what follows is not UTF-8.
  case invalidUTF8AfterByteOrderMark
  /// The file is neither UTF-8 nor GB18030 text.
  case neitherUTF8NorGB18030
  /// The format the user chose finds no line with its header's columns.
  case noHeaderOfFormat(formatID: String, header: [String])
  /// No format of those tried finds its header.
  case noKnownHeader(tried: [String])
  /// The header fits several formats, and the user named none.
  case severalFormats(matching: [String], tried: [String])
  /// A cell of a column wallet reads holds what looks like a full card number (SPEC 6).
  case cardNumberInCell(column: String)
  /// An amount cell that is no amount.
  case badAmount(column: String, cell: String, reason: StatementAmountError)
  /// The amount cell is empty.
  case noAmount(column: String)
  /// A negative amount where the format's amounts are always positive.
  case negativeAmount(column: String)
  /// Both the money-in and the money-out cell hold an amount.
  case bothAmounts(moneyIn: String, moneyOut: String)
  /// Neither the money-in nor the money-out cell holds an amount.
  case neitherAmount(moneyIn: String, moneyOut: String)
  /// No classification rule of the format fits the row: the cells it tests, and which way the
  /// money moved when the format can tell.
  case unclassified(formatID: String, cells: [StatementCell], direction: MoneyDirection?)
  /// A date cell not written in the column's form.
  case badDate(column: String, form: StatementDateForm, cell: String)
  /// A date without a year in a statement whose preamble gives no period.
  case dateWithoutYear(column: String)
  /// A date that is no day of its year (`02/30`).
  case noSuchDay(column: String, cell: String)
  /// The date cell is empty.
  case noDate(column: String)
  /// A time cell that is no time of day.
  case badTime(column: String, cell: String)
  /// A currency cell that is neither a code nor one of the format's names.
  case unknownCurrency(column: String, cell: String)
  /// A card cell that is not four digits.
  case badLast4(column: String, cell: String)
}

/// A cell of a row, by its column's header cell.
package struct StatementCell: Sendable, Equatable {
  /// The column's header cell.
  package let column: String
  /// The cell.
  package let value: String
}
