import WalletCore

extension OutputFormat {
  /// Writes a report in this format: its JSON as data, else its table (CSV is a table here:
  /// a report is no list of records).
  func write(
    _ json: @autoclosure () -> JSONValue, table: (Style) -> String, context: CommandContext
  ) {
    let console = context.console
    switch self {
    case .json: console.data(json().text)
    case .table, .csv:
      let style = Style(console: console, environment: context.environment)
      console.output(table(style), style: style)
    }
  }
}
