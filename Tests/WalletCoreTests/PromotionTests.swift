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

  static func decode(_ object: [String: Any]) throws(PromotionError) -> Promotion {
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return try Promotion.decode(json: [UInt8](data))
  }

  @Test func shippedFileEqualsTheBuiltIn() throws {
    #expect(!Self.shipped.isEmpty)
    #expect(try Promotion.decode(json: Self.shipped) == Promotion.bocomApplePayMonthly)
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
    #expect(promotion.tiers.bankApp == [Money(minorUnits: 200)])
  }

  @Test(
    "each required field",
    arguments: ["id", "minimumSpend", "cycleStartDay", "maxRewardsPerHolder", "tiers"])
  func requiredFieldMissing(field: String) throws {
    var object = try Self.shippedObject()
    object[field] = nil
    #expect(throws: PromotionError(field: field, problem: "is required")) {
      try Self.decode(object)
    }
    object[field] = NSNull()
    #expect(throws: PromotionError(field: field, problem: "is required")) {
      try Self.decode(object)
    }
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
    ] as [(String, any Sendable, String)])
  func brokenRule(field: String, value: any Sendable, namedField: String) throws {
    var object = try Self.shippedObject()
    object[field] = value
    do {
      _ = try Self.decode(object)
      Issue.record("\(field) = \(value) was accepted")
    } catch {
      #expect(error.field == namedField)
      #expect(!error.problem.isEmpty)
    }
  }

  @Test("not a promotion document", arguments: ["", "{", "[1]", "null", "\"x\"", "{\"id\": }"])
  func notJSON(text: String) {
    #expect(throws: PromotionError.self) { try Promotion.decode(json: Array(text.utf8)) }
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
    promotion.timeZone = try TimeZoneRules(identifier: "UTC")
    #expect(try Promotion.decode(json: Array(promotion.jsonText.utf8)) == promotion)
    #expect(
      promotion.jsonText.contains("\"campaign\": { \"start\": \"2016-12-01\", \"end\": null }"))
  }
}
