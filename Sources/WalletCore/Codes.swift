/// A closed list of codes read case-insensitively and written in one canonical form.
public protocol CanonicalCode: CaseIterable, Hashable, Sendable, CustomStringConvertible,
  RawRepresentable<String>
{
  /// A short name for the kind of code, for error messages ("network", "channel").
  static var codeKind: String { get }
  /// Further spellings accepted on input, keyed by their folded form.
  static var aliases: [String: Self] { get }
  /// The form in which input and codes are compared: lower-cased by default.
  static func fold(_ text: String) -> String
}

extension CanonicalCode {
  /// No aliases unless a code list declares some.
  public static var aliases: [String: Self] { [:] }

  /// The canonical spelling.
  public var description: String { rawValue }

  /// Reads a code ignoring case (and, for networks, spaces, `-` and `_`); nil when unknown.
  public init?(parsing text: String) {
    if let exact = Self(rawValue: text) ?? Self(rawValue: text.lowercased()) {
      self = exact
      return
    }
    let folded = Self.fold(text)
    if let alias = Self.aliases[folded] {
      self = alias
      return
    }
    guard let match = Self.allCases.first(where: { Self.fold($0.rawValue) == folded }) else {
      return nil
    }
    self = match
  }

  /// Reads a code, throwing an error that lists the accepted spellings.
  public static func parse(_ text: String) throws(CodeError) -> Self {
    guard let code = Self(parsing: text) else {
      throw CodeError(kind: codeKind, value: text, allowed: allCases.map(\.rawValue))
    }
    return code
  }

  /// Lower-cases the text.
  public static func fold(_ text: String) -> String { text.lowercased() }
}

/// A code outside its list.
public struct CodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which list, e.g. "network".
  public let kind: String
  /// What was given.
  public let value: String
  /// The canonical codes accepted.
  public let allowed: [String]

  /// A sentence a cardholder understands. It leaves the value out: callers show it themselves,
  /// masked and shortened, since a wrong value may be anything, even a card number.
  public var description: String {
    "unknown \(kind): expected one of \(allowed.joined(separator: ", "))"
  }
}

/// A payment network, after PassKit's `PKPaymentNetwork` list.
public enum Network: String, CanonicalCode {
  case unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos
  case privateLabel = "private-label"

  /// "network".
  public static let codeKind = "network"

  /// The SPEC's aliases, keyed by their folded form.
  public static let aliases: [String: Network] = [
    "chinaunionpay": .unionpay, "cup": .unionpay, "银联": .unionpay, "中国银联": .unionpay,
    "mc": .mastercard, "americanexpress": .amex, "privatelabel": .privateLabel,
  ]

  /// Networks also ignore spaces, `-` and `_`, so `China UnionPay` and `private_label` match.
  public static func fold(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
  }
}

/// What kind of account a card draws on.
public enum CardType: String, CanonicalCode {
  case credit, debit, prepaid
  /// "card type".
  public static let codeKind = "card type"
}

/// Whether a card is the primary holder's own or a supplementary (附属) card on their account.
public enum CardRole: String, CanonicalCode {
  case primary, supplementary
  /// "card role".
  public static let codeKind = "card role"
}

/// Where a card was bound to Apple Pay, which decides its reward schedule.
public enum Channel: String, CanonicalCode {
  /// Bound inside the bank's own app (买单吧).
  case bankApp = "bank-app"
  /// Bound in Apple Wallet.
  case wallet
  /// "channel".
  public static let codeKind = "channel"
}

/// How a purchase was paid.
public enum PaymentMethod: String, CanonicalCode {
  case applePay = "apple-pay"
  case card, other
  /// "payment method".
  public static let codeKind = "payment method"
}

/// Where a transaction stands with the bank.
public enum TransactionStatus: String, CanonicalCode {
  case settled, pending, declined, refunded, reversed
  /// "transaction status".
  public static let codeKind = "transaction status"
}
