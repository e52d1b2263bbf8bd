import Foundation
import WalletCore

/// A promotion compiled to one SQL query that decides every transaction as `wallet batch` does
/// (SPEC sections 2, 3 and 8), for a bank whose transactions live in a warehouse or a Spark lake.
///
/// The query reads three tables or views, `cards`, `enrollments` and `transactions`, whose
/// columns are the CSV header names in lower case, every value a string as a CSV read without
/// type inference gives it, optional columns present and NULL (or empty) where absent. It
/// assumes input that batch accepts (`validation` finds what it would refuse) and returns the
/// decisions rows, or the rewards rows, each value written as batch writes it: decisions by
/// transaction id (SQL tables have no row order; batch keeps the input's), rewards by holder
/// then ordinal as batch writes them.
///
/// The query is a chain of named steps (`WITH`): each input normalised (trimmed, defaults,
/// codes, money in fen, times in integer nanoseconds through the zone's table of offsets), the
/// transaction's local date and billing cycle, its enrollment, checks 1–12 (with SPEC 8's
/// days, channels and listed merchants in their places), then the checks that read what came
/// before as window functions. For a promotion of section 2's form (`isSectionTwo`): a rank in
/// the holder's cycle, a running count of the holder's candidates, a row number over time and
/// id for the quota, and a second round of running counts of the places actually taken, which
/// say why a transaction that took none did not. For any other, SPEC 8's: the reward before
/// limits, the threshold's spend as a running or whole-period sum, then one stage per limit
/// from the finest to the coarsest and the quota last, each a running count or a running capped
/// sum of what the stage before left (PromotionQuery+Limits.swift says why that is the
/// one-pass decision), and the same second round. The promotion's limits must form a chain, as
/// decoding a file ensures.
public struct PromotionQuery: Sendable {
  /// What the query returns.
  public enum Output: Sendable {
    /// The decisions file's rows.
    case decisions
    /// The rewards file's rows.
    case rewards
  }

  /// The promotion decided under.
  public let promotion: Promotion
  /// The engine the query is written for.
  public let dialect: SQLDialect
  /// The promotion's zone, tabulated for the years the query covers.
  public let zone: ZoneTable

  /// The years whose changes of offset the query carries unless told otherwise.
  public static let defaultYears = 2000...2049

  /// A compiler for `promotion` in `dialect`, carrying the zone's offsets for `years`.
  public init(promotion: Promotion, dialect: SQLDialect, years: ClosedRange<Int> = defaultYears) {
    self.promotion = promotion
    self.dialect = dialect
    zone = ZoneTable(zone: promotion.timeZone, years: years)
  }

  /// The query returning the decisions rows.
  public var decisions: String { query(.decisions) }

  /// The query returning the rewards rows.
  public var rewards: String { query(.rewards) }

  /// The query returning `output`.
  public func query(_ output: Output) -> String {
    var steps = QuerySteps(header: header(output), materialized: dialect == .sqlite)
    steps.entries += zone.tables(in: dialect)
    if case .tiers = promotion.reward { steps.entries.append(rewardTiers) }
    addCards(to: &steps)
    addEnrollments(to: &steps)
    addTransactions(to: &steps)
    addStaticChecks(to: &steps)
    if isSectionTwo {
      addPlaces(to: &steps)
      addDecided(to: &steps)
    } else {
      addSectionEightPlaces(to: &steps)
      addSectionEightDecided(to: &steps)
    }
    switch output {
    case .decisions: return steps.render(final: decisionsSelect)
    case .rewards: return steps.render(final: rewardsSelect)
    }
  }

  // MARK: - Pieces

  func q(_ name: String) -> String { dialect.identifier(name) }
  func lit(_ text: String) -> String { dialect.literal(text) }
  func trimmed(_ column: String) -> String { "NULLIF(\(dialect.trim(q(column))), '')" }
  var clawback: Bool { promotion.refunds == .clawback }
  var minimum: Int64 { promotion.minimumSpend.minorUnits }
  /// The order of the pass: time, then id.
  var order: String { "time_ns, id" }
  /// A window's frame from the first row to this one.
  var upToHere: String { "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW" }

