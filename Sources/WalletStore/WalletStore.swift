import WalletCore

/// A wallet: one SQLite file holding cards, enrollments, transactions, installed promotions, and
/// every transaction's decision under each promotion, kept up to date in the same SQLite
/// transaction as each change.
public final class WalletStore {
  /// The connection, whose failures reach callers as ``StoreError``s.
  let db: StoreConnection
  /// Where the store lives (`:memory:` for a private one).
  public let path: String
  /// The zone in which instants written without an offset are read.
  public private(set) var timeZone: TimeZoneRules
  /// The fewest rows loaded in bulk (see `BulkLoad`); tests lower it to take that path on a few.
  var bulkLoadMinimumRows = BulkLoad.minimumRows
  /// The rows an import of transactions writes between two reports of its progress; tests lower
  /// it to hear the reports on a few thousand rows.
  var rowsBetweenProgress = 1 << 16

  /// The default zone of a new store.
  public static let defaultTimeZone = TimeZoneRules.shanghai

  /// Opens the store at `path`, creating it (file mode 0600, folder 0700) when `create` is set,
  /// and brings its schema up to date. A file that is not a wallet store, or one written by a
  /// newer wallet, is refused and left untouched.
  ///
  /// With `readOnly`, the file is opened read-only (see `Database`), which works where the user
  /// may not write, and nothing is written: a store that would need its schema migrated or a
  /// built-in promotion installed (and its decisions made) is refused with
  /// `StoreError.needsUpgrade` instead.
  public static func open(path: String, create: Bool, readOnly: Bool = false) throws
    -> WalletStore
  {
    // Whatever SQLite refuses on the way, a busy store or a full disk, is the store's error.
    try StoreConnection.mapped {
      try openMapped(path: path, create: create, readOnly: readOnly)
    }
  }

  private static func openMapped(path: String, create: Bool, readOnly: Bool) throws
    -> WalletStore
  {
    if !create && path != ":memory:" && !fileExists(path) {
      throw StoreError.missingStore(path: path)
    }
    let database: Database
    do {
      // A long wait, because another wallet command may be importing millions of rows; the
      // file is only read until it is known to be a wallet store.
      database = try Database(
        path: path, mode: readOnly ? .readOnly : (create ? .readWriteCreate : .readWrite),
        busyTimeout: .seconds(120), enablesWriteAheadLog: false)
    } catch let error as SQLiteError where error.isNotADatabase {
      throw StoreError.notAStore(path: path)
    }
    do {
      let pending = try StoreSchema.migrator.pendingMigrations(in: database)
      if readOnly || !create {
        // Commands that only read (or must find a store) never turn a file into one.
        if pending.count == StoreSchema.migrator.migrations.count {
          throw StoreError.missingStore(path: path)
        }
      }
      if !readOnly {
        try database.enableWriteAheadLog()
        if !pending.isEmpty { try StoreSchema.migrator.migrate(database) }
      } else if !pending.isEmpty {
        throw StoreError.needsUpgrade(path: path)
      }
    } catch let error as MigrationError {
      if error.isNewerStore { throw StoreError.newerStore(path: path) }
      throw StoreError.foreignDatabase(path: path)
    } catch let error as SQLiteError where error.isNotADatabase {
      throw StoreError.notAStore(path: path)
    }
    let store = try WalletStore(database: database, path: path)
    if !readOnly {
      try store.installBuiltInPromotions()
      try store.decideAgainIfMarked()
    } else if try !store.missingBuiltInPromotions().isEmpty {
      // Reading on would answer without a promotion every store has, as if it paid nothing.
      throw StoreError.needsUpgrade(path: path)
    }
    return store
  }

  /// A private store in memory, for tests and what-if questions.
  public static func inMemory(timeZone: TimeZoneRules = defaultTimeZone) throws -> WalletStore {
    let store = try open(path: ":memory:", create: true)
    try store.setTimeZone(timeZone)
    return store
  }

  private init(database: Database, path: String) throws {
    db = StoreConnection(database: database)
    self.path = path
    let name = try database.scalar("SELECT value FROM settings WHERE key = 'timezone'")?
      .stringValue
    timeZone = try name.map { try TimeZoneRules(identifier: $0) } ?? WalletStore.defaultTimeZone
  }

  /// Whether the store has been given its time zone (by `wallet init`).
  public var isInitialized: Bool {
    get throws {
      try db.scalar("SELECT 1 FROM settings WHERE key = 'timezone'") != nil
    }
  }

  /// Sets the zone in which instants written without an offset are read.
  public func setTimeZone(_ zone: TimeZoneRules) throws {
    try db.write { db in
      try db.execute(
        "INSERT INTO settings(key, value) VALUES ('timezone', ?) "
          + "ON CONFLICT(key) DO UPDATE SET value = excluded.value", [zone.identifier])
    }
    timeZone = zone
  }

  /// Runs `body` in one writing transaction (BEGIN IMMEDIATE), so that a change and the
  /// decisions it affects are committed together or not at all.
  func write<T>(_ body: () throws -> T) throws -> T {
    try db.write { _ in try body() }
  }

  /// Runs `body` in one read transaction, so every query sees one snapshot.
  func read<T>(_ body: () throws -> T) throws -> T {
    try db.read { _ in try body() }
  }

  /// Creates the folder `path` with mode 0700, as a new store's own folder is made, so that only
  /// its owner can list it; returns false, changing nothing, when something is already there.
  @discardableResult
  public static func createPrivateFolder(_ path: String) throws -> Bool {
    try StoreConnection.mapped { try Database.createPrivateDirectory(path) }
  }

  /// Whether SQLite's integrity check passes.
  public func integrityCheck() throws -> Bool {
    try db.scalar("PRAGMA integrity_check")?.stringValue == "ok"
  }

  private static func fileExists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
