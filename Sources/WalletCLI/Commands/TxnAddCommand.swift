import WalletCore
import WalletIngest
import WalletStore

/// `wallet txn add`: record a purchase.
enum TxnAddCommand: WalletCommand {
  static let path = ["txn", "add"]

  static let spec = CommandSpec(
    "add",
    abstract: "Record a transaction.",
    discussion: """
      Records a purchase on a card in the store and says how each installed promotion decides \
      it. The same transaction again changes nothing; one with the same id and other details is \
      refused unless --replace is given. Times without an offset are read in the store's time \
      zone. Record refunds with 'wallet txn refund'.
      """,
    arguments: [
      .option("id", valueName: "id", help: "The transaction's id.", required: true),
      .option("card", valueName: "card", help: "The card it was paid with.", required: true),
      .option(
        "amount", valueName: "amount", help: "The amount, e.g. 100.50 (greater than zero).",
        required: true),
      .option("at", valueName: "time", help: "When (ISO 8601).", defaultDescription: "now"),
      .option("currency", valueName: "code", help: "An ISO 4217 code.", defaultValue: "CNY"),
      .option(
        "method", valueName: "method", help: "apple-pay, card or other.",
        defaultValue: "apple-pay"),
      .option(
        "status", valueName: "status",
        help: "settled, pending, declined, refunded or reversed.", defaultValue: "settled"),
      .option("enrollment", valueName: "id", help: "The enrollment it was paid through."),
      .option("merchant", valueName: "name", help: "The merchant's name."),
      .option("mcc", valueName: "code", help: "The merchant category code (four digits)."),
      .flag("replace", help: "Overwrite a transaction with the same id and other details."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.id(arguments, "id")!
    let card = try CommandValues.cardSafeID(arguments, "card")!
    let merchant = try CommandValues.cardSafeText(arguments, "merchant")
    let amount = try CommandValues.amount(arguments, "amount")!
    let currency = try arguments.value("currency") { (text: String) throws(CodeError) in
      try Currency.parse(text.trimmingSpacesAndTabs)
    }
    let method = try CommandValues.code(arguments, "method", as: PaymentMethod.self)
    let status = try CommandValues.code(arguments, "status", as: TransactionStatus.self)
    let enrollment = try CommandValues.cardSafeID(arguments, "enrollment")
    let mcc = try arguments.value("mcc") { (text: String) throws(ValueFormError) in
      guard let code = MerchantCategoryCode(parsing: text.trimmingSpacesAndTabs) else {
        throw ValueFormError("a merchant category code is exactly four digits")
      }
      return code
    }
    try Clock.checkForm(arguments)

    let store = try StoreOptions.open(arguments, context: context, forWriting: true)
    let zone = store.timeZone
    let transaction = Transaction(
      id: id, card: card, time: try Clock.instant(arguments, context: context, zone: zone),
      amount: amount, currency: currency ?? .cny, method: method ?? .applePay,
      status: status ?? .settled, enrollment: enrollment, merchant: merchant, mcc: mcc)
    let shown =
      "\(id): \(MoneyText.display(amount, transaction.currency)) on card \(card) at "
      + transaction.time.formatted(in: zone)
    switch try store.addTransaction(transaction, replace: arguments.flag("replace")) {
    case .inserted: context.console.message("Recorded transaction \(shown).")
    case .replaced: context.console.message("Replaced transaction \(shown).")
    case .unchanged:
      context.console.message("Transaction \(id) is already in the store; nothing changed.")
    }
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    return .success
  }
}