  private func header(_ output: Output) -> String {
    let what = output == .decisions ? "decisions" : "rewards"
    let range = "\(zone.years.lowerBound)-\(zone.years.upperBound)"
    return """
      -- wallet sql: the \(what) of promotion \(promotion.id.rawValue.sqlComment) for \(dialect.rawValue).
      -- Reads tables cards, enrollments, transactions (CSV header names, every value a string).
      -- Assumes input wallet batch accepts (see wallet sql --validation); times in
      -- \(promotion.timeZone.identifier.sqlComment) are exact for the years \(range) (wallet sql --years).
      """
  }

  /// `reward_tiers(channel, ordinal, reward)`: each channel's schedule, amounts as written.
  private var rewardTiers: String {
    var rows: [[String]] = []
    for channel in Channel.allCases {
      for (index, amount) in promotion.tiers[channel].enumerated() {
        rows.append([lit(channel.rawValue), "\(index + 1)", lit(amount.description)])
      }
    }
    return dialect.inlineTable(
      "reward_tiers", columns: ["channel", "ordinal", "reward"], rows: rows)
  }

  /// A network's canonical name from its text: folded as `Network.fold` does, aliases mapped.
  func canonicalNetwork(_ text: String) -> String {
    canonical(Network.self, text, removing: " -_")
  }

  /// A card type's canonical name from its text, its Chinese names (`信用卡`) mapped.
  func canonicalType(_ text: String) -> String {
    canonical(CardType.self, text, removing: "")
  }

  /// A card role's canonical name from its text, its Chinese names (`附属卡`) mapped.
  func canonicalRole(_ text: String) -> String {
    canonical(CardRole.self, text, removing: "")
  }

  /// A channel's canonical name from its text: folded as `Channel.fold` does (`Apple 钱包`),
  /// aliases mapped.
  func canonicalChannel(_ text: String) -> String {
    canonical(Channel.self, text, removing: " ")
  }

  /// A code's canonical name from its text: lower-cased and without the characters of
  /// `removing` (as the list's `fold` does), each alias and folded canonical name mapped to its
  /// code; any other text stays folded, for the checks to refuse.
  private func canonical<Code: CanonicalCode>(
    _ code: Code.Type, _ text: String, removing: String
  ) -> String {
    let folded = removing.reduce("lower(\(text))") { "replace(\($0), '\($1)', '')" }
    var cases: [(String, String)] = Code.aliases.map { ($0.key, $0.value.rawValue) }
    for value in Code.allCases where Code.fold(value.rawValue) != value.rawValue {
      cases.append((Code.fold(value.rawValue), value.rawValue))
    }
    guard !cases.isEmpty else { return folded }
    let whens = cases.sorted { $0.0 < $1.0 }
      .map { "WHEN \(lit($0.0)) THEN \(lit($0.1))" }.joined(separator: " ")
    return "CASE \(folded) \(whens) ELSE \(folded) END"
  }

  /// An issuer as wallet keeps it (`Issuer.code`): a known bank's name, folded as
  /// `KnownBank.fold` does, as its code; any other text as written.
  func canonicalIssuer(_ text: String) -> String {
    let folded = " -_".reduce("lower(\(text))") { "replace(\($0), '\($1)', '')" }
    let whens = KnownBank.byFoldedName.sorted { $0.key < $1.key }
      .map { "WHEN \(lit($0.key)) THEN \(lit($0.value.code))" }.joined(separator: " ")
    return "CASE \(folded) \(whens) ELSE \(text) END"
  }

  private func list(_ values: [String]) -> String {
    values.sorted().map(lit).joined(separator: ", ")
  }

  // MARK: - Cards

  private func addCards(to steps: inout QuerySteps) {
    var reasons: [String] = []
    if let issuer = promotion.issuer {
      reasons.append(
        "WHEN issuer IS NULL OR lower(issuer) <> lower(\(lit(Issuer.code(issuer))))"
          + " THEN '\(ReasonCode.otherIssuer.rawValue)'")
    }
    if let types = promotion.cardTypes {
      reasons.append(
        "WHEN card_type NOT IN (\(list(types.map(\.rawValue))))"
          + " THEN '\(ReasonCode.ineligibleCardType.rawValue)'")
    }
    if let networks = promotion.networks {
      reasons.append(
        "WHEN network NOT IN (\(list(networks.map(\.rawValue))))"
          + " THEN '\(ReasonCode.ineligibleNetwork.rawValue)'")
    }
    if promotion.supplementaryCards == .exclude {
      reasons.append(
        "WHEN card_role = 'supplementary' THEN '\(ReasonCode.supplementaryCard.rawValue)'")
    }
    steps.add(
      "card_rows",
      """
      SELECT
          \(dialect.trim(q("card"))) AS card,
          \(dialect.trim(q("holder"))) AS holder,
          \(canonicalNetwork(dialect.trim(q("network")))) AS network,
          \(canonicalType(dialect.trim(q("type")))) AS card_type,
          COALESCE(\(canonicalRole(trimmed("role"))), 'primary') AS card_role,
          \(canonicalIssuer(trimmed("issuer"))) AS issuer
        FROM cards
      """)
    let reason =
      reasons.isEmpty
      ? "CAST(NULL AS \(dialect.textType))"
      : "CASE\n      " + reasons.joined(separator: "\n      ") + "\n    END"
    steps.add(
      "card_facts",
      """
      SELECT card, holder,
          -- checks 4-7, the card's own
          \(reason) AS card_reason
        FROM card_rows
      """)
  }

