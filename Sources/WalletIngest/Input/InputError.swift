/// Bad input, located: the file, the 1-based line, and the 1-based column (the field's position
/// in its row, or 1 for a problem with the whole row or file).
package struct InputError: Error, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  package let file: String
  /// The line on which the offending row or field starts.
  package let line: Int
  /// The field's position within its row.
  package let column: Int
  /// What is wrong, with the offending value shown safely.
  package let message: String
  /// Set when the file is not well-formed CSV, as opposed to one bad value.
  let syntaxKind: CSVSyntaxError.Kind?

  /// An error at a place in a file.
  package init(
    file: String, line: Int, column: Int, message: String,
    syntaxKind: CSVSyntaxError.Kind? = nil
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.syntaxKind = syntaxKind
  }

  /// `file:line:column: message`, the form editors and terminals can jump to.
  package var description: String { "\(SafeText.path(file)):\(line):\(column): \(message)" }
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
