import WalletCore
import WalletIngest
import WalletStore

/// `wallet txn list`: the transactions in the store, in time order.
enum TxnListCommand: WalletCommand {
  static let path = ["txn", "list"]

  static let spec = CommandSpec(
    "list",
    abstract: "List transactions.",
    discussion: """
      Lists transactions in time order, then by id. --from and --to are whole days in the \
      store's time zone, both included. --cycle DATE keeps the billing cycle containing DATE: \
      that of --promotion, or of the installed promotions when they all use the same cycles. \
      Times are shown in the store's time zone. CSV output has the columns of a transactions \
      file, so it can be imported into another store.
      """,
    arguments: [
      .option("holder", valueName: "holder", help: "Only this holder's cards."),
      .option("card", valueName: "card", help: "Only this card."),
      .option(
        "cycle", valueName: "date", help: "Only the billing cycle containing this date."),
      PromotionChoice.option,
      .option("from", valueName: "date", help: "Only from this day on (YYYY-MM-DD)."),
      .option("to", valueName: "date", help: "Only up to this day, included (YYYY-MM-DD)."),
      StoreOptions.format(),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let holder = try CommandValues.cardSafeID(arguments, "holder")
    let card = try CommandValues.cardSafeID(arguments, "card")
    let cycleDate = try CommandValues.date(arguments, "cycle")
    let from = try CommandValues.date(arguments, "from")
    let to = try CommandValues.date(arguments, "to")
    if let from, let to, to < from {
      throw arguments.usageError("--to \(to) is before --from \(from)")
    }
    if arguments.value("promotion") != nil && cycleDate == nil {
      throw arguments.usageError("--promotion chooses the billing cycle of --cycle; give --cycle")
    }
    let format = OutputFormat(arguments)
    let store = try StoreOptions.open(arguments, context: context, forWriting: false)
    let zone = store.timeZone

    var filter = WalletStore.TransactionFilter(
      holder: holder, card: card, from: from.map { zone.startOfDay($0) },
      until: to.map { zone.startOfDay($0.adding(days: 1)) })
    if let cycleDate {
      let (cycle, cycleZone) = try PromotionChoice.cycle(
        containing: cycleDate, arguments, store: store)
      let start = cycleZone.startOfDay(cycle.start)
      let end = cycleZone.startOfDay(cycle.next.start)
      filter.from = filter.from.map { max($0, start) } ?? start
      filter.until = filter.until.map { min($0, end) } ?? end
    }

    var listing = Listing(columns: InputKind.transactions.columns)
    for transaction in try store.transactions(filter) {
      let currency = transaction.currency
      listing.append([
        .text(transaction.id.rawValue), .text(transaction.card.rawValue),
        .text(transaction.time.formatted(in: zone)), .money(transaction.amount, currency),
        .text(currency.code), .text(transaction.method.rawValue),
        .text(transaction.status.rawValue), .money(transaction.refunded, currency),
        .text(transaction.enrollment?.rawValue), .text(transaction.merchant),
        .text(transaction.mcc?.description),
      ])
    }
    try listing.write(format, empty: "No transactions.", console: context.console)
    return .success
  }
}