  // MARK: - Enrollments

  private func addEnrollments(to steps: inout QuerySteps) {
    let enrolled = InstantText(name: "enrolled_text", dialect: dialect)
    let removed = InstantText(name: "removed_text", dialect: dialect)
    steps.add(
      "enrollment_text",
      """
      SELECT
          \(trimmed("id")) AS given_id,
          \(dialect.trim(q("card"))) AS card,
          \(canonicalChannel(dialect.trim(q("channel")))) AS channel,
          \(dialect.trim(q("enrolled_at"))) AS enrolled_text,
          \(trimmed("removed_at")) AS removed_text
        FROM enrollments
      """)
    steps.step(
      "enrollment_zones", from: "enrollment_text",
      columns: enrolled.zoneColumns + removed.zoneColumns)
    steps.step(
      "enrollment_fields", from: "enrollment_zones",
      columns: enrolled.fieldColumns + removed.fieldColumns)
    steps.step(
      "enrollment_clocks", from: "enrollment_fields",
      columns: enrolled.localColumns + removed.localColumns)
    steps.add(
      "enrollment_rows",
      """
      SELECT
          -- a missing id is <card>:<channel>:<enrolled_at as written>
          COALESCE(given_id, card || ':' || channel || ':' || enrolled_text) AS id,
          card, channel,
          \(enrolled.nanoseconds(zoneAlias: "ze")) AS enrolled_ns,
          \(removed.nanoseconds(zoneAlias: "zr")) AS removed_ns
        FROM enrollment_clocks
        LEFT JOIN zone_local ze ON \(enrolled.localZoneJoin("ze"))
        LEFT JOIN zone_local zr ON \(removed.localZoneJoin("zr"))
      """)
  }

  // MARK: - Transactions

  /// Fen from a decimal amount as batch accepts it (`100`, `100.5`, `100.50`).
  func fen(_ text: String) -> String {
    let point = "instr(\(text), '.')"
    return """
      CASE WHEN \(point) = 0 THEN CAST(\(text) AS BIGINT) * 100
            ELSE CAST(substr(\(text), 1, \(point) - 1) AS BIGINT) * 100
              + CAST(substr(substr(\(text), \(point) + 1) || '0', 1, 2) AS BIGINT) END
      """
  }

