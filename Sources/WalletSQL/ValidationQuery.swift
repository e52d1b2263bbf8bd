import WalletCore

/// The companion query of a `PromotionQuery`: the input rows `wallet batch` would refuse, one
/// row per problem — `file` (cards, enrollments or transactions), `id` (the row's id as
/// written, trimmed), `column` and `problem` — so that a bank can gate the decision on it
/// returning nothing.
///
/// It checks what batch checks of the values' form and of the files together: required
/// values, codes, amounts, times (a local time in a daylight-saving gap included), `last4`,
/// `mcc`, removals after enrollments, refunds no larger than amounts, unknown cards and
/// enrollments, repeated ids. Two checks of batch it leaves out: card numbers hidden in ids
/// and text (SPEC 6), which a warehouse screens when it loads data, and whether a currency
/// code is in ISO 4217 (it checks three letters). Times beyond the years the query carries
/// are reported when the zone changes its clocks there, as the decision would misread them.
public struct ValidationQuery: Sendable {
  /// The query whose input it checks.
  public let query: PromotionQuery

  /// The validation query of `query`.
  public init(_ query: PromotionQuery) {
    self.query = query
  }

  private var dialect: SQLDialect { query.dialect }

  /// The SQL text.
  public var text: String {
    var steps = QuerySteps(
      header: """
        -- wallet sql --validation: the rows wallet batch would refuse, for \(dialect.rawValue).
        -- Reads tables cards, enrollments, transactions (CSV header names, every value a string).
        """, materialized: dialect == .sqlite)
    steps.entries += query.zone.tables(in: dialect)
    addCards(to: &steps)
    addEnrollments(to: &steps)
    addTransactions(to: &steps)
    let parts: [(String, [String])] = [
      ("card_checks", ["card", "holder", "network", "type", "role", "last4"]),
      ("enrollment_checks", ["id", "card", "channel", "enrolled_at", "removed_at"]),
      (
        "transaction_checks",
        [
          "id", "card", "time", "amount", "currency", "method", "status", "refunded",
          "enrollment", "mcc",
        ]
      ),
    ]
    let selects = parts.flatMap { source, columns in
      columns.map { column in
        "SELECT file, row_id AS \(q("id")), '\(column)' AS \(q("column")),"
          + " problem_\(column) AS \(q("problem")) FROM \(source)"
          + " WHERE problem_\(column) IS NOT NULL"
      }
    }
    return steps.render(
      final: "SELECT * FROM (\n  " + selects.joined(separator: "\n  UNION ALL ") + "\n) AS problems"
        + "\nORDER BY \(q("file")), \(q("id")), \(q("column")), \(q("problem"))")
  }

  private func q(_ name: String) -> String { dialect.identifier(name) }
  private func lit(_ text: String) -> String { dialect.literal(text) }
  private func digits(_ expression: String) -> String { dialect.isDigits(expression) }
  private func problem(_ checks: [(String, String)]) -> String {
    "CASE " + checks.map { "WHEN \($0.0) THEN \(lit($0.1))" }.joined(separator: " ")
      + " END"
  }

  // MARK: - Cards

  private func addCards(to steps: inout QuerySteps) {
    let networks = Network.allCases.map { lit($0.rawValue) }.joined(separator: ", ")
    steps.add(
      "card_values",
      """
      SELECT
          \(query.trimmed("card")) AS card,
          \(query.trimmed("holder")) AS holder,
          \(query.trimmed("network")) AS network_text,
          \(query.canonicalNetwork(query.trimmed("network"))) AS network,
          \(query.canonicalType(query.trimmed("type"))) AS card_type,
          \(query.canonicalRole(query.trimmed("role"))) AS card_role,
          \(query.trimmed("last4")) AS last4
        FROM cards
      """)
    steps.add(
      "card_checks",
      """
      SELECT 'cards' AS file, card AS row_id,
          \(problem([("card IS NULL", "card is missing"), ("COUNT(*) OVER (PARTITION BY card) > 1", "card id repeated")])) AS problem_card,
          \(problem([("holder IS NULL", "holder is missing")])) AS problem_holder,
          \(problem([("network_text IS NULL", "network is missing"), ("network NOT IN (\(networks))", "unknown network")])) AS problem_network,
          \(problem([("card_type IS NULL", "type is missing"), ("card_type NOT IN ('credit', 'debit', 'prepaid')", "unknown card type")])) AS problem_type,
          \(problem([("card_role NOT IN ('primary', 'supplementary')", "unknown card role")])) AS problem_role,
          \(problem([("length(last4) <> 4 OR NOT \(digits("last4"))", "last4 must be exactly four digits")])) AS problem_last4
        FROM card_values
      """)
  }

