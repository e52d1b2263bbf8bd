import Foundation
import Testing
import WalletTestSupport

@testable import WalletCore

/// Random promotions the decoder accepts (before the gate), of every kind of SPEC 8 rule.
enum RandomRules {
  static func promotion(seed: UInt64) -> Promotion {
    var random = SeededGenerator(seed: seed)
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    func money(_ range: ClosedRange<Int64>) -> Money {
      Money(minorUnits: Int64.random(in: range, using: &random))
    }
    func subset<T: Hashable>(_ values: [T]) -> Set<T> {
      var chosen = Set(values.filter { _ in chance(3) })
      if chosen.isEmpty { chosen.insert(pick(values)) }
      return chosen
    }
    let largest = Promotion.maximumReward.minorUnits

    let length = Int.random(in: 1...4, using: &random)
    let reward: PromotionReward
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      reward = .tiers(
        RewardTiers(
          bankApp: (0..<length).map { _ in money(0...largest) },
          wallet: (0..<length).map { _ in money(0...10_000) }))
    case 1:
      reward = .fixed(
        chance(2)
          ? .same(money(1...largest))
          : .byChannel(bankApp: money(1...largest), wallet: money(1...5_000)))
    default:
      reward = .percent(
        Percentage(hundredths: Int.random(in: 1...10_000, using: &random))!,
        cap: chance(2) ? nil : money(1...largest))
    }
    let isTiers = reward.kind == .tiers

    // Limits drawn at random, each kept when it chains with those kept so far.
    var limits: [RewardLimit] = []
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      let bound: LimitBound =
        isTiers || chance(2)
        ? .count(Int.random(in: 1...5, using: &random)) : .amount(money(1...1_000_000))
      let limit = RewardLimit(
        bound, per: pick(PromotionPeriod.allCases), scope: pick(PromotionScope.allCases))
      if isTiers && limit.period == .campaign && limit.scope == .holder { continue }
      if limits.allSatisfy({ $0.isChained(with: limit) }) { limits.append(limit) }
    }
    if isTiers {
      // A tiers reward's own limit, which every limit nests in.
      limits.insert(
        RewardLimit(.count(length), per: .campaign),
        at: Int.random(in: 0...limits.count, using: &random))
      if chance(4) {
        limits = Promotion.sectionTwoLimits(
          rewardsPerCycle: Int.random(in: 1...3, using: &random), maxRewardsPerHolder: length)
      }
    }

    let names = [
      "PARKnSHOP", "百佳", "a \"quoted\" \\ name", "tab\there", "\u{202E}x", "Apple Store",
    ]
    let source =
      chance(2)
      ? nil
      : TermsSource(
        url: chance(3) ? nil : pick(["https://bank.example/t?a=1&b=2", "", "银行 / 条款"]),
        retrieved: chance(3) ? nil : CivilDate(year: 2026, month: pick([1, 2, 12]), day: 28),
        notes: chance(3) ? nil : pick(["guessed cap", "多行\n说明", "\u{7}bell"]))
    // A third without any of SPEC 8's filters, so that some pass the gate.
    let plain = chance(3)
    func maybe<T>(_ value: () -> T) -> T? { plain || chance(2) ? nil : value() }
    let threshold = maybe {
      SpendThreshold(
        spend: money(1...1_000_000), per: pick(PromotionPeriod.allCases),
        scope: pick(PromotionScope.allCases), counts: pick(ThresholdCounts.allCases))
    }
    let weekdays = maybe { subset(Array(1...7)) }
    let monthDays = maybe { subset(Array(1...31)) }
    let mccs = maybe { subset([5411, 5812, 42, 0].compactMap { MerchantCategoryCode(value: $0) }) }
    let merchants = maybe { Array(names.filter { _ in chance(2) }.prefix(3)) + ["x"] }
    let channels = maybe { subset(Channel.allCases) }

    return Promotion(
      id: Identifier("random-\(seed % 1_000)"), name: pick(["月月返", "x"]),
      issuer: pick([nil, "bocom"]), currency: pick([.cny, Currency(parsing: "HKD")!]),
      timeZone: Promotion.bocomApplePayMonthly.timeZone,
      campaignStart: chance(2) ? nil : CivilDate(year: 2026, month: 1, day: 1),
      campaignEnd: nil, minimumSpend: money(0...100_00), cardTypes: pick([nil, [.credit]]),
      networks: nil, supplementaryCards: pick([.countForPrimary, .exclude]),
      excludedMCCs: chance(2) ? [] : [MerchantCategoryCode(value: 4_829)!],
      cycleStartDay: Int.random(in: 1...28, using: &random), quota: pick([nil, 0, 7]),
      reward: reward, limits: limits, refunds: pick([.net, .clawback]),
      postingDays: Int.random(in: 0...60, using: &random), threshold: threshold,
      weekdays: weekdays, monthDays: monthDays, mccs: mccs, merchants: merchants,
      channels: channels, source: source)
  }
}

