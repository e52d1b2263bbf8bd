import Foundation
import Testing

@testable import WalletCore

struct PromotionTests {
  static let shipped: [UInt8] = {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("data/promotions/bocom-applepay-monthly.json")
    return (try? [UInt8](Data(contentsOf: url))) ?? []
  }()

  /// The shipped file as a mutable JSON object, for breaking one rule at a time.
  static func shippedObject() throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(shipped)) as? [String: Any])
  }

  /// Decodes `object` written as one line with its keys sorted, so that which of two broken
  /// fields comes first does not depend on dictionary order.
  static func decode(_ object: [String: Any]) throws(PromotionError) -> Promotion {
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return try Promotion.decode(json: [UInt8](data))
  }

  @Test func builtInHasTheSeedValues() {
    let promotion = Promotion.bocomApplePayMonthly
    #expect(promotion.tiers.bankApp.map(\.description) == ["10.00", "15.00", "20.00", "20.00"])
    #expect(promotion.tiers.wallet.map(\.description) == ["5.00", "10.00", "15.00", "20.00"])
    #expect(promotion.minimumSpend.description == "100.00")
    #expect(promotion.campaignStart == nil && promotion.campaignEnd == nil)
    #expect(promotion.cycleStartDay == 22 && promotion.maxRewardsPerHolder == 4)
  }

  @Test func minimalPromotionTakesTheDefaults() throws {
    let json = """
      \u{FEFF}{"id": "p", "minimumSpend": "50", "cycleStartDay": 1, "maxRewardsPerHolder": 1,
       "tiers": {"WALLET": ["1"], "Bank-App": ["2"]}}
      """
    let promotion = try Promotion.decode(json: Array(json.utf8))
    #expect(promotion.name == "p")
    #expect(promotion.issuer == nil && promotion.cardTypes == nil && promotion.networks == nil)
    #expect(promotion.currency == .cny && promotion.timeZone.identifier == "Asia/Shanghai")
    #expect(promotion.rewardsPerCycle == 1 && promotion.quota == nil)
    #expect(promotion.supplementaryCards == .countForPrimary)
    #expect(promotion.refunds == .net && promotion.postingDays == 30)
    #expect(promotion.tiers.bankApp == [Money(minorUnits: 200)])
  }

  @Test(
    "each required field",
    arguments: ["id", "minimumSpend", "cycleStartDay", "maxRewardsPerHolder", "tiers"])
  func requiredFieldMissing(field: String) throws {
    var object = try Self.shippedObject()
    object[field] = nil
    // A missing field is reported where the object that lacks it opens.
    #expect(
      throws: PromotionError(
        field: field, problem: .field(.required), position: JSONPosition(line: 1, column: 1))
    ) {
      try Self.decode(object)
    }
    object[field] = NSNull()
    let null = try #require(throws: PromotionError.self) { try Self.decode(object) }
    #expect(null.field == field)
    #expect(null.problem == .field(.requiredNotNull))
    #expect((null.position?.column ?? 0) > 1, "at the null, not at the object")
  }

  @Test(
    "each rule names its field",
    arguments: [
      ("id", 7, "id"), ("id", "  ", "id"), ("name", 1, "name"), ("issuer", "", "issuer"),
      ("currency", "RMB", "currency"), ("currency", 156, "currency"),
      ("timezone", "CST", "timezone"), ("timezone", "Mars/Olympus", "timezone"),
      ("campaign", "2017", "campaign"), ("campaign", ["start": "2017-02-30"], "campaign.start"),
      ("campaign", ["start": "2017-03-01", "end": "2017-02-01"], "campaign.end"),
      ("campaign", ["begin": "2017-03-01"], "campaign.begin"),
      ("minimumSpend", 100, "minimumSpend"), ("minimumSpend", "-1", "minimumSpend"),
      ("minimumSpend", "1e2", "minimumSpend"), ("cardTypes", ["gold"], "cardTypes[0]"),
      ("cardTypes", [String](), "cardTypes"), ("cardTypes", "credit", "cardTypes"),
      ("networks", ["visa", "diners"], "networks[1]"),
      ("supplementaryCards", "share", "supplementaryCards"),
      ("excludedMCCs", ["541"], "excludedMCCs[0]"), ("excludedMCCs", [5411], "excludedMCCs[0]"),
      ("cycleStartDay", 29, "cycleStartDay"), ("cycleStartDay", 0, "cycleStartDay"),
      ("cycleStartDay", 22.5, "cycleStartDay"), ("cycleStartDay", "22", "cycleStartDay"),
      ("rewardsPerCycle", 0, "rewardsPerCycle"), ("maxRewardsPerHolder", 0, "maxRewardsPerHolder"),
      ("maxRewardsPerHolder", 3, "tiers.bank-app"), ("quota", -1, "quota"),
      ("quota", true, "quota"),
      (
        "tiers", ["wallet": ["5.00", "10.00", "15.00", "20.00"]],
        "tiers.bank-app"
      ),
      ("tiers", ["bank-app": ["1", "2", "3", "4"], "wallet": ["1", "2", "3"]], "tiers.wallet"),
      (
        "tiers", ["bank-app": ["1", "2", "3", "1000000.01"], "wallet": ["1", "2", "3", "4"]],
        "tiers.bank-app[3]"
      ),
      (
        "tiers", ["bank-app": ["1", "2", "3", "4"], "wallet": ["1", "2", "3", "x"]],
        "tiers.wallet[3]"
      ),
      (
        "tiers",
        ["bank-app": ["1", "2", "3", "4"], "wallet": ["1", "2", "3", "4"], "app": [String]()],
        "tiers.app"
      ),
      ("tiers", ["1", "2"], "tiers"), ("color", "blue", "color"),
      ("refunds", "refund", "refunds"), ("refunds", true, "refunds"),
      ("postingDays", -1, "postingDays"), ("postingDays", 1.5, "postingDays"),
      ("postingDays", "30", "postingDays"),
    ] as [(String, any Sendable, String)])
  func brokenRule(field: String, value: any Sendable, namedField: String) throws {
    var object = try Self.shippedObject()
    object[field] = value
    do {
      _ = try Self.decode(object)
      Issue.record("\(field) = \(value) was accepted")
    } catch {
      #expect(error.field == namedField)
      #expect(error.position != nil)
    }
  }

  @Test(
    "not a promotion document",
    arguments: [
      ("", "1:1", .syntax(.empty)),
      ("{", "1:2", .syntax(.endsInside(.object, opening: JSONPosition(line: 1, column: 1)))),
      ("[1]", "1:1", .field(.notAnObject(.promotion, found: .array))),
      ("null", "1:1", .field(.notAnObject(.promotion, found: .null))),
      ("\n  \"x\"", "2:3", .field(.notAnObject(.promotion, found: .string("x")))),
      ("{\"id\": }", "1:8", .syntax(.unexpected(.value, found: "}"))),
    ] as [(String, String, PromotionError.Problem)])
  func notJSON(text: String, position: String, problem: PromotionError.Problem) throws {
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decode(json: Array(text.utf8))
    }
    #expect(error.field == nil)
    #expect(error.position?.description == position)
    #expect(error.problem == problem)
  }

  /// The shipped file with one piece of text replaced, decoded, and the error's place and what
  /// is wrong (the command line's words for them: ErrorWordingPromotionTests).
  @Test(
    "errors point at the offending value in the file",
    arguments: [
      (
        "\"cycleStartDay\": 22", "\"cycleStartDay\": 29", "13:20", "cycleStartDay",
        .outOfRange("29", 1...28)
      ),
      (
        "\"Asia/Shanghai\"", "\"Asia/Sh\\u0007nghai\"", "6:15", "timezone",
        .unknownTimeZone("Asia/Sh\u{7}nghai")
      ),
      ("\"quota\": null", "\"quota\": -1", "16:12", "quota", .outOfRange("-1", 0...Int.max)),
      (
        "\"20.00\"]\n  }", "\"2O.00\"]\n  }", "19:42", "tiers.wallet[3]",
        .amount("2O.00", .malformed)
      ),
      (
        "\"15.00\", \"20.00\", \"20.00\"]", "\"15.00\"]", "18:17", "tiers.bank-app",
        .tierCount(found: 2, needed: 4)
      ),
      ("\"id\": \"bocom-applepay-monthly\",\n", "", "1:1", "id", .field(.required)),
      (
        "\"issuer\": \"bocom\"", "\"issuer\": \"6222020000000000001\", \"issuer\": 1", "4:36",
        nil, .syntax(.repeatedKey("issuer", first: JSONPosition(line: 4, column: 3)))
      ),
      (
        "\"networks\": null", "\"networks\": [\"visa\", \"4111 1111 1111 1111\"]", "10:24",
        "networks[1]",
        .code(
          CodeError(
            kind: .network, value: "4111 1111 1111 1111",
            allowed: Network.allCases.map(\.rawValue)))
      ),
    ] as [(String, String, String, String?, PromotionError.Problem)])
  func located(
    replacing: String, with: String, position: String, field: String?,
    problem: PromotionError.Problem
  ) throws {
    let text = String(decoding: Self.shipped, as: UTF8.self)
    #expect(text.contains(replacing))
    let broken = text.replacingOccurrences(of: replacing, with: with)
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decode(json: Array(broken.utf8))
    }
    #expect(error.position?.description == position)
    #expect(error.field == field)
    #expect(error.problem == problem)
  }

  /// A count past what wallet can hold says so, with the limit, rather than "must be at least 1"
  /// (which is how `Int("99999999999999999999") == nil` used to read).
  @Test(
    "numbers too large say so and give the limit",
    arguments: [
      (
        "\"cycleStartDay\": 22", "99999999999999999999", "13:20", "cycleStartDay",
        .tooLarge("99999999999999999999", maximum: 28)
      ),
      (
        "\"cycleStartDay\": 22", "1e30", "13:20", "cycleStartDay",
        .tooLarge("1e30", maximum: 28)
      ),
      (
        "\"rewardsPerCycle\": 1", "99999999999999999999", "14:22", "rewardsPerCycle",
        .tooLarge("99999999999999999999", maximum: Int.max)
      ),
      (
        "\"rewardsPerCycle\": 1", "1e30", "14:22", "rewardsPerCycle",
        .tooLarge("1e30", maximum: Int.max)
      ),
      (
        "\"maxRewardsPerHolder\": 4", "9223372036854775808", "15:26", "maxRewardsPerHolder",
        .tooLarge("9223372036854775808", maximum: Int.max)
      ),
      (
        "\"maxRewardsPerHolder\": 4", "1E+30", "15:26", "maxRewardsPerHolder",
        .tooLarge("1E+30", maximum: Int.max)
      ),
      (
        "\"quota\": null", "99999999999999999999", "16:12", "quota",
        .tooLarge("99999999999999999999", maximum: Int.max)
      ),
      (
        "\"quota\": null", "1.5e300", "16:12", "quota",
        .tooLarge("1.5e300", maximum: Int.max)
      ),
      // Neighbours: far below the range, and a number written oddly that is not too large.
      ("\"quota\": null", "-1e30", "16:12", "quota", .outOfRange("-1e30", 0...Int.max)),
      (
        "\"quota\": null", "-99999999999999999999", "16:12", "quota",
        .outOfRange("-99999999999999999999", 0...Int.max)
      ),
      (
        "\"rewardsPerCycle\": 1", "9e18", "14:22", "rewardsPerCycle",
        .notWholeNumber(found: .number("9e18"))
      ),
    ] as [(String, String, String, String, PromotionError.Problem)])
  func tooLarge(
    replacing: String, number: String, position: String, field: String,
    problem: PromotionError.Problem
  ) throws {
    let text = String(decoding: Self.shipped, as: UTF8.self)
    #expect(text.contains(replacing))
    let key = try #require(replacing.split(separator: ":").first)
    let broken = text.replacingOccurrences(of: replacing, with: "\(key): \(number)")
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decode(json: Array(broken.utf8))
    }
    #expect(error.field == field)
    #expect(error.problem == problem)
    #expect(error.position?.description == position)
  }

  @Test func channelKeysRepeatedInAnotherCaseAreRefused() throws {
    let json = """
      {"id": "p", "minimumSpend": "1", "cycleStartDay": 1, "maxRewardsPerHolder": 1,
       "tiers": {"wallet": ["1"], "Wallet": ["1"], "bank-app": ["1"]}}
      """
    #expect(throws: PromotionError.self) { try Promotion.decode(json: Array(json.utf8)) }
  }
}

