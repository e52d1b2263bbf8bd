/// Why a payment request file was refused, or what in it deserves a warning: the field, what is
/// wrong, and where.
public struct PaymentRequestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field's path, e.g. `paymentSummaryItems[1].amount`; nil for the whole document.
  public let field: String?
  /// What is wrong, with any value from the file made safe to print.
  public let problem: String
  /// The offending value; for a missing field, the object that lacks it; for a file that is not
  /// JSON, where reading stopped.
  public let position: JSONPosition?

  /// A problem with `field`.
  public init(field: String?, problem: String, position: JSONPosition? = nil) {
    self.field = field
    self.problem = problem
    self.position = position
  }

  /// A sentence naming the field.
  public var description: String {
    if let field { "field '\(field)': \(problem)" } else { problem }
  }

  /// `file:line:column: field 'x': problem`, as promotion files and CSV files report errors.
  public func located(in file: String) -> String {
    if let position { "\(file):\(position): \(description)" } else { "\(file): \(description)" }
  }
}

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
    let reader = try JSONFieldReader.root(
      of: data, kind: "payment request",
      notAnObject: { "a payment request is a JSON object, not \($0)" },
      failure: { PaymentRequestError(field: $0, problem: $1, position: $2) })
    try reader.refuseUnknown(readFields.union(ignoredFields))

    let merchantIdentifier = try reader.nonEmptyString("merchantIdentifier")
    let merchantName = try reader.nonEmptyString("merchantName")
    let countryNode = try reader.required("countryCode")
    let country = try reader.string(countryNode, "countryCode")
    guard country.utf8.count == 2, Self.iso3166.contains(country.uppercased()) else {
      throw reader.failure(
        "countryCode",
        "\(ShownValue.quoted(country)) is not an ISO 3166 country code such as CN or US",
        at: countryNode)
    }
    let currencyNode = try reader.required("currencyCode")
    let currencyText = try reader.string(currencyNode, "currencyCode")
    guard let currency = Currency(parsing: currencyText) else {
      throw reader.failure(
        "currencyCode",
        "\(ShownValue.quoted(currencyText)) is not an ISO 4217 currency code such as CNY",
        at: currencyNode)
    }
    guard let minorDigits = currency.minorUnitDigits else {
      throw reader.failure(
        "currencyCode", "\(currency) is not a currency one pays in (it has no minor unit)",
        at: currencyNode)
    }
    let networks = try reader.networks()
    let capabilities = try reader.capabilities()
    let items = try reader.summaryItems(currency: currency, minorDigits: minorDigits)
    var mcc: MerchantCategoryCode?
    if let node = reader.present("mcc") {
      let text = try reader.string(node, "mcc")
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw reader.failure(
          "mcc", "\(ShownValue.quoted(text)) is not a four-digit merchant category code",
          at: node)
      }
      mcc = code
    }
    var time: Instant?
    if let node = reader.present("time") {
      let text = try reader.string(node, "time")
      do {
        time = try Instant.parse(text, naiveIn: zone)
      } catch {
        throw reader.failure("time", "\(ShownValue.quoted(text)): \(error.description)", at: node)
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
              field: field,
              problem:
                "the total \(request.total.amount) differs from the sum of the other final "
                + "items, \(sum) (PassKit allows it; check the request)",
              position: last.amountPosition))
        }
      } else {
        warnings.append(
          PaymentRequestError(
            field: field,
            problem:
              "the other final items add up to more than any amount, so the total "
              + "\(request.total.amount) is not their sum (PassKit allows it; check the request)",
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
extension JSONFieldReader where Failure == PaymentRequestError {
  /// A string that is not blank and holds no card number (names are stored and shown).
  func nonEmptyString(_ key: String) throws(PaymentRequestError) -> String {
    let node = try required(key)
    return try nonEmpty(try string(node, key), key, at: node)
  }

  func nonEmpty(_ text: String, _ key: String, at node: JSONNode) throws(PaymentRequestError)
    -> String
  {
    guard !text.unicodeScalars.allSatisfy(\.properties.isWhitespace) else {
      throw failure(key, "must not be empty", at: node)
    }
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text) {
      throw failure(
        key,
        "holds a full card number (ending \(lastFour)), which wallet never stores or shows",
        at: node)
    }
    return text
  }

  /// The array `key`, which must be there, and where it is.
  func requiredArray(_ key: String) throws(PaymentRequestError)
    -> (items: [JSONNode], node: JSONNode)
  {
    let node = try required(key)
    guard case .array(let items) = node.value else {
      throw failure(key, "must be an array, not \(node.shown)", at: node)
    }
    return (items, node)
  }

  func networks() throws(PaymentRequestError) -> [RequestedNetwork] {
    let key = "supportedNetworks"
    let (items, node) = try requiredArray(key)
    guard !items.isEmpty else {
      throw failure(key, "must list at least one network", at: node)
    }
    var networks: [RequestedNetwork] = []
    for (index, item) in items.enumerated() {
      let element = "\(key)[\(index)]"
      let text = try string(item, element)
      guard let network = RequestedNetwork(parsing: text) else {
        throw failure(
          element,
          "\(ShownValue.quoted(text)) is not a network of PassKit's list (e.g. "
            + "\(Network.allCases.map(\.rawValue).joined(separator: ", ")))", at: item)
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
        throw failure(element, "\(ShownValue.quoted(text)) is an \(error.description)", at: item)
      }
    }
    guard capabilities.contains(.threeDSecure) || capabilities.contains(.emv) else {
      throw failure(
        key, "must include threeDSecure or emv (how cards authenticate); PassKit requires one",
        at: node)
    }
    return capabilities
  }

  func summaryItems(currency: Currency, minorDigits: Int) throws(PaymentRequestError)
    -> [(item: PaymentRequest.SummaryItem, amountPosition: JSONPosition)]
  {
    let key = "paymentSummaryItems"
    let (nodes, node) = try requiredArray(key)
    guard !nodes.isEmpty else {
      throw failure(key, "must have at least one item; the last is the total", at: node)
    }
    var items: [(item: PaymentRequest.SummaryItem, amountPosition: JSONPosition)] = []
    for (index, itemNode) in nodes.enumerated() {
      let element = "\(key)[\(index)]"
      guard case .object(let fields) = itemNode.value else {
        throw failure(element, "must be an object, not \(itemNode.shown)", at: itemNode)
      }
      let reader = self.reader(
        of: fields, at: itemNode.position, path: element, kind: "summary item")
      try reader.refuseUnknown(["label", "amount", "type"])
      let label = try reader.nonEmptyString("label")
      var type = SummaryItemType.final
      if let typeNode = reader.present("type") {
        let text = try reader.string(typeNode, "type")
        do {
          type = try SummaryItemType.parse(text)
        } catch {
          throw reader.failure(
            "type", "\(ShownValue.quoted(text)) is an \(error.description)", at: typeNode)
        }
      }
      let amountNode = try reader.required("amount")
      let isTotal = index == nodes.count - 1
      let amount = try reader.amount(
        amountNode, currency: currency, minorDigits: minorDigits, isTotal: isTotal)
      if type == .pending && amount != .zero {
        throw reader.failure(
          "amount", "a pending item's amount must be 0, not \(amount)", at: amountNode)
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
      throw failure(
        key, "must be an amount written as a string, such as \"10.00\", not \(node.shown)",
        at: node)
    }
    let negative = text.hasPrefix("-")
    if negative && isTotal {
      throw failure(
        key, "the total (the last item) must not be negative, not \(ShownValue.quoted(text))",
        at: node)
    }
    var digits = negative ? String(text.dropFirst()) : text
    if let point = digits.firstIndex(of: ".") {
      let fraction = digits[digits.index(after: point)...]
      if fraction.count > minorDigits {
        throw failure(
          key,
          "\(ShownValue.quoted(text)) has \(fraction.count) decimal places; \(currency) has "
            + "\(minorDigits)", at: node)
      }
      // A currency of three or four decimals (KWD): wallet keeps hundredths, so digits past
      // the second must be zeros, which are dropped.
      if fraction.count > 2 {
        guard fraction.dropFirst(2).allSatisfy({ $0 == "0" }) else {
          throw failure(
            key,
            "\(ShownValue.quoted(text)): wallet keeps amounts to two decimal places, so the "
              + "digits after the second must be 0", at: node)
        }
        digits = String(digits[..<fraction.index(fraction.startIndex, offsetBy: 2)])
      }
    }
    let magnitude: Money
    do {
      magnitude = try Money.parse(digits)
    } catch {
      throw failure(key, "\(ShownValue.quoted(text)): \(error.description)", at: node)
    }
    return negative ? Money.zero - magnitude : magnitude
  }
}
