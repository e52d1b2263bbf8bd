import CSQLite

/// A SQLite result code, primary or extended, under a Swift name.
///
/// The connection runs with extended result codes on, so a code read from an error is usually
/// extended (for example `constraintUnique`); compare `primary` against the primary constants to
/// classify it. The raw value is kept so that codes this file does not name still round-trip.
package struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C value, as SQLite returns it.
  package let rawValue: Int32

  /// Wraps a C result code.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The primary code: the low 8 bits, which is all that older callers compare.
  package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// SQLite's English explanation of the code (`sqlite3_errstr`), e.g. "database is locked".
  package var description: String {
    guard let text = sqlite3_errstr(rawValue) else { return "SQLite result code \(rawValue)" }
    return String(cString: text)
  }

  /// `SQLITE_OK`: success.
  package static let ok = ResultCode(rawValue: SQLITE_OK)
  /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error or a missing table.
  package static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_PERM`: the operating system denied access.
  package static let permission = ResultCode(rawValue: SQLITE_PERM)
  /// `SQLITE_ABORT`: an operation was aborted, usually by a rollback.
  package static let abort = ResultCode(rawValue: SQLITE_ABORT)
  /// `SQLITE_BUSY`: another connection holds a conflicting lock and the busy timeout expired.
  package static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_LOCKED`: a conflict inside this same connection (or shared cache).
  package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  /// `SQLITE_NOMEM`: an allocation failed.
  package static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
  /// `SQLITE_READONLY`: a write was attempted on a read-only database or connection.
  package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_INTERRUPT`: the operation was interrupted.
  package static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  /// `SQLITE_IOERR`: the operating system reported an I/O error.
  package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// `SQLITE_CORRUPT`: the database file is damaged.
  package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  /// `SQLITE_FULL`: the disk is full.
  package static let full = ResultCode(rawValue: SQLITE_FULL)
  /// `SQLITE_CANTOPEN`: the file (or its directory, journal or WAL) could not be opened.
  package static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_SCHEMA`: the schema changed under a statement.
  package static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
  /// `SQLITE_TOOBIG`: a string or blob is larger than SQLite's limit.
  package static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
  /// `SQLITE_CONSTRAINT`: a UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY constraint failed.
  package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  /// `SQLITE_MISMATCH`: a value has the wrong type, e.g. a non-integer rowid.
  package static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  /// `SQLITE_MISUSE`: the API was used incorrectly (a bug in the caller).
  package static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  /// `SQLITE_AUTH`: an authorizer denied the operation.
  package static let authorization = ResultCode(rawValue: SQLITE_AUTH)
  /// `SQLITE_RANGE`: a parameter index or argument count is out of range.
  package static let range = ResultCode(rawValue: SQLITE_RANGE)
  /// `SQLITE_NOTADB`: the file is not a SQLite database.
  package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// `SQLITE_ROW`: `sqlite3_step` produced a row.
  package static let row = ResultCode(rawValue: SQLITE_ROW)
  /// `SQLITE_DONE`: `sqlite3_step` finished.
  package static let done = ResultCode(rawValue: SQLITE_DONE)

  /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE index rejected a duplicate.
  package static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a PRIMARY KEY rejected a duplicate.
  package static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
  /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key has no parent row.
  package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
  /// `SQLITE_CONSTRAINT_NOTNULL`: NULL was written to a NOT NULL column.
  package static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
  /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
  package static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
}

/// The storage class of a column value in the current row (`sqlite3_column_type`).
package struct ColumnType: RawRepresentable, Hashable, Sendable {
  /// The C value (`SQLITE_INTEGER`, `SQLITE_FLOAT`, ...).
  package let rawValue: Int32

  /// Wraps a C column type.
  package init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// A 64-bit signed integer.
  package static let integer = ColumnType(rawValue: SQLITE_INTEGER)
  /// An IEEE double.
  package static let real = ColumnType(rawValue: SQLITE_FLOAT)
  /// UTF-8 text.
  package static let text = ColumnType(rawValue: SQLITE_TEXT)
  /// Bytes stored as given (a BLOB).
  package static let blob = ColumnType(rawValue: SQLITE_BLOB)
  /// SQL NULL.
  package static let null = ColumnType(rawValue: SQLITE_NULL)
}
