import Testing

@testable import WalletCore

/// A payment request file is checked as PassKit checks a `PKPaymentRequest`, each broken rule
/// an error naming its field and pointing at it.
struct PaymentRequestTests {
  /// The fields of a valid request, one per line, in this order; a case replaces or drops some.
  static let baseFields: [(key: String, value: String)] = [
    ("merchantIdentifier", #""merchant.cn.example""#),
    ("merchantName", #""盒马鲜生""#),
    ("countryCode", #""CN""#),
    ("currencyCode", #""CNY""#),
    ("supportedNetworks", #"["chinaUnionPay", "visa"]"#),
    ("merchantCapabilities", #"["emv", "threeDSecure"]"#),
    (
      "paymentSummaryItems",
      #"[{"label": "生鲜", "amount": "90.00"}, {"label": "盒马鲜生", "amount": "90.00"}]"#
    ),
  ]

  /// The request with `changes` applied (nil drops a field; a new key is added at the end), one
  /// member per line so that each value's line and column can be worked out from the layout.
  static func json(_ changes: [String: String?] = [:]) -> String {
    var members = baseFields.compactMap { field -> (String, String)? in
      guard let change = changes[field.key] else { return (field.key, field.value) }
      return change.map { (field.key, $0) }
    }
    for (key, value) in changes.sorted(by: { $0.key < $1.key })
    where !baseFields.contains(where: { $0.key == key }) {
      if let value { members.append((key, value)) }
    }
    return "{\n" + members.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
  }

  /// Where the value of top-level `key` starts in `json(changes)`: its line, and the column
  /// after `  "key": `.
  static func valuePosition(of key: String, in text: String) -> JSONPosition? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = lines.firstIndex(where: { $0.hasPrefix("  \"\(key)\":") }) else {
      return nil
    }
    return JSONPosition(line: index + 1, column: "  \"\(key)\": ".unicodeScalars.count + 1)
  }

  static func decode(_ text: String) throws(PaymentRequestError) -> DecodedPaymentRequest {
    try PaymentRequest.decode(json: Array(text.utf8), zone: .shanghai)
  }

  struct Rule: CustomTestStringConvertible, Sendable {
    let name: String
    let changes: [String: String?]
    /// The field the error names.
    let field: String?
    /// What is wrong.
    let problem: PaymentRequestError.Problem
    /// Whether the error points at the top-level field's value (else only the field is checked).
    var atValue = true

    var testDescription: String { name }
  }

  static let items = "paymentSummaryItems"
  static let gold = Currency(parsing: "XAU")!
  static let yen = Currency(parsing: "JPY")!

  static let rules: [Rule] = [
    Rule(
      name: "unknown field", changes: ["shippingTipe": #""delivery""#], field: "shippingTipe",
      problem: .field(.unknownField(of: .paymentRequest)), atValue: false),
    Rule(
      name: "merchantIdentifier required", changes: ["merchantIdentifier": nil],
      field: "merchantIdentifier", problem: .field(.required), atValue: false),
    Rule(
      name: "merchantIdentifier not null", changes: ["merchantIdentifier": "null"],
      field: "merchantIdentifier", problem: .field(.requiredNotNull)),
    Rule(
      name: "merchantName a string", changes: ["merchantName": "7"], field: "merchantName",
      problem: .field(.mustBeString(found: .number("7")))),
    Rule(
      name: "merchantName not empty", changes: ["merchantName": #"" ""#], field: "merchantName",
      problem: .empty),
    Rule(
      name: "merchantName no card number",
      changes: ["merchantName": #""shop 6222020000000000001""#], field: "merchantName",
      problem: .field(.cardNumber(lastFour: "0001"))),
    Rule(
      name: "countryCode ISO 3166", changes: ["countryCode": #""CHN""#], field: "countryCode",
      problem: .notCountryCode("CHN")),
    Rule(
      name: "countryCode assigned", changes: ["countryCode": #""ZZ""#], field: "countryCode",
      problem: .notCountryCode("ZZ")),
    Rule(
      name: "currencyCode ISO 4217", changes: ["currencyCode": #""RMB""#],
      field: "currencyCode", problem: .notCurrencyCode("RMB")),
    Rule(
      name: "currencyCode with a minor unit", changes: ["currencyCode": #""XAU""#],
      field: "currencyCode", problem: .noMinorUnit(Self.gold)),
    Rule(
      name: "supportedNetworks an array", changes: ["supportedNetworks": #""visa""#],
      field: "supportedNetworks", problem: .field(.mustBeArray(found: .string("visa")))),
    Rule(
      name: "supportedNetworks not empty", changes: ["supportedNetworks": "[]"],
      field: "supportedNetworks", problem: .noNetworks),
    Rule(
      name: "supportedNetworks from PassKit's list",
      changes: ["supportedNetworks": #"["visa", "bitcoin"]"#], field: "supportedNetworks[1]",
      problem: .unknownNetwork("bitcoin"), atValue: false),
    Rule(
      name: "merchantCapabilities known",
      changes: ["merchantCapabilities": #"["emv", "nfc"]"#], field: "merchantCapabilities[1]",
      problem: .code(
        CodeError(
          kind: .merchantCapability, value: "nfc",
          allowed: MerchantCapability.allCases.map(\.rawValue))), atValue: false),
    Rule(
      name: "threeDSecure or emv", changes: ["merchantCapabilities": #"["credit", "debit"]"#],
      field: "merchantCapabilities", problem: .noAuthenticationCapability),
    Rule(
      name: "at least one summary item", changes: [items: "[]"], field: items,
      problem: .noItems),
    Rule(
      name: "summary item an object", changes: [items: #"["90.00"]"#], field: "\(items)[0]",
      problem: .field(.mustBeObject(found: .string("90.00"))), atValue: false),
    Rule(
      name: "summary item fields known",
      changes: [items: #"[{"label": "a", "amount": "1.00", "note": "x"}]"#],
      field: "\(items)[0].note", problem: .field(.unknownField(of: .summaryItem)),
      atValue: false),
    Rule(
      name: "label required", changes: [items: #"[{"amount": "1.00"}]"#],
      field: "\(items)[0].label", problem: .field(.required), atValue: false),
    Rule(
      name: "label not empty", changes: [items: #"[{"label": "", "amount": "1.00"}]"#],
      field: "\(items)[0].label", problem: .empty, atValue: false),
    Rule(
      name: "amount required", changes: [items: #"[{"label": "a"}]"#],
      field: "\(items)[0].amount", problem: .field(.required), atValue: false),
    Rule(
      name: "amount a string", changes: [items: #"[{"label": "a", "amount": 90}]"#],
      field: "\(items)[0].amount", problem: .amountNotString(found: .number("90")),
      atValue: false),
    Rule(
      name: "amount plain digits", changes: [items: #"[{"label": "a", "amount": "9e1"}]"#],
      field: "\(items)[0].amount", problem: .amount("9e1", .exponent), atValue: false),
    Rule(
      name: "total not negative",
      changes: [items: #"[{"label": "a", "amount": "5.00"}, {"label": "t", "amount": "-5.00"}]"#],
      field: "\(items)[1].amount", problem: .negativeTotal("-5.00"), atValue: false),
    Rule(
      name: "type final or pending",
      changes: [items: #"[{"label": "a", "amount": "1.00", "type": "estimated"}]"#],
      field: "\(items)[0].type",
      problem: .code(
        CodeError(
          kind: .summaryItemType, value: "estimated",
          allowed: SummaryItemType.allCases.map(\.rawValue))), atValue: false),
    Rule(
      name: "pending amount zero",
      changes: [
        items:
          #"[{"label": "tip", "amount": "2.00", "type": "pending"}, {"label": "t", "amount": "2.00"}]"#
      ],
      field: "\(items)[0].amount", problem: .pendingNotZero(Money(minorUnits: 200)),
      atValue: false),
    Rule(
      name: "minor units of CNY",
      changes: [items: #"[{"label": "t", "amount": "90.001"}]"#],
      field: "\(items)[0].amount",
      problem: .tooManyDecimals("90.001", places: 3, currency: .cny, minorDigits: 2),
      atValue: false),
    Rule(
      name: "minor units of JPY",
      changes: ["currencyCode": #""JPY""#, items: #"[{"label": "t", "amount": "900.5"}]"#],
      field: "\(items)[0].amount",
      problem: .tooManyDecimals("900.5", places: 1, currency: Self.yen, minorDigits: 0),
      atValue: false),
    Rule(
      name: "minor units kept by wallet",
      changes: ["currencyCode": #""KWD""#, items: #"[{"label": "t", "amount": "1.255"}]"#],
      field: "\(items)[0].amount", problem: .nonZeroBeyondCents("1.255"), atValue: false),
    Rule(
      name: "mcc four digits", changes: ["mcc": #""541""#], field: "mcc",
      problem: .notMerchantCategoryCode("541")),
    Rule(
      name: "time ISO 8601", changes: ["time": #""yesterday""#], field: "time",
      problem: .time("yesterday", .malformed)),
  ]

  @Test("every validation rule names its field and points at it", arguments: rules)
  func everyRuleIsAnError(rule: Rule) throws {
    let text = Self.json(rule.changes)
    let error = try #require(throws: PaymentRequestError.self) { try Self.decode(text) }
    #expect(error.field == rule.field)
    #expect(error.problem == rule.problem)
    if rule.atValue, let field = rule.field {
      #expect(error.position == Self.valuePosition(of: field, in: text))
    } else {
      #expect(error.position != nil)
    }
  }

  @Test func aMissingFieldPointsAtTheObjectThatLacksIt() throws {
    let error = try #require(throws: PaymentRequestError.self) {
      try Self.decode(Self.json(["countryCode": nil]))
    }
    #expect(error.position == JSONPosition(line: 1, column: 1))
  }

  @Test(arguments: ["{", "[]", "", "{\"merchantName\": \"a\",}"])
  func aFileThatIsNotARequestObject(text: String) throws {
    let error = try #require(throws: PaymentRequestError.self) { try Self.decode(text) }
    #expect(error.field == nil)
    #expect(error.position != nil)
  }

  @Test func aValidRequestIsReadWithItsTotal() throws {
    let decoded = try Self.decode(
      Self.json([
        "supportedNetworks": #"["银联", "MC", "American Express", "mada", "visa", "VISA"]"#,
        "merchantCapabilities": #"["supports3DS", "supportsEMV", "supportsDebit"]"#,
        "countryCode": #""cn""#,
        Self.items:
          #"[{"label": "a", "amount": "100"}, {"label": "券", "amount": "-10.5"}, {"label": "tip", "amount": "0", "type": "PENDING"}, {"label": "t", "amount": "89.50"}]"#,
        "mcc": #""5411""#, "time": #""2026-11-28 18:30""#, "shippingType": #""delivery""#,
      ]))
    let request = decoded.request
    #expect(decoded.warnings.isEmpty)
    #expect(request.countryCode == "CN")
    #expect(
      request.supportedNetworks == [
        .wallet(.unionpay), .wallet(.mastercard), .wallet(.amex), .other("mada"), .wallet(.visa),
      ])
    #expect(request.merchantCapabilities == [.threeDSecure, .emv, .debit])
    #expect(request.summaryItems.map(\.amount.minorUnits) == [10_000, -1_050, 0, 8_950])
    #expect(request.summaryItems[2].type == .pending)
    #expect(request.total.label == "t")
    #expect(request.mcc == MerchantCategoryCode(parsing: "5411"))
    #expect(request.time == Fixture.at("2026-11-28T18:30:00+08:00"))
  }

  @Test(arguments: [
    // (items, warns): the total against the sum of the other final items; pending items and a
    // total alone never warn.
    (#"[{"label": "a", "amount": "50.00"}, {"label": "t", "amount": "60.00"}]"#, true),
    (#"[{"label": "a", "amount": "50.00"}, {"label": "t", "amount": "50.00"}]"#, false),
    (#"[{"label": "t", "amount": "50.00"}]"#, false),
    (
      #"[{"label": "a", "amount": "50.00"}, {"label": "p", "amount": "0", "type": "pending"}, {"label": "t", "amount": "50"}]"#,
      false
    ),
    (
      #"[{"label": "a", "amount": "60.00"}, {"label": "-", "amount": "-10"}, {"label": "t", "amount": "50"}]"#,
      false
    ),
  ])
  func aTotalThatIsNotTheSumIsOnlyAWarning(items: String, warns: Bool) throws {
    let decoded = try Self.decode(Self.json([Self.items: items]))
    #expect(decoded.warnings.count == (warns ? 1 : 0))
    if let warning = decoded.warnings.first {
      #expect(warning.field == "paymentSummaryItems[1].amount")
      #expect(
        warning.problem
          == .totalDiffers(total: Money(minorUnits: 6000), sum: Money(minorUnits: 5000)))
    }
  }

  /// Thousands of items at the largest amount add up past what an amount can hold: still only
  /// a warning, never a crash.
  @Test(arguments: [Int64(1), -1])
  func itemsAddingUpPastAnyAmountAreOnlyAWarning(sign: Int64) throws {
    let largest = sign > 0 ? "10000000000000.00" : "-10000000000000.00"
    let items =
      "[" + String(repeating: #"{"label": "x", "amount": "\#(largest)"}, "#, count: 10_000)
      + #"{"label": "t", "amount": "1.00"}]"#
    let decoded = try Self.decode(Self.json([Self.items: items]))
    #expect(decoded.warnings.count == 1)
    #expect(decoded.warnings.first?.field == "paymentSummaryItems[10000].amount")
    #expect(
      decoded.warnings.first?.problem == .sumBeyondAnyAmount(total: Money(minorUnits: 100)))
  }

  @Test(arguments: [
    ("CNY", 2), ("USD", 2), ("JPY", 0), ("KRW", 0), ("KWD", 3), ("BHD", 3), ("CLF", 4),
  ])
  func minorUnits(code: String, digits: Int) throws {
    #expect(try #require(Currency(parsing: code)).minorUnitDigits == digits)
  }

  @Test func fundsAndMetalsHaveNoMinorUnit() throws {
    for code in ["XAU", "XDR", "XXX"] {
      #expect(try #require(Currency(parsing: code)).minorUnitDigits == nil)
    }
  }

  @Test func aThreeDecimalAmountKeepsItsHundredths() throws {
    let decoded = try Self.decode(
      Self.json(["currencyCode": #""KWD""#, Self.items: #"[{"label": "t", "amount": "1.250"}]"#]))
    #expect(decoded.request.total.amount == Money(minorUnits: 125))
  }

  @Test func everyAssignedCountryCode() {
    // ISO 3166-1 assigns 249 alpha-2 codes.
    #expect(PaymentRequest.iso3166.count == 249)
    for code in ["CN", "HK", "MO", "TW", "US", "GB", "JP", "SS", "XK"] {
      #expect(PaymentRequest.iso3166.contains(code) == (code != "XK"), "\(code)")
    }
  }
}
