/// Cells of an export made for spreadsheets (`wallet export --excel`).
///
/// A spreadsheet reads a cell that begins with `=`, `+`, `-` or `@` as a formula, so a merchant
/// named `=HYPERLINK("http://…")` in a bank's feed would run when an analyst opens the file
/// (CSV injection). Some spreadsheets also skip a leading tab, carriage return or line feed
/// before looking for a formula, and some read a leading `|` as a DDE call that starts a program.
/// A leading apostrophe makes the cell plain text and is not shown.
package enum SpreadsheetCell {
  /// The first characters that make a cell a formula, or hide one.
  static let formulaStarts: Set<Unicode.Scalar> = [
    "=", "+", "-", "@", "\t", "\r", "\n", "|",
  ]

  /// A text cell made safe to open in a spreadsheet: prefixed with `'` when it begins with one
  /// of `formulaStarts`, otherwise unchanged. Only for text columns: numeric columns (amounts,
  /// ordinals, dates and times) are never changed, so that they stay numbers.
  package static func neutralised(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else {
      return text
    }
    return "'" + text
  }
}
