/// One named, forward-only schema change.
///
/// The name is what the store records, so it must never change once released; the position in
/// the migrator's list is what orders it.
package struct Migration: Sendable {
  /// The permanent name recorded in `schema_migrations`.
  package let name: String
  /// The change. It runs inside the migrator's IMMEDIATE transaction with foreign keys on (SQLite
  /// ignores `PRAGMA foreign_keys` inside a transaction, so a table rebuild should use
  /// `PRAGMA defer_foreign_keys = ON` instead).
  package let body: @Sendable (Database) throws -> Void

  /// Creates a migration.
  package init(name: String, body: @escaping @Sendable (Database) throws -> Void) {
    self.name = name
    self.body = body
  }
}

/// Why a migrator refused a store. It never modifies a store it refuses.
package enum MigrationError: Error, Hashable, Sendable {
  /// The store has applied migrations this version does not know, or a `user_version` above the
  /// number of migrations it knows: it was written by a newer version of wallet. Migrations only
  /// go forward, so this version cannot safely read or write it.
  case newerStore(unknownMigrations: [String], userVersion: Int, knownCount: Int)
  /// The recorded history is not a prefix of the known list (a migration is missing or out of
  /// order), or disagrees with `user_version`: the store was modified by something else.
  case historyMismatch(applied: [String], userVersion: Int)
  /// The database already has tables but no migration history: it is not a store this program
  /// created, and migrating it would write our tables into someone else's database.
  case unrecognizedSchema

  /// Whether the store comes from a newer version of wallet.
  package var isNewerStore: Bool {
    if case .newerStore = self { return true }
    return false
  }
}

/// Brings a store's schema up to date by running an ordered list of migrations.
///
/// Applied migrations are recorded by name, in order, in
/// `schema_migrations(name TEXT PRIMARY KEY, applied_at TEXT)`, and `PRAGMA user_version` is set
/// to their number, so tools (and older versions of wallet) can read the schema version without
/// knowing the table. Each pending migration runs in its own IMMEDIATE transaction together with
/// its record, so a crash leaves the store at a migration boundary.
///
/// The store's history must be a prefix of the known list. A store with unknown migrations or a
/// higher `user_version` is refused with `MigrationError.newerStore` before anything is written:
/// there is no migrating down.
package struct Migrator: Sendable {
  /// The known migrations, in the order they apply.
  package let migrations: [Migration]

  /// Creates a migrator. Names must be unique (a programming error otherwise).
  package init(_ migrations: [Migration]) {
    precondition(
      Set(migrations.map(\.name)).count == migrations.count, "duplicate migration names")
    self.migrations = migrations
  }

  /// The names of the migrations the store still needs, in order, after checking the store's
  /// history. Reads only, so it can vet a store opened read-only.
  package func pendingMigrations(in db: Database) throws -> [String] {
    let applied = try db.read { db in try validatedHistory(db) }
    return migrations.dropFirst(applied.count).map(\.name)
  }

  /// The names of the migrations recorded in the store, in the order they were applied
  /// (unchecked).
  package func appliedMigrations(in db: Database) throws -> [String] {
    try db.read { db in try recordedNames(db) }
  }

  /// Applies every pending migration and returns the names it applied (empty when the store is
  /// up to date, in which case nothing is written).
  @discardableResult
  package func migrate(_ db: Database) throws -> [String] {
    let pending = try pendingMigrations(in: db)
    var applied: [String] = []
    for name in pending {
      let ran = try db.write { db -> Bool in
        // Checked again under the write lock: another process may have migrated meanwhile.
        let history = try validatedHistory(db)
        guard history.count < migrations.count, migrations[history.count].name == name else {
          return false
        }
        try db.executeScript(
          """
          CREATE TABLE IF NOT EXISTS schema_migrations(
            name TEXT PRIMARY KEY NOT NULL,
            applied_at TEXT NOT NULL
          )
          """)
        try migrations[history.count].body(db)
        try db.execute(
          "INSERT INTO schema_migrations(name, applied_at) "
            + "VALUES (?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
          [name])
        // PRAGMA takes no bound parameters; this is an integer we computed, not input.
        try db.execute("PRAGMA user_version = \(history.count + 1)")
        return true
      }
      if ran {
        applied.append(name)
      }
    }
    return applied
  }

  private func recordedNames(_ db: Database) throws -> [String] {
    let hasTable = try db.scalar(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    guard hasTable?.int64Value == 1 else { return [] }
    return try db.fetchAll("SELECT name FROM schema_migrations ORDER BY rowid") {
      $0.string(at: 0)
    }
  }

  /// The applied names, after checking they are a known prefix consistent with `user_version`.
  private func validatedHistory(_ db: Database) throws -> [String] {
    let userVersion = Int(try db.scalar("PRAGMA user_version")?.int64Value ?? 0)
    let applied = try recordedNames(db)
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty || userVersion > migrations.count {
      throw MigrationError.newerStore(
        unknownMigrations: unknown, userVersion: userVersion, knownCount: migrations.count)
    }
    guard applied.elementsEqual(migrations.prefix(applied.count).map(\.name)),
      userVersion == applied.count
    else {
      throw MigrationError.historyMismatch(applied: applied, userVersion: userVersion)
    }
    if applied.isEmpty {
      let objects = try db.scalar(
        "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
      if objects?.int64Value != 0 {
        throw MigrationError.unrecognizedSchema
      }
    }
    return applied
  }
}
