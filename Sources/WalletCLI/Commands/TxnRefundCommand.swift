import WalletCore
import WalletStore

/// `wallet txn refund`: record a refund of part or all of a purchase.
enum TxnRefundCommand: CommandEntry {
  static let path = ["txn", "refund"]

  static let spec = CommandSpec(
    "refund",
    abstract: "Record a refund of a transaction.",
    discussion: """
      Adds a refund to a transaction. Refunds accumulate; a refund that would take the total \
      above the transaction's amount is refused (exit status 65). A purchase counts for the \
      minimum spend with its refunds taken off, so rewards are decided again.
      """,
    arguments: [
      .positional("id", valueName: "id", help: "The transaction's id."),
      .option(
        "amount", valueName: "amount", help: "The amount refunded (greater than zero).",
        required: true),
      .option(
        "at", valueName: "time", help: "When it was refunded (ISO 8601).",
        defaultDescription: "now"),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.id(arguments, "id")!
    let amount = try CommandValues.amount(arguments, "amount")!
    try Clock.checkForm(arguments)
    let store = try StoreOptions.open(arguments, context: context, access: .change)
    let time = try Clock.instant(arguments, context: context, zone: store.timeZone)
    let transaction = try store.refund(id, amount: amount, at: time)
    let currency = transaction.currency
    context.console.message(
      "Refunded \(MoneyText.display(amount, currency)) of transaction \(id); "
        + "\(MoneyText.display(transaction.refunded, currency)) of "
        + "\(MoneyText.display(transaction.amount, currency)) refunded in all.")
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    return .success
  }
}