  // MARK: - Times

  /// The checks of one time column (its trimmed text `name`, already through `InstantText`'s
  /// steps, its nanoseconds in `name_ns`) as the problem for that column.
  private func timeProblem(_ name: String, required: Bool) -> String {
    let text = name
    let body = "(length(\(text)) - \(name)_zone)"
    func number(_ start: String, _ count: Int) -> String {
      dialect.integer("substr(\(text), \(start), \(count))", trying: true)
    }
    let form = [
      "length(\(text)) >= 16", digits("substr(\(text), 1, 4)"),
      "substr(\(text), 5, 1) = '-'", digits("substr(\(text), 6, 2)"),
      "substr(\(text), 8, 1) = '-'", digits("substr(\(text), 9, 2)"),
      "substr(\(text), 11, 1) IN ('T', 't', ' ')", digits("substr(\(text), 12, 2)"),
      "substr(\(text), 14, 1) = ':'", digits("substr(\(text), 15, 2)"),
      """
      (\(body) = 16 OR (\(body) >= 19 AND substr(\(text), 17, 1) = ':'
          AND \(digits("substr(\(text), 18, 2)"))
          AND (\(body) = 19 OR (\(body) BETWEEN 21 AND 29 AND substr(\(text), 20, 1) = '.'
            AND \(digits("substr(\(text), 21, \(body) - 20)"))))))
      """,
      """
      (\(name)_zone IN (0, 1) OR (\(digits("substr(\(text), \(body) + 2, 2)"))
          AND \(digits("substr(\(text), \(body) + 5, 2)"))
          AND (\(name)_zone = 6 OR \(digits("substr(\(text), \(body) + 8, 2)")))))
      """,
    ].joined(separator: " AND ")
    let year = number("1", 4)
    let month = number("6", 2)
    let day = number("9", 2)
    let leap = "(\(year) % 4 = 0 AND \(year) % 100 <> 0 OR \(year) % 400 = 0)"
    let monthDays =
      "CASE WHEN \(month) = 2 THEN CASE WHEN \(leap) THEN 29 ELSE 28 END"
      + " WHEN \(month) IN (4, 6, 9, 11) THEN 30 ELSE 31 END"
    let offset =
      "(\(number("\(body) + 2", 2)) * 3600 + \(number("\(body) + 5", 2)) * 60"
      + " + CASE WHEN \(name)_zone = 9 THEN \(number("\(body) + 8", 2)) ELSE 0 END)"
    let column = String(name.dropLast(5))
    var checks: [(String, String)] = [
      ("NOT (\(form))", "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)"),
      (
        "\(month) NOT BETWEEN 1 AND 12 OR \(day) < 1 OR \(day) > \(monthDays)",
        "that date does not exist"
      ),
      (
        "\(number("12", 2)) > 23 OR \(number("15", 2)) > 59"
          + " OR (\(body) >= 19 AND \(number("18", 2)) > 59)", "that time of day does not exist"
      ),
      (
        "\(name)_zone IN (6, 9) AND (\(number("\(body) + 5", 2)) > 59 OR \(offset) > 64800"
          + " OR (\(name)_zone = 9 AND \(number("\(body) + 8", 2)) > 59))",
        "the UTC offset must be between -18:00 and +18:00"
      ),
      (
        "\(year) < 1678 OR \(year) > 2261", "the year must be between 1678 and 2261"
      ),
      (
        "\(column)_ns IS NULL",
        "that local time does not exist in \(query.promotion.timeZone.identifier) (clocks skip it)"
      ),
    ]
    let zone = query.zone
    var outside: [String] = []
    if zone.changesOutsideYears.before {
      outside.append("\(column)_ns < \(zone.firstSecond)000000000")
    }
    if zone.changesOutsideYears.after {
      outside.append("\(column)_ns >= \(zone.endSecond)000000000")
    }
    if !outside.isEmpty {
      checks.append(
        (
          outside.joined(separator: " OR "),
          "outside the years \(zone.years.lowerBound)-\(zone.years.upperBound) the query covers"
            + " (wallet sql --years)"
        ))
    }
    return "CASE WHEN \(text) IS NULL THEN "
      + (required ? lit("\(column) is missing") : "CAST(NULL AS \(dialect.textType))")
      + " ELSE " + problem(checks) + " END"
  }

