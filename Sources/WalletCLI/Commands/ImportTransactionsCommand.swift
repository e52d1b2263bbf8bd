import WalletIngest

/// `wallet import transactions FILE`: the SPEC's transactions CSV file into the store, all of it or none.
struct ImportTransactionsCommand: WalletCommand {
  static let path = ["import", "transactions"]

  static let configuration = CommandConfiguration(
    abstract: "Import a transactions CSV file (wallet's own format) into the store.",
    discussion: RecordImportOptions.discussion)

  @OptionGroup var options: RecordImportOptions

  func run(context: CommandContext) throws -> ExitStatus {
    try options.run(kind: .transactions, context: context)
  }
}
