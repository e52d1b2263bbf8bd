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
      minimum spend with its refunds taken off, so rewards are decided again; when its reward \
      moves to another of the holder's purchases, or another purchase loses or gains one, the \
      command says so. A refund dated before its purchase is refused (exit status 65), and one \
      after now needs --future.
      """)

  @Argument(help: "The transaction's id.") var id: Identifier
  @Option(help: "The amount refunded, e.g. 50, ¥50 or 50元 (greater than zero).")
  var amount: PositiveAmount
  @Option(
    valueName: "time",
    help: "When it was refunded: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a "
      + "date may also be written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "now")
  var at: TimeArgument?
  @Flag(help: "Accept an --at after now (refused otherwise, as it is usually a typo).")
  var future: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let amount = self.amount.money
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(transaction: id, store: store)
    let time = try Clock.instant(
      $at, context: context, zone: store.timeZone, allowingFuture: future)
    guard let purchase = try store.transaction(id) else { throw StoreError.unknownTransaction(id) }
    if time < purchase.time {
      throw CommandError(
        .dataError,
        {
          let (refund, bought) = (
            time.formatted(in: store.timeZone), purchase.time.formatted(in: store.timeZone)
          )
          return tr(
            "a refund at \(refund) would come before its purchase \(id) at \(bought); check --at")
        }())
    }
    let shift = try store.card(purchase.card).map {
      try RewardShift(holder: $0.holder, store: store)
    }
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
    for line in try shift?.lines(excluding: id, store: store) ?? [] {
      context.console.message(line)
    }
    return .success
  }
}
