/// Why a payment request file was refused, or what in it deserves a warning: the field, what is
/// wrong, and where. The values are kept as read; the command line words the error.
public struct PaymentRequestError: Error, Equatable, Sendable {
  /// The field's path, e.g. `paymentSummaryItems[1].amount`; nil for the whole document.
  public let field: String?
  /// What is wrong.
  public let problem: Problem
  /// The offending value; for a missing field, the object that lacks it; for a file that is not
  /// JSON, where reading stopped.
  public let position: JSONPosition?

  /// A problem with `field`.
  public init(field: String?, problem: Problem, position: JSONPosition? = nil) {
    self.field = field
    self.problem = problem
    self.position = position
  }

  /// What is wrong with a payment request's field, with the offending value as written.
  public enum Problem: JSONFileProblem, Equatable {
    /// The text is not JSON.
    case syntax(JSONSyntaxError.Kind)
    /// A rule every JSON file of wallet's follows is broken.
    case field(JSONFieldProblem)
    /// A name or label is empty or only whitespace.
    case empty
    /// Not an ISO 3166 country code.
    case notCountryCode(String)
    /// Not an ISO 4217 currency code.
    case notCurrencyCode(String)
    /// A currency without a minor unit, such as gold, which no one pays in.
    case noMinorUnit(Currency)
    /// The merchant category code is not four digits.
    case notMerchantCategoryCode(String)
    /// The time, written `text`, that `Instant` refuses.
    case time(String, TimeParseError)
    /// No network is listed.
    case noNetworks
    /// A network outside PassKit's list.
    case unknownNetwork(String)
    /// A code outside its list: a capability or a summary item's type.
    case code(CodeError)
    /// Neither `threeDSecure` nor `emv` is among the capabilities.
    case noAuthenticationCapability
    /// No summary item, where the last is the total.
    case noItems
    /// A pending item's amount is not zero.
    case pendingNotZero(Money)
    /// An amount is not written as a string.
    case amountNotString(found: JSONKind)
    /// The total, written `text`, is negative.
    case negativeTotal(String)
    /// An amount, written `text`, has more fraction digits than `currency`'s `minorDigits`.
    case tooManyDecimals(String, places: Int, currency: Currency, minorDigits: Int)
    /// An amount, written `text`, of a currency of three or four decimals, with a digit other
    /// than 0 past the second, which wallet cannot keep.
    case nonZeroBeyondCents(String)
    /// An amount, written `text`, that `Money` refuses.
    case amount(String, MoneyError)
    /// A warning: the total is not the sum of the other final items.
    case totalDiffers(total: Money, sum: Money)
    /// A warning: the other final items add up to more than any amount.
    case sumBeyondAnyAmount(total: Money)
  }
}

/// The reader of a payment request file's objects.
typealias PaymentRequestFields = JSONFieldReader<PaymentRequestError.Problem, PaymentRequestError>

/// A payment request read from a file, and the warnings about it.
public struct DecodedPaymentRequest: Sendable {
  /// The request.
  public var request: PaymentRequest
  /// What PassKit would accept but a merchant should look at: a total that is not the sum of
  /// the other final items.
  public var warnings: [PaymentRequestError]
}

extension PaymentRequest {
  /// The fields wallet reads.
  static let readFields: Set<String> = [
    "merchantIdentifier", "merchantName", "countryCode", "currencyCode", "supportedNetworks",
    "merchantCapabilities", "paymentSummaryItems", "mcc", "time",
  ]

  /// Other `PKPaymentRequest` fields, accepted and ignored: they concern contacts, shipping and
  /// recurring payments, which play no part in what the sheet offers or what a purchase earns.
  public static let ignoredFields: Set<String> = [
    "applicationData", "automaticReloadPaymentRequest", "billingContact", "couponCode",
    "deferredPaymentRequest", "multiTokenContexts", "recurringPaymentRequest",
    "requiredBillingContactFields", "requiredShippingContactFields", "shippingContact",
    "shippingContactEditingMode", "shippingMethods", "shippingType", "supportedCountries",
    "supportsCouponCode",
  ]

