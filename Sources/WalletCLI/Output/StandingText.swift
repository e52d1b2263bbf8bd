import WalletCore

/// SPEC 8's "what the cardholder sees": a promotion's threshold and limits as they stand (the
/// spend so far, what is still to spend and until when; what each limit has used and has left),
/// in the table `check`, the what-if and `statement` print, the lines `explain` prints, and
/// JSON. Only for promotions `RuleStanding.applies(to:)`: section 2's keep their own words.
enum StandingText {
  /// How many cells a bar has.
  static let barCells = 10

  /// `[######----]`: the share used of a limit, or spent of a threshold. ASCII, so that a
  /// terminal of any width convention lines it up.
  static func bar(filled: Int) -> String {
    let filled = min(max(filled, 0), barCells)
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: "-", count: barCells - filled) + "]"
  }

  /// How many cells of a threshold's bar its spend fills.
  static func filledCells(_ standing: ThresholdStanding) -> Int {
    if standing.isReached { return barCells }
    let spend = standing.threshold.spend.minorUnits
    return Int(standing.spent.minorUnits * Int64(barCells) / max(spend, 1))
  }

  /// `month of 2026-05-01`, `day 2026-05-03`, `campaign`: the period, named by its first day.
  static func period(_ window: RuleWindow) -> String {
    guard let first = window.firstDay else { return tr("campaign") }
    switch window.period {
    case .day: return tr("day \(first)")
    case .week: return tr("week of \(first)")
    case .month: return tr("month of \(first)")
    case .cycle: return tr("cycle of \(first)")
    case .quarter: return tr("quarter of \(first)")
    case .campaign: return tr("campaign")
    }
  }

  /// `holder` or `card C1`.
  static func scope(_ window: RuleWindow) -> String {
    window.card.map { tr("card \($0)") } ?? tr("holder")
  }

  /// `at most 1 reward`, `at most ¥450.00`.
  static func rule(_ limit: RewardLimit, _ promotion: Promotion) -> String {
    switch limit.bound {
    case .count(let count): tr("at most \(Plural.count(count, .reward))")
    case .amount(let amount): tr("at most \(MoneyText.display(amount, promotion.currency))")
    }
  }

  /// `spend ¥100.00`, or for `counts: all` `spend ¥100.00, whole period`.
  static func rule(_ threshold: SpendThreshold, _ promotion: Promotion) -> String {
    let spend = MoneyText.display(threshold.spend, promotion.currency)
    return threshold.counts == .all ? tr("spend \(spend), whole period") : tr("spend \(spend)")
  }

  /// A count or an amount as a cell shows it.
  static func measure(_ measure: LimitMeasure, _ promotion: Promotion) -> String {
    switch measure {
    case .count(let count): String(count)
    case .amount(let amount): MoneyText.display(amount, promotion.currency)
    }
  }

  /// The table: one row for the threshold of each window, one for each limit's; when the
  /// style shows bars (standard output is a terminal), a bar of the share spent or used. Each
  /// line is indented by `indent`, and the table fitted to the style's width.
  static func table(
    _ standing: RuleStanding, promotion: Promotion, style: Style, indent: String = "  "
  ) -> String {
    let bars = style.showsBars
    var header = [tr("rule"), tr("period"), tr("scope"), tr("so far"), tr("left"), tr("until")]
    var alignments: [TextTable.Alignment] = [.left, .left, .left, .right, .right, .left]
    if bars {
      header.append("")
      alignments.append(.left)
    }
    var table = TextTable(header: header, alignments: alignments)
    let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
    for threshold in standing.thresholds {
      var row = [
        rule(threshold.threshold, promotion), period(threshold.window), scope(threshold.window),
        money(threshold.spent), money(threshold.toSpend),
        threshold.window.lastDay?.description ?? "",
      ]
      if bars { row.append(bar(filled: filledCells(threshold))) }
      table.append(row)
    }
    for limit in standing.limits {
      var row = [
        rule(limit.limit, promotion), period(limit.window), scope(limit.window),
        measure(limit.used, promotion), measure(limit.left, promotion),
        limit.window.lastDay?.description ?? "",
      ]
      if bars { row.append(bar(filled: limit.usedCells(of: barCells))) }
      table.append(row)
    }
    return table.text(fittingWithin: style.tableWidth.map { $0 - indent.count })
      .split(separator: "\n").map { indent + $0 + "\n" }.joined()
  }

  /// `¥65.50 spent of ¥100.00, ¥34.50 still to spend by 2026-05-31 (month of 2026-05-01,
  /// holder)`, or `reached: …`.
  static func sentence(_ standing: ThresholdStanding, _ promotion: Promotion) -> String {
    let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
    let (spent, spend, toSpend) = (
      money(standing.spent), money(standing.threshold.spend), money(standing.toSpend)
    )
    let place = tr("\(period(standing.window)), \(scope(standing.window))")
    if standing.isReached { return tr("reached: \(spent) spent of \(spend) (\(place))") }
    guard let until = standing.window.lastDay else {
      return tr("\(spent) spent of \(spend), \(toSpend) still to spend (\(place))")
    }
    return tr("\(spent) spent of \(spend), \(toSpend) still to spend by \(until) (\(place))")
  }

  /// `at most 1 reward: 1 used, 0 left (month of 2026-05-01, holder)`.
  static func sentence(_ standing: LimitStanding, _ promotion: Promotion) -> String {
    let rule = rule(standing.limit, promotion)
    let (used, left) = (measure(standing.used, promotion), measure(standing.left, promotion))
    let place = tr("\(period(standing.window)), \(scope(standing.window))")
    return tr("\(rule): \(used) used, \(left) left (\(place))")
  }

  // MARK: JSON

  /// `{"thresholds": [...], "limits": [...]}`; see the manual.
  static func json(_ standing: RuleStanding) -> JSONValue {
    .object([
      ("thresholds", .array(standing.thresholds.map(json))),
      ("limits", .array(standing.limits.map(json))),
    ])
  }

  static func json(_ window: RuleWindow) -> [(String, JSONValue)] {
    [
      ("per", .string(window.period.rawValue)),
      ("scope", .string(window.card == nil ? "holder" : "card")),
      ("card", .optional(window.card?.rawValue)),
      ("periodStart", .optional(window.firstDay?.description)),
      ("periodEnd", .optional(window.lastDay?.description)),
    ]
  }

  static func json(_ standing: ThresholdStanding) -> JSONValue {
    .object(
      [
        ("spend", .string(standing.threshold.spend.description)),
        ("counts", .string(standing.threshold.counts.rawValue)),
      ] + json(standing.window) + [
        ("spent", .string(standing.spent.description)),
        ("toSpend", .string(standing.toSpend.description)),
        ("reached", .bool(standing.isReached)),
      ])
  }

  static func json(_ standing: LimitStanding) -> JSONValue {
    func value(_ measure: LimitMeasure) -> JSONValue {
      switch measure {
      case .count(let count): .integer(count)
      case .amount(let amount): .string(amount.description)
      }
    }
    let bound: (String, JSONValue) =
      switch standing.limit.bound {
      case .count(let count): ("count", .integer(count))
      case .amount(let amount): ("amount", .string(amount.description))
      }
    return .object(
      [bound] + json(standing.window) + [
        ("used", value(standing.used)),
        ("left", value(standing.left)),
      ])
  }
}
