import WalletCore

/// How wide a table may be on standard output. On a terminal, its width, so that a table of
/// long ids (`bocom-credit:MY-BOCOM:2026-10-28:001:268.00`) fits a window of 80 columns; in a
/// pipe or a file nothing is fitted, so the bytes a script compares never depend on the window.
enum TerminalWidth {
  /// The width a terminal has when nothing says otherwise.
  static let fallback = 80

  /// The columns of the terminal standard output is: `COLUMNS` when it holds a positive
  /// number (a shell sets it, and a user may), else the terminal's own size, else ``fallback``;
  /// nil when standard output is no terminal.
  static func of(_ console: Console, environment: [String: String]) -> Int? {
    if let pretended = console.pretendedTerminalColumns { return pretended }
    guard console.outputIsTerminal else { return nil }
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    return console.terminalColumns ?? fallback
  }
}

/// `--wide`, for the commands that print tables: on a terminal a table is fitted to its width
/// by shortening its longest texts in the middle, and `--wide` prints every value whole
/// instead, as a pipe or a file always gets them.
struct WideOption: ParsableArguments {
  /// Whether tables keep every value whole.
  @Flag(help: "Print tables whole on a terminal, rather than shorten long values to fit it.")
  var wide: Bool

  /// Whether tables keep every value whole: asked for here, or by the command running this one
  /// (`wallet demo --wide`).
  func keepsWhole(_ context: CommandContext) -> Bool { wide || context.keepsTablesWhole }

  /// The columns a table may take (see ``TerminalWidth``); nil for whole values.
  func tableWidth(_ context: CommandContext) -> Int? {
    keepsWhole(context)
      ? nil : TerminalWidth.of(context.console, environment: context.environment)
  }

  /// The style of the command's standard output, its tables fitted or whole.
  func style(_ context: CommandContext) -> Style {
    Style(console: context.console, environment: context.environment, wide: keepsWhole(context))
  }
}