  private func addTransactions(to steps: inout QuerySteps) {
    let time = InstantText(name: "time_text", dialect: dialect)
    // SPEC 8's merchant lists read the merchant; section 2 reads none.
    let merchant = isSectionTwo ? "" : ",\n    \(trimmed("merchant")) AS merchant"
    steps.add(
      "transaction_text",
      """
      SELECT
          \(dialect.trim(q("id"))) AS id,
          \(dialect.trim(q("card"))) AS card,
          \(dialect.trim(q("time"))) AS time_text,
          \(dialect.trim(q("amount"))) AS amount_text,
          COALESCE(\(trimmed("refunded")), '0') AS refunded_text,
          COALESCE(upper(\(trimmed("currency"))), 'CNY') AS currency,
          COALESCE(lower(\(trimmed("method"))), 'apple-pay') AS method,
          COALESCE(lower(\(trimmed("status"))), 'settled') AS status,
          \(trimmed("enrollment")) AS enrollment,
          \(trimmed("mcc")) AS mcc\(merchant)
        FROM transactions
      """)
    steps.step("transaction_zones", from: "transaction_text", columns: time.zoneColumns)
    steps.step("transaction_fields", from: "transaction_zones", columns: time.fieldColumns)
    steps.step("transaction_clocks", from: "transaction_fields", columns: time.localColumns)
    steps.add(
      "transaction_rows",
      """
      SELECT id, card, currency, method, status, enrollment, mcc,\(isSectionTwo ? "" : " merchant,")
          \(fen("amount_text")) AS amount_fen,
          \(fen("refunded_text")) AS refunded_fen,
          \(time.nanoseconds(zoneAlias: "zl")) AS time_ns
        FROM transaction_clocks
        LEFT JOIN zone_local zl ON \(time.localZoneJoin("zl"))
      """)
    // The local date in the promotion's zone, for billing cycles, campaign days and output.
    let seconds = dialect.floorDivide("time_ns", by: 1_000_000_000)
    steps.add(
      "transaction_utc",
      """
      SELECT *, \(seconds) AS utc_seconds FROM transaction_rows
      """)
    steps.add(
      "transaction_local",
      """
      SELECT t.*, zu.offset_seconds,
          \(dialect.floorDivide("t.utc_seconds + zu.offset_seconds", by: 86_400)) AS local_day,
          ((t.utc_seconds + zu.offset_seconds) % 86400 + 86400) % 86400 AS second_of_day
        FROM transaction_utc t
        JOIN zone_utc zu ON t.utc_seconds >= zu.utc_from AND t.utc_seconds < zu.utc_to
      """)
    var from = "transaction_local"
    let dateSteps = SQLCalendar(dialect: dialect).dateSteps(days: "local_day", prefix: "civil")
    for (index, columns) in dateSteps.enumerated() {
      let name =
        index == dateSteps.count - 1 ? "transaction_dates" : "transaction_date_\(index + 1)"
      steps.step(name, from: from, columns: columns)
      from = name
    }
    let day = promotion.cycleStartDay
    steps.step(
      "transaction_cycles", from: "transaction_dates",
      columns: [
        """
        -- the billing cycle holding the local date, as a number of months
        CASE WHEN civil_day >= \(day) THEN civil_year * 12 + civil_month - 1
               ELSE civil_year * 12 + civil_month - 2 END AS cycle_sequence
        """
      ])
  }

  // MARK: - Checks 1-12

  private func addStaticChecks(to steps: inout QuerySteps) {
    let judged = clawback ? "t.amount_fen" : "t.amount_fen - t.refunded_fen"
    let refundCheck =
      clawback
      ? "t.status = 'reversed'"
      : "t.status IN ('refunded', 'reversed') OR t.refunded_fen >= t.amount_fen"
    var checks = [
      "WHEN t.status = 'declined' THEN '\(ReasonCode.declined.rawValue)'",
      "WHEN \(refundCheck) THEN '\(ReasonCode.refunded.rawValue)'",
      "WHEN t.method <> 'apple-pay' THEN '\(ReasonCode.notApplePay.rawValue)'",
      "WHEN c.card_reason IS NOT NULL THEN c.card_reason",
      "WHEN t.currency <> \(lit(promotion.currency.code))"
        + " THEN '\(ReasonCode.foreignCurrency.rawValue)'",
    ]
    var campaign: [String] = []
    if let start = promotion.campaignStart {
      campaign.append("t.local_day < \(start.daysSinceEpoch)")
    }
    if let end = promotion.campaignEnd {
      campaign.append("t.local_day > \(end.daysSinceEpoch)")
    }
    if !campaign.isEmpty {
      checks.append(
        "WHEN \(campaign.joined(separator: " OR ")) THEN '\(ReasonCode.outsideCampaign.rawValue)'")
    }
    checks += dayChecks
    checks.append("WHEN t.channel IS NULL THEN '\(ReasonCode.notEnrolled.rawValue)'")
    checks += channelChecks
    if !promotion.excludedMCCs.isEmpty {
      let codes = promotion.excludedMCCs.map { String(format: "%04d", Int($0.value)) }
      checks.append(
        "WHEN t.mcc IN (\(list(codes))) THEN '\(ReasonCode.excludedMerchant.rawValue)'")
    }
    checks += listedMerchantChecks
    checks.append("WHEN \(judged) < \(minimum) THEN '\(ReasonCode.belowMinimum.rawValue)'")
    steps.add(
      "enrollment_choices",
      """
      SELECT t.*, e.channel,
          -- the enrollment named, if it is this card's and active; else the card's active one
          -- enrolled earliest (ties: smaller id); none when no row joins
          ROW_NUMBER() OVER (PARTITION BY t.id ORDER BY e.enrolled_ns, e.id) AS choice
        FROM transaction_cycles t
        LEFT JOIN enrollment_rows e
          ON e.card = t.card AND e.enrolled_ns <= t.time_ns
          AND (e.removed_ns IS NULL OR t.time_ns < e.removed_ns)
          AND (t.enrollment IS NULL OR e.id = t.enrollment)
      """)
    steps.add(
      "checked",
      """
      SELECT t.id, t.card, c.holder, t.time_ns, t.status, t.amount_fen, t.refunded_fen,
          t.cycle_sequence, t.civil_year, t.civil_month, t.civil_day,
          t.second_of_day, t.offset_seconds, t.channel,\(isSectionTwo ? "" : " t.local_day,")
          -- checks 1-12: the first that fails, NULL when all pass
          CASE
            \(checks.joined(separator: "\n      "))
          END AS static_reason
        FROM enrollment_choices t
        JOIN card_facts c ON c.card = t.card
        WHERE t.choice = 1
      """)
  }

