/// A file that could not be opened, read or written, or that does not hold what it must: what
/// reading the inputs and writing the outputs throw. Scripts tell these apart by exit status, so
/// the command line turns `kind` into one and shows `message` as it is.
package struct FileFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong, by what the user can do about it.
  package enum Kind: Sendable {
    /// An input is missing, unreadable or a directory: nothing was read.
    case cannotOpen
    /// Reading or writing failed part way (a failed `read(2)`, a full disk).
    case readOrWriteFailed
    /// The file was read but its contents are wrong (a bad row, a file too large to be one).
    case invalidData
  }

  /// What went wrong.
  package let kind: Kind
  /// The words the user sees, naming the file.
  package let message: String

  /// A failure of `kind`, told in `message`.
  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
