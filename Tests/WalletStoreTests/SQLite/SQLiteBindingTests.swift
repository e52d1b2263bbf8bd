import Foundation
import Testing
import WalletStore

@Suite("SQLite binding and reading")
struct SQLiteBindingTests {
  private func makeTable() throws -> Database {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v ANY)")
    return db
  }

  private func roundTrip(_ value: (any DatabaseValueConvertible)?) throws -> DatabaseValue {
    let db = try makeTable()
    try db.execute("INSERT INTO t(v) VALUES (?)", [value])
    return try #require(try db.scalar("SELECT v FROM t"))
  }

  @Test func integers() throws {
    #expect(try roundTrip(42) == .integer(42))
    #expect(try roundTrip(Int64.max) == .integer(.max))
    #expect(try roundTrip(Int64.min) == .integer(.min))
    #expect(try roundTrip(Int32(-7)) == .integer(-7))
    #expect(try roundTrip(0) == .integer(0))
  }

  @Test func doubles() throws {
    #expect(try roundTrip(3.25) == .real(3.25))
    #expect(try roundTrip(-0.5) == .real(-0.5))
    #expect(try roundTrip(Double.greatestFiniteMagnitude) == .real(.greatestFiniteMagnitude))
  }

  @Test func booleans() throws {
    #expect(try roundTrip(true) == .integer(1))
    #expect(try roundTrip(false) == .integer(0))
    let db = try Database.inMemory()
    let flags = try db.fetchAll("SELECT 1, 0, 7") {
      [$0.bool(at: 0), $0.bool(at: 1), $0.bool(at: 2)]
    }
    #expect(flags == [[true, false, true]])
  }

  @Test func nullFromNilAndDatabaseValue() throws {
    #expect(try roundTrip(nil) == .null)
    #expect(try roundTrip(DatabaseValue.null) == .null)
    let missing: String? = nil
    #expect(try roundTrip(missing) == .null)
    let db = try Database.inMemory()
    let row = try #require(
      try db.fetchOne("SELECT NULL") { row in
        (
          row.isNull(at: 0), row.columnType(at: 0), row.int64(at: 0), row.string(at: 0),
          row.bytes(at: 0)
        )
      })
    #expect(row.0)
    #expect(row.1 == .null)
    #expect(row.2 == 0)
    #expect(row.3 == "")
    #expect(row.4 == [])
  }

  @Test func stringsIncludingUnicodeAndEmpty() throws {
    for text in ["", "plain", "café ☕️ 👩🏽‍💻 日本語", "a\u{0}b", "x'); DROP TABLE t;--"] {
      let value = try roundTrip(text)
      #expect(value == .text(text))
    }
    let db = try makeTable()
    try db.execute("INSERT INTO t(v) VALUES (?)", [""])
    #expect(try db.scalar("SELECT v IS NULL FROM t") == .integer(0))
    #expect(try db.scalar("SELECT length(CAST(v AS BLOB)) FROM t") == .integer(0))
  }

  @Test func typedBindingsOneByOne() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(a ANY, b ANY, c ANY, d ANY, e ANY)")
    let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
    for (text, integer) in [("日本語 ☕️", Int64.min), ("", 0)] as [(String, Int64)] {
      try insert.bind(text: text, at: 1)
      try insert.bind(text: nil, at: 2)
      try insert.bind(integer: integer, at: 3)
      try insert.bind(integer: nil, at: 4)
      try insert.bindNull(at: 5)
      try insert.run()
    }
    let rows = try db.fetchAll("SELECT a, b, c, d, e FROM t ORDER BY rowid") { row in
      (0..<5).map { row.value(at: $0) }
    }
    #expect(
      rows == [
        [.text("日本語 ☕️"), .null, .integer(.min), .null, .null],
        [.text(""), .null, .integer(0), .null, .null],
      ])
    #expect(throws: SQLiteError.self) { try insert.bind(text: "x", at: 6) }
  }

  @Test func stringLengthIsBytesNotCharacters() throws {
    let db = try Database.inMemory()
    let text = "é👍"
    let length = try db.scalar("SELECT length(CAST(? AS BLOB))", [text])
    #expect(length == .integer(Int64(text.utf8.count)))
    let substringValue = try db.scalar("SELECT ?", ["abcdef".dropFirst(2)])
    #expect(substringValue == .text("cdef"))
  }

  @Test func blobsWithEmbeddedNULAndEmpty() throws {
    let bytes: [UInt8] = [0, 1, 2, 0, 255, 0]
    #expect(try roundTrip(bytes) == .blob(bytes))
    #expect(try roundTrip(Data(bytes)) == .blob(bytes))
    #expect(try roundTrip([UInt8]()) == .blob([]))

    let db = try makeTable()
    try db.execute("INSERT INTO t(v) VALUES (?)", [Data(bytes)])
    try db.execute("INSERT INTO t(v) VALUES (?)", [[UInt8]()])
    let read = try db.fetchAll("SELECT v, typeof(v), length(v) FROM t ORDER BY id") { row in
      (row.data(at: 0), row.string(at: 1), row.int(at: 2))
    }
    #expect(read.count == 2)
    #expect(read[0].0 == Data(bytes))
    #expect(read[0].2 == 6)
    #expect(read[1].0.isEmpty)
    #expect(read[1].1 == "blob")  // Empty blob is not NULL.
  }

  @Test func typedReadersAndColumnNames() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT 1 AS i, 2.5 AS r, 'txt' AS s, x'00ff' AS b, NULL AS n")
    #expect(statement.columnCount == 5)
    #expect(statement.isReadOnly)
    let row = try #require(try statement.step())
    #expect(row.count == 5)
    #expect((0..<5).map(row.columnName(at:)) == ["i", "r", "s", "b", "n"])
    #expect(row.columnType(at: 0) == .integer)
    #expect(row.columnType(at: 1) == .real)
    #expect(row.columnType(at: 2) == .text)
    #expect(row.columnType(at: 3) == .blob)
    #expect(row.int(at: 0) == 1)
    #expect(row.double(at: 1) == 2.5)
    #expect(row.string(at: 2) == "txt")
    #expect(row.bytes(at: 3) == [0, 255])
    #expect(row.value(at: 4) == .null)
    #expect(try statement.step() == nil)
  }

  @Test func bindByName() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT :a || '-' || @b || '-' || $c")
    #expect(statement.parameterIndex(named: "a") == 1)
    #expect(statement.parameterIndex(named: ":a") == 1)
    #expect(statement.parameterIndex(named: "zzz") == nil)
    try statement.bind("x", named: "a")
    try statement.bind(2, named: "@b")
    try statement.bind(3.5, named: "$c")
    #expect(try statement.step()?.string(at: 0) == "x-2-3.5")
    try statement.reset()
    #expect(throws: SQLiteError.self) { try statement.bind(1, named: "nope") }
  }

  @Test func argumentCountMustMatch() throws {
    let db = try Database.inMemory()
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("SELECT ?, ?", [1])
    }
    #expect(error.code == .range)
    #expect(error.sql == "SELECT ?, ?")
    #expect(throws: SQLiteError.self) { try db.execute("SELECT ?", [1, 2]) }
  }

  @Test func bindIndexOutOfRangeIsAnError() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT ?")
    let error = try #require(throws: SQLiteError.self) { try statement.bind(1, at: 2) }
    #expect(error.code == .range)
  }

  @Test func clearBindingsResetsToNull() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT ?")
    try statement.bind("kept", at: 1)
    #expect(try statement.step()?.string(at: 0) == "kept")
    try statement.reset()
    #expect(try statement.step()?.string(at: 0) == "kept")  // reset keeps bindings
    try statement.reset()
    try statement.clearBindings()
    #expect(try statement.step()?.isNull(at: 0) == true)
  }

  @Test func sqlInjectionIsJustData() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(name TEXT)")
    let hostile = "x'); DROP TABLE t;--"
    try db.execute("INSERT INTO t(name) VALUES (?)", [hostile])
    try db.execute("INSERT INTO t(name) VALUES (?)", ["Robert'); DROP TABLE t; --"])
    let names = try db.fetchAll("SELECT name FROM t ORDER BY rowid") { $0.string(at: 0) }
    #expect(names == [hostile, "Robert'); DROP TABLE t; --"])
    let tables = try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 't'")
    #expect(tables == .integer(1))
  }

  @Test func prepareRefusesASecondStatement() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x)")
    let error = try #require(throws: SQLiteError.self) {
      try db.execute("INSERT INTO t VALUES (1); DROP TABLE t")
    }
    #expect(error.code == .misuse)
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
    // A trailing comment is not a statement.
    try db.execute("INSERT INTO t VALUES (1); -- done")
    #expect(try db.scalar("SELECT count(*) FROM t") == .integer(1))
    #expect(throws: SQLiteError.self) { try db.prepare("   ") }
    #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1\u{0}; DROP TABLE t") }
  }

  @Test func literalsBuildValues() {
    let values: [DatabaseValue] = [nil, 1, 2.5, "s", true]
    #expect(values == [.null, .integer(1), .real(2.5), .text("s"), .integer(1)])
    #expect(DatabaseValue.integer(3).int64Value == 3)
    #expect(DatabaseValue.text("a").int64Value == nil)
    #expect(DatabaseValue.real(1).doubleValue == 1)
    #expect(DatabaseValue.blob([1]).blobValue == [1])
    #expect(DatabaseValue.null.isNull)
  }
}
