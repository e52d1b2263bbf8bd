import WalletCore

// SPEC 8's stateful checks as window functions.
//
// A transaction's outcome depends on the places taken before it, which in general is a
// recursion. The chain rule (of any two limits, one's windows lie inside the other's) is what
// removes it: every limit, and the quota, refuses for good in its window once it refuses at
// all (counts and sums of places only grow), so the places are found from the finest limit to
// the coarsest, each stage a window over the survivors of the one before:
//
// - stage 0 gives each candidate (it qualifies, earns above zero, reaches the threshold) the
//   reward it would earn before any limit, every other row 0;
// - a count limit of N keeps a row's value when it is among the first N rows of its window
//   with a value above 0 (a running count), else 0;
// - an amount limit of A gives a row `min(A, C) - min(A, C - v)`, where v is its value from
//   the stage before and C the running sum of those values in its window (a running capped
//   sum: what is left of A, at most v);
// - the quota is the coarsest count limit of all, one window for every holder.
//
// Why this is the one-pass decision: within a window W of the coarsest limit L, the pass
// decides as it would without L until L first refuses, after which L refuses every later row
// of W (an amount limit pays the row that reaches A what is left, then refuses); the rows
// before that are decided by the finer limits alone, whose windows lie inside W. So the pass
// with L is stage L applied to the pass without it, and by induction to stage 0. Which check
// refuses a row does not change its value (any count refusal or an exhausted amount gives 0,
// else the least of the reward and every remainder), so the stages may run finest first
// though the checks run coarsest first. A `tiers` reward (which has no amount limit) runs
// the stages on 1 for every candidate; its ordinal then is the holder's running count of
// places, and its entry the reward.
//
// A second round of running counts and sums over the places says why a candidate took none:
// the first count limit, in the order of the checks, that its window had filled; else an
// amount limit with nothing left; else the quota. Periods are windows by identity (the first
// day that names them), as the readable decision compares them.

extension PromotionQuery {
  /// Whether the promotion's rules are section 2's alone: a `tiers` reward with the holder's
  /// count per cycle and per campaign, and none of SPEC 8's other rules. Such a promotion
  /// compiles to the section 2 query, which follows batch's engine exactly, unless the zone's
  /// local dates step back within the query's years: then a billing cycle can come back, and
  /// its count with it, which SPEC 8's windows by identity reckon.
  var isSectionTwo: Bool {
    guard case .tiers = promotion.reward, !zone.localDateStepsBack else { return false }
    let sectionTwo = Promotion.sectionTwoLimits(
      rewardsPerCycle: promotion.rewardsPerCycle,
      maxRewardsPerHolder: promotion.maxRewardsPerHolder)
    guard promotion.limits.count == sectionTwo.count, Set(promotion.limits) == Set(sectionTwo)
    else { return false }
    return promotion.threshold == nil && promotion.weekdays == nil && promotion.monthDays == nil
      && promotion.mccs == nil && promotion.merchants == nil
      && (promotion.channels ?? Set(Channel.allCases)) == Set(Channel.allCases)
  }

  /// The limits from the finest to the coarsest: each one's windows lie inside those of every
  /// limit after it. The promotion's limits must form a chain, as decoding ensures.
  var limitsFinestFirst: [RewardLimit] {
    var left = promotion.limits
    var ordered: [RewardLimit] = []
    while !left.isEmpty {
      guard
        let finest = left.firstIndex(where: { limit in left.allSatisfy { limit.nests(in: $0) } })
      else { preconditionFailure("the promotion's limits do not form a chain") }
      ordered.append(left.remove(at: finest))
    }
    return ordered
  }

  /// The count limits in the order they are checked: the coarsest period first, the holder
  /// before the card at the same period, otherwise as the file lists them; with each one's
  /// place in `promotion.limits`.
  var countLimitsInCheckingOrder: [(index: Int, limit: RewardLimit, count: Int)] {
    func rank(_ limit: RewardLimit) -> Int {
      PromotionPeriod.coarsestFirst.firstIndex(of: limit.period)! * 2
        + (limit.scope == .holder ? 0 : 1)
    }
    return promotion.limits.enumerated().compactMap { index, limit in
      guard case .count(let count) = limit.bound else { return nil }
      return (index, limit, count)
    }.sorted { (rank($0.limit), $0.index) < (rank($1.limit), $1.index) }
  }

  // MARK: - Windows

  /// The column naming the period of `period`'s kind that holds a row's local date; nil for
  /// the campaign, one period for all time.
  func periodColumn(_ period: PromotionPeriod) -> String? {
    period == .campaign ? nil : "period_\(period.rawValue)"
  }

  /// The expression of `periodColumn(period)`, over the columns of `checked`.
  private func periodExpression(_ period: PromotionPeriod) -> String {
    switch period {
    case .day: "local_day"
    case .week: "local_day - \(isoWeekday("local_day")) + 1"
    case .month: "civil_year * 12 + civil_month - 1"
    case .cycle: "cycle_sequence"
    case .quarter: "civil_year * 4 + \(dialect.divide("civil_month - 1", "3"))"
    case .campaign: "0"
    }
  }

