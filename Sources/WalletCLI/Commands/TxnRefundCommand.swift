import WalletCore
import WalletStore

/// `wallet txn refund`: record a refund of part or all of a purchase.
struct TxnRefundCommand: WalletCommand {
  static let path = ["txn", "refund"]

  static let configuration = CommandConfiguration(
    abstract: "Record a refund of a transaction.",
    discussion: """
      Adds a refund to a transaction. Refunds accumulate; a refund that would take the total \
      above the transaction's amount is refused (exit status 65). A purchase counts for the \
      minimum spend with its refunds taken off, so rewards are decided again.
      """)

  @Argument(help: "The transaction's id.") var id: Identifier
  @Option(help: "The amount refunded (greater than zero).") var amount: PositiveAmount
  @Option(valueName: "time", help: "When it was refunded (ISO 8601).", defaultDescription: "now")
  var at: TimeArgument?
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let amount = self.amount.money
    let store = try storeOptions.open(context: context, access: .change)
    let time = try Clock.instant($at, context: context, zone: store.timeZone)
    let transaction = try store.refund(id, amount: amount, at: time)
    let currency = transaction.currency
    let (now, total) = (
      MoneyText.display(amount, currency), MoneyText.display(transaction.refunded, currency)
    )
    let paid = MoneyText.display(transaction.amount, currency)
    context.console.message(
      tr("Refunded \(now) of transaction \(id); \(total) of \(paid) refunded in all."))
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    return .success
  }
}
