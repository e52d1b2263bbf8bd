import WalletCore
import WalletIngest

/// `wallet format list`: the statement formats built into wallet, which `import statement`
/// recognises by their header rows, so that a user of the installed binary sees them without
/// the package's `data/formats/`.
struct FormatListCommand: WalletCommand {
  static let path = ["format", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List the built-in statement formats.",
    discussion: """
      Lists the statement formats built into wallet, in the order 'import statement' tries \
      them: each one's id (what --format takes), its name, and what it reads: a bank's \
      credit-card statement or a payment app's export. 'wallet format show ID' prints one as \
      JSON, to copy as the start of a format file of your own (see wallet-formats(5)).
      """)

  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption

  func run(context: CommandContext) throws -> ExitStatus {
    var listing = Listing(columns: ["id", "name", "kind"])
    for format in StatementFormat.builtIn {
      listing.append([.text(format.id), .text(format.name), Self.kind(format.kind)])
    }
    try listing.write(
      output.format, empty: "No formats.", console: context.console,
      fitting: table.tableWidth(context))
    return .success
  }

  /// What a format reads: its code in CSV and JSON, in words in a table.
  static func kind(_ kind: StatementFormat.Kind) -> Listing.Cell {
    switch kind {
    case .cardStatement: .code(kind.rawValue, words: tr("a credit-card statement"))
    case .appExport: .code(kind.rawValue, words: tr("a payment app's export"))
    }
  }
}
