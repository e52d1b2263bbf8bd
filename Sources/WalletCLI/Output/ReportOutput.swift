import WalletCore

extension OutputFormat {
  /// Writes a report in this format: its JSON as data, else its table (CSV is a table here:
  /// a report is no list of records), fitted to a terminal unless `wide` says otherwise.
  func write(
    _ json: @autoclosure () -> JSONValue, table: (Style) -> String, wide: WideOption,
    context: CommandContext
  ) {
    let console = context.console
    switch self {
    case .json: console.data(json().text)
    case .table, .csv:
      let style = wide.style(context)
      console.output(table(style), style: style)
    }
  }
}
