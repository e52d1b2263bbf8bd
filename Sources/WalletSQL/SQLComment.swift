import WalletCore

extension String {
  /// The text made safe inside a `--` comment: on one line.
  var sqlComment: String {
    // A NUL would end the query for an engine that reads C strings, and a terminal showing the
    // query must not obey an escape: every control character is written as `\u{…}`, as the
    // command line shows values.
    ShownValue.escapedWhole(self)
  }
}
