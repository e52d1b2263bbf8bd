import CSQLite

/// Owns one `sqlite3*` handle and closes it when the last owner goes away.
///
/// Both `Database` and every `SQLiteStatement` hold this object, so the handle outlives every statement
/// prepared on it and `Database` can cache statements without a reference cycle. It is internal
/// to this folder: C pointers never leave the SQLite layer.
final class Connection {
  let handle: OpaquePointer
  /// Told every statement the connection runs, while a test asks (see `StatementRecorder`);
  /// held here so that it lives as long as SQLite may call it.
  private var recorder: StatementRecorder?

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// Hands `recorder` the SQL text of every statement this connection starts to run.
  func record(into recorder: StatementRecorder) {
    self.recorder = recorder
    sqlite3_trace_v2(
      handle, UInt32(SQLITE_TRACE_STMT),
      { _, context, _, text in
        // For SQLITE_TRACE_STMT, `text` is the statement's SQL as prepared (parameters
        // unbound), or a comment naming a trigger that runs, which is no statement of its own.
        guard let context, let text else { return 0 }
        let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
        if !sql.hasPrefix("--") {
          Unmanaged<StatementRecorder>.fromOpaque(context).takeUnretainedValue().record(sql)
        }
        return 0
      }, Unmanaged.passUnretained(recorder).toOpaque())
  }

  deinit {
    // Statements keep the connection alive, so none are left when this runs. sqlite3_close_v2
    // then only fails on a bad handle (a bug); a deinit cannot throw, so a debug build traps.
    let code = sqlite3_close_v2(handle)
    assert(code == SQLITE_OK, "sqlite3_close_v2 failed with \(code)")
  }

  /// The error for `code`, with the connection's current message. Call it right after the
  /// failing call: the next API call overwrites the message.
  func error(_ code: Int32, sql: String?) -> SQLiteError {
    SQLiteError(
      code: ResultCode(rawValue: code),
      message: String(cString: sqlite3_errmsg(handle)),
      sql: sql
    )
  }

  /// Throws unless `code` is `SQLITE_OK`.
  func check(_ code: Int32, sql: String?) throws {
    guard code == SQLITE_OK else { throw error(code, sql: sql) }
  }
}

/// `SQLITE_TRANSIENT`: tells SQLite to copy a bound string or blob before the bind call returns,
/// because Swift only lends the bytes for the duration of the call. The C macro is
/// `((sqlite3_destructor_type)-1)`, which Swift cannot import, so it is rebuilt bit for bit.
var sqliteTransient: sqlite3_destructor_type {
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