  /// The ISO weekday, 1 (Monday) … 7, of a day number (1970-01-01 was a Thursday).
  func isoWeekday(_ days: String) -> String {
    "((((\(days)) + 3) % 7 + 7) % 7 + 1)"
  }

  /// A window over a scope's rows in a period, in the order of the pass, up to this row.
  func runningWindow(_ period: PromotionPeriod, _ scope: PromotionScope) -> String {
    let partition = [scope.rawValue] + [periodColumn(period)].compactMap { $0 }
    return "PARTITION BY \(partition.joined(separator: ", ")) ORDER BY \(order) \(upToHere)"
  }

  // MARK: - Steps

  /// From `checked` to `place_outcomes`: SPEC 8's checks after the qualifying ones, each row's
  /// place, ordinal, reward in fen and reason.
  func addSectionEightPlaces(to steps: inout QuerySteps) {
    let threshold = promotion.threshold
    var periods = Set(promotion.limits.map(\.period))
    if let threshold { periods.insert(threshold.period) }
    let periodColumns = PromotionPeriod.allCases.filter { periods.contains($0) }.compactMap {
      period in periodColumn(period).map { "\(periodExpression(period)) AS \($0)" }
    }
    let base = clawback ? "amount_fen" : "amount_fen - refunded_fen"
    steps.step(
      "qualified", from: "checked",
      columns: periodColumns + [
        "\(base) AS base_fen",
        "-- what the reward would be before any limit (a tiers reward: 1, its entries all earn)\n"
          + "CASE WHEN static_reason IS NULL THEN \(rewardBeforeLimits(base: base)) ELSE 0 END"
          + " AS want_fen",
      ])
    var from = "qualified"
    var refusals = [
      "WHEN static_reason IS NOT NULL THEN static_reason",
      "WHEN want_fen = 0 THEN '\(ReasonCode.belowMinimum.rawValue)'",
    ]
    if let threshold {
      let counted = "CASE WHEN static_reason IS NULL THEN base_fen ELSE 0 END"
      let window =
        threshold.counts == .all
        ? "PARTITION BY "
          + ([threshold.scope.rawValue] + [periodColumn(threshold.period)].compactMap { $0 })
          .joined(separator: ", ")
        : runningWindow(threshold.period, threshold.scope)
      steps.step(
        "spends", from: from,
        columns: [
          "-- the spend of the scope in the period: qualifying bases, \(threshold.counts.rawValue)\n"
            + "SUM(\(counted)) OVER (\(window)) AS spend_fen"
        ])
      from = "spends"
      refusals.append(
        "WHEN spend_fen < \(dialect.bigint(threshold.spend.minorUnits))"
          + " THEN '\(ReasonCode.belowThreshold.rawValue)'")
    }
    steps.step(
      "early", from: from,
      columns: ["CASE\n    \(refusals.joined(separator: "\n    "))\n  END AS early_reason"])
    steps.step(
      "stage_0", from: "early",
      columns: ["CASE WHEN early_reason IS NULL THEN want_fen ELSE 0 END AS value_0"])
    from = "stage_0"
    // The stages, finest limit first, then the quota.
    var stage = 0
    func addStage(_ bound: LimitBound, window: String, what: String) {
      let previous = "value_\(stage)"
      stage += 1
      let value = "value_\(stage)"
      switch bound {
      case .count(let count):
        steps.step(
          "stage_\(stage)", from: from,
          columns: [
            """
            -- \(what): the first \(count) rows still earning in the window keep their value
            CASE WHEN \(previous) > 0 AND SUM(CASE WHEN \(previous) > 0 THEN 1 ELSE 0 END) OVER (
                \(window)) <= \(count) THEN \(previous) ELSE 0 END AS \(value)
            """
          ])
      case .amount(let most):
        let cap = dialect.bigint(most.minorUnits)
        steps.step(
          "stage_\(stage)_sums", from: from,
          columns: [
            "-- \(what): the running sum of what the rows before and this one would earn\n"
              + "CAST(SUM(\(previous)) OVER (\(window)) AS BIGINT) AS running_\(stage)"
          ])
        let before = "running_\(stage) - \(previous)"
        steps.step(
          "stage_\(stage)", from: "stage_\(stage)_sums",
          columns: [
            """
            -- what is left of \(most) when the row comes, at most its value
            CASE WHEN running_\(stage) >= \(cap) THEN \(cap) ELSE running_\(stage) END
                - CASE WHEN \(before) >= \(cap) THEN \(cap) ELSE \(before) END AS \(value)
            """
          ])
      }
      from = "stage_\(stage)"
    }
    for limit in limitsFinestFirst {
      addStage(
        limit.bound, window: runningWindow(limit.period, limit.scope),
        what: "a limit per \(limit.period.rawValue) and \(limit.scope.rawValue)")
    }
    if let quota = promotion.quota {
      addStage(.count(quota), window: "ORDER BY \(order) \(upToHere)", what: "the quota")
    }
    addSecondRound(to: &steps, from: from, value: "value_\(stage)")
  }