/// What the encoder writes is read back as the same promotion, for every promotion the decoder
/// accepts; a section 2 promotion is written as before.
struct PromotionRulesEncodingTests {
  @Test func randomPromotionsRoundTrip() throws {
    let seed = try SeededGenerator.testSeed("randomPromotionsRoundTrip")
    var kinds = Set<RewardKind>()
    for offset in 0..<400 {
      let promotion = RandomRules.promotion(seed: seed &+ UInt64(offset))
      kinds.insert(promotion.reward.kind)
      let text = promotion.jsonText
      let (again, _) = try Promotion.decodeEveryRule(json: Array(text.utf8))
      #expect(again == promotion, "WALLET_TEST_SEED=\(seed) offset \(offset)\n\(text)")
      #expect(again.jsonText == text, "WALLET_TEST_SEED=\(seed) offset \(offset)")
      #expect(try Promotion.decode(json: Array(text.utf8)) == promotion)
    }
    #expect(kinds == Set(RewardKind.allCases), "WALLET_TEST_SEED=\(seed)")
  }

  /// A section 8 promotion is written in section 8's form, every field it gives spelled out
  /// (scopes and counts included) in the SPEC's order.
  @Test func aSectionEightPromotionIsWrittenInItsForm() throws {
    let file = """
      {"id": "p", "cycleStartDay": 1, "reward": {"cap": "20", "percent": "5.50"},
       "limits": [{"amount": "300", "per": "month"}, {"per": "DAY", "count": 1, "scope": "card"}],
       "threshold": {"per": "week", "spend": "100"}, "weekdays": [7, 3, 3], "monthDays": [15, 1],
       "mccs": ["5812", "5411"], "merchants": ["B", "A"], "channels": ["wallet", "bank-app"],
       "source": {"notes": "n"}}
      """
    let (promotion, _) = try Promotion.decodeEveryRule(json: Array(file.utf8))
    #expect(
      promotion.jsonText == """
        {
          "id": "p",
          "name": "p",
          "issuer": null,
          "currency": "CNY",
          "timezone": "Asia/Shanghai",
          "campaign": null,
          "minimumSpend": "0.00",
          "cardTypes": null,
          "networks": null,
          "supplementaryCards": "count-for-primary",
          "excludedMCCs": [],
          "cycleStartDay": 1,
          "quota": null,
          "reward": { "percent": "5.5", "cap": "20.00" },
          "limits": [
            { "amount": "300.00", "per": "month", "scope": "holder" },
            { "count": 1, "per": "day", "scope": "card" }
          ],
          "refunds": "net",
          "postingDays": 30,
          "threshold": { "spend": "100.00", "per": "week", "scope": "holder", "counts": "reaching" },
          "weekdays": [3, 7],
          "monthDays": [1, 15],
          "mccs": ["5411", "5812"],
          "merchants": ["B", "A"],
          "channels": ["bank-app", "wallet"],
          "source": { "url": null, "retrieved": null, "notes": "n" }
        }

        """)
  }

  @Test(
    "each kind of reward as a file writes it",
    arguments: [
      (#"{"fixed": "5"}"#, #"{ "fixed": "5.00" }"#),
      (
        #"{"fixed": {"wallet": "1", "BANK-APP": "2"}}"#,
        "{\n    \"fixed\": { \"bank-app\": \"2.00\", \"wallet\": \"1.00\" }\n  }"
      ),
      (#"{"percent": "100.00"}"#, #"{ "percent": "100" }"#),
    ])
  func rewards(json: String, written: String) throws {
    let file = #"{"id": "p", "cycleStartDay": 1, "reward": \#(json)}"#
    let (promotion, _) = try Promotion.decodeEveryRule(json: Array(file.utf8))
    #expect(promotion.jsonText.contains("\n  \"reward\": \(written),\n"), "\(promotion.jsonText)")
    #expect(!promotion.jsonText.contains("\"limits\""), "no limits, none written")
  }

  /// A section 2 file with a source is written as before, with the source after the last field.
  @Test func aSourceIsWrittenAfterSectionTwosFields() throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.source = TermsSource(
      url: "https://www.bankcomm.com/", retrieved: CivilDate(year: 2016, month: 12, day: 1),
      notes: "月月返")
    let shipped = String(decoding: PromotionTests.shipped, as: UTF8.self)
    let expected = shipped.replacingOccurrences(
      of: "\"postingDays\": 30\n}",
      with: "\"postingDays\": 30,\n  \"source\": { \"url\": \"https://www.bankcomm.com/\", "
        + "\"retrieved\": \"2016-12-01\", \"notes\": \"月月返\" }\n}")
    #expect(expected != shipped)
    #expect(promotion.jsonText == expected)
    #expect(try Promotion.decode(json: Array(expected.utf8)) == promotion)
  }
}
