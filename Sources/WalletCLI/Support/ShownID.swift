import WalletCore

/// An id, or a value read from the store, quoted for a message: a value that looks like a card
/// number is never echoed, and control characters are escaped so that a hostile id cannot
/// rewrite the terminal.
enum ShownID {
  /// The most characters (Unicode scalars) of an id quoted.
  static let maximumLength = 60

  /// The id in single quotes, or, when `masks` and it holds a card number, the words that say
  /// so in `language` (English unless given: the command line's own sentences quote ids in
  /// English and translate around them).
  static func quoted(_ id: Identifier, masks: Bool = true, in language: Language = .english)
    -> String
  {
    if masks, let lastFour = CardNumberGuard.lastFourOfCardNumber(in: id.rawValue) {
      return masked(lastFour: lastFour, in: language)
    }
    var text = ""
    for scalar in id.rawValue.unicodeScalars.prefix(maximumLength) {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return "'" + text + (id.rawValue.unicodeScalars.count > maximumLength ? "…" : "") + "'"
  }

  /// A value a damaged row holds, quoted as ``ShownValue/quoted(_:masksCardNumbers:)`` quotes
  /// it, a card number masked in `language`.
  static func quotedValue(_ value: String, in language: Language) -> String {
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: value) {
      return masked(lastFour: lastFour, in: language)
    }
    return ShownValue.quoted(value)
  }

  /// What stands for a card number in a message.
  private static func masked(lastFour: String, in language: Language) -> String {
    switch language {
    case .english: "(a card number ending \(lastFour), not shown)"
    case .simplifiedChinese: "（尾号 \(lastFour) 的卡号，不显示）"
    }
  }
}
