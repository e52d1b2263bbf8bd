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

  /// The most characters of a file name shown: paths run longer than values, and the end of a
  /// path (the file's own name) says the most, so a longer one keeps its end.
  static let maximumPathLength = 200

  /// A file name as messages show it: unquoted, escaped, a card number masked, and a very long
  /// one cut from the front.
  package static func path(_ path: String) -> String {
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: path) {
      return "(a file name holding a card number ending \(lastFour), not shown)"
    }
    let scalars = path.unicodeScalars
    guard scalars.count > maximumPathLength else { return ShownValue.escapedWhole(path) }
    var tail = String.UnicodeScalarView()
    tail.append(contentsOf: scalars.suffix(maximumPathLength))
    return "…" + ShownValue.escapedWhole(String(tail))
  }
}
