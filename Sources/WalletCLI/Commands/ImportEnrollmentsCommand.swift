import WalletIngest

/// `wallet import enrollments FILE`: the SPEC's enrollments CSV file into the store, all of it or none.
struct ImportEnrollmentsCommand: WalletCommand {
  static let path = ["import", "enrollments"]

  static let configuration = CommandConfiguration(
    abstract: "Import an enrollments CSV file into the store.",
    discussion: RecordImportOptions.discussion)

  @OptionGroup var options: RecordImportOptions

  func run(context: CommandContext) throws -> ExitStatus {
    try options.run(kind: .enrollments, context: context)
  }
}
