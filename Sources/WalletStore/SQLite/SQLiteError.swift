/// An error reported by SQLite (or by this layer on SQLite's behalf), with enough context to
/// explain it: the result code, SQLite's message, and the SQL text that failed.
///
/// The SQL is the statement text only. Values are always bound, never spliced into SQL, so an
/// error message never contains user data such as a card number.
package struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The result code, extended when SQLite provides one (e.g. `ResultCode.constraintUnique`).
  package let code: ResultCode
  /// The message from `sqlite3_errmsg`, or this layer's own explanation.
  package let message: String
  /// The SQL being prepared or run, if the error concerns a statement.
  package let sql: String?
  /// What the operating system refused while the store's file or folder was made ready, before
  /// SQLite was involved; nil for SQLite's own errors.
  package let fileProblem: StoreFileProblem?

  /// Creates an error; used by the SQLite layer and by tests.
  package init(
    code: ResultCode, message: String, sql: String? = nil, fileProblem: StoreFileProblem? = nil
  ) {
    self.code = code
    self.message = message
    self.sql = sql
    self.fileProblem = fileProblem
  }

  /// The primary result code (the low 8 bits of `code`).
  package var primaryCode: ResultCode { code.primary }

  /// One line: message, numeric code and its meaning, then the SQL.
  package var description: String {
    var text = "SQLite error \(code.rawValue) (\(code)): \(message)"
    if let sql {
      text += " — in `\(sql)`"
    }
    return text
  }

  /// Another connection held the lock for longer than the busy timeout (`SQLITE_BUSY`), or a
  /// conflict inside this connection (`SQLITE_LOCKED`). Retrying later may succeed.
  package var isBusy: Bool { primaryCode == .busy || primaryCode == .locked }

  /// A UNIQUE, PRIMARY KEY, NOT NULL, CHECK or FOREIGN KEY constraint rejected the write.
  package var isConstraintViolation: Bool { primaryCode == .constraint }

  /// The file is not a SQLite database (`SQLITE_NOTADB`). The CLI reports this as a data error
  /// (exit 65).
  package var isNotADatabase: Bool { primaryCode == .notADatabase }

  /// The database file is damaged (`SQLITE_CORRUPT`); also a data error for the CLI.
  package var isCorrupt: Bool { primaryCode == .corrupt }

  /// A write was attempted on a read-only file, directory or connection (`SQLITE_READONLY`).
  package var isReadOnly: Bool { primaryCode == .readOnly }

  /// The operating system failed us: an I/O error, a full disk, a file or directory that cannot
  /// be opened or created, denied permission, or a read-only location. The CLI maps these to
  /// exit 74.
  package var isIOError: Bool {
    switch primaryCode {
    case .ioError, .full, .cantOpen, .permission, .readOnly: return true
    default: return false
    }
  }
}

/// A step of making a store's file or folder ready that the operating system refused, with the
/// path and its `errno`: a case with values, which the command line words.
public struct StoreFileProblem: Hashable, Sendable {
  /// What was being done.
  public enum Step: Hashable, Sendable {
    /// Creating the store's file.
    case createFile
    /// Creating its folder.
    case createDirectory
    /// Opening the folder just made.
    case openDirectory
    /// Reading that folder's mode.
    case readDirectory
    /// Setting that folder's mode to 0700.
    case setDirectoryMode
  }

  /// What was being done.
  public let step: Step
  /// The path, as given.
  public let path: String
  /// The system's reason.
  public let errno: Int32

  /// A refusal of `step` on `path` for `errno`.
  public init(step: Step, path: String, errno: Int32) {
    self.step = step
    self.path = path
    self.errno = errno
  }
}
