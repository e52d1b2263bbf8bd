import WalletCore

/// Shows a user's value inside an error message without leaking or garbling anything: card
/// numbers are masked, control characters escaped and long values cut short.
enum SafeText {
  /// The longest part of a value echoed back.
  static let maximumLength = 40

  /// The value in single quotes, made safe to print. Transaction ids, which may be long bank
  /// references, pass `masksCardNumbers: false`.
  static func quoted(_ value: String, masksCardNumbers: Bool = true) -> String {
    if masksCardNumbers, let lastFour = CardNumberGuard.lastFourOfCardNumber(in: value) {
      return "(a card number ending \(lastFour), not shown)"
    }
    var shown = ""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == maximumLength {
        shown += "…"
        break
      }
      switch scalar.value {
      case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
        shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        shown.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return "'\(shown)'"
  }
}
