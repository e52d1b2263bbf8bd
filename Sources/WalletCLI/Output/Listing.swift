import WalletCore

/// `--format`: how a command prints data on standard output.
enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned columns for a terminal; amounts with their currency sign (`¥10.00`).
  case table
  /// RFC 4180 with a header row, the SPEC's columns where it defines them; amounts as `10.00`.
  case csv
  /// Pretty-printed JSON with keys in a fixed order; amounts as strings such as `"10.00"`.
  case json
}

/// Rows of records that a list command prints in any `--format`: a table, CSV whose header is
/// the column names, or a JSON array of objects whose keys are the column names in order, in
/// camelCase as every JSON output's keys are (`enrolled_at` is `enrolledAt`).
struct Listing {
  /// One value of a record, rendered by each format in its own way.
  enum Cell {
    /// Text; absent is empty in a table and CSV, and `null` in JSON.
    case text(String?)
    /// A count or number, right-aligned in a table.
    case integer(Int)
    /// An amount: `¥10.00` in a table, `10.00` in CSV and `"10.00"` in JSON.
    case money(Money, Currency)
    /// A yes/no: `yes`/`no` in a table, `true`/`false` in CSV and JSON.
    case bool(Bool)
    /// A stable code, shown in a table as `words` (in the run's language) and written as it is
    /// in CSV and JSON, which never change with `--lang`.
    case code(String, words: String)
  }

  /// The column names, which are also the CSV header and the JSON keys.
  let columns: [String]
  /// The records.
  var rows: [[Cell]] = []

  /// Adds a record with one cell per column.
  mutating func append(_ row: [Cell]) {
    precondition(row.count == columns.count, "a row has one cell per column")
    rows.append(row)
  }

  /// Prints the listing on standard output; an empty table prints nothing there and says so on
  /// standard error instead (`empty` is the message), so a pipe sees no stray text. A table's
  /// headings and `empty` are in the run's language; CSV's header and JSON's keys never change.
  /// A table is fitted to `width` when one is given (a terminal's, see ``TableFit``); CSV and
  /// JSON keep every value whole.
  func write(
    _ format: OutputFormat, empty: String, console: Console, fitting width: Int?
  ) throws(CommandError) {
    switch format {
    case .table:
      guard !rows.isEmpty else {
        console.message(tr(dynamic: empty))
        return
      }
      var table = TextTable(
        header: columns.map { tr(dynamic: $0) },
        alignments: rows[0].map { Listing.alignment(of: $0) })
      for row in rows { table.append(row.map(Listing.tableText)) }
      console.output(table.text(fittingWithin: width))
    case .csv:
      let writer = console.csvWriter()
      do {
        try writer.writeRecord(columns)
        for row in rows { try writer.writeRecord(row.map(Listing.csvText)) }
        try writer.flush()
      } catch {
        throw CommandError.cannotWriteStandardOutput(error)
      }
    case .json:
      let keys = columns.map(JSONKey.camelCase)
      let objects = rows.map { row in
        JSONValue.object(Array(zip(keys, row.map(Listing.json))))
      }
      console.data(JSONValue.array(objects).text)
    }
  }

  static func alignment(of cell: Cell) -> TextTable.Alignment {
    switch cell {
    case .integer, .money: .right
    case .text, .bool, .code: .left
    }
  }

  static func tableText(_ cell: Cell) -> String {
    switch cell {
    case .text(let text): text ?? ""
    case .integer(let value): String(value)
    case .money(let amount, let currency): MoneyText.display(amount, currency)
    case .bool(let value): value ? tr("yes") : tr("no")
    case .code(_, let words): words
    }
  }

  static func csvText(_ cell: Cell) -> String {
    switch cell {
    case .text(let text): text ?? ""
    case .integer(let value): String(value)
    case .money(let amount, _): amount.description
    case .bool(let value): value ? "true" : "false"
    case .code(let code, _): code
    }
  }

  static func json(_ cell: Cell) -> JSONValue {
    switch cell {
    case .text(let text): .optional(text)
    case .integer(let value): .integer(value)
    case .money(let amount, _): .string(amount.description)
    case .bool(let value): .bool(value)
    case .code(let code, _): .string(code)
    }
  }
}

/// Amounts as people read them.
enum MoneyText {
  /// `¥10.00` for yuan, else the amount and its code (`12.50 USD`), for tables and messages;
  /// the whole part is grouped in thousands as counts are (`¥1,351,135.00`).
  static func display(_ amount: Money, _ currency: Currency = .cny) -> String {
    let text = grouped(amount.description)
    return currency == .cny ? "¥\(text)" : "\(text) \(currency.code)"
  }

  /// A total as `display` shows an amount: exact, however many rows it sums.
  static func display(_ total: MoneyTotal, _ currency: Currency = .cny) -> String {
    let text = grouped(total.description)
    return currency == .cny ? "¥\(text)" : "\(text) \(currency.code)"
  }

  /// `1351135.00` as `1,351,135.00`; a sign stays in front.
  static func grouped(_ plain: String) -> String {
    let negative = plain.hasPrefix("-")
    let unsigned = negative ? plain.dropFirst() : plain[...]
    let whole = unsigned.prefix { $0 != "." }
    let rest = unsigned.dropFirst(whole.count)
    var result = ""
    for (index, digit) in whole.enumerated() {
      if index > 0 && (whole.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (negative ? "-" : "") + result + rest
  }
}

/// The keys of wallet's JSON outputs: camelCase, as the promotion files write theirs.
enum JSONKey {
  /// `enrolled_at` as `enrolledAt`; a name without underscores is unchanged.
  static func camelCase(_ name: String) -> String {
    let parts = name.split(separator: "_")
    guard let first = parts.first else { return name }
    return String(first)
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }
}
