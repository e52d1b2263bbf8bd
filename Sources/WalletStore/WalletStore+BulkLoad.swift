import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loading many rows at once.
///
/// A row inserted into a table updates each of its indexes at a place unrelated to the last, and
/// once an index outgrows SQLite's page cache every such update reads and writes pages at random.
/// Building an index afresh instead sorts its entries once and writes its pages in order. So a
/// large load drops the table's secondary indexes, inserts its rows in primary-key order (the key
/// index then only grows at its end), and builds the indexes again from the SQL they were created
/// with, all inside the caller's transaction: a failure anywhere rolls the indexes back too.
enum BulkLoad {
  /// Below this many rows, maintaining the indexes row by row costs less than building them.
  static let minimumRows = 20_000

  /// Helper threads SQLite may use to sort while building an index: one per core beyond this
  /// one's, at most 3.
  static var sortingHelperThreads: Int {
    max(0, min(3, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) - 1))
  }

  /// Whether adding `incoming` rows to a table of about `existing` rows is worth rebuilding its
  /// indexes: each rebuild sorts every row, old and new, so the new rows must be a good part of
  /// the table, and at least `minimum`.
  static func pays(incoming: Int, existing: Int, minimum: Int = minimumRows) -> Bool {
    // incoming × 4 ≥ existing, without overflowing.
    let (quarter, remainder) = existing.quotientAndRemainder(dividingBy: 4)
    return incoming >= minimum && incoming >= quarter + (remainder > 0 ? 1 : 0)
  }
}

extension WalletStore {
  /// About how many rows `table` (a rowid table) holds, without counting them: its largest rowid.
  func estimatedRowCount(of table: StoreTable) throws -> Int {
    Int(try db.scalar("SELECT max(rowid) FROM \(table.rawValue)")?.int64Value ?? 0)
  }

  /// Runs `body` with the secondary indexes of `table` dropped, then creates them again from the
  /// SQL that created them. Must run inside a write transaction.
  func withIndexesRebuilt<T>(on table: StoreTable, _ body: () throws -> T) throws -> T {
    precondition(db.isInTransaction, "indexes are rebuilt inside the caller's transaction")
    // Indexes SQLite made for PRIMARY KEY and UNIQUE constraints have no SQL and stay.
    let indexes = try db.fetchAll(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? "
        + "AND sql IS NOT NULL ORDER BY name", [table.rawValue]
    ) { row in (name: row.string(at: 0), sql: row.string(at: 1)) }
    for index in indexes {
      try db.execute("DROP INDEX \(quotedIdentifier(index.name))")
    }
    let result = try body()
    // SQLite sorts an index's entries with helper threads when allowed to: one per other core.
    let helpers = db.setSortingHelperThreads(BulkLoad.sortingHelperThreads)
    defer { db.setSortingHelperThreads(helpers) }
    for index in indexes {
      try db.execute(index.sql)
    }
    return result
  }

  private func quotedIdentifier(_ name: String) -> String {
    "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
      + "\""
  }
}

/// The store's tables that are loaded in bulk.
enum StoreTable: String {
  case transactions
  case decisions
}
