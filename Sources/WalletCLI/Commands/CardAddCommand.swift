import WalletCore
import WalletIngest
import WalletStore

/// `wallet card add`: add a card to the store.
enum CardAddCommand: WalletCommand {
  static let path = ["card", "add"]

  static let spec = CommandSpec(
    "add",
    abstract: "Add a card.",
    discussion: """
      Adds a card and its holder. Adding the same card again changes nothing; a card with the \
      same id and different details is refused unless --replace is given. A card number is never \
      kept: give an id of your choosing and, if you like, the last four digits.
      """,
    arguments: [
      .positional("card", valueName: "card", help: "The card's id."),
      .option(
        "holder", valueName: "holder", help: "The primary holder whose account it is.",
        required: true),
      .option(
        "network", valueName: "network",
        help: "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos or "
          + "private-label.", required: true),
      .option(
        "type", valueName: "type", help: "credit, debit or prepaid.", required: true),
      .option(
        "role", valueName: "role", help: "primary or supplementary.", defaultValue: "primary"),
      .option("issuer", valueName: "issuer", help: "The issuing bank, e.g. bocom."),
      .option("last4", valueName: "digits", help: "The last four digits of the card number."),
      .flag("replace", help: "Overwrite a card with the same id and different details."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.cardSafeID(arguments, "card")!
    let holder = try CommandValues.cardSafeID(arguments, "holder")!
    let last4 = try CommandValues.cardSafeText(arguments, "last4")
    if let last4, last4.utf8.count != 4 || !last4.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
      throw arguments.usageError("--last4 must be exactly four digits")
    }
    let card = Card(
      id: id, holder: holder,
      network: try CommandValues.code(arguments, "network", as: Network.self)!,
      type: try CommandValues.code(arguments, "type", as: CardType.self)!,
      role: try CommandValues.code(arguments, "role", as: CardRole.self) ?? .primary,
      issuer: try CommandValues.cardSafeText(arguments, "issuer"), last4: last4)

    let store = try StoreOptions.open(arguments, context: context, forWriting: true)
    switch try store.addCard(card, replace: arguments.flag("replace")) {
    case .inserted: context.console.message("Added card \(id) (holder \(holder)).")
    case .replaced: context.console.message("Replaced card \(id) (holder \(holder)).")
    case .unchanged: context.console.message("Card \(id) is already in the store; nothing changed.")
    }
    return .success
  }
}