  /// Reads and checks a payment request from JSON (a leading BOM is accepted); the first broken
  /// rule is thrown, located at the value that breaks it. A `time` without an offset is read in
  /// `zone`.
  public static func decode(json data: [UInt8], zone: TimeZoneRules)
    throws(PaymentRequestError) -> DecodedPaymentRequest
  {
    let reader = try PaymentRequestFields.root(
      of: data, kind: .paymentRequest,
      failure: { PaymentRequestError(field: $0, problem: $1, position: $2) })
    try reader.refuseUnknown(readFields.union(ignoredFields))

    let merchantIdentifier = try reader.nonEmptyString("merchantIdentifier")
    let merchantName = try reader.nonEmptyString("merchantName")
    let countryNode = try reader.required("countryCode")
    let country = try reader.string(countryNode, "countryCode")
    guard country.utf8.count == 2, Self.iso3166.contains(country.uppercased()) else {
      throw reader.failure("countryCode", .notCountryCode(country), at: countryNode)
    }
    let currencyNode = try reader.required("currencyCode")
    let currencyText = try reader.string(currencyNode, "currencyCode")
    guard let currency = Currency(parsing: currencyText) else {
      throw reader.failure("currencyCode", .notCurrencyCode(currencyText), at: currencyNode)
    }
    guard let minorDigits = currency.minorUnitDigits else {
      throw reader.failure("currencyCode", .noMinorUnit(currency), at: currencyNode)
    }
    let networks = try reader.networks()
    let capabilities = try reader.capabilities()
    let items = try reader.summaryItems(currency: currency, minorDigits: minorDigits)
    var mcc: MerchantCategoryCode?
    if let node = reader.present("mcc") {
      let text = try reader.string(node, "mcc")
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw reader.failure("mcc", .notMerchantCategoryCode(text), at: node)
      }
      mcc = code
    }
    var time: Instant?
    if let node = reader.present("time") {
      let text = try reader.string(node, "time")
      do {
        time = try Instant.parse(text, naiveIn: zone)
      } catch {
        throw reader.failure("time", .time(text, error), at: node)
      }
    }
    let request = PaymentRequest(
      merchantIdentifier: merchantIdentifier, merchantName: merchantName,
      countryCode: country.uppercased(), currency: currency, supportedNetworks: networks,
      merchantCapabilities: capabilities, summaryItems: items.map(\.item), mcc: mcc, time: time)
    var warnings: [PaymentRequestError] = []
    if request.hasOtherFinalItems, let last = items.last {
      let field = "paymentSummaryItems[\(items.count - 1)].amount"
      if let sum = request.sumOfOtherFinalItems {
        if sum != request.total.amount {
          warnings.append(
            PaymentRequestError(
              field: field, problem: .totalDiffers(total: request.total.amount, sum: sum),
              position: last.amountPosition))
        }
      } else {
        warnings.append(
          PaymentRequestError(
            field: field, problem: .sumBeyondAnyAmount(total: request.total.amount),
            position: last.amountPosition))
      }
    }
    return DecodedPaymentRequest(request: request, warnings: warnings)
  }

  /// ISO 3166-1 alpha-2 country codes, officially assigned.
  static let iso3166: Set<String> = Set(
    """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR
    BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ
    EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW
    GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY
    KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV
    MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY
    QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG
    TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM
    ZW
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}

/// What only a payment request has: names, networks, capabilities and summary items.
extension JSONFieldReader
where Problem == PaymentRequestError.Problem, Failure == PaymentRequestError {
  /// A string that is not blank and holds no card number (names are stored and shown).
  func nonEmptyString(_ key: String) throws(PaymentRequestError) -> String {
    let node = try required(key)
    return try nonEmpty(try string(node, key), key, at: node)
  }

  func nonEmpty(_ text: String, _ key: String, at node: JSONNode) throws(PaymentRequestError)
    -> String
  {
    guard !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else {
      throw failure(key, .empty, at: node)
    }
    try refuseCardNumber(text, key, at: node)
    return text
  }

  /// The array `key`, which must be there, and where it is.
  func requiredArray(_ key: String) throws(PaymentRequestError)
    -> (items: [JSONNode], node: JSONNode)
  {
    let node = try required(key)
    guard case .array(let items) = node.value else {
      throw failure(key, .field(.mustBeArray(found: node.kind)), at: node)
    }
    return (items, node)
  }

  func networks() throws(PaymentRequestError) -> [RequestedNetwork] {
    let key = "supportedNetworks"
    let (items, node) = try requiredArray(key)
    guard !items.isEmpty else { throw failure(key, .noNetworks, at: node) }
    var networks: [RequestedNetwork] = []
    for (index, item) in items.enumerated() {
      let element = "\(key)[\(index)]"
      let text = try string(item, element)
      guard let network = RequestedNetwork(parsing: text) else {
        throw failure(element, .unknownNetwork(text), at: item)
      }
      if !networks.contains(network) { networks.append(network) }
    }
    return networks
  }

  func capabilities() throws(PaymentRequestError) -> Set<MerchantCapability> {
    let key = "merchantCapabilities"
    let (items, node) = try requiredArray(key)
    var capabilities = Set<MerchantCapability>()
    for (index, item) in items.enumerated() {
      let element = "\(key)[\(index)]"
      let text = try string(item, element)
      do {
        capabilities.insert(try MerchantCapability.parse(text))
      } catch {
        throw failure(element, .code(error), at: item)
      }
    }
    guard capabilities.contains(.threeDSecure) || capabilities.contains(.emv) else {
      throw failure(key, .noAuthenticationCapability, at: node)
    }
    return capabilities
  }

  func summaryItems(currency: Currency, minorDigits: Int) throws(PaymentRequestError)
    -> [(item: PaymentRequest.SummaryItem, amountPosition: JSONPosition)]
  {
    let key = "paymentSummaryItems"
    let (nodes, node) = try requiredArray(key)
    guard !nodes.isEmpty else { throw failure(key, .noItems, at: node) }
    var items: [(item: PaymentRequest.SummaryItem, amountPosition: JSONPosition)] = []
    for (index, itemNode) in nodes.enumerated() {
      let element = "\(key)[\(index)]"
      guard case .object(let fields) = itemNode.value else {
        throw failure(element, .field(.mustBeObject(found: itemNode.kind)), at: itemNode)
      }
      let reader = self.reader(
        of: fields, at: itemNode.position, path: element, kind: .summaryItem)
      try reader.refuseUnknown(["label", "amount", "type"])
      let label = try reader.nonEmptyString("label")
      var type = SummaryItemType.final
      if let typeNode = reader.present("type") {
        let text = try reader.string(typeNode, "type")
        do {
          type = try SummaryItemType.parse(text)
        } catch {
          throw reader.failure("type", .code(error), at: typeNode)
        }
      }
      let amountNode = try reader.required("amount")
      let isTotal = index == nodes.count - 1
      let amount = try reader.amount(
        amountNode, currency: currency, minorDigits: minorDigits, isTotal: isTotal)
      if type == .pending && amount != .zero {
        throw reader.failure("amount", .pendingNotZero(amount), at: amountNode)
      }
      items.append(
        (PaymentRequest.SummaryItem(label: label, amount: amount, type: type), amountNode.position)
      )
    }
    return items
  }

  /// An amount written as a string: a discount may be negative, the total may not, and it has
  /// no more fraction digits than the currency's minor unit.
  func amount(_ node: JSONNode, currency: Currency, minorDigits: Int, isTotal: Bool)
    throws(PaymentRequestError) -> Money
  {
    let key = "amount"
    guard case .string(let text) = node.value else {
      throw failure(key, .amountNotString(found: node.kind), at: node)
    }
    let negative = text.hasPrefix("-")
    if negative && isTotal {
      throw failure(key, .negativeTotal(text), at: node)
    }
    var digits = negative ? String(text.dropFirst()) : text
    if let point = digits.firstIndex(of: ".") {
      let fraction = digits[digits.index(after: point)...]
      if fraction.count > minorDigits {
        throw failure(
          key,
          .tooManyDecimals(
            text, places: fraction.count, currency: currency, minorDigits: minorDigits),
          at: node)
      }
      // A currency of three or four decimals (KWD): wallet keeps hundredths, so digits past
      // the second must be zeros, which are dropped.
      if fraction.count > 2 {
        guard fraction.dropFirst(2).allSatisfy({ $0 == "0" }) else {
          throw failure(key, .nonZeroBeyondCents(text), at: node)
        }
        digits = String(digits[..<fraction.index(fraction.startIndex, offsetBy: 2)])
      }
    }
    let magnitude: Money
    do {
      magnitude = try Money.parse(digits)
    } catch {
      throw failure(key, .amount(text, error), at: node)
    }
    return negative ? Money.zero - magnitude : magnitude
  }
}
