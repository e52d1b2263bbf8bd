import WalletCore
import WalletIngest
import WalletStore

/// One promotion's statement for people: per holder, the rewards earned, their total, how many
/// of the promotion's rewards are left, and the billing cycles that earned nothing. Written
/// holder by holder by `RewardStatementPrinter`; JSON has the shape the manual documents under
/// STATEMENT JSON: `{"promotion": {...}, "asOf", "holders": [{"holder", "rewards": [...],
/// "forfeited": [...], "total", "rewardsLeft", "cyclesWithoutReward"}], "total"}`.
enum RewardStatement {
  /// One holder's part of the statement.
  struct Holder {
    let holder: Identifier
    /// The rewards shown (of the chosen cycle, when one is chosen), by ordinal: paid ones and,
    /// under `refunds: clawback`, forfeited ones, whose places stay used.
    let rows: [RewardRow]
    /// The transactions of `rows` whose rewards were taken back.
    let forfeited: Set<Identifier>
    /// How many more rewards the holder can earn as of the statement's `now`:
    /// `maxRewardsPerHolder` less every place (paid or forfeited) taken by a purchase before
    /// then, whatever cycle is shown; `wallet check` counts them the same way at its `--at`.
    let rewardsLeft: Int
    /// Places taken by purchases recorded at or after `now` (recorded with `--future`), which
    /// `rewardsLeft` does not count.
    let placesAfterNow: Int
    /// The counted cycles (see `Statement.countedCycles`) without a reward's place, oldest first.
    let cyclesWithoutReward: [BillingCycle]
    /// Where the holder stands as of `now` under a SPEC 8 promotion's threshold and limits, in
    /// place of `rewardsLeft`; nil for section 2's form.
    var standing: RuleStanding? = nil

    /// The rewards shown that were paid and kept.
    var paid: [RewardRow] { rows.filter { !forfeited.contains($0.transaction) } }

    /// The rewards shown that were taken back.
    var takenBack: [RewardRow] { rows.filter { forfeited.contains($0.transaction) } }

    /// What the rewards shown earned and kept.
    var total: MoneyTotal { paid.reduce(.zero) { $0 + $1.reward } }
  }

  /// One holder's part: `earned` is every reward place of the holder, paid or forfeited, by
  /// ordinal; `forfeited` may name other holders' transactions too.
  static func part(
    holder: Identifier, earned: [RewardRow], forfeited: Set<Identifier>,
    firstActivity: Instant?, promotion: Promotion, cycle: BillingCycle?, now: Instant
  ) -> Holder {
    let rewarded = Set(earned.map(\.cycleStart))
    let counted = countedCycles(from: firstActivity, promotion: promotion, now: now)
    return Holder(
      holder: holder,
      rows: cycle.map { cycle in earned.filter { $0.cycleStart == cycle.start } } ?? earned,
      forfeited: forfeited.intersection(earned.map(\.transaction)),
      rewardsLeft: max(
        0, promotion.maxRewardsPerHolder - earned.filter { $0.time < now }.count),
      placesAfterNow: earned.filter { $0.time >= now }.count,
      cyclesWithoutReward: counted.filter { counted in
        !rewarded.contains(counted.start) && (cycle.map { $0 == counted } ?? true)
      })
  }

  /// The billing cycles a holder is measured over: from the campaign's first cycle (or, for a
  /// promotion without a start, the cycle of the holder's first enrollment or transaction)
  /// through the cycle of `now`, or the campaign's last cycle when that is earlier. A holder
  /// with neither enrollments nor transactions, under a promotion without a start, has none.
  static func countedCycles(
    from firstActivity: Instant?, promotion: Promotion, now: Instant
  ) -> [BillingCycle] {
    let day = promotion.cycleStartDay
    guard
      let first = promotion.campaignStart.map({ BillingCycle(containing: $0, startDay: day) })
        ?? firstActivity.map(promotion.cycle(containing:))
    else { return [] }
    var last = promotion.cycle(containing: now)
    if let end = promotion.campaignEnd {
      last = min(last, BillingCycle(containing: end, startDay: day))
    }
    var cycles: [BillingCycle] = []
    var cycle = first
    while cycle <= last {
      cycles.append(cycle)
      cycle = cycle.next
    }
    return cycles
  }

  /// The last line of a table: `Total: 2 rewards, ¥25.00.`
  static func totalLine(count: Int, total: MoneyTotal, promotion: Promotion) -> String {
    let (rewards, amount) = (
      Plural.count(count, .reward), MoneyText.display(total, promotion.currency)
    )
    return tr("Total: \(rewards), \(amount).") + "\n"
  }

