/// Recognises values that look like a full card number (PAN), which wallet never keeps.
///
/// A run of 13–19 digits, with spaces or dashes allowed between groups, is a card number when it
/// passes the Luhn check; a run of 16–19 digits starting with `62` is one whether or not it does,
/// because UnionPay numbers do not always use Luhn. Runs are looked for inside the value too, so
/// that "refund 6222 0200 0000 0000 001" in a merchant field is caught as well; a run of more than
/// 19 digits is a reference number, not a card number.
public enum CardNumberGuard {
  /// The last four digits of the first card number found in `text`, or nil when there is none.
  public static func lastFourOfCardNumber(in text: String) -> String? {
    var digits: [UInt8] = []
    var pendingSeparator = false
    for byte in text.utf8 {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits.append(byte - UInt8(ascii: "0"))
        pendingSeparator = false
      } else if (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-")) && !digits.isEmpty
        && !pendingSeparator
      {
        pendingSeparator = true
      } else {
        if let found = cardNumberSuffix(digits) { return found }
        digits.removeAll(keepingCapacity: true)
        pendingSeparator = false
      }
    }
    return cardNumberSuffix(digits)
  }

  /// True when `text` holds something that looks like a full card number.
  public static func containsCardNumber(_ text: String) -> Bool {
    lastFourOfCardNumber(in: text) != nil
  }

  private static func cardNumberSuffix(_ digits: [UInt8]) -> String? {
    // Longer runs (bank references, barcodes) are not card numbers; windows inside them would
    // pass Luhn by chance one time in ten.
    guard (13...19).contains(digits.count) else { return nil }
    let unionPay = digits.count >= 16 && digits[0] == 6 && digits[1] == 2
    guard unionPay || passesLuhn(digits[...]) else { return nil }
    return digits.suffix(4).map { String($0) }.joined()
  }

  private static func passesLuhn(_ digits: ArraySlice<UInt8>) -> Bool {
    var sum = 0
    for (position, digit) in digits.reversed().enumerated() {
      var value = Int(digit)
      if position % 2 == 1 {
        value *= 2
        if value > 9 { value -= 9 }
      }
      sum += value
    }
    return sum % 10 == 0
  }
}
