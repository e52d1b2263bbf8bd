import WalletCore
import WalletIngest
import WalletStore

/// `wallet txn list`: the transactions in the store, in time order.
struct TxnListCommand: WalletCommand {
  static let path = ["txn", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List transactions.",
    discussion: """
      Lists transactions in time order, then by id. --from and --to are whole days in the \
      store's time zone, both included. --cycle DATE keeps the billing cycle containing DATE: \
      that of --promotion, or of the installed promotions when they all use the same cycles. \
      --since keeps those at or after a time; --limit stops after that many. Rows are printed \
      as they are read, so the first appears at once however large the store; a table takes its \
      column widths from its first 100 rows. Times are shown in the store's time zone. CSV \
      output has the columns of a transactions file, so it can be imported into another store. \
      An unknown --holder or --card is an error (exit status 65) naming the nearest known ids. \
      --waiting lists instead the refunds that statement imports keep until their purchases \
      arrive, oldest first, each with the file and line it came from, the purchase it names \
      and why it still waits when that purchase is in the store (a refund larger than what is \
      left of it, or on another card); 'wallet txn remove ID' removes one. It takes --holder, \
      --card, --limit and --format.
      """)

  @Flag(help: "List the refunds that wait for their purchases instead.") var waiting: Bool

  @Option(help: "Only this holder's cards.") var holder: CardSafeID?
  @Option(help: "Only this card.") var card: CardSafeID?
  @Option(
    valueName: "date",
    help: "Only the billing cycle containing this date (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or "
      + "starting in this month (YYYY-MM, YYYY/M or YYYY年M月).")
  var cycle: CycleArgument?
  @OptionGroup var promotionChoice: PromotionChoice
  @Option(
    valueName: "date",
    help: "Only from this day on (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D), or this month's first "
      + "(YYYY-MM, YYYY/M or YYYY年M月).")
  var from: DayOrMonth?
  @Option(
    valueName: "date",
    help: "Only up to this day, included (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or this month's "
      + "last (YYYY-MM, YYYY/M or YYYY年M月).")
  var to: DayOrMonth?
  @Option(
    valueName: "time",
    help: "Only at or after this time: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its "
      + "start); a date may also be written YYYY年M月D日 or YYYY/M/D.")
  var since: TimeArgument?
  @Option(valueName: "count", help: "At most this many transactions, the earliest first.")
  var limit: Count?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func validate() throws {
    if let from, let to, to.last < from.first {
      throw ValidationError(tr("--to \(to.last) is before --from \(from.first)"))
    }
    if waiting && (cycle != nil || from != nil || to != nil || since != nil) {
      throw ValidationError(tr("--waiting takes only --holder, --card, --limit and --format"))
    }
    if promotionChoice.promotion != nil && cycle == nil {
      throw ValidationError(tr("--promotion chooses the billing cycle of --cycle; give --cycle"))
    }
  }

  func run(context: CommandContext) throws -> ExitStatus {
    let holder = self.holder?.id
    let card = self.card?.id
    let cycleDate = cycle
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder, as: .holder, store: store)
    try KnownIDs.require(card, as: .card, store: store)
    let zone = store.timeZone
    if waiting {
      try listWaiting(store: store, holder: holder, card: card, format: format, context: context)
      return .success
    }

    var filter = WalletStore.TransactionFilter(
      holder: holder, card: card, from: from.map { zone.startOfDay($0.first) },
      until: to.map { zone.startOfDay($0.last.adding(days: 1)) })
    if let cycleDate {
      let (cycle, cycleZone) = try promotionChoice.cycle(cycleDate, store: store)
      let start = cycleZone.startOfDay(cycle.start)
      let end = cycleZone.startOfDay(cycle.next.start)
      filter.from = filter.from.map { max($0, start) } ?? start
      filter.until = filter.until.map { min($0, end) } ?? end
    }

    if let since = try $since.convert({ try $0.instant(in: zone) }) {
      filter.from = filter.from.map { max($0, since) } ?? since
    }
    let listing = ListingStream(
      columns: InputKind.transactions.columns, format: format, console: context.console,
      fitting: table.tableWidth(context))
    try store.forEachTransaction(filter, limit: limit?.value) { transaction in
      try listing.append(TransactionListing.cells(of: transaction, in: zone))
      return listing.wantsMore
    }
    try listing.finish(empty: "No transactions.")
    return .success
  }

  /// The refunds kept until their purchases arrive, with why each still waits.
  private func listWaiting(
    store: WalletStore, holder: Identifier?, card: Identifier?, format: OutputFormat,
    context: CommandContext
  ) throws {
    let refunds = try store.waitingRefunds(holder: holder, card: card)
    try TransactionListing.waiting(
      refunds.prefix(limit?.value ?? refunds.count), in: store.timeZone
    )
    .write(
      format, empty: "No refunds wait for their purchases.", console: context.console,
      fitting: table.tableWidth(context))
  }
}
