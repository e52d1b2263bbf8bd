import Testing
import WalletCore

@testable import WalletIngest

/// The user's rules file: conditions on merchant, description, amount and date, giving method,
/// merchant, category or a skip, the first matching rule winning for each.
struct ImportRulesTests {
  static let rulesJSON = """
    {
      "rules": [
        { "name": "big spends are not mine",
          "when": { "amount": { "min": "1000.00" } },
          "then": { "skip": "a business expense" } },
        { "name": "coffee in January by Apple Pay",
          "when": { "merchant": { "contains": "咖啡" },
                    "date": { "from": "2025-01-01", "to": "2025-01-31" } },
          "then": { "method": "apple-pay", "merchant": "某咖啡店(国贸)", "mcc": "5814" } },
        { "when": { "description": { "firstWord": "消费" },
                    "amount": { "min": "80.00", "max": "90.00" } },
          "then": { "method": "card", "mcc": "5999" } },
        { "when": { "merchant": { "prefix": "支付宝-" } },
          "then": { "method": "apple-pay" } },
        { "when": { "merchant": { "regex": "^某", "ignoreCase": true } },
          "then": { "mcc": "5411", "method": "card" } }
      ]
    }
    """

  static func rules() throws -> ImportRules {
    try ImportRules.decode(json: Array(rulesJSON.utf8), file: "rules.json")
  }

