import WalletCore
import WalletIngest
import WalletStore

/// One promotion's statement for people: per holder, the rewards earned, their total, how many
/// of the promotion's rewards are left, and the billing cycles that earned nothing.
struct Statement {
  /// One holder's part of the statement.
  struct Holder {
    let holder: Identifier
    /// The rewards shown (of the chosen cycle, when one is chosen), by ordinal: paid ones and,
    /// under `refunds: clawback`, forfeited ones, whose places stay used.
    let rows: [RewardRow]
    /// The transactions of `rows` whose rewards were taken back.
    let forfeited: Set<Identifier>
    /// How many more rewards the holder can earn: `maxRewardsPerHolder` less every place taken
    /// so far (paid or forfeited), whatever cycle is shown.
    let rewardsLeft: Int
    /// The counted cycles (see `Statement.countedCycles`) without a reward's place, oldest first.
    let cyclesWithoutReward: [BillingCycle]

    /// The rewards shown that were paid and kept.
    var paid: [RewardRow] { rows.filter { !forfeited.contains($0.transaction) } }

    /// The rewards shown that were taken back.
    var takenBack: [RewardRow] { rows.filter { forfeited.contains($0.transaction) } }

    /// What the rewards shown earned and kept.
    var total: Money { paid.reduce(.zero) { $0 + $1.reward } }
  }

  let promotion: Promotion
  /// By holder (UTF-8 bytes).
  let holders: [Holder]

  /// What every reward shown earned.
  var total: Money { holders.reduce(.zero) { $0 + $1.total } }

  /// How many rewards paid and kept are shown.
  var rewardCount: Int { holders.reduce(0) { $0 + $1.paid.count } }

  /// Builds the statement.
  ///
  /// - Parameters:
  ///   - rows: every reward of the holders concerned, paid or forfeited, by holder then ordinal
  ///     (all cycles, so that the rewards left are right when one cycle is shown).
  ///   - forfeited: the transactions among `rows` whose rewards were taken back.
  ///   - holders: the holders to show besides those with rewards (the store's, or the one asked
  ///     for), so that a holder who has earned nothing yet still sees what is left.
  ///   - firstActivity: each holder's first enrollment, else first transaction.
  ///   - cycle: show only this cycle.
  ///   - now: the instant that ends the cycles counted.
  static func make(
    promotion: Promotion, rows: [RewardRow], forfeited: Set<Identifier> = [],
    holders: Set<Identifier>,
    firstActivity: [Identifier: Instant], cycle: BillingCycle?, now: Instant
  ) -> Statement {
    var rowsByHolder: [Identifier: [RewardRow]] = [:]
    for row in rows { rowsByHolder[row.holder, default: []].append(row) }
    let everyone = holders.union(rowsByHolder.keys).sorted()
    let parts = everyone.map { holder in
      let earned = rowsByHolder[holder] ?? []
      let rewarded = Set(earned.map(\.cycleStart))
      let counted = countedCycles(from: firstActivity[holder], promotion: promotion, now: now)
      return Holder(
        holder: holder,
        rows: cycle.map { cycle in earned.filter { $0.cycleStart == cycle.start } } ?? earned,
        forfeited: forfeited.intersection(earned.map(\.transaction)),
        rewardsLeft: max(0, promotion.maxRewardsPerHolder - earned.count),
        cyclesWithoutReward: counted.filter { counted in
          !rewarded.contains(counted.start) && (cycle.map { $0 == counted } ?? true)
        })
    }
    return Statement(promotion: promotion, holders: parts)
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

  private func money(_ amount: Money) -> String {
    MoneyText.display(amount, promotion.currency)
  }

  /// A heading, then each holder: the rewards in a table, the total, the rewards left and the
  /// cycles without a reward; then the total of everyone.
  func table(style: Style) -> String {
    var text = DecisionText.heading(promotion) + "\n\n"
    guard !holders.isEmpty else { return text + tr("No rewards.") + "\n" }
    let zone = promotion.timeZone
    for holder in holders {
      text += style.heading(TextTable.printable(holder.holder.rawValue)) + "\n"
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
        text += rewards.text.split(separator: "\n").map { "  \($0)\n" }.joined()
      }
      var facts = FactSheet()
      let (total, rewards) = (money(holder.total), Self.count(holder.paid.count, "reward"))
      facts.append(tr("total"), tr("\(total) (\(rewards))"))
      let takenBack = holder.takenBack
      if !takenBack.isEmpty {
        // Paid, then taken back when refunded: nothing kept, but each place stays used.
        let amount = money(takenBack.reduce(.zero) { $0 + $1.reward })
        let rewards = Self.count(takenBack.count, "reward")
        facts.append(
          tr("taken back"), tr("\(amount) (\(rewards), refunded; the places stay used)"))
      }
      let (left, maximum) = (holder.rewardsLeft, promotion.maxRewardsPerHolder)
      facts.append(tr("rewards left"), tr("\(left) of \(maximum)"))
      let missed = holder.cyclesWithoutReward
      facts.append(
        tr("cycles without a reward"),
        missed.isEmpty
          ? tr("none")
          : {
            let days = missed.map(\.description).joined(
              separator: Language.current.listSeparator)
            let count = missed.count
            return tr("\(count): \(days)")
          }())
      text += facts.text() + "\n"
    }
    let (rewards, amount) = (Self.count(rewardCount, "reward"), money(total))
    return text + tr("Total: \(rewards), \(amount).") + "\n"
  }

  /// "1 reward", "3 rewards".
  private static func count(_ value: Int, _ noun: String) -> String {
    precondition(noun == "reward", "only rewards are counted in words")
    return value == 1 ? tr("1 reward") : tr("\(value) rewards")
  }

  /// The shape the manual documents under STATEMENT JSON: `{"promotion": {...}, "holders":
  /// [{"holder", "rewards": [...], "total", "rewardsLeft", "cyclesWithoutReward"}], "total"}`.
  /// A reward's keys are the rewards file's columns; `forfeited` lists, with the same keys, the
  /// rewards taken back under `refunds: clawback` (`reward` is the amount taken back).
  var json: JSONValue {
    let zone = promotion.timeZone
    func rewardObject(_ row: RewardRow) -> JSONValue {
      .object([
        ("cycle_start", .string(row.cycleStart.description)),
        ("cycle_end", .string(row.cycleEnd.description)),
        ("ordinal", .integer(row.ordinal)),
        ("transaction", .string(row.transaction.rawValue)),
        ("card", .string(row.card.rawValue)),
        ("channel", .string(row.channel.rawValue)),
        ("time", .string(row.time.formatted(in: zone))),
        ("amount", .string(row.amount.description)),
        ("reward", .string(row.reward.description)),
      ])
    }
    let holderObjects = holders.map { holder in
      JSONValue.object([
        ("holder", .string(holder.holder.rawValue)),
        ("rewards", .array(holder.paid.map(rewardObject))),
        ("forfeited", .array(holder.takenBack.map(rewardObject))),
        ("total", .string(holder.total.description)),
        ("rewardsLeft", .integer(holder.rewardsLeft)),
        ("cyclesWithoutReward", .array(holder.cyclesWithoutReward.map { .string($0.description) })),
      ])
    }
    return .object([
      (
        "promotion",
        .object([
          ("id", .string(promotion.id.rawValue)),
          ("name", .string(promotion.name)),
          ("currency", .string(promotion.currency.code)),
          ("timezone", .string(zone.identifier)),
        ])
      ),
      ("holders", .array(holderObjects)),
      ("total", .string(total.description)),
    ])
  }
}
