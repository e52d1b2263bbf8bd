import CSQLite
import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection to a SQLite database file (or to a private in-memory database), used from
/// one thread at a time. Opening creates a missing file 0600 (its folder 0700), waits on a
/// locked file, refuses a file that is not a database before writing to it, and turns on WAL and
/// foreign keys; a store this user cannot write is read `immutable=1` when its log is empty.
/// docs/design/store.md tells why each step is there. The connection closes when the object is
/// released.
package final class Database {
  /// How a database is opened.
  package enum OpenMode: Hashable, Sendable {
    /// Reads only (`SQLITE_OPEN_READONLY`), also where the file or its folder cannot be written.
    /// The file must exist; writes fail with a read-only error.
    case readOnly
    /// Reads and writes an existing file.
    case readWrite
    /// Reads and writes, creating the file (0600) and its parent directory (0700) if missing.
    case readWriteCreate
  }

  /// The path given at open (`:memory:` for an in-memory database).
  package let path: String
  /// The mode given at open.
  package let mode: OpenMode
  /// Whether a read-only connection reads the file as `immutable` (docs/design/store.md).
  let isImmutable: Bool

  let connection: Connection
  private var statementCache: [String: SQLiteStatement] = [:]

  /// Opens (and for `.readWriteCreate` possibly creates) the database at `path`; `:memory:` is a
  /// private in-memory database. Throws `SQLiteError`: `isNotADatabase` for a file that is not a
  /// SQLite database (left untouched), `isIOError` when the file or directory cannot be opened
  /// or created.
  ///
  /// With `enablesWriteAheadLog: false` the file is only read at open, so that a caller can check
  /// it is the database it expects before anything changes it, and then call
  /// `enableWriteAheadLog()`.
  package init(
    path: String, mode: OpenMode = .readWriteCreate, busyTimeout: Duration = .seconds(5),
    enablesWriteAheadLog: Bool = true
  ) throws {
    self.path = path
    self.mode = mode
    let isMemory = path == ":memory:" || path.isEmpty
    if mode == .readWriteCreate && !isMemory {
      try Self.createFileIfMissing(path)
    }
    isImmutable = mode == .readOnly && !isMemory && Self.readsWithoutLog(path)

    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch mode {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    var name = path
    if isImmutable {
      flags |= SQLITE_OPEN_URI
      name = Self.immutableURI(path)
    }
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard let handle else {
      // Only an allocation failure leaves no handle to ask for a message.
      throw SQLiteError(
        code: ResultCode(rawValue: code), message: "cannot open \(ShownValue.path(path))")
    }
    // Wrapped at once so the handle is closed even if the checks below throw.
    connection = Connection(handle: handle)
    if let recorder = StatementRecorder.current { connection.record(into: recorder) }
    guard code == SQLITE_OK else {
      let error = connection.error(code, sql: nil)
      throw SQLiteError(code: error.code, message: "\(error.message): \(ShownValue.path(path))")
    }
    if mode != .readOnly && !isMemory && sqlite3_db_readonly(handle, "main") == 1 {
      // SQLite opens a file this user may not write read-only rather than fail. Reading on
      // would make the -wal and -shm, the second as read-only as the file, and no writer could
      // use the store again once the file is writable, until someone deleted it.
      throw SQLiteError(
        code: .readOnly, message: "attempt to write a readonly database: \(ShownValue.path(path))")
    }
    try connection.check(sqlite3_extended_result_codes(handle, 1), sql: nil)
    try connection.check(sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout)), sql: nil)

    // Reading the schema makes SQLite parse the header: SQLITE_NOTADB surfaces here, while the
    // connection has done nothing but read.
    _ = try uncachedScalar("PRAGMA schema_version")

    if enablesWriteAheadLog { try enableWriteAheadLog() }
    _ = try uncachedScalar("PRAGMA foreign_keys=ON")
  }

  /// Switches a writable file to WAL mode (readers never wait for a writer) with
  /// synchronous=NORMAL. Setting WAL on a file already in WAL mode writes nothing. A file system
  /// without shared memory may refuse WAL; SQLite then keeps the rollback journal and the
  /// default synchronous=FULL, which is slower but just as safe.
  package func enableWriteAheadLog() throws {
    let isMemory = path == ":memory:" || path.isEmpty
    guard !isMemory, sqlite3_db_readonly(connection.handle, "main") == 0 else { return }
    if try uncachedScalar("PRAGMA journal_mode=WAL")?.stringValue?.lowercased() == "wal" {
      _ = try uncachedScalar("PRAGMA synchronous=NORMAL")
    }
  }

  /// Opens a private, empty in-memory database (for tests and stateless work).
  package static func inMemory() throws -> Database {
    try Database(path: ":memory:")
  }

  // MARK: Opening helpers

  /// Whether a read-only connection should read `path` as immutable: its log holds no commit,
  /// and SQLite could not make its `-wal` and `-shm` beside it, or would make them as read-only
  /// as the file. Links are followed, as SQLite does to place those files.
  static func readsWithoutLog(_ path: String) -> Bool {
    var file = path
    if let resolved = realpath(path, nil) {
      file = String(cString: resolved)
      free(resolved)
    }
    var status = stat()
    if stat(file + "-wal", &status) == 0 {
      guard status.st_size == 0 else { return false }
    } else if errno != ENOENT {
      return false  // Whatever hides the log from us, SQLite should report it.
    }
    return isReadOnly(file) || isReadOnly(parentDirectory(of: file))
  }

  /// Whether this user (its effective ids, as for opening) may not write `path` (for a folder,
  /// make files in it), or its owner has made it read-only. The second holds for root too, who
  /// may write anything: a `-shm` that root made beside a file without its owner's write bit
  /// would keep that bit off, and with it the owner's writes once the file is writable again.
  private static func isReadOnly(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_mode & S_IWUSR == 0 || faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0
  }

  /// `path` as a SQLite URI with `immutable=1`. Only `%`, `?` and `#` have a meaning in the
  /// path part of the URI; `file:///` keeps a path that begins with `//` from being read as a
  /// host name.
  static func immutableURI(_ path: String) -> String {
    var bytes = Array((path.hasPrefix("/") ? "file://" : "file:").utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
      if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self) + "?immutable=1"
  }

  /// Creates the database file 0600 if it is missing, and its parent directory 0700 if that is
  /// missing. `O_EXCL` makes the check and the creation one atomic step, so a file created by
  /// another process in between is left alone.
  private static func createFileIfMissing(_ path: String) throws {
    var descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor < 0 && errno == ENOENT {
      try createPrivateDirectory(parentDirectory(of: path))
      descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    }
    if descriptor < 0 {
      if errno == EEXIST { return }
      throw posixError(.createFile, path)
    }
    if close(descriptor) != 0 {
      throw posixError(.createFile, path)
    }
  }

  /// Creates the directory `path` with mode 0700 whatever the umask, so that only its owner can
  /// list it, and returns true; returns false, changing nothing, when something is already
  /// there. Throws `SQLiteError` (`cantOpen`) when it cannot be created, for instance because
  /// its parent is missing.
  @discardableResult
  package static func createPrivateDirectory(_ path: String) throws -> Bool {
    if mkdir(path, 0o700) != 0 {
      if errno == EEXIST { return false }
      throw posixError(.createDirectory, path)
    }
    // mkdir applies the umask, which can only take bits from 0700; one that takes the owner's
    // own leaves a folder its owner cannot use. The folder is opened without following links,
    // so that one swapped in by another user is never the one changed.
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw posixError(.openDirectory, path)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw posixError(.readDirectory, path)
    }
    if status.st_mode & 0o7777 != 0o700 && fchmod(descriptor, 0o700) != 0 {
      throw posixError(.setDirectoryMode, path)
    }
    return true
  }

  private static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = path[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// A failure of the operating system before SQLite was involved is reported as the error
  /// SQLite would have given, `SQLITE_CANTOPEN`, so callers classify it in one place.
  private static func posixError(_ step: StoreFileProblem.Step, _ path: String) -> SQLiteError {
    let number = errno
    let what =
      switch step {
      case .createFile: "cannot create"
      case .createDirectory: "cannot create directory"
      case .openDirectory: "cannot open directory"
      case .readDirectory: "cannot read directory"
      case .setDirectoryMode: "cannot set the mode of directory"
      }
    return SQLiteError(
      code: .cantOpen,
      message: "\(what) \(ShownValue.path(path)): \(String(cString: strerror(number)))",
      fileProblem: StoreFileProblem(step: step, path: path, errno: number))
  }

  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds.multipliedReportingOverflow(by: 1000)
    guard !total.overflow else { return seconds < 0 ? 0 : Int32.max }
    return Int32(clamping: max(0, total.partialValue + attoseconds / 1_000_000_000_000_000))
  }

  private func uncachedScalar(_ sql: String) throws -> DatabaseValue? {
    let statement = try SQLiteStatement(connection: connection, sql: sql)
    return try statement.step()?.value(at: 0)
  }

  // MARK: Statements

  /// Prepares a new statement for `sql`, which must hold exactly one SQL statement.
  package func prepare(_ sql: String) throws -> SQLiteStatement {
    try SQLiteStatement(connection: connection, sql: sql)
  }

  /// Returns a prepared statement for `sql` from this connection's cache, reset and with its
  /// bindings cleared, preparing it on first use.
  ///
  /// If the cached statement is still being stepped (a nested query with the same SQL), a fresh
  /// statement is returned instead, so the outer iteration is never disturbed.
  package func cachedStatement(_ sql: String) throws -> SQLiteStatement {
    if let statement = statementCache[sql] {
      if statement.isBusy {
        return try prepare(sql)
      }
      try statement.reset()
      try statement.clearBindings()
      return statement
    }
    let statement = try SQLiteStatement(connection: connection, sql: sql, persistent: true)
    statementCache[sql] = statement
    return statement
  }

  /// Runs one statement with bound arguments, ignoring any rows it returns.
  package func execute(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []) throws {
    let statement = try cachedStatement(sql)
    defer { try? statement.reset() }  // Any error was thrown by step(); this only frees locks.
    try statement.bind(arguments)
    while try statement.step() != nil {}
  }

  /// Runs several `;`-separated statements without arguments, such as a migration's DDL.
  /// Stops at the first error, which names the statement that failed.
  package func executeScript(_ sql: String) throws {
    guard !sql.utf8.contains(0) else {
      throw SQLiteError(code: .misuse, message: "SQL text contains a NUL character", sql: sql)
    }
    try sql.withCString { start in
      var next: UnsafePointer<CChar>? = start
      while let current = next, current.pointee != 0 {
        var prepared: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v3(connection.handle, current, -1, 0, &prepared, &tail)
        let text = Self.text(from: current, to: tail)
        guard code == SQLITE_OK else { throw connection.error(code, sql: text) }
        next = tail
        guard let prepared else { continue }  // Only whitespace or a comment.
        defer { sqlite3_finalize(prepared) }  // Its error, if any, is thrown below.
        var stepCode = sqlite3_step(prepared)
        while stepCode == SQLITE_ROW {
          stepCode = sqlite3_step(prepared)
        }
        guard stepCode == SQLITE_DONE else { throw connection.error(stepCode, sql: text) }
      }
    }
  }

  private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?)
    -> String
  {
    let length = end.map { $0 - start } ?? strlen(start)
    let bytes = UnsafeRawBufferPointer(start: start, count: length)
    return trimmingWhitespace(String(decoding: bytes, as: UTF8.self))
  }

  private static func trimmingWhitespace(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0.isWhitespace }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// Runs a query and maps every row. The closure sees each row only while it is current.
  package func fetchAll<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    map: (Row) throws -> T
  ) throws -> [T] {
    let statement = try cachedStatement(sql)
    defer { try? statement.reset() }  // Step errors were thrown; this only frees locks.
    try statement.bind(arguments)
    var results: [T] = []
    while let row = try statement.step() {
      results.append(try map(row))
    }
    return results
  }

  /// Runs a query and maps its first row, or returns nil if there is none. The statement is
  /// reset afterwards so it holds no lock.
  package func fetchOne<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    map: (Row) throws -> T
  ) throws -> T? {
    let statement = try cachedStatement(sql)
    defer { try? statement.reset() }  // Step errors were thrown; this only frees locks.
    try statement.bind(arguments)
    guard let row = try statement.step() else { return nil }
    return try map(row)
  }

  /// The first column of the first row, or nil if the query returns no row (a NULL value is
  /// `.null`, not nil).
  package func scalar(_ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [])
    throws -> DatabaseValue?
  {
    try fetchOne(sql, arguments) { $0.value(at: 0) }
  }

  /// Steps through the rows of `sql`, handing each, mapped, to `body` until it returns false:
  /// for results too large to gather, as the rows are read. The statement is one of its own,
  /// not the cache's, so `body` may run other queries, even the same one.
  package func forEach<T>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [], map: (Row) throws -> T,
    _ body: (T) throws -> Bool
  ) throws {
    let statement = try prepare(sql)
    defer { try? statement.reset() }  // Step errors were thrown; this only frees locks.
    try statement.bind(arguments)
    while let row = try statement.step() {
      guard try body(try map(row)) else { return }
    }
  }

  /// The rowid of the last successful INSERT on this connection.
  package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(connection.handle) }

  /// The number of rows changed by the last INSERT, UPDATE or DELETE.
  package var changes: Int { Int(sqlite3_changes64(connection.handle)) }

  /// Whether a transaction is open (SQLite is out of autocommit mode).
  package var isInTransaction: Bool { sqlite3_get_autocommit(connection.handle) == 0 }

  // MARK: Transactions

  /// Runs `body` in a writing transaction: `BEGIN IMMEDIATE … COMMIT`, rolled back if `body`
  /// throws (the error is rethrown) or if the commit fails.
  ///
  /// Every writing transaction is IMMEDIATE: it takes the write lock at BEGIN. A deferred
  /// transaction that reads first and writes later must upgrade its lock, and two such
  /// transactions can each hold what the other needs; SQLite then fails one of them with
  /// SQLITE_BUSY at once, without waiting. Taking the lock up front means a second writer simply
  /// waits at BEGIN for up to the busy timeout.
  ///
  /// Transactions do not nest: calling `write` or `read` inside one throws.
  @discardableResult
  package func write<T>(_ body: (Database) throws -> T) throws -> T {
    try transaction(begin: "BEGIN IMMEDIATE", body)
  }

  /// Lets SQLite use up to `count` helper threads for sorting (building an index, say), and
  /// returns the limit it replaces. `PRAGMA threads` would do the same, but a pragma acts when
  /// its statement is prepared, and this connection caches statements.
  @discardableResult
  package func setSortingHelperThreads(_ count: Int) -> Int {
    precondition(count >= 0, "a negative thread count")
    return Int(
      sqlite3_limit(connection.handle, SQLITE_LIMIT_WORKER_THREADS, Int32(clamping: count)))
  }

  /// `write(_:)` with foreign keys not enforced: for a bulk load whose caller checks, inside the
  /// same transaction, that every reference it writes exists. SQLite's own check costs an index
  /// lookup per reference per row, and can only be switched outside a transaction, so it is off
  /// for this one and on again after it, whatever happens.
  @discardableResult
  package func writeCheckingReferencesInCaller<T>(_ body: (Database) throws -> T) throws -> T {
    precondition(!isInTransaction, "foreign key enforcement can only change between transactions")
    try execute("PRAGMA foreign_keys = OFF")
    defer {
      // Fails only on a broken connection, which the next statement reports anyway.
      try? execute("PRAGMA foreign_keys = ON")
    }
    return try transaction(begin: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a deferred read transaction, so every query in it sees one consistent
  /// snapshot. The connection is put in `query_only` mode for the duration: a read transaction
  /// that tried to write would need the lock upgrade that `write` exists to avoid.
  @discardableResult
  package func read<T>(_ body: (Database) throws -> T) throws -> T {
    try execute("PRAGMA query_only = 1")
    defer {
      // Can only fail on a broken connection, which the next statement will report anyway.
      try? execute("PRAGMA query_only = 0")
    }
    return try transaction(begin: "BEGIN DEFERRED", body)
  }

  private func transaction<T>(begin: String, _ body: (Database) throws -> T) throws -> T {
    try execute(begin)
    let result: T
    do {
      result = try body(self)
      if begin == "BEGIN IMMEDIATE" {
        // What the transaction wrote becomes the store's here: an interrupt finds the commit
        // either not begun or done (`CommitGate`), and so can say whether the store changed.
        try CommitGate.pass { try execute("COMMIT") }
      } else {
        try execute("COMMIT")
      }
    } catch {
      rollbackIfNeeded()
      throw error
    }
    return result
  }

  private func rollbackIfNeeded() {
    // After some errors (a full disk, an I/O error) SQLite has already rolled back on its own,
    // and ROLLBACK would fail with "no transaction is active".
    guard isInTransaction else { return }
    // The caller's error is the one worth reporting. A failed ROLLBACK leaves the transaction
    // open, and SQLite rolls it back when the connection closes.
    try? execute("ROLLBACK")
  }
}
