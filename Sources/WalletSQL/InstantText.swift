/// The SQL that reads an ISO-8601 instant, as the engine's `Instant.parse` does, into integer
/// nanoseconds: `YYYY-MM-DD(T|t| )HH:MM[:SS[.f{1,9}]]` then `Z`, `z`, `±HH:MM`, `±HH:MM:SS` or
/// nothing (a local time in the promotion's zone). Four steps, each a list of columns that the
/// next step's `SELECT *, …` adds to a row, named after the text column `name`:
///
/// 1. `name_zone`: how many characters at the end are the zone (0 when none);
/// 2. the fields as written, `name_nanos` (the fraction in nanoseconds) and `name_offset`
///    (seconds east of UTC as written; NULL when none);
/// 3. `name_local`, the wall-clock time in seconds since the local epoch;
/// 4. `name_ns`, given a `zone_local` row joined as `zoneAlias` for the times written without
///    an offset (NULL for a time in a gap, which batch refuses).
///
/// The query assumes times batch accepts; the validation query reports the others.
struct InstantText {
  /// The column holding the trimmed text.
  let name: String
  /// The engine's SQL.
  let dialect: SQLDialect
  /// Whether text that is not a number becomes NULL rather than an error (DuckDB's and ANSI
  /// Spark's `CAST` fail): for the validation query, which reads input batch refuses.
  var trying = false

  /// Step 1: the length of the zone suffix.
  var zoneColumns: [String] {
    let text = name
    let length = "length(\(text))"
    func at(_ back: Int) -> String {
      "substr(\(text), \(length)\(back == 0 ? "" : " - \(back)"), 1)"
    }
    return [
      """
      CASE
          WHEN \(at(0)) IN ('Z', 'z') THEN 1
          WHEN \(length) >= 25 AND \(at(8)) IN ('+', '-') AND \(at(5)) = ':' AND \(at(2)) = ':'
            THEN 9
          WHEN \(length) >= 22 AND \(at(5)) IN ('+', '-') AND \(at(2)) = ':' THEN 6
          ELSE 0
        END AS \(name)_zone
      """
    ]
  }

  /// Step 2: the fields as written: `name_year` … `name_second`, `name_nanos` (the fraction
  /// in nanoseconds), `name_offset` (seconds east of UTC; NULL when none is written).
  var fieldColumns: [String] {
    let text = name
    let body = "(length(\(text)) - \(name)_zone)"
    func number(_ start: String, _ count: Int) -> String {
      dialect.integer("substr(\(text), \(start), \(count))", trying: trying)
    }
    let fraction = "substr(substr(\(text), 21, \(body) - 20) || '000000000', 1, 9)"
    return [
      "\(number("1", 4)) AS \(name)_year", "\(number("6", 2)) AS \(name)_month",
      "\(number("9", 2)) AS \(name)_day", "\(number("12", 2)) AS \(name)_hour",
      "\(number("15", 2)) AS \(name)_minute",
      "CASE WHEN \(body) >= 19 THEN \(number("18", 2)) ELSE 0 END AS \(name)_second",
      """
      CASE WHEN \(body) >= 21 THEN \(dialect.integer(fraction, trying: trying))
          ELSE 0 END AS \(name)_nanos
      """,
      """
      CASE \(name)_zone
          WHEN 0 THEN CAST(NULL AS BIGINT)
          WHEN 1 THEN 0
          ELSE (CASE WHEN substr(\(text), \(body) + 1, 1) = '-' THEN -1 ELSE 1 END)
            * (\(number("\(body) + 2", 2)) * 3600 + \(number("\(body) + 5", 2)) * 60
              + CASE WHEN \(name)_zone = 9 THEN \(number("\(body) + 8", 2)) ELSE 0 END)
        END AS \(name)_offset
      """,
    ]
  }

  /// Step 3: `name_local`, the wall-clock time as seconds since the local epoch.
  var localColumns: [String] {
    let days = SQLCalendar(dialect: dialect).daysSinceEpoch(
      year: "\(name)_year", month: "\(name)_month", day: "\(name)_day")
    return [
      """
      \(days) * 86400
          + \(name)_hour * 3600 + \(name)_minute * 60 + \(name)_second AS \(name)_local
      """
    ]
  }