  /// Adds the steps that read the time columns `names` of `source` into `target`.
  private func addTimes(
    _ names: [String], from source: String, into target: String, to steps: inout QuerySteps
  ) {
    let times = names.map { InstantText(name: $0, dialect: dialect, trying: true) }
    steps.step("\(target)_zones", from: source, columns: times.flatMap(\.zoneColumns))
    steps.step(
      "\(target)_fields", from: "\(target)_zones", columns: times.flatMap(\.fieldColumns))
    steps.step(
      "\(target)_clocks", from: "\(target)_fields", columns: times.flatMap(\.localColumns))
    let joins = times.enumerated().map { index, time in
      "LEFT JOIN zone_local z\(index) ON \(time.localZoneJoin("z\(index)"))"
    }
    let columns = times.enumerated().map { index, time in
      "\(time.nanoseconds(zoneAlias: "z\(index)")) AS \(time.name.dropLast(5))_ns"
    }
    steps.add(
      target,
      "SELECT v.*,\n    " + columns.joined(separator: ",\n    ") + "\n  FROM \(target)_clocks v\n  "
        + joins.joined(separator: "\n  "))
  }

  // MARK: - Enrollments

  private func addEnrollments(to steps: inout QuerySteps) {
    steps.add(
      "enrollment_values",
      """
      SELECT
          \(query.trimmed("id")) AS given_id,
          \(query.trimmed("card")) AS card,
          \(query.canonicalChannel(query.trimmed("channel"))) AS channel,
          \(query.trimmed("enrolled_at")) AS enrolled_at_text,
          \(query.trimmed("removed_at")) AS removed_at_text
        FROM enrollments
      """)
    addTimes(
      ["enrolled_at_text", "removed_at_text"], from: "enrollment_values", into: "enrollment_times",
      to: &steps)
    steps.add(
      "enrollment_ids",
      """
      SELECT *,
          COALESCE(given_id, card || ':' || channel || ':' || enrolled_at_text) AS row_id
        FROM enrollment_times
      """)
    steps.add(
      "enrollment_checks",
      """
      SELECT 'enrollments' AS file, row_id,
          \(problem([("COUNT(*) OVER (PARTITION BY row_id) > 1", "enrollment id repeated")])) AS problem_id,
          \(problem([("card IS NULL", "card is missing"), ("card NOT IN (SELECT card FROM card_values WHERE card IS NOT NULL)", "card is not in the cards table")])) AS problem_card,
          \(problem([("channel IS NULL", "channel is missing"), ("channel NOT IN ('bank-app', 'wallet')", "unknown channel")])) AS problem_channel,
          \(timeProblem("enrolled_at_text", required: true)) AS problem_enrolled_at,
          COALESCE(\(timeProblem("removed_at_text", required: false)),
            \(problem([("removed_at_ns <= enrolled_at_ns", "removed_at must be later than enrolled_at")]))) AS problem_removed_at
        FROM enrollment_ids
      """)
  }

  // MARK: - Transactions

