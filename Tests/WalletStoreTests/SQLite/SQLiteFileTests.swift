import Foundation
import Testing
import WalletStore

@Suite("SQLite files")
struct SQLiteFileTests {
  @Test func newFileIs0600AndNewParentDirectory0700() throws {
    try withSQLiteTemporaryDirectory { directory in
      let parent = directory.appendingPathComponent("wallet").path
      let path = parent + "/wallet.sqlite"
      do {
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t(x)")
        try db.execute("INSERT INTO t VALUES (1)")
        #expect(try sqlitePermissions(of: path + "-wal") == 0o600)
        #expect(try sqlitePermissions(of: path + "-shm") == 0o600)
        #expect(try db.scalar("PRAGMA journal_mode") == .text("wal"))
        #expect(try db.scalar("PRAGMA synchronous") == .integer(1))  // NORMAL
        #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
      }
      #expect(try sqlitePermissions(of: path) == 0o600)
      #expect(try sqlitePermissions(of: parent) == 0o700)
    }
  }

  @Test func onlyTheLastDirectoryComponentIsCreated() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("a/b/wallet.sqlite").path
      let error = try #require(throws: SQLiteError.self) { try Database(path: path) }
      #expect(error.code == .cantOpen)
      #expect(error.isIOError)
      #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a").path))
    }
  }

  @Test func existingFileKeepsItsMode() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("shared.sqlite").path
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
      _ = try Database(path: path)
      #expect(try sqlitePermissions(of: path) == 0o640)
    }
  }

  @Test func nonDatabaseFileIsRefusedAndUnmodified() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("notes.sqlite").path
      let contents = Data("hello".utf8)
      try contents.write(to: URL(fileURLWithPath: path))
      for mode in [Database.OpenMode.readWriteCreate, .readWrite, .readOnly] {
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, mode: mode) }
        #expect(error.isNotADatabase)
        #expect(error.code == .notADatabase)
        #expect(!error.isIOError)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.sqlite"])
    }
  }

  @Test func largerNonDatabaseFileIsRefusedAndUnmodified() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("big.csv").path
      let contents = Data(String(repeating: "card,merchant,amount\n", count: 1_000).utf8)
      try contents.write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: SQLiteError.self) { try Database(path: path) }
      #expect(error.isNotADatabase)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }
  }

  @Test func readOnlyOpenCannotWriteAndNeedsAFile() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("ro.sqlite").path
      let missing = try #require(throws: SQLiteError.self) {
        try Database(path: path, mode: .readOnly)
      }
      #expect(missing.code == .cantOpen)
      #expect(missing.message.contains(path))
      #expect(!FileManager.default.fileExists(atPath: path))
      do {
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t(x)")
        try db.execute("INSERT INTO t VALUES (1)")
      }
      let db = try Database(path: path, mode: .readOnly)
      #expect(try db.scalar("SELECT x FROM t") == .integer(1))
      let error = try #require(throws: SQLiteError.self) {
        try db.execute("INSERT INTO t VALUES (2)")
      }
      #expect(error.isReadOnly)
      #expect(error.isIOError)
    }
  }

  @Test func readWriteDoesNotCreate() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("absent.sqlite").path
      let error = try #require(throws: SQLiteError.self) {
        try Database(path: path, mode: .readWrite)
      }
      #expect(error.code == .cantOpen)
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func dataSurvivesReopen() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("keep.sqlite").path
      do {
        let db = try Database(path: path)
        try db.write { db in
          try db.execute("CREATE TABLE t(s TEXT)")
          try db.execute("INSERT INTO t VALUES (?)", ["persisted"])
        }
      }
      let db = try Database(path: path, mode: .readWrite)
      #expect(try db.scalar("SELECT s FROM t") == .text("persisted"))
    }
  }
}