  /// What a transaction earns before any limit, in fen, from its base; 1 for a tiers reward.
  private func rewardBeforeLimits(base: String) -> String {
    switch promotion.reward {
    case .tiers:
      return "1"
    case .fixed(.same(let amount)):
      return dialect.bigint(amount.minorUnits)
    case .fixed(.byChannel(let bankApp, let wallet)):
      return "CASE WHEN channel = \(lit(Channel.bankApp.rawValue))"
        + " THEN \(dialect.bigint(bankApp.minorUnits)) ELSE \(dialect.bigint(wallet.minorUnits)) END"
    case .percent(let percentage, let cap):
      // base × hundredths / 10,000 rounded down, in two parts so that no product overflows.
      let hundredths = percentage.hundredths
      let share =
        "(\(dialect.divide("(\(base))", "10000")) * \(hundredths)"
        + " + \(dialect.divide("((\(base)) % 10000) * \(hundredths)", "10000")))"
      guard let cap else { return share }
      let most = dialect.bigint(cap.minorUnits)
      return "CASE WHEN \(share) > \(most) THEN \(most) ELSE \(share) END"
    }
  }

  /// The places counted again, and each row's ordinal and reason.
  private func addSecondRound(to steps: inout QuerySteps, from source: String, value: String) {
    var columns = [
      "CAST(\(value) AS BIGINT) AS granted_fen",
      "CASE WHEN \(value) > 0 THEN 1 ELSE 0 END AS takes_place",
    ]
    steps.step("places", from: source, columns: columns)
    columns = [
      "-- the second round: places taken so far, and what they were paid, in each window\n"
        + "SUM(takes_place) OVER (PARTITION BY holder ORDER BY \(order) \(upToHere))"
        + " AS holder_places"
    ]
    for (index, limit) in promotion.limits.enumerated() {
      let window = runningWindow(limit.period, limit.scope)
      switch limit.bound {
      case .count:
        columns.append("SUM(takes_place) OVER (\(window)) AS placed_\(index)")
      case .amount:
        columns.append("SUM(granted_fen) OVER (\(window)) AS paid_\(index)")
      }
    }
    steps.step("places_counted", from: "places", columns: columns)
    var reasons = [
      "WHEN early_reason IS NOT NULL THEN early_reason",
      "WHEN takes_place = 1 THEN CAST(NULL AS \(dialect.textType))",
    ]
    for (index, limit, count) in countLimitsInCheckingOrder {
      reasons.append(
        "WHEN placed_\(index) >= \(count) THEN '\(limit.period.countReason.rawValue)'")
    }
    let exhausted = promotion.limits.enumerated().compactMap { index, limit -> String? in
      guard case .amount(let most) = limit.bound else { return nil }
      return "paid_\(index) >= \(dialect.bigint(most.minorUnits))"
    }
    if !exhausted.isEmpty {
      reasons.append(
        "WHEN \(exhausted.joined(separator: " OR ")) THEN '\(ReasonCode.amountCapReached.rawValue)'"
      )
    }
    reasons.append("ELSE '\(ReasonCode.quotaExhausted.rawValue)'")
    steps.step(
      "place_outcomes", from: "places_counted",
      columns: [
        "CASE WHEN takes_place = 1 THEN holder_places END AS ordinal",
        "CASE\n    \(reasons.joined(separator: "\n    "))\n  END AS place_reason",
      ])
  }

  /// `decided`: the outcome, reason, reward as written, and cycle of every row.
  func addSectionEightDecided(to steps: inout QuerySteps) {
    let forfeits = forfeitsUnderClawback
    let outcome =
      clawback
      ? """
      CASE WHEN k.ordinal IS NULL THEN 'not-rewarded'
               WHEN \(forfeits) THEN 'forfeited'
               ELSE 'rewarded' END AS outcome,
          CASE WHEN k.ordinal IS NOT NULL AND \(forfeits) THEN '\(ReasonCode.refunded.rawValue)'
               ELSE COALESCE(k.place_reason, '') END AS reason
      """
      : """
      CASE WHEN k.ordinal IS NULL THEN 'not-rewarded' ELSE 'rewarded' END AS outcome,
          COALESCE(k.place_reason, '') AS reason
      """
    let reward: String
    let join: String
    if case .tiers = promotion.reward {
      reward = "r.reward"
      join = "\n  LEFT JOIN reward_tiers r ON r.channel = k.channel AND r.ordinal = k.ordinal"
    } else {
      reward =
        "CASE WHEN k.ordinal IS NOT NULL THEN printf('%d.%02d', "
        + "\(dialect.divide("k.granted_fen", "100")), k.granted_fen % 100) END"
      join = ""
    }
    steps.add(
      "decided",
      """
      SELECT k.*, \(reward) AS reward,
          \(outcome),
          \(cycleStart(alias: "k")) AS cycle_start
        FROM place_outcomes k\(join)
      """)
  }
}
