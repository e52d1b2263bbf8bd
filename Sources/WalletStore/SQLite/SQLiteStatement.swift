import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A prepared SQL statement: one SQL statement compiled once and run many times.
///
/// Typical reuse, e.g. one insert per imported CSV row:
///
///     let insert = try db.prepare("INSERT INTO t(a, b) VALUES (?, ?)")
///     for item in items {
///       try insert.bind(item.a, at: 1)
///       try insert.bind(item.b, at: 2)
///       try insert.step()
///       try insert.reset()
///     }
///
/// A statement belongs to the connection that prepared it and, like `Database`, must stay on one
/// thread at a time. It is finalized when released.
package final class SQLiteStatement {
  /// The SQL text the statement was prepared from.
  package let sql: String

  let connection: Connection
  let handle: OpaquePointer
  /// Bumped by every step and reset, so a `Row` can tell it has gone stale.
  private(set) var generation: UInt64 = 0
  /// Whether the last `step()` threw; `sqlite3_reset` then repeats that error.
  private var lastStepFailed = false

  /// Prepares exactly one statement; trailing SQL other than whitespace and comments is refused,
  /// so a statement can never smuggle in a second one.
  init(connection: Connection, sql: String, persistent: Bool = false) throws {
    guard !sql.utf8.contains(0) else {
      // A C string ends at the first NUL; SQLite would silently ignore everything after it.
      throw SQLiteError(code: .misuse, message: "SQL text contains a NUL character", sql: sql)
    }
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    var prepared: OpaquePointer?
    var trailing: OpaquePointer?
    var trailingCode = SQLITE_OK
    let code = sql.withCString { text -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(connection.handle, text, -1, flags, &prepared, &tail)
      if code == SQLITE_OK, let tail, tail.pointee != 0 {
        // Preparing the remainder is the reliable way to tell comments from a second statement.
        trailingCode = sqlite3_prepare_v3(connection.handle, tail, -1, 0, &trailing, nil)
      }
      return code
    }
    guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    if trailingCode != SQLITE_OK {
      let error = connection.error(trailingCode, sql: sql)
      sqlite3_finalize(prepared)
      throw error
    }
    if trailing != nil {
      sqlite3_finalize(trailing)
      sqlite3_finalize(prepared)
      throw SQLiteError(
        code: .misuse,
        message: "a statement must contain exactly one SQL statement; use executeScript",
        sql: sql)
    }
    guard let prepared else {
      throw SQLiteError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
    }
    self.sql = sql
    self.connection = connection
    self.handle = prepared
  }

  deinit {
    // sqlite3_finalize only repeats the error of the last failed step, which step() already
    // threw; there is nothing else to report, and a deinit cannot throw.
    sqlite3_finalize(handle)
  }

  /// The number of `?`, `?NNN`, `:name`, `@name` and `$name` parameters.
  package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

  /// The number of columns in a result row (0 for statements that return no data).
  package var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// Whether the statement only reads (`sqlite3_stmt_readonly`).
  package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

  /// Whether the statement has been stepped but not yet run to completion or reset.
  package var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

  /// The name of a result column (0-based).
  package func columnName(at index: Int) -> String {
    precondition(index >= 0 && index < columnCount, "column index \(index) out of range")
    guard let name = sqlite3_column_name(handle, Int32(index)) else { return "" }
    return String(cString: name)
  }

  /// The 1-based index of a named parameter, or nil. `name` may be given with its prefix
  /// (`:id`, `@id`, `$id`) or without it, in which case `:` is assumed.
  package func parameterIndex(named name: String) -> Int? {
    let full = name.first.map { ":@$".contains($0) } == true ? name : ":" + name
    let index = sqlite3_bind_parameter_index(handle, full)
    return index == 0 ? nil : Int(index)
  }

  // MARK: Binding

  /// Binds a value to the parameter at a 1-based index; `nil` binds NULL.
  ///
  /// Strings and blobs are handed to SQLite as pointer and length (no intermediate C string) and
  /// copied by SQLite once (`SQLITE_TRANSIENT`).
  package func bind(_ value: (any DatabaseValueConvertible)?, at index: Int) throws {
    let position = Int32(clamping: index)
    let code: Int32
    switch value?.databaseValue ?? .null {
    case .null:
      code = sqlite3_bind_null(handle, position)
    case .integer(let integer):
      code = sqlite3_bind_int64(handle, position, integer)
    case .real(let real):
      code = sqlite3_bind_double(handle, position, real)
    case .text(let text):
      if text.isEmpty {
        // Binding a null pointer would store NULL, not "", so pass a real (empty) C string.
        code = sqlite3_bind_text64(handle, position, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
      } else {
        var text = text  // withUTF8 is mutating only to make bridged strings contiguous.
        code = text.withUTF8 { utf8 in
          utf8.withMemoryRebound(to: CChar.self) { chars in
            sqlite3_bind_text64(
              handle, position, chars.baseAddress, UInt64(chars.count), sqliteTransient,
              UInt8(SQLITE_UTF8))
          }
        }
      }
    case .blob(let bytes):
      if bytes.isEmpty {
        // A null pointer would bind NULL; a zero-length zeroblob is an empty, non-NULL blob.
        code = sqlite3_bind_zeroblob(handle, position, 0)
      } else {
        code = bytes.withUnsafeBytes { raw in
          sqlite3_bind_blob64(handle, position, raw.baseAddress, UInt64(raw.count), sqliteTransient)
        }
      }
    }
    try connection.check(code, sql: sql)
  }

  /// Binds text, or NULL for nil, to the parameter at a 1-based index: `bind(_:at:)` without
  /// wrapping the value, for statements run once per row of a large load.
  package func bind(text: String?, at index: Int) throws {
    guard var text else { return try bindNull(at: index) }
    guard !text.isEmpty else { return try bind(text, at: index) }
    let position = Int32(clamping: index)
    let code = text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        sqlite3_bind_text64(
          handle, position, chars.baseAddress, UInt64(chars.count), sqliteTransient,
          UInt8(SQLITE_UTF8))
      }
    }
    try connection.check(code, sql: sql)
  }

  /// Binds an integer, or NULL for nil, to the parameter at a 1-based index.
  package func bind(integer: Int64?, at index: Int) throws {
    guard let integer else { return try bindNull(at: index) }
    try connection.check(
      sqlite3_bind_int64(handle, Int32(clamping: index), integer), sql: sql)
  }

  /// Binds NULL to the parameter at a 1-based index.
  package func bindNull(at index: Int) throws {
    try connection.check(sqlite3_bind_null(handle, Int32(clamping: index)), sql: sql)
  }

  /// Binds a value to a named parameter (see `parameterIndex(named:)`); `nil` binds NULL.
  package func bind(_ value: (any DatabaseValueConvertible)?, named name: String) throws {
    guard let index = parameterIndex(named: name) else {
      throw SQLiteError(code: .range, message: "no parameter named \(name)", sql: sql)
    }
    try bind(value, at: index)
  }

  /// Binds every parameter in order, starting at index 1. The count must match exactly, so a
  /// forgotten argument is an error rather than a silent NULL.
  package func bind(_ arguments: [(any DatabaseValueConvertible)?]) throws {
    guard arguments.count == parameterCount else {
      throw SQLiteError(
        code: .range,
        message: "statement has \(parameterCount) parameters but \(arguments.count) were given",
        sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      try bind(argument, at: offset + 1)
    }
  }

  /// Sets every parameter back to NULL.
  package func clearBindings() throws {
    try connection.check(sqlite3_clear_bindings(handle), sql: sql)
  }

  // MARK: Running

  /// Runs the statement to its next row. Returns the row, or nil when the statement is done.
  ///
  /// The returned `Row` is only valid until the next `step()` or `reset()`.
  @discardableResult
  package func step() throws -> Row? {
    generation &+= 1
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW:
      lastStepFailed = false
      return Row(statement: self, generation: generation)
    case SQLITE_DONE:
      lastStepFailed = false
      return nil
    default:
      lastStepFailed = true
      throw connection.error(code, sql: sql)
    }
  }

  /// Rewinds the statement so it can run again; bindings are kept (see `clearBindings()`).
  ///
  /// Resetting also releases the read lock a partly-stepped SELECT holds.
  package func reset() throws {
    generation &+= 1
    let code = sqlite3_reset(handle)
    let alreadyReported = lastStepFailed
    lastStepFailed = false
    // After a failed step, sqlite3_reset returns that same error again. step() already threw it;
    // throwing it twice would make a handled error (say, a duplicate row) poison the reuse.
    if code != SQLITE_OK && !alreadyReported {
      throw connection.error(code, sql: sql)
    }
  }

  /// Steps until done, ignoring any rows, then resets; bindings are kept. For a statement whose
  /// parameters were just bound one by one.
  package func run() throws {
    defer { try? reset() }  // Any error was thrown by step(); this only frees locks.
    while try step() != nil {}
  }

  /// Resets, binds `arguments`, and steps until done, ignoring any rows.
  package func execute(_ arguments: [(any DatabaseValueConvertible)?] = []) throws {
    try reset()
    try bind(arguments)
    while try step() != nil {}
    try reset()
  }
}

