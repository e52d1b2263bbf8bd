import WalletCore
import WalletIngest
import WalletStore

/// `wallet card add`: add a card to the store.
struct CardAddCommand: WalletCommand {
  static let path = ["card", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Add a card.",
    discussion: """
      Adds a card and its holder. Adding the same card again changes nothing; a card with the \
      same id and different details is refused unless --replace is given. A card number is never \
      kept: give an id of your choosing and, if you like, the last four digits. A card that no \
      installed promotion could ever reward is added with a warning that says why.
      """)

  @Argument(help: "The card's id.") var card: CardSafeID
  @Option(help: "The primary holder whose account it is.") var holder: CardSafeID
  @Option(
    help: "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos or "
      + "private-label.")
  var network: Network
  @Option(help: "credit, debit or prepaid (or 信用卡, 借记卡/储蓄卡, 预付卡).") var type: CardType
  @Option(help: "primary or supplementary (or 主卡, 附属卡/副卡).") var role: CardRole = .primary
  @Option(help: "The issuing bank, e.g. bocom or 交通银行; a known bank is kept by its code.")
  var issuer: IssuerArgument?
  @Option(valueName: "digits", help: "The last four digits of the card number.")
  var last4: LastFour?
  @Flag(help: "Overwrite a card with the same id and different details.") var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = self.card.id
    let holder = self.holder.id
    let card = Card(
      id: id, holder: holder, network: network, type: type, role: role,
      issuer: issuer?.code,
      last4: last4?.digits)

    let store = try storeOptions.open(context: context, access: .create)
    let outcome: UpsertOutcome
    do {
      outcome = try store.addCard(card, replace: replace)
    } catch StoreError.conflict(_, _) {
      guard let stored = try store.card(id) else { throw StoreError.conflict(kind: .card, id: id) }
      throw CommandError(
        .dataError,
        ConflictText.message(
          kind: "card", shownID: ShownID.quoted(id),
          differences: ConflictText.differences(ConflictText.fields(stored, card))))
    }
    switch outcome {
    case .inserted: context.console.message(tr("Added card \(id) (holder \(holder))."))
    case .replaced: context.console.message(tr("Replaced card \(id) (holder \(holder))."))
    case .unchanged:
      context.console.message(tr("Card \(id) is already in the store; nothing changed."))
    }
    for line in CardEarningWarning.lines(
      for: [card], promotions: try store.promotions().map(\.promotion))
    {
      context.console.message(line)
    }
    return .success
  }
}
