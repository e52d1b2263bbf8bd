/// The SQL engines a promotion compiles for, and the few places where their SQL differs.
///
/// Everything else the compiled query uses is common to all three: `WITH`, `CASE`, `COALESCE`,
/// `NULLIF`, `substr`, `instr`, `length`, `lower`, `upper`, `replace`, `printf`, `||`, window
/// functions with `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`, and `CAST(… AS BIGINT)`.
public enum SQLDialect: String, CaseIterable, Sendable {
  /// Apache Spark SQL (checked with Spark 4.3.0).
  case spark
  /// DuckDB (checked with DuckDB 2.0.1).
  case duckdb
  /// SQLite 3.35 or later, for window functions and `MATERIALIZED` (checked with 3.40.1).
  case sqlite

  /// A string literal. Spark reads a backslash in a literal as an escape, the others do not.
  public func literal(_ text: String) -> String {
    var body = text.replacingOccurrences(of: "'", with: "''")
    if self == .spark {
      body = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'")
    }
    return "'" + body + "'"
  }

  /// An integer literal that is a 64-bit integer in every engine (Spark reads a small literal
  /// as a 32-bit `INT`).
  public func bigint(_ value: Int64) -> String {
    self == .spark ? "\(value)L" : "\(value)"
  }

  /// A quoted identifier: a column named `time`, `type` or `transaction` is a keyword in one
  /// engine or another.
  public func identifier(_ name: String) -> String {
    switch self {
    case .spark: "`" + name.replacingOccurrences(of: "`", with: "``") + "`"
    case .duckdb, .sqlite: "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
  }

  /// The text as a 64-bit integer; with `trying`, NULL when it is not one rather than an
  /// error (SQLite's `CAST` never fails).
  public func integer(_ expression: String, trying: Bool = false) -> String {
    switch self {
    case .spark, .duckdb:
      trying ? "TRY_CAST(\(expression) AS BIGINT)" : "CAST(\(expression) AS BIGINT)"
    case .sqlite: "CAST(\(expression) AS BIGINT)"
    }
  }

  /// The type a value is cast to for output as text.
  public var textType: String {
    switch self {
    case .spark: "STRING"
    case .duckdb: "VARCHAR"
    case .sqlite: "TEXT"
    }
  }

  /// Integer division of two integer expressions, rounding toward zero (DuckDB's `/` gives a
  /// fraction, Spark's a double).
  public func divide(_ dividend: String, _ divisor: String) -> String {
    switch self {
    case .spark: "((\(dividend)) div (\(divisor)))"
    case .duckdb: "((\(dividend)) // (\(divisor)))"
    case .sqlite: "((\(dividend)) / (\(divisor)))"
    }
  }

  /// Division rounding toward negative infinity, by a positive constant: instants before 1970
  /// are negative.
  public func floorDivide(_ dividend: String, by divisor: Int64) -> String {
    let remainder = "((((\(dividend)) % \(divisor)) + \(divisor)) % \(divisor))"
    return divide("(\(dividend)) - \(remainder)", "\(divisor)")
  }

  /// The text with surrounding spaces and tabs removed, as the SPEC trims every CSV value.
  public func trim(_ expression: String) -> String {
    switch self {
    case .spark: "trim(BOTH concat(' ', chr(9)) FROM \(expression))"
    case .duckdb: "trim(\(expression), ' ' || chr(9))"
    case .sqlite: "trim(\(expression), ' ' || char(9))"
    }
  }

  /// Whether the text contains `needle`, ASCII letters compared without case and every other
  /// character exactly, whatever the engine's `lower` does beyond ASCII (DuckDB's and Spark's
  /// fold every script, SQLite's too with ICU loaded). NULL when the text is NULL.
  public func containsIgnoringASCIICase(_ expression: String, _ needle: String) -> String {
    let capitals = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    switch self {
    case .spark, .duckdb:
      let folded = String(
        decoding: needle.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
      return "instr(translate(\(expression), '\(capitals)', '\(capitals.lowercased())'),"
        + " \(literal(folded))) > 0"
    case .sqlite:
      // SQLite has no translate, and a replace for each letter nests too deep for its parser:
      // a GLOB with a class of both cases for each letter, its own wildcards in classes.
      var pattern = "*"
      for character in needle {
        if character.isASCII && character.isLetter {
          pattern += "[\(character.uppercased())\(character.lowercased())]"
        } else if "*?[".contains(character) {
          pattern += "[\(character)]"
        } else {
          pattern.append(character)
        }
      }
      return "(\(expression) GLOB \(literal(pattern + "*")))"
    }
  }

  /// Whether the text is one or more ASCII digits.
  public func isDigits(_ expression: String) -> String {
    switch self {
    case .spark: "(\(expression) RLIKE '^[0-9]+$')"
    case .duckdb: "regexp_full_match(\(expression), '[0-9]+')"
    case .sqlite: "(\(expression) <> '' AND \(expression) NOT GLOB '*[^0-9]*')"
    }
  }

  /// A named table of literal rows, as one entry of a `WITH` list.
  public func inlineTable(_ name: String, columns: [String], rows: [[String]]) -> String {
    let values = rows.map { "    (" + $0.joined(separator: ", ") + ")" }
      .joined(separator: ",\n")
    let list = columns.joined(separator: ", ")
    switch self {
    case .spark:
      return "\(name) AS (\n  SELECT * FROM VALUES\n\(values)\n  AS \(name)(\(list))\n)"
    case .duckdb, .sqlite:
      return "\(name)(\(list)) AS (\n  VALUES\n\(values)\n)"
    }
  }
}
