import WalletIngest

/// The process exit statuses, after BSD's sysexits, that scripts can rely on.
public enum ExitStatus: Int32, Sendable {
  /// The command did what was asked (for `check`, the answer is yes).
  case success = 0
  /// A check answered "no" (not enrolled, would not earn).
  case no = 1
  /// The command line was wrong: an unknown option, a missing or malformed argument.
  case usage = 64
  /// The input data was wrong: a malformed row, an unknown card, a bad promotion file.
  case dataError = 65
  /// An input file does not exist or cannot be read.
  case noInput = 66
  /// Reading or writing failed (disk full, permission denied on output, read-only store).
  case ioError = 74
}

/// A failure that ends a command, with the words the user sees and the exit status scripts see.
/// The words are made where the failure is, in the run's language: a sentence of the command
/// line's own with `tr("…")`, or ``ErrorWording``'s words for a lower module's typed error.
public struct CommandError: Error, Sendable, CustomStringConvertible {
  /// The exit status.
  public let status: ExitStatus
  /// What went wrong, in words a cardholder understands, in the run's language.
  public let message: String

  /// A failure with a status and its message, already worded.
  public init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension CommandError {
  /// The failure to read or write a file, with the exit status scripts expect for it.
  init(_ failure: FileError) {
    let message = ErrorWording.words(failure, in: .current)
    switch failure.kind {
    case .cannotOpen: self.init(.noInput, message)
    case .readOrWriteFailed: self.init(.ioError, message)
    case .invalidData: self.init(.dataError, message)
    }
  }

  /// Standard output refused what a command wrote (a full disk, a closed descriptor): an I/O
  /// error naming the reason `error` gives.
  static func cannotWriteStandardOutput(_ error: any Error) -> CommandError {
    let reason = ErrorWording.words(for: error, in: .current) ?? "\(error)"
    return CommandError(.ioError, tr("cannot write to standard output: \(reason)"))
  }
}
