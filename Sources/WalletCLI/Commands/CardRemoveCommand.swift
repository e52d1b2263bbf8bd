import WalletCore
import WalletStore

/// `wallet card remove`: remove a card, and with --force its history.
enum CardRemoveCommand: CommandEntry {
  static let path = ["card", "remove"]

  static let spec = CommandSpec(
    "remove",
    abstract: "Remove a card.",
    discussion: """
      Removes a card and its enrollments. A card with transactions is kept (exit status 65) \
      unless --force is given: then its transactions go too, and the holder's rewards are \
      decided again without them.
      """,
    arguments: [
      .positional("card", valueName: "card", help: "The card's id."),
      .flag("force", help: "Remove the card even when it has transactions, and them with it."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.cardSafeID(arguments, "card")!
    let store = try StoreOptions.open(arguments, context: context, access: .change)
    let removal = try store.removeCard(id, force: arguments.flag("force"))
    context.console.message(
      "Removed card \(id) (holder \(removal.card.holder)) with "
        + "\(counted(removal.transactions, "transaction")) and "
        + "\(counted(removal.enrollments, "enrollment")).")
    if removal.unlinkedTransactions > 0 {
      context.console.message(
        "\(counted(removal.unlinkedTransactions, "transaction")) on other cards named one of its "
          + "enrollments and no longer do; their decisions were recomputed.")
    }
    return .success
  }

  /// `1 transaction`, `2 transactions`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(ProgressReporter.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
  }
}
