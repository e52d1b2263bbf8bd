/// A four-digit merchant category code (MCC), such as `5411` for supermarkets.
public struct MerchantCategoryCode: Hashable, Sendable, CustomStringConvertible {
  /// The code as a number, 0–9999.
  public let value: Int16

  /// Reads exactly four ASCII digits; nil otherwise.
  public init?(parsing text: String) {
    guard text.utf8.count == 4, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let number = Int16(text)
    else { return nil }
    value = number
  }

  /// The code with this number, 0–9999.
  public init?(value: Int16) {
    guard (0...9999).contains(value) else { return nil }
    self.value = value
  }

  /// The four digits, zero-padded.
  public var description: String { pad(Int(value), 4) }
}
