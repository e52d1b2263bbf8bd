import WalletCore

// Section 2's checks 13-15 as window functions, and its outcome: the query of a promotion of
// section 2's form (`isSectionTwo`), which follows batch's engine exactly, a billing cycle that
// comes back after clocks turned back across midnight included.

extension PromotionQuery {
  // MARK: - Checks 13-15

  func addPlaces(to steps: inout QuerySteps) {
    let perCycle = promotion.rewardsPerCycle
    let cap = promotion.maxRewardsPerHolder
    // A holder's count in a cycle restarts whenever the cycle changes, in the order of time.
    // Where local dates never step back, that is the cycle itself; where the zone turned its
    // clocks back across midnight, a cycle can come back, and each return is a new run.
    var runSource = "checked"
    if zone.localDateStepsBack {
      steps.add(
        "cycle_changes",
        """
        SELECT *,
            CASE WHEN cycle_sequence = LAG(cycle_sequence) OVER (
                PARTITION BY holder ORDER BY \(order)) THEN 0 ELSE 1 END AS cycle_changed
          FROM checked
        """)
      steps.add(
        "cycle_runs",
        """
        SELECT *,
            SUM(cycle_changed) OVER (PARTITION BY holder ORDER BY \(order) \(upToHere)) AS cycle_run
          FROM cycle_changes
        """)
      runSource = "cycle_runs"
    } else {
      steps.add("cycle_runs", "SELECT *, cycle_sequence AS cycle_run FROM checked")
      runSource = "cycle_runs"
    }
    // Every row goes through the windows, so that nothing is joined back: a row that failed
    // checks 1-12 counts for nothing, and keeps its reason.
    let eligible = "static_reason IS NULL"
    steps.add(
      "cycle_ranks",
      """
      SELECT *,
          -- the holder's first \(perCycle) in a cycle are candidates
          SUM(CASE WHEN \(eligible) THEN 1 ELSE 0 END) OVER (
            PARTITION BY holder, cycle_run ORDER BY \(order) \(upToHere)) AS rank_in_cycle
        FROM \(runSource)
      """)
    steps.add(
      "candidates",
      """
      SELECT *,
          -- of those, the first \(cap) of the holder take a place, quota permitting
          SUM(CASE WHEN \(eligible) AND rank_in_cycle <= \(perCycle) THEN 1 ELSE 0 END) OVER (
            PARTITION BY holder ORDER BY \(order) \(upToHere)) AS candidates_so_far
        FROM cycle_ranks
      """)
    let wouldTakePlace =
      "\(eligible) AND rank_in_cycle <= \(perCycle) AND candidates_so_far <= \(cap)"
    if let quota = promotion.quota {
      steps.add(
        "quota_order",
        """
        SELECT id,
            -- first come, first served: a row number over the whole promotion
            ROW_NUMBER() OVER (ORDER BY \(order)) AS quota_rank
          FROM candidates
          WHERE \(wouldTakePlace)
        """)
      steps.add(
        "places",
        """
        SELECT c.*,
            CASE WHEN q.quota_rank <= \(quota) THEN 1 ELSE 0 END AS takes_place
          FROM candidates c
          LEFT JOIN quota_order q ON q.id = c.id
        """)
    } else {
      steps.add(
        "places",
        """
        SELECT *, CASE WHEN \(wouldTakePlace) THEN 1 ELSE 0 END AS takes_place
          FROM candidates
        """)
    }
    steps.add(
      "places_counted",
      """
      SELECT *,
          -- the second round: places taken so far, by the holder and in the cycle
          SUM(takes_place) OVER (
            PARTITION BY holder ORDER BY \(order) \(upToHere)) AS holder_places,
          SUM(takes_place) OVER (
            PARTITION BY holder, cycle_run ORDER BY \(order) \(upToHere)) AS cycle_places
        FROM places
      """)
    steps.add(
      "place_outcomes",
      """
      SELECT *,
          CASE WHEN takes_place = 1 THEN holder_places END AS ordinal,
          CASE
            WHEN takes_place = 1 THEN CAST(NULL AS \(dialect.textType))
            WHEN holder_places >= \(cap) THEN '\(ReasonCode.rewardCapReached.rawValue)'
            WHEN cycle_places >= \(perCycle) THEN '\(ReasonCode.cycleAlreadyRewarded.rawValue)'
            ELSE '\(ReasonCode.quotaExhausted.rawValue)'
          END AS place_reason
        FROM places_counted
      """)
  }

  /// Under clawback, whether a place taken (row `k`) is forfeited, its reward taken back: the
  /// purchase was refunded by its status or in full, or refunded below the minimum (SPEC 3).
  /// Both queries' outcomes say it; under net there is no such outcome.
  var forfeitsUnderClawback: String {
    "(k.status = 'refunded' OR k.refunded_fen >= k.amount_fen"
      + " OR k.amount_fen - k.refunded_fen < \(minimum))"
  }

  func addDecided(to steps: inout QuerySteps) {
    let forfeits = forfeitsUnderClawback
    let outcome =
      clawback
      ? """
      CASE WHEN k.ordinal IS NULL THEN 'not-rewarded'
               WHEN \(forfeits) THEN 'forfeited'
               ELSE 'rewarded' END AS outcome,
          CASE WHEN k.ordinal IS NOT NULL AND \(forfeits) THEN '\(ReasonCode.refunded.rawValue)'
               ELSE COALESCE(k.static_reason, k.place_reason, '') END AS reason
      """
      : """
      CASE WHEN k.ordinal IS NULL THEN 'not-rewarded' ELSE 'rewarded' END AS outcome,
          COALESCE(k.static_reason, k.place_reason, '') AS reason
      """
    let day = promotion.cycleStartDay
    steps.add(
      "decided",
      """
      SELECT k.*, r.reward,
          \(outcome),
          printf('%04d-%02d-%02d',
            CASE WHEN k.civil_day >= \(day) THEN k.civil_year
              ELSE k.civil_year - CASE WHEN k.civil_month = 1 THEN 1 ELSE 0 END END,
            CASE WHEN k.civil_day >= \(day) THEN k.civil_month
              ELSE CASE WHEN k.civil_month = 1 THEN 12 ELSE k.civil_month - 1 END END,
            \(day)) AS cycle_start
        FROM place_outcomes k
        LEFT JOIN reward_tiers r ON r.channel = k.channel AND r.ordinal = k.ordinal
      """)
  }
}
