import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// `wallet pay REQUEST.json`: an Apple Pay payment request played offline against the store —
/// which cards the payment sheet would offer, what each would earn, and, with `--authorize`,
/// the transaction the payment records.
struct PayCommand: WalletCommand {
  static let path = ["pay"]

  static let configuration = CommandConfiguration(
    abstract: "Play an Apple Pay payment request against the store.",
    discussion: """
      Reads a payment request (JSON with PKPaymentRequest's field names, described in \
      wallet-files(5)) and checks it as PassKit does: every broken rule is an error naming the \
      field, with the file's line and column (exit status 65); a total that differs from the \
      sum of the other final items is only a warning. Then shows what Apple Pay's payment sheet \
      would offer at --at (default: the request's time, else now): of the holder's cards (or \
      the one --card names), those with an active Apple Pay binding, on a network the request \
      supports, of a type its capabilities allow (credit alone: credit cards; debit alone: \
      debit and prepaid cards; neither or both: any), and a UnionPay card only when the request \
      offers emv. Each offered card shows what the purchase (the total) would earn under every \
      installed promotion, decided by the engine as 'wallet check --holder' decides, and why \
      not; the default card is the one that earns most (ties: the card bound first). Each card \
      left out says why: network, type, capability or no-active-binding. Exits 1 when no card \
      can pay (PassKit's canMakePayments is false).

      Nothing is written unless --authorize is given (--dry-run is the default). With \
      --authorize the sheet pays with the default card: --result success (the default) \
      records the purchase (merchant from merchantName, amount the total, method apple-pay, \
      status pending, through the binding the sheet used) and prints its decisions; failure \
      records it declined; pin-required, pin-incorrect and pin-lockout record nothing and the \
      sheet stays open. Settle a recorded purchase with 'wallet txn settle', void it before it \
      settles with 'wallet txn void', refund it afterwards with 'wallet txn refund'. A payment \
      after now is not recorded unless --future is given: it is usually a mistyped time. JSON \
      shapes are in the manual.

      A small request (more in data/requests/):
        {"merchantIdentifier": "merchant.cn.example", "merchantName": "盒马鲜生",
         "countryCode": "CN", "currencyCode": "CNY", "supportedNetworks": ["chinaUnionPay"],
         "merchantCapabilities": ["emv", "threeDSecure"],
         "paymentSummaryItems": [{"label": "盒马鲜生", "amount": "128.00"}]}
      """)

  @Argument(help: "The payment request JSON file ('-' for standard input).") var file: String
  @Option(help: "Whose cards the sheet offers.") var holder: CardSafeID?
  @Option(help: "Instead of --holder: the one card the sheet may offer.") var card: CardSafeID?
  @Option(
    valueName: "time",
    help: "When the payment is made: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); "
      + "a date may also be written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "the request's time, else now")
  var at: TimeArgument?
  @Flag(help: "Pay: record what the authorization result says.") var authorize: Bool
  @Flag(help: "With --authorize: record a payment after now (refused otherwise, as a typo).")
  var future: Bool
  @Option(
    valueName: "result",
    help: "With --authorize: success, failure, pin-required, pin-incorrect or pin-lockout.",
    defaultDescription: "success")
  var result: AuthorizationResult?
  @Option(
    valueName: "id", help: "With --authorize: the id of the transaction recorded.",
    defaultDescription: "pay:merchantIdentifier:time")
  var id: Identifier?
  @Flag(name: "dry-run", help: "Record nothing (the default without --authorize).")
  var dryRun: Bool
  @OptionGroup var output: ReportFormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  /// A holder or a card, and the authorization's options only with --authorize.
  func validate() throws {
    switch (holder, card) {
    case (nil, nil):
      throw ValidationError(tr("give --holder or --card: whose cards the sheet offers"))
    case (.some, .some): throw ValidationError(tr("give --holder or --card, not both"))
    default: break
    }
    if authorize && dryRun { throw ValidationError(tr("give --authorize or --dry-run, not both")) }
    if !authorize {
      for (name, given) in [("result", result != nil), ("id", id != nil), ("future", future)]
      where given {
        throw ValidationError(tr("--\(name) goes with --authorize"))
      }
    }
  }
}

extension AuthorizationResult: ExpressibleByArgument {}
