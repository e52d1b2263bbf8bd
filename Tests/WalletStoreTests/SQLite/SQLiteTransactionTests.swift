import Testing
import WalletStore

private struct Abort: Error {}

@Suite("SQLite transactions")
struct SQLiteTransactionTests {
  private func makeDatabase() throws -> Database {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x INTEGER)")
    return db
  }

  @Test func writeCommits() throws {
    let db = try makeDatabase()
    let result = try db.write { db -> Int64 in
      #expect(db.isInTransaction)
      try db.execute("INSERT INTO t VALUES (?)", [1])
      return db.lastInsertRowID
    }
    #expect(result == 1)
    #expect(!db.isInTransaction)
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
  }

  @Test func foreignKeysAreEnforcedAgainAfterAWriteThatChecksItsOwn() throws {
    let db = try Database.inMemory()
    try db.executeScript(
      "CREATE TABLE parent(id INTEGER PRIMARY KEY); "
        + "CREATE TABLE child(parent INTEGER REFERENCES parent(id))")
    try db.writeCheckingReferencesInCaller { db in
      try db.execute("INSERT INTO child VALUES (7)")
    }
    #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
    #expect(throws: Abort.self) {
      try db.writeCheckingReferencesInCaller { db in
        try db.execute("INSERT INTO child VALUES (8)")
        throw Abort()
      }
    }
    #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
    #expect(try db.scalar("SELECT count(*) FROM child") == .integer(1))
    #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO child VALUES (9)") }
  }

  @Test func sortingHelperThreadsAreSetAndPutBack() throws {
    let db = try Database.inMemory()
    let before = db.setSortingHelperThreads(2)
    #expect(before == 0)
    #expect(db.setSortingHelperThreads(before) == 2)
    #expect(try db.scalar("PRAGMA threads") == .integer(0))
  }

  @Test func writeRollsBackOnThrownError() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (0)")
    #expect(throws: Abort.self) {
      try db.write { db in
        try db.execute("INSERT INTO t VALUES (?)", [1])
        try db.execute("INSERT INTO t VALUES (?)", [2])
        #expect(db.changes == 1)
        throw Abort()
      }
    }
    #expect(!db.isInTransaction)
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
  }

  @Test func writeRollsBackOnSQLiteError() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x INTEGER UNIQUE)")
    #expect(throws: SQLiteError.self) {
      try db.write { db in
        try db.execute("INSERT INTO t VALUES (1)")
        try db.execute("INSERT INTO t VALUES (1)")
      }
    }
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
  }

  @Test func readSeesDataAndRefusesWrites() throws {
    let db = try makeDatabase()
    try db.execute("INSERT INTO t VALUES (5)")
    let value = try db.read { db in try db.scalar("SELECT x FROM t") }
    #expect(value == .integer(5))
    let error = try #require(throws: SQLiteError.self) {
      try db.read { db in try db.execute("INSERT INTO t VALUES (6)") }
    }
    #expect(error.isReadOnly)
    // query_only is lifted afterwards.
    try db.execute("INSERT INTO t VALUES (7)")
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
  }

  @Test func transactionsDoNotNest() throws {
    let db = try makeDatabase()
    #expect(throws: SQLiteError.self) {
      try db.write { db in
        try db.execute("INSERT INTO t VALUES (1)")
        try db.write { _ in }
      }
    }
    #expect(!db.isInTransaction)
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
  }

  @Test func executeScriptRunsEveryStatementAndNamesTheFailingOne() throws {
    let db = try Database.inMemory()
    try db.executeScript(
      """
      -- setup
      CREATE TABLE a(x);
      CREATE TABLE b(y);
      INSERT INTO a VALUES (1);
      """)
    #expect(try db.scalar("SELECT count(*) FROM a") == .integer(1))
    let error = try #require(throws: SQLiteError.self) {
      try db.executeScript("INSERT INTO b VALUES (1);\nINSERT INTO missing VALUES (2);")
    }
    #expect(error.sql == "INSERT INTO missing VALUES (2);")
  }
}
