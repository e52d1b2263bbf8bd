import WalletCore

/// Whether, and how, a command colours what it prints on standard output.
///
/// Colour is for a person at a terminal: a pipe, a file or a script gets plain text, so that the
/// bytes a script compares never depend on where they were printed. Only whole lines outside
/// tables are coloured (a verdict such as "earns" or "does not earn"): an escape sequence inside
/// a table cell would count towards its width and break the alignment.
struct Style: Sendable {
  /// Whether escapes are written at all.
  let isEnabled: Bool
  /// Whether tables add a bar beside a number (a limit's share used): for a person at a
  /// terminal, colour or not; never in a pipe or a file, whose bytes a script compares.
  let showsBars: Bool
  /// The columns a table may take: the terminal's width, to which tables are fitted
  /// (``TableFit``); nil in a pipe or a file, and with `--wide`, where values are whole.
  let tableWidth: Int?

  /// The style for a command's standard output; `wide` keeps tables' values whole.
  init(console: Console, environment: [String: String], wide: Bool) {
    isEnabled = Style.isEnabled(console: console, environment: environment)
    showsBars = console.outputIsTerminal
    tableWidth = wide ? nil : TerminalWidth.of(console, environment: environment)
  }

  /// A style that colours or not, draws bars or not, and fits tables to a width or not,
  /// whatever the console; for tests.
  init(isEnabled: Bool, showsBars: Bool = false, tableWidth: Int? = nil) {
    self.isEnabled = isEnabled
    self.showsBars = showsBars
    self.tableWidth = tableWidth
  }

  /// The one place that decides about colour: only when standard output is a terminal,
  /// `NO_COLOR` is unset or empty (https://no-color.org says an empty value does not count), and
  /// the terminal is not `dumb`.
  static func isEnabled(console: Console, environment: [String: String]) -> Bool {
    isEnabled(outputIsTerminal: console.outputIsTerminal, environment: environment)
  }

  /// The decision itself, apart from the `isatty` probe, so that tests can ask it.
  static func isEnabled(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
    guard outputIsTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }

  /// Good news (a card that earns, a card that can pay): green.
  func positive(_ text: String) -> String { paint(text, code: "32") }

  /// Bad news (does not earn, cannot pay): red.
  func negative(_ text: String) -> String { paint(text, code: "31") }

  /// The text between the escapes is escaped here: with colour on, `Console` keeps the escape
  /// sequences a style writes, so one that a value carried (an id holding `ESC [ 31 m`) must
  /// already be harmless text when it gets there.
  func paint(_ text: String, code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(ShownValue.escapedWhole(text))\u{1B}[0m" : text
  }

  /// Every escape sequence a style writes: the only ones `Console` lets through to a terminal,
  /// and only from a command that passes it an enabled style.
  static let escapeSequences: [[UInt8]] = ["0", "1", "31", "32"].map { Array("\u{1B}[\($0)m".utf8) }
}
