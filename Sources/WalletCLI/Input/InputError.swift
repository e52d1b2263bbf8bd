/// Bad input, located: the file, the 1-based line, and the 1-based column (the field's position
/// in its row, or 1 for a problem with the whole row or file).
public struct InputError: Error, Sendable, CustomStringConvertible {
  /// The file as the user named it.
  public let file: String
  /// The line on which the offending row or field starts.
  public let line: Int
  /// The field's position within its row.
  public let column: Int
  /// What is wrong, with the offending value shown safely.
  public let message: String
  /// Set when the file is not well-formed CSV, as opposed to one bad value.
  public let syntaxKind: CSVSyntaxError.Kind?

  /// An error at a place in a file.
  public init(
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
  public var description: String { "\(SafeText.path(file)):\(line):\(column): \(message)" }
}

/// Rows that were skipped because the user asked to skip invalid rows; each is still reported.
public struct SkippedRows: Sendable {
  /// Why each skipped row was skipped, in the order met.
  public private(set) var errors: [InputError] = []

  /// No skipped rows.
  public init() {}

  /// Records one skipped row.
  public mutating func skip(_ error: InputError) { errors.append(error) }

  /// How many rows were skipped.
  public var count: Int { errors.count }
}
