import Testing
import WalletStore

@Suite("SQLite errors")
struct SQLiteErrorTests {
  @Test func errorCarriesCodeMessageAndSQL() throws {
    let db = try Database.inMemory()
    let sql = "SELECT * FROM no_such_table"
    let error = try #require(throws: SQLiteError.self) { try db.execute(sql) }
    #expect(error.code == .error)
    #expect(error.primaryCode == .error)
    #expect(error.message == "no such table: no_such_table")
    #expect(error.sql == sql)
    #expect(error.description.contains("no such table: no_such_table"))
    #expect(error.description.contains(sql))
    #expect(error.description.contains("SQLite error 1"))
    #expect(!error.isBusy && !error.isConstraintViolation && !error.isNotADatabase)
  }

  @Test func syntaxErrorAtPrepare() throws {
    let db = try Database.inMemory()
    let error = try #require(throws: SQLiteError.self) { try db.prepare("SELEC 1") }
    #expect(error.code == .error)
    #expect(error.message.contains("syntax error"))
    #expect(error.sql == "SELEC 1")
  }

  @Test func uniqueViolationIsClassifiedWithExtendedCode() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(k TEXT UNIQUE)")
    try db.execute("INSERT INTO t VALUES (?)", ["a"])
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (?)", ["a"])
    }
    #expect(error.isConstraintViolation)
    #expect(error.code == .constraintUnique)
    #expect(error.primaryCode == .constraint)
    #expect(error.message == "UNIQUE constraint failed: t.k")
    #expect(error.sql == "INSERT INTO t VALUES (?)")
    #expect(!error.isIOError)
    // The cached statement is still usable after the failure.
    try db.execute("INSERT INTO t VALUES (?)", ["b"])
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
  }

  @Test func otherConstraintKinds() throws {
    let db = try Database.inMemory()
    try db.executeScript(
      """
      CREATE TABLE parent(id INTEGER PRIMARY KEY);
      CREATE TABLE child(
        id INTEGER PRIMARY KEY,
        parent INTEGER NOT NULL REFERENCES parent(id),
        amount INTEGER CHECK (amount >= 0)
      );
      INSERT INTO parent(id) VALUES (1);
      """)
    let foreignKey = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO child(parent, amount) VALUES (?, ?)", [99, 1])
    }
    #expect(foreignKey.code == .constraintForeignKey)  // foreign_keys=ON at open
    let notNull = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO child(parent, amount) VALUES (?, ?)", [nil, 1])
    }
    #expect(notNull.code == .constraintNotNull)
    let check = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO child(parent, amount) VALUES (?, ?)", [1, -5])
    }
    #expect(check.code == .constraintCheck)
    let primaryKey = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO parent(id) VALUES (?)", [1])
    }
    #expect(primaryKey.code == .constraintPrimaryKey)
    let all = [foreignKey, notNull, check, primaryKey]
    #expect(all.filter(\.isConstraintViolation).count == 4)
  }

  @Test func stepErrorOnReusedStatementThenRecovers() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(k INTEGER PRIMARY KEY)")
    let insert = try db.prepare("INSERT INTO t(k) VALUES (?)")
    try insert.bind(1, at: 1)
    try insert.step()
    try insert.reset()
    #expect(throws: SQLiteError.self) { try insert.step() }
    try insert.reset()  // Does not rethrow the error step() already reported.
    try insert.bind(2, at: 1)
    try insert.step()
    try insert.reset()
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
  }

  @Test func classificationHelpers() {
    #expect(SQLiteError(code: .busy, message: "").isBusy)
    #expect(SQLiteError(code: ResultCode(rawValue: 5 | (2 << 8)), message: "").isBusy)
    #expect(SQLiteError(code: .locked, message: "").isBusy)
    #expect(SQLiteError(code: .notADatabase, message: "").isNotADatabase)
    #expect(SQLiteError(code: .corrupt, message: "").isCorrupt)
    let readOnly = SQLiteError(code: ResultCode(rawValue: 8 | (5 << 8)), message: "")
    #expect(readOnly.isReadOnly && readOnly.isIOError)
    #expect(SQLiteError(code: ResultCode(rawValue: 10 | (1 << 8)), message: "").isIOError)
    #expect(SQLiteError(code: .full, message: "").isIOError)
    #expect(SQLiteError(code: .cantOpen, message: "").isIOError)
    #expect(!SQLiteError(code: .constraint, message: "").isIOError)
    #expect(ResultCode.constraintUnique.primary == .constraint)
    #expect(ResultCode.busy.description == "database is locked")
  }

  @Test func busyWhenAnotherWriterHoldsTheLock() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("busy.sqlite").path
      let first = try Database(path: path)
      let second = try Database(path: path, busyTimeout: .milliseconds(50))
      try first.execute("CREATE TABLE t(x)")
      try first.write { db in
        try db.execute("INSERT INTO t VALUES (1)")
        let error = try #require(throws: SQLiteError.self) {
          try second.write { try $0.execute("INSERT INTO t VALUES (2)") }
        }
        #expect(error.isBusy)
        #expect(!second.isInTransaction)
      }
      try second.write { try $0.execute("INSERT INTO t VALUES (2)") }
      #expect(try first.scalar("SELECT count(*) FROM t") == .integer(2))
    }
  }
}
