import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// `wallet statement`: the rewards the store's transactions earn, by holder, with what is left
/// to earn.
struct StatementCommand: WalletCommand {
  static let path = ["statement"]

  static let configuration = CommandConfiguration(
    abstract: "Show the rewards earned, by holder.",
    discussion: """
      Shows, under each installed promotion (or the one --promotion names) and for each holder: \
      the rewards by ordinal, their total, the rewards left, and the billing cycles without a \
      reward, counted from the campaign's first cycle (or, without one, the cycle of the \
      holder's first enrollment or transaction) through the current one (now, or WALLET_NOW) or \
      the campaign's last. Times are in the promotion's time zone. CSV output is exactly the \
      rewards file 'wallet batch' writes for the same data, and holds one promotion: with \
      several installed, CSV needs --promotion. The rewards left are counted as of now: a \
      purchase recorded for later (with --future) does not take its place until then, and the \
      statement says how many such rewards there are. Under a promotion with a spend threshold \
      or limits of its own, a table of where each holder stands as of now takes the place of \
      the rewards left: the spend so far, what is still to spend and until when, what each \
      limit has used and has left (on a terminal, with a bar). JSON is an object with 'promotion', \
      'asOf', 'holders' (each with 'holder', 'rewards', 'total', 'rewardsLeft' and \
      'cyclesWithoutReward') and 'total'; with several promotions, an array of such objects. \
      An unknown --holder is an error (exit status 65) naming the nearest holders.
      """)

  @Option(help: "Only this holder's rewards.") var holder: CardSafeID?
  @Option(
    valueName: "date",
    help: "Only the billing cycle containing this date (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or "
      + "starting in this month (YYYY-MM, YYYY/M or YYYY年M月).")
  var cycle: CycleArgument?
  @OptionGroup var promotionChoice: PromotionChoice
  @Option(
    valueName: "time",
    help: "Only rewards of purchases at or after this time: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' "
      + "or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.")
  var since: TimeArgument?
  @Option(valueName: "count", help: "At most this many holders, in order of their ids.")
  var limit: Count?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let holder = self.holder?.id
    let cycleDate = cycle
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder, as: .holder, store: store)
    let promotions = try promotionChoice.selected(store: store)
    let console = context.console

    if format == .csv {
      // Exactly the rewards file: one promotion, no per-holder facts.
      guard promotions.count <= 1 else {
        let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
        throw ValidationError(
          tr(
            """
            several promotions are installed (\(ids)) and a rewards file holds one; choose it \
            with --promotion
            """))
      }
      guard let promotion = promotions.first else { return .success }
      let cycleStart = cycleDate.map { $0.cycle(startDay: promotion.cycleStartDay).start }
      let lines = try store.rewards(promotion: promotion.id, holder: holder, cycleStart: cycleStart)
      do {
        try RewardsFile.write(
          lines.map(RewardRow.init), in: promotion.timeZone, to: console.csvWriter())
      } catch {
        throw CommandError.cannotWriteStandardOutput(error)
      }
      return .success
    }

    let now = try Clock.now(context, zone: store.timeZone)
    let since = try $since.convert { try $0.instant(in: store.timeZone) }
    let style = table.style(context)
    var printer = RewardStatementPrinter(
      format: format, several: promotions.count > 1, console: console, style: style)
    for promotion in promotions {
      try printer.write(
        promotion: promotion, store: store, holder: holder,
        cycle: cycleDate.map { $0.cycle(startDay: promotion.cycleStartDay) }, since: since,
        limit: limit?.value, now: now)
    }
    printer.finish()
    return .success
  }
}
