/// Why a bank statement or an app's export could not be read as a whole: its text, or which
/// format it is. The command line words each case, and names the option that chooses a format.
/// (The rows' own problems are still told in words, `InputError.Problem.described`.)
package enum StatementReadError: Sendable, Equatable {
  /// The file starts with a UTF-8 byte order mark, and what follows is not UTF-8.
  case invalidUTF8AfterByteOrderMark
  /// The file is neither UTF-8 nor GB18030 text.
  case neitherUTF8NorGB18030
  /// The format the user chose finds no line with its header's columns.
  case noHeaderOfFormat(formatID: String, header: [String])
  /// No format of those tried finds its header.
  case noKnownHeader(tried: [String])
  /// The header fits several formats, and the user named none.
  case severalFormats(matching: [String], tried: [String])
}
