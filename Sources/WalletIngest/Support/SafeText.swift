import WalletCore

/// Shows a user's value inside an error message without leaking or garbling anything: card
/// numbers are masked, control characters escaped and long values cut short.
///
/// The rules are `ShownValue`'s, in WalletCore, so that promotion errors raised there quote
/// values exactly as the command line's own messages do.
package enum SafeText {
  /// The value in single quotes, made safe to print. Transaction ids, which may be long bank
  /// references, pass `masksCardNumbers: false`.
  package static func quoted(_ value: String, masksCardNumbers: Bool = true) -> String {
    ShownValue.quoted(value, masksCardNumbers: masksCardNumbers)
  }

  /// A file name as messages show it (`ShownValue.path`).
  package static func path(_ path: String) -> String { ShownValue.path(path) }
}
