import WalletCore
import WalletStore

/// `wallet statement`: the rewards the store's transactions earn, by holder.
enum StatementCommand: WalletCommand {
  static let path = ["statement"]

  static let spec = CommandSpec(
    "statement",
    abstract: "Show the rewards earned, by holder.",
    discussion: """
      Shows every reward under each installed promotion (or the one --promotion names), by \
      holder then ordinal, with each holder's total. Times are in the promotion's time zone. CSV \
      output is exactly the rewards file 'wallet batch' writes for the same data, and holds one \
      promotion: with several installed, CSV needs --promotion. JSON is an object with \
      'promotion', 'holders' (each with 'holder', 'rewards' and 'total') and 'total'; with \
      several promotions, an array of such objects.
      """,
    arguments: [
      .option("holder", valueName: "holder", help: "Only this holder's rewards."),
      .option(
        "cycle", valueName: "date",
        help: "Only the billing cycle containing this date (YYYY-MM-DD)."),
      PromotionChoice.option,
      StoreOptions.format(),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let holder = try CommandValues.cardSafeID(arguments, "holder")
    let cycleDate = try CommandValues.date(arguments, "cycle")
    let format = OutputFormat(arguments)
    let store = try StoreOptions.open(arguments, context: context, forWriting: false)
    let promotions = try PromotionChoice.selected(arguments, store: store)
    if format == .csv && promotions.count > 1 {
      let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
      throw arguments.usageError(
        "several promotions are installed (\(ids)) and a rewards file holds one; "
          + "choose it with --promotion")
    }
    let statements = try promotions.map { promotion in
      let cycleStart = cycleDate.map {
        BillingCycle(containing: $0, startDay: promotion.cycleStartDay).start
      }
      let lines = try store.rewards(promotion: promotion.id, holder: holder, cycleStart: cycleStart)
      return Statement(promotion: promotion, rows: lines.map(RewardRow.init))
    }

    let console = context.console
    switch format {
    case .csv:
      guard let statement = statements.first else { return .success }
      do {
        try ReportFiles.writeRewards(
          statement.rows, promotion: statement.promotion,
          to: CSVWriter(fileDescriptor: console.outputDescriptor))
      } catch {
        throw CommandFailure(.ioError, "cannot write to standard output: \(error)")
      }
    case .json:
      let objects = statements.map(\.json)
      console.output((objects.count == 1 ? objects[0] : .array(objects)).text)
    case .table:
      console.output(statements.map(\.table).joined(separator: "\n"))
    }
    return .success
  }
}

/// One promotion's rewards, grouped by holder, in each output format.
struct Statement {
  let promotion: Promotion
  /// By holder (UTF-8 bytes) then ordinal, as the store returns them.
  let rows: [RewardRow]

  /// The rows of each holder, in order.
  var holders: [(holder: Identifier, rows: [RewardRow])] {
    var groups: [(holder: Identifier, rows: [RewardRow])] = []
    for row in rows {
      if groups.last?.holder == row.holder {
        groups[groups.count - 1].rows.append(row)
      } else {
        groups.append((row.holder, [row]))
      }
    }
    return groups
  }

  var total: Money { rows.reduce(.zero) { $0 + $1.reward } }

  private func money(_ amount: Money) -> String {
    MoneyText.display(amount, promotion.currency)
  }

  /// A heading, the rewards, and each holder's count and total.
  var table: String {
    var text = "\(promotion.name) (\(promotion.id))\n\n"
    guard !rows.isEmpty else { return text + "No rewards.\n" }
    var rewards = TextTable(
      header: [
        "holder", "cycle", "#", "transaction", "card", "channel", "time", "amount", "reward",
      ],
      alignments: [.left, .left, .right, .left, .left, .left, .left, .right, .right])
    for row in rows {
      rewards.append([
        row.holder.rawValue, row.cycleStart.description, String(row.ordinal),
        row.transaction.rawValue, row.card.rawValue, row.channel.rawValue,
        row.time.formatted(in: promotion.timeZone), money(row.amount), money(row.reward),
      ])
    }
    var totals = TextTable(
      header: ["holder", "rewards", "total"], alignments: [.left, .right, .right])
    for (holder, rows) in holders {
      totals.append([
        holder.rawValue, String(rows.count), money(rows.reduce(.zero) { $0 + $1.reward }),
      ])
    }
    let count = rows.count
    return text + rewards.text + "\n" + totals.text
      + "\nTotal: \(count) reward\(count == 1 ? "" : "s"), \(money(total)).\n"
  }

  /// `{"promotion": {...}, "holders": [{"holder", "rewards": [...], "total"}], "total"}`.
  var json: JSONValue {
    let zone = promotion.timeZone
    let holderObjects = holders.map { holder, rows in
      JSONValue.object([
        ("holder", .string(holder.rawValue)),
        (
          "rewards",
          .array(
            rows.map { row in
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
            })
        ),
        ("total", .string(rows.reduce(Money.zero) { $0 + $1.reward }.description)),
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
