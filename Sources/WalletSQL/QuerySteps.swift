/// The `WITH` list of a query being built, each entry a named step.
struct QuerySteps {
  /// Comment lines that open the query.
  let header: String
  /// Whether every step is computed once and kept (SQLite's `AS MATERIALIZED`). SQLite
  /// otherwise folds a chain of steps used once into one expression, each step's columns
  /// written out wherever the next uses them: the calendar arithmetic then grows beyond
  /// reason. DuckDB and Spark plan the steps themselves.
  var materialized = false
  /// `name AS (…)` entries, in order.
  var entries: [String] = []

  /// Adds the step `name` whose body is `select`.
  mutating func add(_ name: String, _ select: String) {
    let body = select.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }.joined(separator: "\n")
    entries.append("\(name) AS \(materialized ? "MATERIALIZED " : "")(\n\(body)\n)")
  }

  /// Adds the step `name`: every column of `source`, and `columns`.
  mutating func step(_ name: String, from source: String, columns: [String]) {
    let list = columns.map { "    " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      .joined(separator: ",\n")
    add(name, "SELECT *,\n\(list)\n  FROM \(source)")
  }

  /// The whole query, ending with `final`.
  func render(final: String) -> String {
    header + "\nWITH\n" + entries.joined(separator: ",\n") + "\n" + final + "\n"
  }
}
