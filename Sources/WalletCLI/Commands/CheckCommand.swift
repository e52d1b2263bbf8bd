import WalletCore
import WalletStore

/// `wallet check CARD`: can this card pay with Apple Pay now, and would it earn (the offline
/// analogue of PassKit's `canMakePayments(usingNetworks:capabilities:)`); and
/// `wallet check --holder H --amount X`: with which of the holder's cards would a purchase earn.
struct CheckCommand: WalletCommand {
  static let path = ["check"]

  static let configuration = CommandConfiguration(
    abstract: "Check a card's Apple Pay enrollment and eligibility, or what a purchase would earn.",
    discussion: """
      With CARD: shows the card, its Apple Pay enrollments and which are active, and for each \
      installed promotion whether a purchase of exactly its minimum spend at --at would earn \
      (or the reason it would not), the holder's rewards used and left, what the next reward \
      would pay, whether the current billing cycle is already rewarded, and when the next one \
      starts. The rewards used and left are those recorded before --at (as of that time); a \
      card that can never earn under a promotion (another bank's, a debit card, another network, \
      a supplementary card) shows no next reward. Exits 0 when the card is enrolled at --at and \
      matches --networks and --capabilities, 1 when it does not. With --earn, the question is \
      instead "can this card earn?": exits 0 when a purchase of some promotion's minimum spend \
      at --at would earn, 1 when none would.

      With --holder and --amount: decides a purchase of that amount at --at on each of the \
      holder's cards under each installed promotion, says why each card that would not earn \
      does not, and recommends the card that pays most (ties go to the card bound to Apple Pay \
      earliest). Exits 0 when some card would earn, 1 when none would.

      Under a promotion with a spend threshold or limits of its own (promotion language, \
      version 2), both show a table of where the holder stands at --at: the spend so far, \
      what is still to spend and until when, and what each limit has used and has left in \
      its period (the holder's, or each card's); on a terminal, with a bar.

      Nothing is written. JSON shapes are in the manual.
      """)

  @Argument(help: "The card to check.") var card: CardSafeID?
  @Option(help: "Instead of a card: ask which of this holder's cards a purchase would earn with.")
  var holder: CardSafeID?
  @Option(help: "With --holder: the purchase to decide, e.g. 150, 99.99, ¥150 or 150元.")
  var amount: PositiveAmount?
  @Option(
    valueName: "code", help: "With --holder: the purchase's currency.",
    defaultDescription: Transaction.Defaults.currency.code)
  var currency: Currency?
  @Option(
    valueName: "list",
    help: "The networks the card must be on, comma-separated (aliases allowed); may be "
      + "repeated.")
  var networks: [CodeList<Network>]
  @Option(
    valueName: "list",
    help: "The card types it must be (credit, debit, prepaid), comma-separated; may be "
      + "repeated.")
  var capabilities: [CodeList<CardType>]
  @Flag(help: "With a card: exit 0 only when a purchase at --at would earn, else 1.")
  var earn: Bool
  @Option(
    valueName: "time",
    help: "When: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be "
      + "written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "now")
  var at: TimeArgument?
  @OptionGroup var output: ReportFormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  /// A card's check and a holder's purchase take different options.
  func validate() throws {
    switch (card, holder) {
    case (.some, nil):
      for (name, given) in [("amount", amount != nil), ("currency", currency != nil)] where given {
        throw ValidationError(
          tr(
            """
            --\(name) goes with --holder; 'wallet check CARD' imagines a purchase of each \
            promotion's minimum spend
            """))
      }
    case (nil, .some):
      for (name, given) in [
        ("networks", !networks.isEmpty), ("capabilities", !capabilities.isEmpty), ("earn", earn),
      ]
      where given {
        throw ValidationError(tr("--\(name) goes with a card, not with --holder"))
      }
      if amount == nil {
        throw ValidationError(tr("--holder needs --amount, the purchase to decide"))
      }
    case (.some, .some):
      throw ValidationError(tr("give either a card or --holder, not both"))
    case (nil, nil):
      throw ValidationError(tr("give a card to check, or --holder with --amount"))
    }
  }
}
