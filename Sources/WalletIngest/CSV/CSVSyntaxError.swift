/// Why `CSVReader` refused its input, and where.
///
/// The position names a field rather than a byte offset because that is what a user can find in a
/// spreadsheet: `line` is the 1-based physical line on which the offending field starts (lines
/// inside multi-line quoted fields are counted), `column` the 1-based index of the field within
/// its record.
package struct CSVSyntaxError: Error, Equatable, Sendable {
  /// What is wrong with the input; the command line words it.
  package enum Kind: Equatable, Sendable {
    /// The input ended inside a quoted field.
    case unterminatedQuote
    /// A `"` inside a field that did not start with one (`ab"c`).
    case strayQuote
    /// Something other than `,` or a line break after a closing quote (`"ab"c`).
    case garbageAfterClosingQuote
    /// The field's bytes are not well-formed UTF-8.
    case invalidUTF8
    /// The field contains a NUL byte, which no text file should.
    case nulByte
    /// The field is longer than `CSVReader.maximumFieldLength` bytes.
    case fieldTooLong
    /// `read(2)` failed; this is an I/O error, not bad data.
    case readFailed(errno: Int32)
  }

  /// The 1-based physical line on which the offending field starts.
  package let line: Int
  /// The 1-based index of the offending field within its record.
  package let column: Int
  /// What is wrong.
  package let kind: Kind

  /// Creates an error for the field at `line` and `column`.
  package init(line: Int, column: Int, kind: Kind) {
    self.line = line
    self.column = column
    self.kind = kind
  }
}
