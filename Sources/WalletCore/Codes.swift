/// A closed list of codes read case-insensitively and written in one canonical form.
public protocol CanonicalCode: CaseIterable, Hashable, Sendable, CustomStringConvertible,
  RawRepresentable<String>
{
  /// Which list the codes are, for error messages.
  static var codeKind: CodeKind { get }
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

  /// Reads a code ignoring case (and spaces for networks and channels, `-` and `_` too for
  /// networks), or by one of its aliases; nil when unknown.
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

/// A code outside its list; the command line words it.
public struct CodeError: Error, Equatable, Sendable {
  /// Which list.
  public let kind: CodeKind
  /// What was given.
  public let value: String
  /// The canonical codes accepted; empty for a list too long to show, such as the currencies.
  public let allowed: [String]

  /// A code `value` that is not in the list `kind`, which holds `allowed`.
  public init(kind: CodeKind, value: String, allowed: [String]) {
    self.kind = kind
    self.value = value
    self.allowed = allowed
  }
}

/// The lists of codes. The raw value names the list in the store's own checks of its rows;
/// what a user reads is worded by the command line.
public enum CodeKind: String, Sendable, CaseIterable {
  case network
  case cardType = "card type"
  case cardRole = "card role"
  case channel
  case paymentMethod = "payment method"
  case transactionStatus = "transaction status"
  case postingKind = "posting kind"
  case summaryItemType = "summary item type"
  case merchantCapability = "merchant capability"
  case authorizationResult = "authorization result"
  case supplementaryCardsPolicy = "supplementaryCards policy"
  case refundsPolicy = "refunds policy"
  /// The periods of a limit or threshold (SPEC 8).
  case period
  /// The scopes of a limit or threshold (SPEC 8).
  case scope
  /// What a threshold's spend counts (SPEC 8).
  case thresholdCounts = "threshold counts"
  case currency
}

/// A payment network, after PassKit's `PKPaymentNetwork` list.
public enum Network: String, CanonicalCode {
  case unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos
  case privateLabel = "private-label"

  /// Which list these codes are.
  public static let codeKind = CodeKind.network

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
  /// Which list these codes are.
  public static let codeKind = CodeKind.cardType

  /// The Chinese names (SPEC 1): a debit card is a 借记卡 or, as many say, a 储蓄卡.
  public static let aliases: [String: CardType] = [
    "信用卡": .credit, "借记卡": .debit, "储蓄卡": .debit, "预付卡": .prepaid,
  ]
}

/// Whether a card is the primary holder's own or a supplementary (附属) card on their account.
public enum CardRole: String, CanonicalCode {
  case primary, supplementary
  /// Which list these codes are.
  public static let codeKind = CodeKind.cardRole

  /// The Chinese names (SPEC 1): a supplementary card is a 附属卡 or a 副卡.
  public static let aliases: [String: CardRole] = [
    "主卡": .primary, "附属卡": .supplementary, "副卡": .supplementary,
  ]
}

/// Where a card was bound to Apple Pay, which decides its reward schedule.
public enum Channel: String, CanonicalCode {
  /// Bound inside the bank's own app (买单吧).
  case bankApp = "bank-app"
  /// Bound in Apple Wallet.
  case wallet
  /// Which list these codes are.
  public static let codeKind = CodeKind.channel

  /// The names people give the two places (SPEC 1), keyed by their folded form: the bank's app
  /// (买单吧 is BoCom's), and Apple Wallet, which Chinese iPhones call 钱包.
  public static let aliases: [String: Channel] = [
    "买单吧": .bankApp, "银行app": .bankApp,
    "applewallet": .wallet, "apple钱包": .wallet, "钱包": .wallet,
  ]

  /// Channels ignore spaces as well as case, so that `Apple 钱包` and `Apple钱包` are one name;
  /// `-` still counts (`bank_app` is no channel).
  public static func fold(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { $0 != " " })
  }
}

/// How a purchase was paid.
public enum PaymentMethod: String, CanonicalCode {
  case applePay = "apple-pay"
  case card, other
  /// Which list these codes are.
  public static let codeKind = CodeKind.paymentMethod
}

/// Where a transaction stands with the bank.
public enum TransactionStatus: String, CanonicalCode {
  case settled, pending, declined, refunded, reversed
  /// Which list these codes are.
  public static let codeKind = CodeKind.transactionStatus
}