struct PromotionEncodingTests {
  @Test func builtInRoundTripsThroughItsJSON() throws {
    let promotion = Promotion.bocomApplePayMonthly
    #expect(try Promotion.decode(json: Array(promotion.jsonText.utf8)) == promotion)
  }

  @Test func everyFieldRoundTrips() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.name = "名 \"quoted\" \\ slash/"
    promotion.issuer = nil
    promotion.campaignStart = CivilDate(year: 2016, month: 12, day: 1)
    promotion.networks = [.visa, .unionpay]
    promotion.excludedMCCs = Set(["5411", "0742"].compactMap(MerchantCategoryCode.init(parsing:)))
    promotion.supplementaryCards = .exclude
    promotion.quota = 0
    promotion.refunds = .clawback
    promotion.postingDays = 0
    promotion.timeZone = try TimeZoneRules(identifier: "UTC")
    #expect(try Promotion.decode(json: Array(promotion.jsonText.utf8)) == promotion)
    #expect(
      promotion.jsonText.contains("\"campaign\": { \"start\": \"2016-12-01\", \"end\": null }"))
  }

  @Test(
    "characters a terminal would obey are escaped, and read back",
    arguments: ["\u{8}", "\u{C}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2028}"])
  func escapedNamesRoundTrip(character: String) throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.name = "a\(character)b"
    let text = promotion.jsonText
    #expect(!text.unicodeScalars.contains { ShownValue.mustEscape($0) && $0 != "\n" })
    #expect(try Promotion.decode(json: Array(text.utf8)) == promotion)
  }

  @Test(
    "the refunds policy and the posting days as a file writes them",
    arguments: [
      ("\"refunds\": \"CLAWBACK\"", RefundPolicy.clawback, 30),
      ("\"refunds\": \"net\", \"postingDays\": 0", .net, 0),
      ("\"refunds\": null, \"postingDays\": 45", .net, 45),
    ] as [(String, RefundPolicy, Int)])
  func refundsAndPostingDays(fields: String, refunds: RefundPolicy, postingDays: Int) throws {
    let json = """
      {"id": "p", "minimumSpend": "50", "cycleStartDay": 1, "maxRewardsPerHolder": 1,
       "tiers": {"wallet": ["1"], "bank-app": ["2"]}, \(fields)}
      """
    let promotion = try Promotion.decode(json: Array(json.utf8))
    #expect(promotion.refunds == refunds)
    #expect(promotion.postingDays == postingDays)
  }

  /// The shipped clawback promotion reads, shows its policy, and is the built-in otherwise.
  @Test func theClawbackPromotionFileReads() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("data/promotions/bocom-applepay-monthly-clawback.json")
    let promotion = try Promotion.decode(json: [UInt8](Data(contentsOf: url)))
    #expect(promotion.refunds == .clawback)
    #expect(promotion.jsonText.contains("\"refunds\": \"clawback\""))
    var net = promotion
    net.refunds = .net
    net.id = Promotion.bocomApplePayMonthly.id
    net.name = Promotion.bocomApplePayMonthly.name
    #expect(net == Promotion.bocomApplePayMonthly, "the built-in's rules but the policy")
  }

  @Test func theBuiltInIsWrittenByteForByteAsTheShippedFile() {
    #expect(Array(Promotion.bocomApplePayMonthly.jsonText.utf8) == PromotionTests.shipped)
  }
}
