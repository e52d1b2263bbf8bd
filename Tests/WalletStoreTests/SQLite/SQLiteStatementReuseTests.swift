import Testing
import WalletStore

@Suite("SQLite statement reuse")
struct SQLiteStatementReuseTests {
  @Test func reuseOneStatementFor100kRowsInOneTransaction() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL, amount INTEGER)")
    let rows = 100_000
    try db.write { db in
      let insert = try db.prepare("INSERT INTO t(name, amount) VALUES (?, ?)")
      for index in 0..<rows {
        try insert.bind("merchant \(index % 97)", at: 1)
        try insert.bind(index, at: 2)
        try insert.step()
        try insert.reset()
      }
    }
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(Int64(rows)))
    let expectedSum = Int64(rows * (rows - 1) / 2)
    #expect(try db.scalar("SELECT sum(amount) FROM t") == .integer(expectedSum))
    #expect(try db.scalar("SELECT name FROM t WHERE amount = 98") == .text("merchant 1"))
  }

  @Test func cachedStatementIsReusedAndNestedUseIsSafe() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x INTEGER)")
    for value in 1...3 {
      try db.execute("INSERT INTO t VALUES (?)", [value])
    }
    let first = try db.cachedStatement("SELECT x FROM t ORDER BY x")
    let again = try db.cachedStatement("SELECT x FROM t ORDER BY x")
    #expect(first === again)
    // The same SQL inside its own iteration gets a separate statement.
    let pairs = try db.fetchAll("SELECT x FROM t ORDER BY x") { outer in
      let inner = try db.fetchAll("SELECT x FROM t ORDER BY x") { $0.int(at: 0) }
      return outer.int(at: 0) * 10 + inner.count
    }
    #expect(pairs == [13, 23, 33])
  }

  @Test func fetchOneReleasesTheReadLock() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x INTEGER)")
    try db.execute("INSERT INTO t VALUES (1), (2)")
    #expect(try db.fetchOne("SELECT x FROM t ORDER BY x") { $0.int(at: 0) } == 1)
    #expect(try db.fetchOne("SELECT x FROM t WHERE x > 5") { $0.int(at: 0) } == nil)
    // A statement left mid-iteration would make DROP fail with "table is locked".
    try db.execute("DROP TABLE t")
  }

  @Test func statementExecuteResetsAndBinds() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(a, b)")
    let insert = try db.prepare("INSERT INTO t VALUES (?, ?)")
    try insert.execute([1, "one"])
    try insert.execute([2, nil])
    #expect(try db.fetchAll("SELECT a, b FROM t ORDER BY a") { $0.value(at: 1) } == ["one", .null])
    #expect(insert.parameterCount == 2)
  }
}