  /// One holder's part of the table.
  static func table(
    _ holder: Holder, promotion: Promotion, now: Instant, style: Style
  ) -> String {
    let zone = promotion.timeZone
    let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
    let sum = { (total: MoneyTotal) in MoneyText.display(total, promotion.currency) }
    var text = style.heading(TextTable.printable(holder.holder.rawValue)) + "\n"
    if holder.rows.isEmpty {
      text += "  " + tr("No rewards.") + "\n"
    } else {
      var rewards = TextTable(
        header: [
          tr("cycle"), tr("date"), "#", tr("transaction"), tr("card"), tr("channel"),
          tr("amount"), tr("reward"),
        ],
        alignments: [.left, .left, .right, .left, .left, .left, .right, .right])
      for row in holder.rows {
        let reward =
          holder.forfeited.contains(row.transaction)
          ? tr("\(money(row.reward)) taken back") : money(row.reward)
        rewards.append([
          row.cycleStart.description, row.time.localDate(in: zone).description,
          String(row.ordinal), row.transaction.rawValue, row.card.rawValue,
          row.channel.rawValue, money(row.amount), reward,
        ])
      }
      text += rewards.text(fittingWithin: style.tableWidth.map { $0 - 2 })
        .split(separator: "\n").map { "  \($0)\n" }.joined()
    }
    var facts = FactSheet()
    let (total, rewards) = (sum(holder.total), Plural.count(holder.paid.count, .reward))
    facts.append(tr("total"), tr("\(total) (\(rewards))"))
    let takenBack = holder.takenBack
    if !takenBack.isEmpty {
      // Paid, then taken back when refunded: nothing kept, but each place stays used.
      let amount = sum(takenBack.reduce(.zero) { $0 + $1.reward })
      let rewards = Plural.count(takenBack.count, .reward)
      facts.append(
        tr("taken back"), tr("\(amount) (\(rewards), refunded; the places stay used)"))
    }
    let asOf = now.formatted(in: zone)
    let (left, maximum) = (holder.rewardsLeft, promotion.maxRewardsPerHolder)
    switch holder.standing == nil ? holder.placesAfterNow : nil {
    case nil:
      // A SPEC 8 promotion says what each limit has left in the table below.
      break
    case 0:
      facts.append(tr("rewards left"), tr("\(left) of \(maximum), as of \(asOf)"))
    case 1:
      facts.append(
        tr("rewards left"),
        tr(
          """
          \(left) of \(maximum), as of \(asOf) (1 more reward is recorded for a purchase after \
          then)
          """))
    case let later?:
      facts.append(
        tr("rewards left"),
        tr(
          """
          \(left) of \(maximum), as of \(asOf) (\(later) more rewards are recorded for \
          purchases after then)
          """))
    }
    let missed = holder.cyclesWithoutReward
    facts.append(
      tr("cycles without a reward"),
      missed.isEmpty
        ? tr("none")
        : {
          let days = missed.map(\.description).joined(separator: Language.current.listSeparator)
          let count = missed.count
          return tr("\(count): \(days)")
        }())
    if holder.standing != nil { facts.append(tr("rules"), tr("as of \(asOf):")) }
    text += facts.text()
    if let standing = holder.standing {
      text += StandingText.table(standing, promotion: promotion, style: style)
    }
    return text + "\n"
  }

  /// The members before `holders`: the promotion and the instant the rewards left are counted at.
  static func jsonHead(promotion: Promotion, now: Instant) -> [(String, JSONValue)] {
    let zone = promotion.timeZone
    return [
      (
        "promotion",
        .object([
          ("id", .string(promotion.id.rawValue)),
          ("name", .string(promotion.name)),
          ("currency", .string(promotion.currency.code)),
          ("timezone", .string(zone.identifier)),
        ])
      ),
      ("asOf", .string(now.formatted(in: zone))),
    ]
  }

  /// One holder's object.
  static func json(_ holder: Holder, promotion: Promotion) -> JSONValue {
    let zone = promotion.timeZone
    func rewardObject(_ row: RewardRow) -> JSONValue {
      .object([
        ("cycleStart", .string(row.cycleStart.description)),
        ("cycleEnd", .string(row.cycleEnd.description)),
        ("ordinal", .integer(row.ordinal)),
        ("transaction", .string(row.transaction.rawValue)),
        ("card", .string(row.card.rawValue)),
        ("channel", .string(row.channel.rawValue)),
        ("time", .string(row.time.formatted(in: zone))),
        ("amount", .string(row.amount.description)),
        ("reward", .string(row.reward.description)),
      ])
    }
    return .object(
      [
        ("holder", .string(holder.holder.rawValue)),
        ("rewards", .array(holder.paid.map(rewardObject))),
        ("forfeited", .array(holder.takenBack.map(rewardObject))),
        ("total", .string(holder.total.description)),
        ("rewardsLeft", .integer(holder.rewardsLeft)),
        ("cyclesWithoutReward", .array(holder.cyclesWithoutReward.map { .string($0.description) })),
      ] + (holder.standing.map { [("standing", StandingText.json($0))] } ?? []))
  }
}