  // MARK: - Output

  private var decisionsSelect: String {
    """
    SELECT
        id AS \(q("transaction")),
        holder AS \(q("holder")),
        card AS \(q("card")),
        cycle_start AS \(q("cycle_start")),
        outcome AS \(q("outcome")),
        reason AS \(q("reason")),
        COALESCE(CAST(ordinal AS \(dialect.textType)), '') AS \(q("ordinal")),
        COALESCE(reward, '') AS \(q("reward"))
      FROM decided
      ORDER BY id
    """
  }

  /// The last day of the cycle whose first day is `cycle_start`'s year and month.
  private var cycleEnd: String {
    let day = promotion.cycleStartDay
    let startYear =
      "CASE WHEN civil_day >= \(day) THEN civil_year"
      + " ELSE civil_year - CASE WHEN civil_month = 1 THEN 1 ELSE 0 END END"
    let startMonth =
      "CASE WHEN civil_day >= \(day) THEN civil_month"
      + " ELSE CASE WHEN civil_month = 1 THEN 12 ELSE civil_month - 1 END END"
    if day == 1 {
      // From the 1st to the month's last day.
      let leap =
        "((\(startYear)) % 4 = 0 AND (\(startYear)) % 100 <> 0 OR (\(startYear)) % 400 = 0)"
      return """
        printf('%04d-%02d-%02d', \(startYear), \(startMonth),
              CASE WHEN (\(startMonth)) = 2 THEN CASE WHEN \(leap) THEN 29 ELSE 28 END
                   WHEN (\(startMonth)) IN (4, 6, 9, 11) THEN 30 ELSE 31 END)
        """
    }
    return """
      printf('%04d-%02d-%02d',
              CASE WHEN (\(startMonth)) = 12 THEN (\(startYear)) + 1 ELSE \(startYear) END,
              CASE WHEN (\(startMonth)) = 12 THEN 1 ELSE (\(startMonth)) + 1 END, \(day - 1))
      """
  }

  private var rewardsSelect: String {
    let magnitude = "abs(offset_seconds)"
    let hours = dialect.divide("second_of_day", "3600")
    let minutes = dialect.divide("second_of_day", "60") + " % 60"
    let time = """
      printf('%04d-%02d-%02dT%02d:%02d:%02d', civil_year, civil_month, civil_day,
              \(hours), \(minutes), second_of_day % 60)
            || CASE WHEN offset_seconds < 0 THEN '-' ELSE '+' END
            || printf('%02d:%02d', \(dialect.divide(magnitude, "3600")),
              \(dialect.divide(magnitude, "60")) % 60)
            || CASE WHEN \(magnitude) % 60 <> 0 THEN printf(':%02d', \(magnitude) % 60) ELSE '' END
      """
    let amount = "printf('%d.%02d', \(dialect.divide("amount_fen", "100")), amount_fen % 100)"
    return """
      SELECT
          holder AS \(q("holder")),
          cycle_start AS \(q("cycle_start")),
          \(cycleEnd) AS \(q("cycle_end")),
          CAST(ordinal AS \(dialect.textType)) AS \(q("ordinal")),
          id AS \(q("transaction")),
          card AS \(q("card")),
          channel AS \(q("channel")),
          \(time) AS \(q("time")),
          \(amount) AS \(q("amount")),
          reward AS \(q("reward"))
        FROM decided
        WHERE outcome = 'rewarded'
        ORDER BY holder, decided.ordinal
      """
  }
}