/// The current row of a statement being stepped.
///
/// A row is a view into SQLite's memory, not a copy: it is valid only until the statement's
/// next `step()` or `reset()`, and using it afterwards traps. Read what you need inside the
/// iteration. Column indexes are 0-based.
///
/// The typed readers follow SQLite's conversion rules: reading NULL as a number gives 0, as text
/// gives "", as bytes gives []; use `isNull(at:)` or `value(at:)` where NULL matters.
package struct Row {
  private let statement: SQLiteStatement
  private let generation: UInt64

  init(statement: SQLiteStatement, generation: UInt64) {
    self.statement = statement
    self.generation = generation
  }

  private func handle(_ index: Int) -> OpaquePointer {
    precondition(
      statement.generation == generation, "Row used after its statement stepped or reset")
    precondition(index >= 0 && index < count, "column index \(index) out of range")
    return statement.handle
  }

  /// The number of columns.
  package var count: Int { Int(sqlite3_data_count(statement.handle)) }

  /// The name of a column.
  package func columnName(at index: Int) -> String {
    _ = handle(index)
    return statement.columnName(at: index)
  }

  /// The storage class of the value in a column.
  package func columnType(at index: Int) -> ColumnType {
    ColumnType(rawValue: sqlite3_column_type(handle(index), Int32(index)))
  }

  /// Whether the value in a column is NULL.
  package func isNull(at index: Int) -> Bool { columnType(at: index) == .null }

  /// The value as a 64-bit integer.
  package func int64(at index: Int) -> Int64 {
    sqlite3_column_int64(handle(index), Int32(index))
  }

  /// The value as an `Int`.
  package func int(at index: Int) -> Int { Int(int64(at: index)) }

  /// The value as a double.
  package func double(at index: Int) -> Double {
    sqlite3_column_double(handle(index), Int32(index))
  }

  /// The value as a boolean: any non-zero integer is true.
  package func bool(at index: Int) -> Bool { int64(at: index) != 0 }

  /// The value as text, decoded as UTF-8 with its exact length (embedded NULs survive).
  package func string(at index: Int) -> String {
    let statementHandle = handle(index)
    // Order matters: sqlite3_column_bytes must follow the conversion done by column_text.
    guard let text = sqlite3_column_text(statementHandle, Int32(index)) else { return "" }
    let length = Int(sqlite3_column_bytes(statementHandle, Int32(index)))
    return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
  }

  /// The value as bytes.
  package func bytes(at index: Int) -> [UInt8] {
    let statementHandle = handle(index)
    guard let blob = sqlite3_column_blob(statementHandle, Int32(index)) else { return [] }
    let length = Int(sqlite3_column_bytes(statementHandle, Int32(index)))
    return [UInt8](UnsafeRawBufferPointer(start: blob, count: length))
  }

  /// The value as `Data`.
  package func data(at index: Int) -> Data { Data(bytes(at: index)) }

  /// The value in its own storage class, NULL included.
  package func value(at index: Int) -> DatabaseValue {
    switch columnType(at: index) {
    case .integer: return .integer(int64(at: index))
    case .real: return .real(double(at: index))
    case .text: return .text(string(at: index))
    case .blob: return .blob(bytes(at: index))
    default: return .null
    }
  }
}
