import Foundation
import Testing
import WalletStore

@Suite("SQLite migrations")
struct SQLiteMigratorTests {
  private static let migrations = [
    Migration(name: "001-cards") { db in
      try db.execute("CREATE TABLE cards(id TEXT PRIMARY KEY)")
    },
    Migration(name: "002-log") { db in
      try db.execute("CREATE TABLE log(step TEXT)")
      try db.execute("INSERT INTO log VALUES ('2')")
    },
    Migration(name: "003-log-again") { db in
      try db.execute("INSERT INTO log VALUES ('3')")
    },
  ]

  private func userVersion(_ db: Database) throws -> Int64? {
    try db.scalar("PRAGMA user_version")?.int64Value
  }

  @Test func appliesInOrderAndRecords() throws {
    let db = try Database.inMemory()
    let migrator = Migrator(Self.migrations)
    #expect(try migrator.pendingMigrations(in: db) == ["001-cards", "002-log", "003-log-again"])
    let applied = try migrator.migrate(db)
    #expect(applied == ["001-cards", "002-log", "003-log-again"])
    #expect(try migrator.appliedMigrations(in: db) == applied)
    #expect(
      try db.fetchAll("SELECT step FROM log ORDER BY rowid") { $0.string(at: 0) } == ["2", "3"])
    #expect(try userVersion(db) == 3)
    let stamps = try db.fetchAll("SELECT applied_at FROM schema_migrations") { $0.string(at: 0) }
    #expect(stamps.count == 3)
    #expect(stamps.allSatisfy { $0.count == 20 && $0.hasSuffix("Z") })
    #expect(try migrator.pendingMigrations(in: db) == [])
  }

  @Test func appliesOnlyNewStepsLater() throws {
    let db = try Database.inMemory()
    try Migrator(Array(Self.migrations.prefix(1))).migrate(db)
    #expect(try userVersion(db) == 1)
    let applied = try Migrator(Self.migrations).migrate(db)
    #expect(applied == ["002-log", "003-log-again"])
    #expect(try userVersion(db) == 3)
  }

  @Test func idempotentOnReopenAndLeavesFileUnchanged() throws {
    try withSQLiteTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("store.sqlite").path
      let migrator = Migrator(Self.migrations)
      do {
        let db = try Database(path: path)
        #expect(try migrator.migrate(db).count == 3)
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      do {
        let db = try Database(path: path)
        #expect(try migrator.migrate(db) == [])
        #expect(try db.fetchAll("SELECT step FROM log") { $0.string(at: 0) } == ["2", "3"])
        #expect(try userVersion(db) == 3)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func failingMigrationRollsBackOnlyItsStep() throws {
    struct Boom: Error {}
    let db = try Database.inMemory()
    let migrator = Migrator([
      Self.migrations[0],
      Migration(name: "002-broken") { db in
        try db.execute("CREATE TABLE half(x)")
        throw Boom()
      },
    ])
    #expect(throws: Boom.self) { try migrator.migrate(db) }
    #expect(try migrator.appliedMigrations(in: db) == ["001-cards"])
    #expect(try userVersion(db) == 1)
    #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'half'") == .integer(0))
  }

  /// Builds a migrated store, lets `tamper` change it through a second connection, and returns
  /// its path and bytes once every connection is closed.
  private func tamperedStore(
    in directory: URL, _ tamper: (Database) throws -> Void
  ) throws -> (String, Data) {
    let path = directory.appendingPathComponent("store.sqlite").path
    do {
      let db = try Database(path: path)
      try Migrator(Self.migrations).migrate(db)
      try tamper(db)
    }
    return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func expectRefusedAndUnchanged(
    path: String, bytes: Data, migrator: Migrator,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> MigrationError {
    let error: MigrationError
    do {
      let db = try Database(path: path)
      error = try #require(throws: MigrationError.self, sourceLocation: sourceLocation) {
        try migrator.migrate(db)
      }
      #expect(
        throws: MigrationError.self, sourceLocation: sourceLocation
      ) { try migrator.pendingMigrations(in: db) }
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, sourceLocation: sourceLocation)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    #expect(leftovers == ["store.sqlite"], sourceLocation: sourceLocation)
    return error
  }

  @Test func refusesUnknownAppliedMigration() throws {
    try withSQLiteTemporaryDirectory { directory in
      let (path, bytes) = try tamperedStore(in: directory) { db in
        try db.write { db in
          try db.execute(
            "INSERT INTO schema_migrations VALUES (?, ?)", ["004-from-the-future", "2099"])
          try db.execute("PRAGMA user_version = 4")
        }
      }
      let error = try expectRefusedAndUnchanged(
        path: path, bytes: bytes, migrator: Migrator(Self.migrations))
      #expect(error.isNewerStore)
      #expect(
        error
          == .newerStore(unknownMigrations: ["004-from-the-future"], userVersion: 4, knownCount: 3))
    }
  }

  @Test func refusesHigherUserVersion() throws {
    try withSQLiteTemporaryDirectory { directory in
      let (path, bytes) = try tamperedStore(in: directory) { db in
        try db.execute("PRAGMA user_version = 9")
      }
      let error = try expectRefusedAndUnchanged(
        path: path, bytes: bytes, migrator: Migrator(Self.migrations))
      #expect(error == .newerStore(unknownMigrations: [], userVersion: 9, knownCount: 3))
    }
  }

  @Test func olderBuildRefusesStoreMigratedByNewerBuild() throws {
    try withSQLiteTemporaryDirectory { directory in
      let (path, bytes) = try tamperedStore(in: directory) { _ in }
      let older = Migrator(Array(Self.migrations.prefix(2)))
      let error = try expectRefusedAndUnchanged(path: path, bytes: bytes, migrator: older)
      #expect(
        error == .newerStore(unknownMigrations: ["003-log-again"], userVersion: 3, knownCount: 2))
    }
  }

  @Test func refusesHistoryThatIsNotAPrefix() throws {
    try withSQLiteTemporaryDirectory { directory in
      let (path, bytes) = try tamperedStore(in: directory) { db in
        try db.execute("DELETE FROM schema_migrations WHERE name = '002-log'")
        try db.execute("PRAGMA user_version = 2")
      }
      let error = try expectRefusedAndUnchanged(
        path: path, bytes: bytes, migrator: Migrator(Self.migrations))
      #expect(error == .historyMismatch(applied: ["001-cards", "003-log-again"], userVersion: 2))
      #expect(!error.isNewerStore)
    }
  }

  @Test func refusesForeignDatabaseWithTables() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE someone_elses(x)")
    let migrator = Migrator(Self.migrations)
    #expect(throws: MigrationError.unrecognizedSchema) { try migrator.migrate(db) }
    #expect(try db.scalar("SELECT count(*) FROM sqlite_master") == .integer(1))
  }
}
