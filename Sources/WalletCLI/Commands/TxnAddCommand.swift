import WalletCore
import WalletIngest
import WalletStore

/// `wallet txn add`: record a purchase.
struct TxnAddCommand: WalletCommand {
  static let path = ["txn", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Record a transaction.",
    discussion: """
      Records a purchase on a card in the store and says how each installed promotion decides \
      it. The same transaction again changes nothing; one with the same id and other details is \
      refused unless --replace is given, and the message names the fields that differ. Times \
      without an offset are read in the store's time zone; a date alone is its start. A time \
      after now is refused (exit status 64) unless --future is given: it is usually a mistyped \
      year, and would take a reward's place. Record refunds with 'wallet txn refund'.
      """)

  @Option(help: "The transaction's id.") var id: Identifier
  @Option(help: "The card it was paid with.") var card: CardSafeID
  @Option(help: "The amount, e.g. 100.50, ¥100.50 or 100.50元 (greater than zero).")
  var amount: PositiveAmount
  @Option(
    valueName: "time",
    help: "When: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be "
      + "written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "now")
  var at: TimeArgument?
  @Flag(help: "Accept an --at after now (refused otherwise, as it is usually a typo).")
  var future: Bool
  @Option(valueName: "code", help: "An ISO 4217 code.")
  var currency: Currency = Transaction.Defaults.currency
  @Option(help: "apple-pay, card or other.") var method: PaymentMethod = Transaction.Defaults.method
  @Option(help: "settled, pending, declined, refunded or reversed.")
  var status: TransactionStatus = Transaction.Defaults.status
  @Option(valueName: "id", help: "The enrollment it was paid through.")
  var enrollment: CardSafeID?
  @Option(valueName: "name", help: "The merchant's name.") var merchant: CardSafeText?
  @Option(valueName: "code", help: "The merchant category code (four digits).")
  var mcc: MerchantCategoryCode?
  @Flag(help: "Overwrite a transaction with the same id and other details.") var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let card = self.card.id
    let merchant = self.merchant?.text
    let amount = self.amount.money
    let enrollment = self.enrollment?.id

    let store = try storeOptions.open(context: context, access: .create)
    let zone = store.timeZone
    let transaction = Transaction(
      id: id, card: card,
      time: try Clock.instant($at, context: context, zone: zone, allowingFuture: future),
      amount: amount, currency: currency, method: method, status: status,
      enrollment: enrollment, merchant: merchant, mcc: mcc)
    try KnownIDs.require(card, as: .card, store: store)
    try KnownIDs.require(enrollment, as: .enrollment, store: store)
    let shownAmount = MoneyText.display(amount, transaction.currency)
    let time = transaction.time.formatted(in: zone)
    let shift = try store.card(card).map { try RewardShift(holder: $0.holder, store: store) }
    let outcome: UpsertOutcome
    do {
      outcome = try store.addTransaction(transaction, replace: replace)
    } catch StoreError.conflict(_, _) {
      guard let stored = try store.transaction(id) else {
        throw StoreError.conflict(kind: .transaction, id: id)
      }
      throw CommandError(
        .dataError,
        ConflictText.message(
          kind: "transaction", shownID: "'\(id)'",
          differences: ConflictText.differences(
            ConflictText.fields(stored, transaction, zone: zone))))
    }
    switch outcome {
    case .inserted:
      context.console.message(
        tr("Recorded transaction \(id): \(shownAmount) on card \(card) at \(time)."))
    case .replaced:
      context.console.message(
        tr("Replaced transaction \(id): \(shownAmount) on card \(card) at \(time)."))
    case .unchanged:
      context.console.message(tr("Transaction \(id) is already in the store; nothing changed."))
    }
    for line in try BankStatementImportText.stillWaitingLines(store: store, recorded: { [id] }) {
      context.console.message(line)
    }
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    for line in try shift?.lines(excluding: id, store: store) ?? [] {
      context.console.message(line)
    }
    return .success
  }
}
