import WalletIngest

/// `wallet import postings FILE`: the rewards an issuer posted (SPEC section 4's postings file)
/// into the store, all of it or none, for reconciliation to compare with the decisions.
struct ImportPostingsCommand: WalletCommand {
  static let path = ["import", "postings"]

  static let configuration = CommandConfiguration(
    abstract: "Import a postings CSV file: the rewards an issuer posted.",
    discussion: """
      Reads a postings file (wallet-files(5)): one row per reward paid (credit, 刷卡金返还) or \
      taken back (clawback, 刷卡金扣回), on a card already in the store. A row without an id \
      gets <card>:<date>:<kind>:<amount as written>:<k>, k counting from 1 the rows without an \
      id of the same card, date, kind and amount in the file, so that importing the file again \
      finds the same postings. The rows are added in one SQLite transaction: after any error \
      nothing of the file is kept. A posting already in the store unchanged is left alone, so \
      importing a file twice changes nothing; one whose id is in the store with different \
      details is an error naming its file and line, unless --replace is given, and so is a \
      card the store lacks. A file with its header alone means nothing was posted yet. A \
      summary goes to standard error.
      """)

  @OptionGroup var options: RecordImportOptions

  func run(context: CommandContext) throws -> ExitStatus {
    try options.run(kind: .postings, context: context)
  }
}
