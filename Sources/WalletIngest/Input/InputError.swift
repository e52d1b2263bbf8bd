import WalletCore

/// Bad input, located: the file, the 1-based line, and the 1-based column (the field's position
/// in its row, or 1 for a problem with the whole row or file), and what is wrong there as a case
/// with values; the command line words it.
package struct InputError: Error, Sendable {
  /// The file as the user named it.
  package let file: String
  /// The line on which the offending row or field starts.
  package let line: Int
  /// The field's position within its row.
  package let column: Int
  /// What is wrong.
  package let problem: Problem

  /// An error at a place in a file.
  package init(file: String, line: Int, column: Int, problem: Problem) {
    self.file = file
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// What is wrong at the place. Values are kept as they were read; the command line shows
  /// them safely (masked, escaped, cut short).
  package enum Problem: Sendable {
    /// The file has not even a header row; `expectedHeader` lists its columns.
    case emptyFile(expectedHeader: [String])
    /// The header names a column twice; `firstColumn` is the first one's position.
    case repeatedColumn(String, firstColumn: Int)
    /// The header lacks a column the file needs.
    case missingColumn(String)
    /// A row has another number of fields than the header.
    case fieldCount(found: Int, expected: Int)
    /// The file is not well-formed CSV here; no row after it can be trusted.
    case syntax(CSVSyntaxError.Kind)
    /// A bank statement is not well-formed CSV here.
    case statementSyntax(CSVSyntaxError.Kind)
    /// A column that must have a value is empty.
    case valueRequired(column: String)
    /// A column's value could not be read: `reason` is the domain parser's error (a
    /// `MoneyError`, `TimeParseError`, `CodeError` or `DateFormError`).
    case invalidValue(column: String, value: String, reason: any Error & Sendable)
    /// An id-like column holds what looks like a full card number (SPEC 6).
    case cardNumber(column: String, lastFour: String)
    /// A purchase's or posting's amount is zero.
    case amountNotPositive
    /// More was refunded than the purchase's amount.
    case refundExceedsAmount(refunded: Money, amount: Money)
    /// `last4` or `mcc` is not four digits.
    case notFourDigits(column: String, value: String)
    /// An enrollment's `removed_at` is not after its `enrolled_at`.
    case removalNotAfterEnrollment
    /// A row names a card or an enrollment (`column`) that the file at `file` lacks.
    case unknownReference(column: String, id: String, file: String)
    /// An id appears on two rows; `firstLine` is the first row's.
    case repeatedID(InputKind, id: String, firstLine: Int)
    /// A cards, enrollments or transactions file with a header and nothing else.
    case headerWithoutRows
    /// A bank statement's text or format could not be read.
    case statement(StatementReadError)
    /// A format or rules file's field `field` (nil: the whole file) is wrong.
    case definition(field: String?, DefinitionProblem)
  }

  /// The CSV syntax error, when the file is not well-formed CSV here.
  var syntaxKind: CSVSyntaxError.Kind? {
    switch problem {
    case .syntax(let kind), .statementSyntax(let kind): kind
    default: nil
    }
  }
}

/// Rows that were skipped because the user asked to skip invalid rows; each is still reported.
package struct SkippedRows: Sendable {
  /// Why each skipped row was skipped, in the order met.
  package private(set) var errors: [InputError] = []

  /// No skipped rows.
  package init() {}

  /// Records one skipped row.
  package mutating func skip(_ error: InputError) { errors.append(error) }

  /// How many rows were skipped.
  package var count: Int { errors.count }

  /// Records every row `other` skipped, after these.
  package mutating func append(contentsOf other: SkippedRows) {
    errors.append(contentsOf: other.errors)
  }

  /// Puts the rows of one file in file order: the rows whose id repeats are found once the file
  /// is read, after the rows skipped on the way.
  mutating func sortByPosition() {
    errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
  }
}
