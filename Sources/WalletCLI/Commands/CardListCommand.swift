import WalletCore
import WalletIngest
import WalletStore

/// `wallet card list`: the cards in the store.
enum CardListCommand: WalletCommand {
  static let path = ["card", "list"]

  static let spec = CommandSpec(
    "list",
    abstract: "List cards.",
    discussion: """
      Lists the cards, of one holder or all, by id. CSV output has the columns of a cards file, \
      so it can be imported into another store.
      """,
    arguments: [
      .option("holder", valueName: "holder", help: "Only this holder's cards."),
      StoreOptions.format(),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let holder = try CommandValues.cardSafeID(arguments, "holder")
    let format = OutputFormat(arguments)
    let store = try StoreOptions.open(arguments, context: context, forWriting: false)
    var listing = Listing(columns: InputKind.cards.columns)
    for card in try store.cards(holder: holder) {
      listing.append([
        .text(card.id.rawValue), .text(card.holder.rawValue), .text(card.network.rawValue),
        .text(card.type.rawValue), .text(card.role.rawValue), .text(card.issuer),
        .text(card.last4),
      ])
    }
    try listing.write(format, empty: "No cards.", console: context.console)
    return .success
  }
}
