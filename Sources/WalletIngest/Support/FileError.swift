/// A file that could not be opened, read or written, or that does not hold what it must: what
/// reading the inputs and writing the outputs throw, with the path and the system's `errno` as
/// values; the command line words it. Scripts tell these apart by exit status, so ``kind``
/// says which the command line turns it into.
package enum FileError: Error, Sendable {
  /// What went wrong, by what the user can do about it.
  package enum Kind: Sendable {
    /// An input is missing, unreadable or a directory: nothing was read.
    case cannotOpen
    /// Reading or writing failed part way (a failed `read(2)`, a full disk).
    case readOrWriteFailed
    /// The file was read but its contents are wrong (a bad row, a file too large to be one).
    case invalidData
  }

  /// `open(2)` refused an input.
  case cannotOpen(path: String, errno: Int32)
  /// An input is a directory.
  case inputIsDirectory(path: String)
  /// Standard input could not be taken.
  case cannotOpenStandardInput(errno: Int32)
  /// `read(2)` failed part way through an input.
  case readFailed(path: String, errno: Int32)
  /// An input changed while it was being read, so nothing was written.
  case changedWhileRead(path: String)
  /// An input is larger than a file of its kind may be.
  case tooLarge(path: String, limitMiB: Int)
  /// An input holds a bad row or value.
  case invalidInput(InputError)
  /// Every row of an input was skipped as invalid (when asked to skip them), so nothing of it
  /// was used: a file whose rows all fail is a wrong file, not a few bad rows (SPEC 4).
  case everyRowSkipped(path: String)
  /// An output is a directory.
  case outputIsDirectory(path: String)
  /// An output could not be made, written or put in place.
  case cannotWrite(path: String, errno: Int32)
  /// A work directory of a batch done in parts could not be made in `parent`.
  case cannotMakeWorkDirectory(parent: String, errno: Int32)
  /// A work file could not be written.
  case cannotWriteWorkFile(path: String, errno: Int32)
  /// A work file could not be read.
  case cannotReadWorkFile(path: String, errno: Int32)
  /// A work file ends in the middle of a record; `path` is nil when the reader does not know
  /// which file it was.
  case workFileEndsPartWay(path: String?)

  /// The input whose CSV reader met a byte that is not UTF-8, when that is what this is: a file
  /// taken for UTF-8 at first sight (`InputFile.decodedAtFirstSight()`), to read again whole.
  package var pathNotUTF8: String? {
    guard case .invalidInput(let error) = self, case .syntax(.invalidUTF8) = error.problem else {
      return nil
    }
    return error.file
  }

  /// What went wrong, by what the user can do about it.
  package var kind: Kind {
    switch self {
    case .cannotOpen, .inputIsDirectory, .cannotOpenStandardInput: .cannotOpen
    case .changedWhileRead, .tooLarge, .invalidInput, .everyRowSkipped: .invalidData
    case .readFailed, .outputIsDirectory, .cannotWrite, .cannotMakeWorkDirectory,
      .cannotWriteWorkFile, .cannotReadWorkFile, .workFileEndsPartWay:
      .readOrWriteFailed
    }
  }
}
