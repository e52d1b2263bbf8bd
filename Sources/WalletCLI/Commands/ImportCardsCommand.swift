import WalletIngest

/// `wallet import cards FILE`: the SPEC's cards CSV file into the store, all of it or none.
struct ImportCardsCommand: WalletCommand {
  static let path = ["import", "cards"]

  static let configuration = CommandConfiguration(
    abstract: "Import a cards CSV file into the store.",
    discussion: RecordImportOptions.discussion + " " + warning)

  /// What importing cards adds to every record import's help.
  static let warning = """
    Each card that no installed promotion could ever reward is warned of, with the reason (the \
    first 20 by name).
    """

  @OptionGroup var options: RecordImportOptions

  func run(context: CommandContext) throws -> ExitStatus {
    try options.run(kind: .cards, context: context)
  }
}
