import WalletCore
import WalletStore

/// `wallet card remove`: remove a card, and with --force its history.
struct CardRemoveCommand: WalletCommand {
  static let path = ["card", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Remove a card.",
    discussion: """
      Removes a card and its enrollments. A card with transactions is kept (exit status 65) \
      unless --force is given: then its transactions go too, and the holder's rewards are \
      decided again without them.
      """)

  @Argument(help: "The card's id.") var card: CardSafeID
  @Flag(help: "Remove the card even when it has transactions, and them with it.") var force: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = card.id
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(id, as: .card, store: store)
    let removal = try store.removeCard(id, force: force)
    context.console.message(
      "Removed card \(id) (holder \(removal.card.holder)) with "
        + "\(Self.counted(removal.transactions, "transaction")) and "
        + "\(Self.counted(removal.enrollments, "enrollment")).")
    if removal.unlinkedTransactions > 0 {
      context.console.message(
        "\(Self.counted(removal.unlinkedTransactions, "transaction")) on other cards named one of its "
          + "enrollments and no longer do; their decisions were recomputed.")
    }
    return .success
  }

  /// `1 transaction`, `2 transactions`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(ProgressReporter.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
  }
}
