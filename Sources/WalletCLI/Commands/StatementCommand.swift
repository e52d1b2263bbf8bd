import WalletCore
import WalletIngest
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
      statement says how many such rewards there are. JSON is an object with 'promotion', \
      'asOf', 'holders' (each with 'holder', 'rewards', 'total', 'rewardsLeft' and \
      'cyclesWithoutReward') and 'total'; with several promotions, an array of such objects. \
      An unknown --holder is an error (exit status 65) naming the nearest holders.
      """)

  @Option(help: "Only this holder's rewards.") var holder: CardSafeID?
  @Option(
    valueName: "date",
    help: "Only the billing cycle containing this date (YYYY-MM-DD), or starting in this month "
      + "(YYYY-MM).")
  var cycle: CycleArgument?
  @OptionGroup var promotionChoice: PromotionChoice
  @Option(
    valueName: "time",
    help: "Only rewards of purchases at or after this time: YYYY-MM-DDTHH:MM, "
      + "'YYYY-MM-DD HH:MM' or a date (its start).")
  var since: TimeArgument?
  @Option(valueName: "count", help: "At most this many holders, in order of their ids.")
  var limit: Count?
  @OptionGroup var output: FormatOption
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
          "several promotions are installed (\(ids)) and a rewards file holds one; "
            + "choose it with --promotion")
      }
      guard let promotion = promotions.first else { return .success }
      let cycleStart = cycleDate.map { $0.cycle(startDay: promotion.cycleStartDay).start }
      let lines = try store.rewards(promotion: promotion.id, holder: holder, cycleStart: cycleStart)
      do {
        try RewardsFile.write(
          lines.map(RewardRow.init), in: promotion.timeZone, to: console.csvWriter())
      } catch {
        throw CommandFailure(
          .ioError, "cannot write to standard output: \(ErrorWording.english(error))")
      }
      return .success
    }

    let now = try Clock.now(context, zone: store.timeZone)
    let since = try $since.convert { try $0.instant(in: store.timeZone) }
    let style = Style(console: console, environment: context.environment)
    var printer = StatementPrinter(
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

/// Writes statements holder by holder, merging the store's holders and rewards as both are read
/// in holder order, so the first holder is printed at once however large the store, and memory
/// holds one holder's rewards at a time. The text is what `Statement.table` and `Statement.json`
/// give for the whole statement.
struct StatementPrinter {
  let format: OutputFormat
  /// Whether several promotions' statements are printed (JSON makes them an array).
  let several: Bool
  let console: Console
  let style: Style
  private var printed = 0

  init(format: OutputFormat, several: Bool, console: Console, style: Style) {
    self.format = format
    self.several = several
    self.console = console
    self.style = style
  }

  /// One promotion's statement.
  mutating func write(
    promotion: Promotion, store: WalletStore, holder: Identifier?, cycle: BillingCycle?,
    since: Instant?, limit: Int?, now: Instant
  ) throws {
    let holders = try store.holderCursor(holder: holder)
    let rewards = try store.rewardCursor(
      promotion: promotion.id, holder: holder, includingForfeited: true)
    let json = format == .json
    let base = several ? "  " : ""
    if json {
      var head = printed == 0 ? (several ? "[\n" : "") : ",\n"
      head += base + "{\n"
      for (key, value) in Statement.jsonHead(promotion: promotion, now: now) {
        head += Self.member(key, value, indent: base + "  ") + ",\n"
      }
      console.data(head + base + "  \"holders\": [")
    } else {
      console.output(
        (printed == 0 ? "" : "\n") + DecisionText.heading(promotion) + "\n\n", style: style)
    }
    printed += 1
    var count = 0
    var rewardCount = 0
    var total = MoneyTotal.zero
    while console.outputIsOpen, limit.map({ count < $0 }) ?? true {
      // The next holder in byte order, from either list.
      let next = [holders.current?.holder, rewards.current?.holder].compactMap { $0 }.min()
      guard let next else { break }
      var firstEnrollment: Instant?
      if let current = holders.current, current.holder == next {
        firstEnrollment = current.firstEnrollment
        try holders.advance()
      }
      var lines: [RewardLine] = []
      while let line = rewards.current, line.holder == next {
        lines.append(line)
        try rewards.advance()
      }
      // Rare (a holder whose cards were never bound can earn nothing), so one query each.
      let firstActivity = try firstEnrollment ?? store.firstTransaction(holder: next)
      var part = Statement.part(
        holder: next, earned: lines.map(RewardRow.init),
        forfeited: Set(lines.filter(\.forfeited).map(\.transaction)),
        firstActivity: firstActivity, promotion: promotion, cycle: cycle, now: now)
      if let since {
        part = Statement.Holder(
          holder: part.holder, rows: part.rows.filter { $0.time >= since },
          forfeited: part.forfeited, rewardsLeft: part.rewardsLeft,
          placesAfterNow: part.placesAfterNow, cyclesWithoutReward: part.cyclesWithoutReward)
      }
      rewardCount += part.paid.count
      total = total + part.total
      if json {
        var text = (count == 0 ? "\n" : ",\n") + base + "    "
        Statement.json(part, promotion: promotion).append(to: &text, indent: base + "    ")
        console.data(text)
      } else {
        console.output(
          Statement.table(part, promotion: promotion, now: now, style: style), style: style)
      }
      count += 1
    }
    if json {
      console.data(
        (count == 0 ? "]" : "\n" + base + "  ]") + ",\n"
          + Self.member("total", .string(total.description), indent: base + "  ") + "\n"
          + base + "}")
    } else if count == 0 {
      console.output(tr("No rewards.") + "\n")
    } else {
      console.output(
        Statement.totalLine(count: rewardCount, total: total, promotion: promotion),
        style: style)
    }
  }

  /// Ends the output: JSON's closing bracket and last newline.
  func finish() {
    guard format == .json, printed > 0 else { return }
    console.data(several ? "\n]\n" : "\n")
  }

  /// `"key": value` as a member of an object at `indent`.
  static func member(_ key: String, _ value: JSONValue, indent: String) -> String {
    let keyText = JSONValue.string(key).text.dropLast()
    let valueText = indented(String(value.text.dropLast()), by: indent).dropFirst(indent.count)
    return indent + keyText + ": " + valueText
  }

  /// Each line of `text` after `indent`.
  static func indented(_ text: String, by indent: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
      .joined(separator: "\n")
  }
}