  /// The join condition that finds, in `zone_local` as `alias`, the stretch of a time written
  /// without an offset.
  func localZoneJoin(_ alias: String) -> String {
    "\(name)_zone = 0 AND \(name)_local >= \(alias).local_from AND \(name)_local < \(alias).local_to"
  }

  /// Step 4: nanoseconds since the epoch.
  func nanoseconds(zoneAlias alias: String) -> String {
    """
    (CASE WHEN \(name)_zone = 0 THEN \(name)_local - \(alias).offset_seconds
          ELSE \(name)_local - \(name)_offset END) * 1000000000 + \(name)_nanos
    """
  }
}

/// Calendar arithmetic in SQL, as `CivilDate` does it: whole numbers only.
struct SQLCalendar {
  /// The engine's SQL.
  let dialect: SQLDialect

  /// Days since 1970-01-01 of a date after year 0 (Howard Hinnant's days_from_civil; every
  /// quotient is of non-negative numbers, so truncating division is exact).
  func daysSinceEpoch(year: String, month: String, day: String) -> String {
    let marchYear = "(\(year) - CASE WHEN \(month) <= 2 THEN 1 ELSE 0 END)"
    let era = dialect.divide(marchYear, "400")
    let yearOfEra = "(\(marchYear) - \(era) * 400)"
    let dayOfYear =
      "(\(dialect.divide("153 * (\(month) + CASE WHEN \(month) > 2 THEN -3 ELSE 9 END) + 2", "5"))"
      + " + \(day) - 1)"
    let dayOfEra =
      "(\(yearOfEra) * 365 + \(dialect.divide(yearOfEra, "4"))"
      + " - \(dialect.divide(yearOfEra, "100")) + \(dayOfYear))"
    return "(\(era) * 146097 + \(dayOfEra) - 719468)"
  }

  /// The year, month and day of a day number (Hinnant's civil_from_days) over a column
  /// `days` of days since 1970-01-01 after year 0: steps of columns, each step's `SELECT *, …`
  /// reading the columns of those before it, the last adding `prefix_year`, `prefix_month` and
  /// `prefix_day`.
  func dateSteps(days: String, prefix: String) -> [[String]] {
    let shifted = "(\(days) + 719468)"
    let era = dialect.divide(shifted, "146097")
    let dayOfEra = "\(prefix)_day_of_era"
    let yearOfEra = "\(prefix)_year_of_era"
    let dayOfYear = "\(prefix)_day_of_year"
    let shiftedMonth = "\(prefix)_march_month"
    let month =
      "(CASE WHEN \(shiftedMonth) < 10 THEN \(shiftedMonth) + 3 ELSE \(shiftedMonth) - 9 END)"
    return [
      ["\(era) AS \(prefix)_era", "\(shifted) - \(era) * 146097 AS \(dayOfEra)"],
      [
        dialect.divide(
          "\(dayOfEra) - \(dialect.divide(dayOfEra, "1460"))"
            + " + \(dialect.divide(dayOfEra, "36524")) - \(dialect.divide(dayOfEra, "146096"))",
          "365") + " AS \(yearOfEra)"
      ],
      [
        "\(dayOfEra) - (365 * \(yearOfEra) + \(dialect.divide(yearOfEra, "4"))"
          + " - \(dialect.divide(yearOfEra, "100"))) AS \(dayOfYear)"
      ],
      ["\(dialect.divide("5 * \(dayOfYear) + 2", "153")) AS \(shiftedMonth)"],
      [
        "\(yearOfEra) + \(prefix)_era * 400 + CASE WHEN \(month) <= 2 THEN 1 ELSE 0 END"
          + " AS \(prefix)_year",
        "\(month) AS \(prefix)_month",
        "\(dayOfYear) - \(dialect.divide("153 * \(shiftedMonth) + 2", "5")) + 1 AS \(prefix)_day",
      ],
    ]
  }
}
