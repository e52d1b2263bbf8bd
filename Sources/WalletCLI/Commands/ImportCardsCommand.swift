import WalletIngest

/// `wallet import cards FILE`: the SPEC's cards CSV file into the store, all of it or none.
struct ImportCardsCommand: WalletCommand {
  static let path = ["import", "cards"]

  static let configuration = CommandConfiguration(
    abstract: "Import a cards CSV file into the store.", discussion: RecordImportOptions.discussion)

  @OptionGroup var options: RecordImportOptions

  func run(context: CommandContext) throws -> ExitStatus {
    try options.run(kind: .cards, context: context)
  }
}
