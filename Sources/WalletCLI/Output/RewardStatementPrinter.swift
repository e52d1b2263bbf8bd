import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// Writes statements holder by holder, merging the store's holders and rewards as both are read
/// in holder order, so the first holder is printed at once however large the store, and memory
/// holds one holder's rewards at a time. The text is what `RewardStatement.table` and
/// `RewardStatement.json` give for the whole statement.
struct RewardStatementPrinter {
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
      for (key, value) in RewardStatement.jsonHead(promotion: promotion, now: now) {
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
      var part = RewardStatement.part(
        holder: next, earned: lines.map(RewardRow.init),
        forfeited: Set(lines.filter(\.forfeited).map(\.transaction)),
        firstActivity: firstActivity, promotion: promotion, cycle: cycle, now: now)
      if let since {
        part = RewardStatement.Holder(
          holder: part.holder, rows: part.rows.filter { $0.time >= since },
          forfeited: part.forfeited, rewardsLeft: part.rewardsLeft,
          placesAfterNow: part.placesAfterNow, cyclesWithoutReward: part.cyclesWithoutReward)
      }
      if RuleStanding.applies(to: promotion) {
        // The holder's own decisions and cards: two lookups by holder.
        part.standing = RuleStanding(
          promotion: promotion,
          purchases: try store.decidedPurchases(promotion: promotion.id, holder: next),
          cards: try store.cards(holder: next).map(\.id), at: now)
      }
      rewardCount += part.paid.count
      total = total + part.total
      if json {
        var text = (count == 0 ? "\n" : ",\n") + base + "    "
        RewardStatement.json(part, promotion: promotion).append(to: &text, indent: base + "    ")
        console.data(text)
      } else {
        console.output(
          RewardStatement.table(part, promotion: promotion, now: now, style: style), style: style)
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
        RewardStatement.totalLine(count: rewardCount, total: total, promotion: promotion),
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
