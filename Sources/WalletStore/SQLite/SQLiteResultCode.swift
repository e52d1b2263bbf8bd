import CSQLite

/// A SQLite result code, primary or extended, under a Swift name.
///
/// The connection runs with extended result codes on, so a code read from an error is usually
/// extended (for example `constraintUnique`); compare `primary` against the primary constants to
/// classify it. The raw value is kept so that codes this file does not name still round-trip.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The C value, as SQLite returns it.
  public let rawValue: Int32

  /// Wraps a C result code.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The primary code: the low 8 bits, which is all that older callers compare.
  public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// SQLite's English explanation of the code (`sqlite3_errstr`), e.g. "database is locked".
  public var description: String {
    guard let text = sqlite3_errstr(rawValue) else { return "SQLite result code \(rawValue)" }
    return String(cString: text)
  }

  /// `SQLITE_OK`: success.
  public static let ok = ResultCode(rawValue: SQLITE_OK)
  /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error or a missing table.
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_PERM`: the operating system denied access.
  public static let permission = ResultCode(rawValue: SQLITE_PERM)
  /// `SQLITE_ABORT`: an operation was aborted, usually by a rollback.
  public static let abort = ResultCode(rawValue: SQLITE_ABORT)
  /// `SQLITE_BUSY`: another connection holds a conflicting lock and the busy timeout expired.
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_LOCKED`: a conflict inside this same connection (or shared cache).
  public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  /// `SQLITE_NOMEM`: an allocation failed.
  public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
  /// `SQLITE_READONLY`: a write was attempted on a read-only database or connection.
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_INTERRUPT`: the operation was interrupted.
  public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  /// `SQLITE_IOERR`: the operating system reported an I/O error.
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// `SQLITE_CORRUPT`: the database file is damaged.
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  /// `SQLITE_FULL`: the disk is full.
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  /// `SQLITE_CANTOPEN`: the file (or its directory, journal or WAL) could not be opened.
  public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_SCHEMA`: the schema changed under a statement.
  public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
  /// `SQLITE_TOOBIG`: a string or blob is larger than SQLite's limit.
  public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
  /// `SQLITE_CONSTRAINT`: a UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY constraint failed.
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  /// `SQLITE_MISMATCH`: a value has the wrong type, e.g. a non-integer rowid.
  public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  /// `SQLITE_MISUSE`: the API was used incorrectly (a bug in the caller).
  public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  /// `SQLITE_AUTH`: an authorizer denied the operation.
  public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
  /// `SQLITE_RANGE`: a parameter index or argument count is out of range.
  public static let range = ResultCode(rawValue: SQLITE_RANGE)
  /// `SQLITE_NOTADB`: the file is not a SQLite database.
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// `SQLITE_ROW`: `sqlite3_step` produced a row.
  public static let row = ResultCode(rawValue: SQLITE_ROW)
  /// `SQLITE_DONE`: `sqlite3_step` finished.
  public static let done = ResultCode(rawValue: SQLITE_DONE)

  /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE index rejected a duplicate.
  public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a PRIMARY KEY rejected a duplicate.
  public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
  /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key has no parent row.
  public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
  /// `SQLITE_CONSTRAINT_NOTNULL`: NULL was written to a NOT NULL column.
  public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
  /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
  public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
}

/// The storage class of a column value in the current row (`sqlite3_column_type`).
public struct ColumnType: RawRepresentable, Hashable, Sendable {
  /// The C value (`SQLITE_INTEGER`, `SQLITE_FLOAT`, ...).
  public let rawValue: Int32

  /// Wraps a C column type.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// A 64-bit signed integer.
  public static let integer = ColumnType(rawValue: SQLITE_INTEGER)
  /// An IEEE double.
  public static let real = ColumnType(rawValue: SQLITE_FLOAT)
  /// UTF-8 text.
  public static let text = ColumnType(rawValue: SQLITE_TEXT)
  /// Bytes.
  public static let blob = ColumnType(rawValue: SQLITE_BLOB)
  /// SQL NULL.
  public static let null = ColumnType(rawValue: SQLITE_NULL)
}
