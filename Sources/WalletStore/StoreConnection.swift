/// The store's connection: the SQLite wrapper's `Database`, with every failure of SQLite turned
/// into the ``StoreError`` it means to the store's user (a busy store, a damaged file, a
/// broken constraint), so that no `SQLiteError` leaves the store and no caller needs to know
/// SQLite's result codes. It offers what the store's queries use, under the same names.
struct StoreConnection {
  /// The wrapped connection, for what needs it whole (the migrator, cursors, tests).
  let database: Database

  /// Runs `body`, turning an `SQLiteError` it throws into a ``StoreError``; any other error,
  /// a ``StoreError`` already among them, passes as it is.
  static func mapped<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw StoreError(error)
    }
  }

  func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws {
    try Self.mapped { try database.execute(sql, arguments) }
  }

  func executeScript(_ sql: String) throws {
    try Self.mapped { try database.executeScript(sql) }
  }

  func fetchAll<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    map: (Row) throws -> T
  ) throws -> [T] {
    try Self.mapped { try database.fetchAll(sql, arguments, map: map) }
  }

  func fetchOne<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    map: (Row) throws -> T
  ) throws -> T? {
    try Self.mapped { try database.fetchOne(sql, arguments, map: map) }
  }

  func scalar(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws
    -> DatabaseValue?
  {
    try Self.mapped { try database.scalar(sql, arguments) }
  }

  func forEach<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [], map: (Row) throws -> T,
    _ body: (T) throws -> Bool
  ) throws {
    try Self.mapped { try database.forEach(sql, arguments, map: map, body) }
  }

  /// A statement stepped by the caller, inside ``write(_:)`` or ``read(_:)``, which map what
  /// it throws.
  func prepare(_ sql: String) throws -> SQLiteStatement {
    try Self.mapped { try database.prepare(sql) }
  }

  /// As ``prepare(_:)``, from the connection's cache.
  func cachedStatement(_ sql: String) throws -> SQLiteStatement {
    try Self.mapped { try database.cachedStatement(sql) }
  }

  var changes: Int { database.changes }

  var isInTransaction: Bool { database.isInTransaction }

  @discardableResult
  func setSortingHelperThreads(_ count: Int) -> Int {
    database.setSortingHelperThreads(count)
  }

  @discardableResult
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    try Self.mapped { try database.write(body) }
  }

  @discardableResult
  func writeCheckingReferencesInCaller<T>(_ body: (Database) throws -> T) throws -> T {
    try Self.mapped { try database.writeCheckingReferencesInCaller(body) }
  }

  @discardableResult
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    try Self.mapped { try database.read(body) }
  }
}
