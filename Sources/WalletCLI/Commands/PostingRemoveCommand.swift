import WalletCore
import WalletStore

/// `wallet posting remove`: forget a posting recorded by mistake.
struct PostingRemoveCommand: WalletCommand {
  static let path = ["posting", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Remove a posting.",
    discussion: """
      Removes the posting with this id. An id the store does not hold is an error (exit status \
      65), as for the other records.
      """)

  @Argument(help: "The posting's id.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = self.id
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(id, as: .posting, store: store)
    guard let removed = try store.removePosting(id) else {
      throw CommandError(.dataError, tr("no posting \(KnownIDs.shownTyped(id)) in the store"))
    }
    let summary = PostingAddCommand.summary(of: removed)
    context.console.message(tr("Removed posting \(id): \(summary)."))
    return .success
  }
}