  @Test func rulesSetMethodMerchantAndCategoryFirstMatchWinning() throws {
    let file = try StatementFixture.read(
      "bocom-credit.csv", rules: try Self.rules(), defaultMethod: .other)
    let byLine = Dictionary(uniqueKeysWithValues: file.rows.map { ($0.line, $0) })
    // Coffee: rule 2 (index 1) sets all three; rule 5's mcc comes too late.
    let coffee = try #require(byLine[2])
    #expect(coffee.method == .applePay)
    #expect(coffee.methodSource == .userRule(index: 1, name: "coffee in January by Apple Pay"))
    #expect(coffee.merchant == "某咖啡店(国贸)")
    #expect(coffee.mcc == MerchantCategoryCode(parsing: "5814"))
    // Through Alipay: the format decided `other`, and a user rule cannot make it Apple Pay.
    let alipay = try #require(byLine[3])
    #expect(alipay.method == .other)
    #expect(
      alipay.methodSource
        == .format(formatID: "bocom-credit", rule: 1, reason: "paid through Alipay"))
    // The refund of the coffee is treated like it.
    #expect(byLine[6]?.method == .applePay)
    // A foreign purchase of 86.40: rule 3 by description and amount range.
    let foreign = try #require(byLine[11])
    #expect(foreign.method == .card)
    #expect(foreign.methodSource == .userRule(index: 2, name: nil))
    #expect(foreign.mcc == MerchantCategoryCode(parsing: "5999"))
  }

  @Test func amountRangeIsInclusiveAndSkipGivesItsReason() throws {
    let text =
      StatementErrorTests.bocomHeader
      + "2025-02-01,2025-02-02,消费 某家具店,CNY 1000.00,CNY 1000.00\n"
      + "2025-02-01,2025-02-02,消费 某家具店,CNY 999.99,CNY 999.99\n"
      + "2025-02-01,2025-02-02,消费 某店,CNY 90.00,CNY 90.00\n"
      + "2025-02-01,2025-02-02,消费 无名店,CNY 90.01,CNY 90.01\n"
    let file = try StatementFixture.read(
      text: text, format: StatementFixture.format("bocom-credit"), rules: try Self.rules(),
      defaultMethod: .applePay)
    #expect(
      file.rows.map(\.kind) == [
        .leftOut(reason: "skipped by rule 1 ('big spends are not mine'): a business expense"),
        .purchase, .purchase, .purchase,
      ])
    #expect(file.rows.map(\.method) == [nil, .card, .card, .applePay])
    #expect(file.rows[1].methodSource == .userRule(index: 4, name: nil))
    #expect(file.rows[2].methodSource == .userRule(index: 2, name: nil))
    #expect(file.rows[3].methodSource == .commandLine)
    // Outside January, the coffee rule's date range does not hold.
    let february = try StatementFixture.read(
      text: StatementErrorTests.bocomHeader
        + "2025-02-01,2025-02-02,消费 某咖啡店,CNY 10.00,CNY 10.00\n",
      format: StatementFixture.format("bocom-credit"), rules: try Self.rules())
    #expect(february.rows.first?.merchant == "某咖啡店")
    #expect(february.rows.first?.methodSource == .userRule(index: 4, name: nil))
  }

  @Test func rulesLeavePostingsAlone() throws {
    let file = try StatementFixture.read("bocom-credit.csv", rules: try Self.rules())
    let credit = try #require(file.rows.first { $0.kind == .credit })
    #expect(credit.method == nil)
    #expect(credit.mcc == nil)
  }

  @Test(
    arguments: [
      (#"{"rules": [{"when": {}, "then": {}}]}"#, 1, 33, "rules[0].then", .thenSetsNothing),
      (
        #"{"rules": [{"then": {"method": "applepay"}}]}"#, 1, 32, "rules[0].then.method",
        .unexpected("applepay", expected: .oneOf(["apple-pay", "card", "other"]))
      ),
      (
        #"{"rules": [{"then": {"mcc": "581"}}]}"#, 1, 29, "rules[0].then.mcc",
        .unexpected("581", expected: .merchantCategoryCode)
      ),
      (
        "{\"rules\": [\n  {\"when\": {\"amount\": {\"min\": \"1,000\"}}, \"then\": {\"skip\": \"x\"}}]}",
        2, 31, "rules[0].when.amount.min", .amount("1,000", .groupingSeparator)
      ),
      (
        #"{"rules": [{"when": {"date": {"from": "2025-02-01", "to": "2025-01-01"}}, "then": {"skip": "x"}}]}"#,
        1, 59, "rules[0].when.date.to", .toBeforeFrom
      ),
      (
        #"{"rules": [{"when": {"merchant": {}}, "then": {"skip": "x"}}]}"#, 1, 34,
        "rules[0].when.merchant", .noTest(oneOf: TextMatcher.testKeys)
      ),
      (
        #"{"rules": [{"wen": {}, "then": {"skip": "x"}}]}"#, 1, 13, "rules[0].wen",
        .field(.unknownField(of: .rules))
      ),
      (
        #"{"rules": [{"then": {"merchant": "卡 4111 1111 1111 1111"}}]}"#, 1, 34,
        "rules[0].then.merchant", .field(.cardNumber(lastFour: "1111"))
      ),
      (
        #"{"rules": [{"when": {"merchant": {"regex": "(?=咖啡)"}}, "then": {"skip": "x"}}]}"#,
        1, 44, "rules[0].when.merchant.regex",
        .pattern(LinearRegexError(problem: .lookaround, offset: 0))
      ),
      (
        #"{"rules": [{"when": {"description": {"regex": "(a)\\1", "ignoreCase": true}}, "#
          + #""then": {"skip": "x"}}]}"#, 1, 47, "rules[0].when.description.regex",
        .pattern(LinearRegexError(problem: .backreference, offset: 3))
      ),
      (
        #"{"rules": [{"when": {"amount": {"min": "10", "max": "5"}}, "then": {"skip": "x"}}]}"#,
        1, 53, "rules[0].when.amount.max", .maxBelowMin
      ),
      (
        #"{"rules": [{"when": {"date": {"from": "2025-02-30"}}, "then": {"skip": "x"}}]}"#,
        1, 39, "rules[0].when.date.from", .malformedDate("2025-02-30")
      ),
      (
        #"{"rules": [{"then": {"skip": " "}}]}"#, 1, 30, "rules[0].then.skip",
        .skipWithoutReason
      ),
      (
        #"{"rules": [{"then": {"merchant": " "}}]}"#, 1, 34, "rules[0].then.merchant", .blank
      ),
      (
        #"{"rules": [{"when": {"merchant": {"equals": ""}}, "then": {"skip": "x"}}]}"#, 1, 45,
        "rules[0].when.merchant.equals", .empty
      ),
      (
        #"{"rules": [{"when": {"merchant": {"equals": "a", "prefix": "b"}}, "then": {"skip": "x"}}]}"#,
        1, 60, "rules[0].when.merchant.prefix", .severalTests(oneOf: TextMatcher.testKeys)
      ),
    ] as [(String, Int, Int, String, DefinitionProblem)])
  func brokenRulesFileIsAnErrorAtItsField(
    json: String, line: Int, column: Int, field: String, problem: DefinitionProblem
  ) {
    do {
      _ = try ImportRules.decode(json: Array(json.utf8), file: "rules.json")
      Issue.record("a broken rules file was accepted")
    } catch {
      #expect(error.definition?.field == field, "\(error)")
      #expect(error.definition?.problem == problem, "\(error)")
      #expect(error.line == line, "\(error)")
      #expect(error.column == column, "\(error)")
      #expect(!error.description.contains("4111 1111"))
    }
  }
}
