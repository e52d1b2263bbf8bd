/// A merchant's Apple Pay payment request, after PassKit's `PKPaymentRequest`: who asks, in which
/// country and currency, which networks and capabilities it accepts, and the summary items whose
/// last is the total. Read from a JSON file by `decode(json:zone:)`, which checks it as PassKit
/// does.
public struct PaymentRequest: Hashable, Sendable {
  /// One line of the payment sheet (`PKPaymentSummaryItem`).
  public struct SummaryItem: Hashable, Sendable {
    /// What the line is for; the total's label is the name the sheet shows after "Pay".
    public var label: String
    /// The amount; a discount may be negative, the total may not.
    public var amount: Money
    /// Whether the amount is known.
    public var type: SummaryItemType

    /// A line.
    public init(label: String, amount: Money, type: SummaryItemType = .final) {
      self.label = label
      self.amount = amount
      self.type = type
    }
  }

  /// The merchant's Apple Pay identifier, e.g. `merchant.com.example`.
  public var merchantIdentifier: String
  /// The merchant's name, recorded as the purchase's merchant.
  public var merchantName: String
  /// The merchant's country, ISO 3166-1 alpha-2, upper-case (`CN`).
  public var countryCode: String
  /// The currency of every amount.
  public var currency: Currency
  /// The networks the merchant accepts, in the order written, without repeats.
  public var supportedNetworks: [RequestedNetwork]
  /// What the merchant supports.
  public var merchantCapabilities: Set<MerchantCapability>
  /// The sheet's lines; the last is the total.
  public var summaryItems: [SummaryItem]
  /// The merchant's category, when given.
  public var mcc: MerchantCategoryCode?
  /// When the purchase is made, when the request says.
  public var time: Instant?

  /// A request; `summaryItems` must not be empty.
  public init(
    merchantIdentifier: String, merchantName: String, countryCode: String, currency: Currency,
    supportedNetworks: [RequestedNetwork], merchantCapabilities: Set<MerchantCapability>,
    summaryItems: [SummaryItem], mcc: MerchantCategoryCode? = nil, time: Instant? = nil
  ) {
    precondition(!summaryItems.isEmpty, "a payment request has a total")
    self.merchantIdentifier = merchantIdentifier
    self.merchantName = merchantName
    self.countryCode = countryCode
    self.currency = currency
    self.supportedNetworks = supportedNetworks
    self.merchantCapabilities = merchantCapabilities
    self.summaryItems = summaryItems
    self.mcc = mcc
    self.time = time
  }

  /// The last summary item: what the cardholder pays.
  public var total: SummaryItem {
    guard let last = summaryItems.last else { preconditionFailure("a request has a total") }
    return last
  }

  /// The networks wallet's cards can be on, among those accepted.
  public var walletNetworks: Set<Network> {
    Set(
      supportedNetworks.compactMap {
        if case .wallet(let network) = $0 { network } else { nil }
      })
  }

  /// The card types the merchant accepts: `credit` alone accepts credit cards, `debit` alone
  /// debit and prepaid cards, neither or both every type (as PassKit documents). PassKit does
  /// not say where prepaid cards fall; wallet counts them with debit, as card networks do.
  public var acceptedCardTypes: Set<CardType> {
    let credit = merchantCapabilities.contains(.credit)
    let debit = merchantCapabilities.contains(.debit)
    switch (credit, debit) {
    case (true, false): return [.credit]
    case (false, true): return [.debit, .prepaid]
    default: return Set(CardType.allCases)
    }
  }

  /// Whether a UnionPay card may pay: China UnionPay cards authenticate with EMV, so only a
  /// merchant that offers `emv` can take them.
  public var acceptsUnionPay: Bool { merchantCapabilities.contains(.emv) }

  /// Whether final items come before the total, whose sum it may be compared with.
  public var hasOtherFinalItems: Bool {
    summaryItems.dropLast().contains { $0.type == .final }
  }

  /// The sum of the final items before the total; nil when the total stands alone, or when
  /// the items add up to more than an amount can hold (thousands of items at the largest
  /// amount), which no total can equal.
  public var sumOfOtherFinalItems: Money? {
    guard hasOtherFinalItems else { return nil }
    var sum: Int64 = 0
    for item in summaryItems.dropLast() where item.type == .final {
      let (added, overflow) = sum.addingReportingOverflow(item.amount.minorUnits)
      if overflow { return nil }
      sum = added
    }
    return Money(minorUnits: sum)
  }
}

/// Whether a summary item's amount is known (`PKPaymentSummaryItemType`).
public enum SummaryItemType: String, CanonicalCode {
  /// The amount is final.
  case final
  /// The amount is not known yet; it must be zero.
  case pending
  /// Which list these codes are.
  public static let codeKind = CodeKind.summaryItemType
}

/// What a merchant supports (`PKMerchantCapability`): how cards authenticate (3-D Secure or
/// EMV; at least one is required) and which card types it takes.
public enum MerchantCapability: String, CanonicalCode {
  /// 3-D Secure, which most networks use.
  case threeDSecure
  /// EMV, which China UnionPay cards use.
  case emv
  /// Credit cards.
  case credit
  /// Debit (and prepaid) cards.
  case debit

  /// Which list these codes are.
  public static let codeKind = CodeKind.merchantCapability

  /// Apple Pay on the web's spellings (`supports3DS` …) and `3ds`.
  public static let aliases: [String: MerchantCapability] = [
    "supports3ds": .threeDSecure, "3ds": .threeDSecure, "supportsemv": .emv,
    "supportscredit": .credit, "supportsdebit": .debit,
  ]
}

/// A network a payment request accepts: one wallet's cards can be on, or another from PassKit's
/// list (`PKPaymentNetwork`), which no card in wallet is on.
public enum RequestedNetwork: Hashable, Sendable, CustomStringConvertible {
  /// A network of wallet's list.
  case wallet(Network)
  /// Another PassKit network, by PassKit's name (`cartesBancaires`).
  case other(String)

  /// The networks on PassKit's list that wallet's cards are never on, by PassKit's names.
  public static let otherPassKitNetworks = [
    "bancomat", "bancontact", "barcode", "cartesBancaires", "dankort", "electron", "elo",
    "girocard", "himyan", "idCredit", "jaywan", "mada", "meeza", "mir", "nanaco", "napas",
    "pagoBancomat", "postFinance", "quicPay", "suica", "tmoney", "vPay", "waon",
  ]

  /// Reads a network as wallet reads one (its names and aliases, ignoring case, spaces, `-`
  /// and `_`), or else one of PassKit's other networks; nil when it is neither.
  public init?(parsing text: String) {
    if let network = Network(parsing: text) {
      self = .wallet(network)
      return
    }
    let folded = Network.fold(text)
    guard let name = Self.otherPassKitNetworks.first(where: { Network.fold($0) == folded })
    else { return nil }
    self = .other(name)
  }

  /// The canonical name.
  public var description: String {
    switch self {
    case .wallet(let network): network.rawValue
    case .other(let name): name
    }
  }
}
