import WalletCore

/// The header of one input CSV file: which column holds which named value.
///
/// Column names are compared case-insensitively after trimming; columns may come in any order;
/// unknown columns are ignored; a required column that is missing, or a name given twice, is an
/// error at line 1.
package struct CSVColumns {
  /// The file as the user named it, for messages.
  package let file: String
  /// Field count every row must have, the header's.
  let width: Int
  private let indexByName: [String: Int]

  /// Reads the header from `reader`, checking it against the file's known and required columns.
  package init(reader: CSVReader, file: String, known: [String], required: Set<String>)
    throws(InputError)
  {
    let header: CSVRecord?
    do {
      header = try reader.next()
    } catch {
      throw InputError(csv: error, file: file)
    }
    try self.init(header: header, file: file, known: known, required: required)
  }

  /// Reads the header from `scanner`, as `init(reader:file:known:required:)` does.
  init(scanner: CSVScanner, file: String, known: [String], required: Set<String>)
    throws(InputError)
  {
    let header: CSVRecord?
    do {
      header = try scanner.nextRecord()
    } catch {
      throw InputError(csv: error, file: file)
    }
    try self.init(header: header, file: file, known: known, required: required)
  }

  /// Checks `header`, a file's first record (nil: the file is empty), against the file's known
  /// and required columns.
  private init(header: CSVRecord?, file: String, known: [String], required: Set<String>)
    throws(InputError)
  {
    self.file = file
    guard let header else {
      throw InputError(file: file, line: 1, column: 1, problem: .emptyFile(expectedHeader: known))
    }
    var indexByName: [String: Int] = [:]
    for field in header {
      let name = field.trimmedString.lowercased()
      guard known.contains(name) else { continue }
      if let first = indexByName[name] {
        throw InputError(
          file: file, line: field.line, column: field.column,
          problem: .repeatedColumn(name, firstColumn: first + 1))
      }
      indexByName[name] = field.column - 1
    }
    for name in known where required.contains(name) && indexByName[name] == nil {
      throw InputError(file: file, line: header.line, column: 1, problem: .missingColumn(name))
    }
    self.indexByName = indexByName
    width = header.count
  }

  /// The next data row, checked to have as many fields as the header; nil at the end.
  package func nextRow(from reader: CSVReader) throws(InputError) -> CSVRow? {
    let record: CSVRecord
    do {
      guard let next = try reader.next() else { return nil }
      record = next
    } catch {
      throw InputError(csv: error, file: file)
    }
    guard record.count == width else {
      throw InputError(
        file: file, line: record.line, column: min(record.count, width) + 1,
        problem: .fieldCount(found: record.count, expected: width))
    }
    return CSVRow(record: record, columns: self)
  }

  /// The 0-based position of the column `name` (lower case), or nil when the file lacks it.
  package func index(of name: String) -> Int? {
    return indexByName[name]
  }
}

/// One data row, read through its file's header.
package struct CSVRow {
  /// The row's fields.
  let record: CSVRecord
  /// Its file's header.
  package let columns: CSVColumns

  /// The 1-based line on which the row starts.
  package var line: Int { record.line }

  /// The trimmed field of a column, or nil when the column is absent or the value is empty.
  func field(_ name: String) -> CSVField? {
    guard let index = columns.index(of: name) else { return nil }
    let field = record[index].trimmed()
    return field.isEmpty ? nil : field
  }

  /// The trimmed text of a column, or nil when absent or empty (the SPEC's "take the default").
  func text(_ name: String) -> String? { field(name)?.string }

  /// The trimmed text of a required column; an empty value is an error naming the column.
  func requiredText(_ name: String) throws(InputError) -> String {
    guard let text = text(name) else {
      throw error(in: name, .valueRequired(column: name))
    }
    return text
  }

  /// An error located at this row's field for `name` (or the row, if the column is absent).
  func error(in name: String, _ problem: InputError.Problem) -> InputError {
    let column = columns.index(of: name).map { $0 + 1 } ?? 1
    let line = columns.index(of: name).map { record[$0].line } ?? record.line
    return InputError(file: columns.file, line: line, column: column, problem: problem)
  }

  /// Parses a column's value with a domain parser, turning its error into a located one that
  /// keeps the value, which the command line shows safely.
  func parse<Value, Failure: Error & Sendable>(
    _ name: String, _ parse: (String) throws(Failure) -> Value
  ) throws(InputError) -> Value? {
    guard let text = text(name) else { return nil }
    do {
      return try parse(text)
    } catch {
      throw self.error(in: name, .invalidValue(column: name, value: text, reason: error))
    }
  }

  /// Like `parse`, for a required column.
  func parseRequired<Value, Failure: Error & Sendable>(
    _ name: String, _ parse: (String) throws(Failure) -> Value
  ) throws(InputError) -> Value {
    guard let value = try self.parse(name, parse) else {
      throw error(in: name, .valueRequired(column: name))
    }
    return value
  }

  /// An id-like value that must never be a card number (SPEC 6).
  func safeText(_ name: String, required: Bool) throws(InputError) -> String? {
    guard let text = text(name) else {
      if required { throw error(in: name, .valueRequired(column: name)) }
      return nil
    }
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text) {
      throw error(in: name, .cardNumber(column: name, lastFour: lastFour))
    }
    return text
  }
}

extension InputError {
  /// A CSV syntax error in a named file.
  init(csv error: CSVSyntaxError, file: String) {
    self.init(file: file, line: error.line, column: error.column, problem: .syntax(error.kind))
  }
}
