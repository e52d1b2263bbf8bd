import Foundation
import Testing

@testable import WalletStore

/// Read-only connections to a database in WAL mode whose file or folder cannot be written.
///
/// CI runs the tests as root, whom permission bits do not stop; so each case takes the owner's
/// write bit off, which `Database` honours for root too. That a user the bits do stop can read
/// such a store is shown end to end, through setpriv (`ReadOnlyStoreTests`).
@Suite("SQLite read-only files")
struct SQLiteReadOnlyTests {
  /// A folder `store` in `directory` holding a WAL database `name` with one row, closed, so that
  /// its log has been written back and removed.
  static func makeDatabase(in directory: URL, name: String = "ro.sqlite") throws -> String {
    let folder = directory.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    let db = try Database(path: path)
    try db.write { db in
      try db.execute("CREATE TABLE t(x)")
      try db.execute("INSERT INTO t VALUES (1)")
    }
    #expect(try db.scalar("PRAGMA journal_mode") == .text("wal"))
    return path
  }

  /// The names in the folder holding `path`.
  static func neighbours(of path: String) throws -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  /// Gives the file at `path` and its folder these modes, runs `body`, and makes both writable
  /// again, so that the test can go on writing and the folder can be removed.
  static func withModes(
    file: Int, folder: Int, of path: String, _ body: () throws -> Void
  ) throws {
    let manager = FileManager.default
    let parent = (path as NSString).deletingLastPathComponent
    try manager.setAttributes([.posixPermissions: file], ofItemAtPath: path)
    try manager.setAttributes([.posixPermissions: folder], ofItemAtPath: parent)
    defer {
      try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: parent)
      try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
    try body()
  }

  @Test(arguments: [(0o400, 0o700), (0o600, 0o500), (0o444, 0o555)])
  func aStoreWithoutWriteBitsIsReadWithoutMakingFiles(fileMode: Int, folderMode: Int) throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = try Self.makeDatabase(in: directory)
      #expect(try Self.neighbours(of: path) == ["ro.sqlite"])
      try Self.withModes(file: fileMode, folder: folderMode, of: path) {
        let db = try Database(path: path, mode: .readOnly)
        #expect(db.isImmutable)
        #expect(try db.scalar("SELECT x FROM t") == .integer(1))
        #expect(try db.read { try $0.scalar("SELECT count(*) FROM t") } == .integer(1))
        let error = try #require(throws: SQLiteError.self) {
          try db.execute("INSERT INTO t VALUES (2)")
        }
        #expect(error.isReadOnly)
        #expect(try Self.neighbours(of: path) == ["ro.sqlite"])
      }
      // Writable again, it takes writes: the read left nothing behind that would stop them.
      let db = try Database(path: path, mode: .readWrite)
      try db.execute("INSERT INTO t VALUES (2)")
      #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
    }
  }

  /// Commits still in the log are not in the file, so a log that holds some is read as usual,
  /// through its shared-memory index, however read-only the file is.
  @Test(arguments: [(0o400, 0o700), (0o600, 0o500)])
  func aLogWithCommitsIsRead(fileMode: Int, folderMode: Int) throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = try Self.makeDatabase(in: directory)
      // A writer that stays open keeps its commits in the log.
      let writer = try Database(path: path, mode: .readWrite)
      try writer.execute("INSERT INTO t VALUES (2)")
      #expect(try sqliteSize(of: path + "-wal") > 0)
      try Self.withModes(file: fileMode, folder: folderMode, of: path) {
        let db = try Database(path: path, mode: .readOnly)
        #expect(!db.isImmutable)
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(2))
      }
    }
  }

  @Test func aWritableStoreIsReadAsUsual() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = try Self.makeDatabase(in: directory)
      let db = try Database(path: path, mode: .readOnly)
      #expect(!db.isImmutable)
      #expect(try db.scalar("SELECT x FROM t") == .integer(1))
    }
  }

  /// A link is followed to the file: its folder decides, and nothing is made beside the link.
  @Test func aLinkIsJudgedByTheFileItPointsTo() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = try Self.makeDatabase(in: directory)
      let link = directory.appendingPathComponent("link.sqlite").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
      try Self.withModes(file: 0o600, folder: 0o500, of: path) {
        let db = try Database(path: link, mode: .readOnly)
        #expect(db.isImmutable)
        #expect(try db.scalar("SELECT x FROM t") == .integer(1))
      }
      #expect(try Self.neighbours(of: path) == ["ro.sqlite"])
      #expect(try Self.neighbours(of: link) == ["link.sqlite", "store"])
    }
  }

  /// `%`, `?` and `#` mean something in a URI, so they are escaped in the path.
  @Test func aPathWithURICharactersIsReadImmutable() throws {
    #expect(
      Database.immutableURI("/tmp/a?b#c%d é.sqlite")
        == "file:///tmp/a%3Fb%23c%25d é.sqlite?immutable=1")
    #expect(Database.immutableURI("w.sqlite") == "file:w.sqlite?immutable=1")
    try withSQLiteTemporaryDirectory { directory in
      let path = try Self.makeDatabase(in: directory, name: "a?b#c%d é.sqlite")
      try Self.withModes(file: 0o400, folder: 0o700, of: path) {
        let db = try Database(path: path, mode: .readOnly)
        #expect(db.isImmutable)
        #expect(try db.scalar("SELECT x FROM t") == .integer(1))
      }
    }
  }
}

/// The size of a file, from `stat`.
func sqliteSize(of path: String) throws -> Int {
  var info = stat()
  guard stat(path, &info) == 0 else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
  }
  return Int(info.st_size)
}
