import WalletCore
import WalletIngest
import WalletStore

/// `wallet posting list`: the rewards issuers posted, as the store holds them.
struct PostingListCommand: WalletCommand {
  static let path = ["posting", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List postings.",
    discussion: """
      Lists the postings, of one holder's cards, of one card or all, by date, then id. CSV \
      output has the columns of a postings file, so it can be imported into another store.
      """)

  @Option(help: "Only this holder's cards.") var holder: CardSafeID?
  @Option(help: "Only this card.") var card: CardSafeID?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let filter = WalletStore.PostingFilter(holder: holder?.id, card: card?.id)
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder?.id, as: .holder, store: store)
    try KnownIDs.require(card?.id, as: .card, store: store)
    var listing = Listing(columns: InputKind.postings.columns)
    for posting in try store.postings(filter) {
      listing.append([
        .text(posting.id.rawValue), .text(posting.card.rawValue), .text(posting.date.description),
        .text(posting.kind.rawValue), .money(posting.amount, .cny),
        .text(posting.transaction?.rawValue), .text(posting.reverses?.rawValue),
        .text(posting.description),
      ])
    }
    try listing.write(
      format, empty: "No postings.", console: context.console,
      fitting: table.tableWidth(context))
    return .success
  }
}
