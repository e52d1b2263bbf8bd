import WalletCore
import WalletIngest
import WalletStore

/// `wallet card list`: the cards in the store.
struct CardListCommand: WalletCommand {
  static let path = ["card", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List cards.",
    discussion: """
      Lists the cards, of one holder or all, by id. CSV output has the columns of a cards file, \
      so it can be imported into another store.
      """)

  @Option(help: "Only this holder's cards.") var holder: CardSafeID?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let holder = self.holder?.id
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder, as: .holder, store: store)
    // Streamed: a store of a bank's cards prints its first line at once.
    let listing = ListingStream(
      columns: InputKind.cards.columns, format: format, console: context.console,
      fitting: table.tableWidth(context))
    try store.forEachCard(holder: holder) { card in
      guard listing.wantsMore else { return false }
      try listing.append([
        .text(card.id.rawValue), .text(card.holder.rawValue), .text(card.network.rawValue),
        .text(card.type.rawValue), .text(card.role.rawValue), .text(card.issuer),
        .text(card.last4),
      ])
      return true
    }
    try listing.finish(empty: "No cards.")
    return .success
  }
}