  private func amountProblem(_ column: String, required: Bool) -> String {
    let point = "instr(\(column), '.')"
    let form =
      "(\(point) = 0 AND \(digits(column))) OR (\(point) > 1"
      + " AND \(digits("substr(\(column), 1, \(point) - 1)"))"
      + " AND length(\(column)) - \(point) BETWEEN 1 AND 2"
      + " AND \(digits("substr(\(column), \(point) + 1)")))"
    let whole = "CASE WHEN \(point) = 0 THEN length(\(column)) ELSE \(point) - 1 END"
    var checks: [(String, String)] = [
      ("NOT (\(form))", "expected an amount like 100, 100.5 or 100.50"),
      ("\(whole) > 14", "the amount is too large"),
    ]
    if required {
      checks.insert(("\(column) IS NULL", "amount is missing"), at: 0)
      checks.append(("\(column)_fen = 0", "amount must be greater than zero"))
    }
    return required
      ? problem(checks) : "CASE WHEN \(column) IS NULL THEN NULL ELSE \(problem(checks)) END"
  }

  private func addTransactions(to steps: inout QuerySteps) {
    steps.add(
      "transaction_values",
      """
      SELECT
          \(query.trimmed("id")) AS row_id,
          \(query.trimmed("card")) AS card,
          \(query.trimmed("time")) AS time_text,
          \(query.trimmed("amount")) AS amount,
          \(query.trimmed("refunded")) AS refunded,
          upper(\(query.trimmed("currency"))) AS currency,
          lower(\(query.trimmed("method"))) AS method,
          lower(\(query.trimmed("status"))) AS status,
          \(query.trimmed("enrollment")) AS enrollment,
          \(query.trimmed("mcc")) AS mcc
        FROM transactions
      """)
    addTimes(["time_text"], from: "transaction_values", into: "transaction_times", to: &steps)
    func fen(_ column: String) -> String {
      let point = "instr(\(column), '.')"
      return """
        CASE WHEN \(point) = 0 THEN \(dialect.integer(column, trying: true)) * 100
              ELSE \(dialect.integer("substr(\(column), 1, \(point) - 1)", trying: true)) * 100
                + \(dialect.integer("substr(substr(\(column), \(point) + 1) || '0', 1, 2)", trying: true)) END
        """
    }
    steps.add(
      "transaction_amounts",
      """
      SELECT *,
          CASE WHEN length(amount) <= 20 THEN \(fen("amount")) END AS amount_fen,
          CASE WHEN length(refunded) <= 20 THEN \(fen("refunded")) END AS refunded_fen
        FROM transaction_times
      """)
    steps.add(
      "transaction_checks",
      """
      SELECT 'transactions' AS file, row_id,
          \(problem([("row_id IS NULL", "id is missing"), ("COUNT(*) OVER (PARTITION BY row_id) > 1", "transaction id repeated")])) AS problem_id,
          \(problem([("card IS NULL", "card is missing"), ("card NOT IN (SELECT card FROM card_values WHERE card IS NOT NULL)", "card is not in the cards table")])) AS problem_card,
          \(timeProblem("time_text", required: true)) AS problem_time,
          \(amountProblem("amount", required: true)) AS problem_amount,
          COALESCE(\(amountProblem("refunded", required: false)),
            \(problem([("refunded_fen > amount_fen", "refunded is more than the amount")]))) AS problem_refunded,
          \(problem([("length(currency) <> 3 OR NOT (\((1...3).map { "substr(currency, \($0), 1) BETWEEN 'A' AND 'Z'" }.joined(separator: " AND ")))", "unknown currency")])) AS problem_currency,
          \(problem([("method NOT IN ('apple-pay', 'card', 'other')", "unknown payment method")])) AS problem_method,
          \(problem([("status NOT IN ('settled', 'pending', 'declined', 'refunded', 'reversed')", "unknown transaction status")])) AS problem_status,
          \(problem([("enrollment NOT IN (SELECT row_id FROM enrollment_ids WHERE row_id IS NOT NULL)", "enrollment is not in the enrollments table")])) AS problem_enrollment,
          \(problem([("length(mcc) <> 4 OR NOT \(digits("mcc"))", "mcc must be exactly four digits")])) AS problem_mcc
        FROM transaction_amounts
      """)
  }
}
