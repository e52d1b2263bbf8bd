import WalletCore
import WalletStore

/// `wallet card remove`: remove a card, and with --force its history.
struct CardRemoveCommand: WalletCommand {
  static let path = ["card", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Remove a card.",
    discussion: """
      Removes a card with its enrollments and postings, and says how many went. A card with \
      transactions is kept (exit status 65) unless --force is given: then its transactions go \
      too, and the holder's rewards are decided again without them.
      """)

  @Argument(help: "The card's id.") var card: CardSafeID
  @Flag(help: "Remove the card even when it has transactions, and them with it.") var force: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = card.id
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(id, as: .card, store: store)
    let removal = try store.removeCard(id, force: force)
    let holder = removal.card.holder
    let (transactions, enrollments) = (
      Self.counted(removal.transactions, "transaction"),
      Self.counted(removal.enrollments, "enrollment")
    )
    if removal.postings == 0 {
      context.console.message(
        tr("Removed card \(id) (holder \(holder)) with \(transactions) and \(enrollments)."))
    } else {
      // The postings go with the card (SPEC: nothing dropped silently), so they are counted.
      let postings = Self.counted(removal.postings, "posting")
      context.console.message(
        tr(
          "Removed card \(id) (holder \(holder)) with \(transactions), \(enrollments) and \(postings)."
        ))
    }
    if removal.unlinkedTransactions > 0 {
      let unlinked = Self.counted(removal.unlinkedTransactions, "transaction")
      context.console.message(
        tr(
          """
          \(unlinked) on other cards named one of its enrollments and no longer do; their \
          decisions were recomputed.
          """))
    }
    return .success
  }

  /// `1 transaction`, `2 transactions`.
  static func counted(_ count: Int, _ noun: String) -> String {
    let shown = ProgressReporter.grouped(count)
    switch (noun, count == 1) {
    case ("transaction", true): return tr("1 transaction")
    case ("transaction", false): return tr("\(shown) transactions")
    case ("enrollment", true): return tr("1 enrollment")
    case ("enrollment", false): return tr("\(shown) enrollments")
    case ("posting", true): return tr("1 posting")
    case ("posting", false): return tr("\(shown) postings")
    default: preconditionFailure("no words for counting \(noun)")
    }
  }
}
