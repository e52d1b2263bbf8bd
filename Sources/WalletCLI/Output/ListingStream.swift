import WalletCore
import WalletIngest

/// A ``Listing`` written as its rows arrive, for lists as long as the store (`txn list` on a
/// million transactions): the first line goes out at once, and memory does not grow with the
/// number of rows. CSV and JSON are byte for byte what ``Listing`` writes. A table takes its
/// column widths from its first page of rows; a later, wider value widens only its own line,
/// unless the table is fitted to a terminal (``TableFit``) and its column was shortened, where
/// it is shortened to the column's width as the first page's were.
final class ListingStream {
  /// The rows a table measures its columns on before it prints anything.
  static let pageSize = 100

  private let columns: [String]
  private let keys: [String]
  private let format: OutputFormat
  private let console: Console
  private var page: [[Listing.Cell]] = []
  private var widths: [Int]?
  /// The columns the first page shortened to fit the terminal, whose later values are
  /// shortened alike.
  private var shortened: Set<Int> = []
  private let fitWidth: Int?
  private var alignments: [TextTable.Alignment] = []
  private var csv: CSVWriter?
  private var buffer = ""
  private var count = 0

  /// A stream of rows with these columns, printed in `format` on `console`; a table fitted to
  /// `width` when one is given (a terminal's).
  init(columns: [String], format: OutputFormat, console: Console, fitting width: Int?) {
    self.columns = columns
    keys = columns.map(JSONKey.camelCase)
    self.format = format
    self.console = console
    fitWidth = width
  }

  /// Whether the reader still wants rows; a command stops reading the store when not.
  var wantsMore: Bool { console.outputIsOpen }

  /// Adds one row, with one cell per column.
  func append(_ row: [Listing.Cell]) throws(CommandError) {
    precondition(row.count == columns.count, "a row has one cell per column")
    count += 1
    switch format {
    case .table:
      if widths == nil {
        page.append(row)
        if page.count >= Self.pageSize { printPage() }
      } else {
        buffer += line(row.map(Listing.tableText))
      }
    case .csv:
      let writer = csvWriter()
      do {
        if count == 1 { try writer.writeRecord(columns) }
        try writer.writeRecord(row.map(Listing.csvText))
        // The first row goes out at once, for a reader that wants only the start.
        if count == 1 { try writer.flush() }
      } catch {
        throw CommandError.cannotWriteStandardOutput(error)
      }
    case .json:
      buffer += count == 1 ? "[\n  " : ",\n  "
      JSONValue.object(Array(zip(keys, row.map(Listing.json)))).append(to: &buffer, indent: "  ")
    }
    if count == 1 || buffer.utf8.count >= 1 << 16 { flushBuffer() }
  }

  /// Ends the listing; with no rows, a table says `empty` (in the run's language) on standard
  /// error, CSV is its header and JSON an empty array.
  func finish(empty: String) throws(CommandError) {
    switch format {
    case .table:
      if widths == nil {
        if page.isEmpty {
          console.message(tr(dynamic: empty))
          return
        }
        printPage()
      }
    case .csv:
      let writer = csvWriter()
      do {
        if count == 0 { try writer.writeRecord(columns) }
        try writer.flush()
      } catch {
        throw CommandError.cannotWriteStandardOutput(error)
      }
    case .json:
      buffer += count == 0 ? "[]\n" : "\n]\n"
    }
    flushBuffer()
  }

  private func csvWriter() -> CSVWriter {
    if let csv { return csv }
    let writer = console.csvWriter()
    csv = writer
    return writer
  }

  private func printPage() {
    // The headings in the run's language; CSV's header and JSON's keys never change.
    let texts = [columns.map { tr(dynamic: $0) }] + page.map { $0.map(Listing.tableText) }
    let cellWidths = texts.map { row in row.map { DisplayWidth.of(TextTable.printable($0)) } }
    var widths = columns.map { _ in 0 }
    for row in cellWidths {
      for (column, width) in row.enumerated() {
        widths[column] = max(widths[column], width)
      }
    }
    alignments = page.first.map { $0.map(Listing.alignment(of:)) } ?? columns.map { _ in .left }
    if let fitWidth {
      let fitted = TableFit.widths(
        natural: widths,
        floors: TableFit.floors(
          texts.map { $0.map(TextTable.printable) }, widths: cellWidths, alignments: alignments),
        limit: fitWidth)
      shortened = Set(widths.indices.filter { fitted[$0] < widths[$0] })
      widths = fitted
    }
    self.widths = widths
    for row in texts { buffer += line(row) }
    page = []
    flushBuffer()
  }

  private func line(_ values: [String]) -> String {
    guard let widths else { return "" }
    var line = ""
    for (column, raw) in values.enumerated() {
      var (value, width) = Self.shown(raw)
      if width > widths[column], shortened.contains(column), TableFit.isShortenable(value) {
        value = TableFit.elided(value, toWidth: widths[column])
        width = DisplayWidth.of(value)
      }
      let padding = String(repeating: " ", count: max(0, widths[column] - width))
      if column > 0 { line += "  " }
      line += alignments[column] == .right ? padding + value : value + padding
    }
    while line.last == " " { line.removeLast() }
    return line + "\n"
  }

  /// A cell as a table shows it, and its width: printable ASCII, most cells, as it is.
  private static func shown(_ raw: String) -> (String, Int) {
    if raw.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return (raw, raw.utf8.count) }
    let value = TextTable.printable(raw)
    return (value, DisplayWidth.of(value))
  }

  private func flushBuffer() {
    guard !buffer.isEmpty else { return }
    switch format {
    case .json: console.data(buffer)
    case .table, .csv: console.output(buffer)
    }
    buffer = ""
  }
}
