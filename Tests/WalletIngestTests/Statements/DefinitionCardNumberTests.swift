import Testing
import WalletCore

@testable import WalletIngest

/// A format file or a rules file is the user's text, and any of its texts can end up shown (a
/// format's id and name in the import's summary, a reason in `--dry-run` and `explain`) or
/// stored (an id inside transaction ids, a reason in `origins`): each one holding a full card
/// number (SPEC 6) is refused, naming its field and pointing at it, and never echoed.
struct DefinitionCardNumberTests {
  /// A format with a placeholder in every text it has; each test puts a value in one of them.
  static let format = """
    {"id": "ID", "name": "NAME", "kind": "card-statement",
     "header": ["日期", "说明", "金额", "卡", "HEADER"],
     "footerPrefixes": ["FOOTER"],
     "titleCardPattern": "TITLE(\\\\d{4})",
     "columns": {"date": {"column": "日期", "form": "yyyy-MM-dd"}, "description": "说明",
       "amount": {"column": "金额", "sign": "positive-is-purchase"},
       "card": {"column": "卡", "pattern": "CARDPATTERN(\\\\d{4})"},
       "currency": {"names": {"CURRENCYNAME": "CNY"}}},
     "classification": [
       {"if": [{"column": "说明", "prefix": "MATCH"}], "kind": "ignore", "reason": "IGNORE"},
       {"direction": "out", "kind": "purchase"}],
     "methodRules": [
       {"if": [{"column": "说明", "contains": "支付宝"}], "method": "other", "reason": "METHOD"}],
     "withoutCardReason": "WITHOUT"}
    """

  /// A rules file with a placeholder in every text it has.
  static let rules = """
    {"rules": [
      {"name": "RULENAME", "when": {"merchant": {"contains": "WHENMERCHANT"},
        "description": {"regex": "WHENDESCRIPTION"}},
       "then": {"skip": "SKIP"}},
      {"when": {"merchant": {"equals": "咖啡"}}, "then": {"merchant": "RENAMED"}}
    ]}
    """

  /// Each placeholder of `format` and the path a message names it by.
  static let formatFields = [
    ("ID", "id"), ("NAME", "name"), ("HEADER", "header[4]"), ("FOOTER", "footerPrefixes[0]"),
    ("TITLE", "titleCardPattern"), ("CARDPATTERN", "columns.card.pattern"),
    ("MATCH", "classification[0].if[0].prefix"), ("IGNORE", "classification[0].reason"),
    ("METHOD", "methodRules[0].reason"), ("WITHOUT", "withoutCardReason"),
  ]

  /// Each placeholder of `rules` and its path.
  static let rulesFields = [
    ("RULENAME", "rules[0].name"), ("WHENMERCHANT", "rules[0].when.merchant.contains"),
    ("WHENDESCRIPTION", "rules[0].when.description.regex"), ("SKIP", "rules[0].then.skip"),
    ("RENAMED", "rules[1].then.merchant"),
  ]

  /// Card numbers as SPEC 6 writes them: Luhn, grouped, full-width, UnionPay without Luhn,
  /// and one among other numbers.
  static let cardNumbers = [
    ("4111111111111111", "1111"), ("4111 1111 1111 1111", "1111"),
    ("4111.1111.1111.1111", "1111"), ("4111-1111-1111-1111", "1111"),
    ("６２２２０２００００００００００００１", "0001"), ("6222000000000000009", "0009"),
    ("tel 4111111111111111 13800138000", "1111"), ("卡号4111 1111 1111 1111 2026", "1111"),
  ]

  /// Texts with many digits that hold no card number, which must still be read.
  static let harmless = [
    "order 12345678901234567890", "2025-01-10 12:30:00", "尾号7449", "6222 **** **** 0001",
    "4111111111111112", "tel 13800138000",
  ]

  /// `template` with `placeholder` replaced by `value`, written as a JSON string's content.
  static func filling(_ template: String, _ placeholder: String, with value: String) -> String {
    template.replacing(placeholder, with: value)
  }

  /// The 1-based line and column of the string's opening quote around `placeholder`.
  static func position(of placeholder: String, in template: String) throws -> (Int, Int) {
    let range = try #require(template.range(of: placeholder))
    let before = template[..<range.lowerBound]
    let quote = try #require(before.lastIndex(of: "\""))
    let lines = template[..<quote].split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
  }

  static func formatError(_ json: String) -> InputError? {
    do {
      _ = try StatementFormat.decode(json: Array(json.utf8), file: "bank.json")
      return nil
    } catch {
      return error
    }
  }

  static func rulesError(_ json: String) -> InputError? {
    do {
      _ = try ImportRules.decode(json: Array(json.utf8), file: "rules.json")
      return nil
    } catch {
      return error
    }
  }

  /// The digits of a card number as they would leak: every digit run of 13 or more, and the
  /// number with its separators removed.
  static func leaks(_ message: String, _ number: String) -> Bool {
    let digits = number.filter(\.isNumber)
    let plain = message.filter { $0.isNumber }
    return message.contains(number) || plain.contains(digits)
      || CardNumberGuard.containsCardNumber(message)
  }

  @Test func theTemplatesAreValidAsTheyAre() throws {
    let format = try StatementFormat.decode(json: Array(Self.format.utf8), file: "bank.json")
    #expect(format.id == "ID")
    #expect(format.methodRules.first?.reason == "METHOD")
    let rules = try ImportRules.decode(json: Array(Self.rules.utf8), file: "rules.json")
    #expect(rules.rules.first?.skipReason == "SKIP")
    #expect(rules.rules.last?.renamedMerchant == "RENAMED")
  }

  @Test(arguments: formatFields)
  func aCardNumberInAnyTextOfAFormatIsRefusedAtItsField(placeholder: String, path: String)
    throws
  {
    let (line, column) = try Self.position(of: placeholder, in: Self.format)
    for (number, lastFour) in Self.cardNumbers {
      let json = Self.filling(Self.format, placeholder, with: "x \(number)")
      let error = try #require(Self.formatError(json), "\(path) kept \(number)")
      #expect(error.definition?.field == path, "\(error)")
      #expect(error.definition?.problem == .field(.cardNumber(lastFour: lastFour)), "\(error)")
      #expect((error.line, error.column) == (line, column), "\(error)")
      #expect(!Self.leaks(error.description, number), "\(error)")
    }
  }

  @Test(arguments: rulesFields)
  func aCardNumberInAnyTextOfARulesFileIsRefusedAtItsField(placeholder: String, path: String)
    throws
  {
    let (line, column) = try Self.position(of: placeholder, in: Self.rules)
    for (number, lastFour) in Self.cardNumbers {
      let json = Self.filling(Self.rules, placeholder, with: "x \(number)")
      let error = try #require(Self.rulesError(json), "\(path) kept \(number)")
      #expect(error.definition?.field == path, "\(error)")
      #expect(error.definition?.problem == .field(.cardNumber(lastFour: lastFour)), "\(error)")
      #expect((error.line, error.column) == (line, column), "\(error)")
      #expect(!Self.leaks(error.description, number), "\(error)")
    }
  }

  @Test func aKeyHoldingACardNumberIsRefusedWithoutShowingIt() throws {
    let number = "4111111111111111"
    let json = Self.filling(Self.format, "CURRENCYNAME", with: number)
    let error = try #require(Self.formatError(json))
    #expect(
      error.definition?.field == "columns.currency.names.(a card number ending 1111, not shown)")
    #expect(error.definition?.problem == .field(.cardNumber(lastFour: "1111")))
    #expect(!Self.leaks(error.description, number))
    // An unknown field's name too, before it is refused as unknown.
    let unknown = #"{"rules": [], "6222020000000000001": 1}"#
    let refused = try #require(Self.rulesError(unknown))
    #expect(refused.definition?.problem == .field(.cardNumber(lastFour: "0001")), "\(refused)")
    #expect(!Self.leaks(refused.description, "6222020000000000001"))
  }

  @Test func aCardNumberInsideANestedUnknownObjectIsStillRefused() throws {
    let json = Self.format.replacing(
      #""withoutCardReason": "WITHOUT""#,
      with: #""extra": {"note": ["a", "4111 1111 1111 1111"]}"#)
    let error = try #require(Self.formatError(json))
    #expect(error.definition?.field == "extra.note[1]")
    #expect(error.definition?.problem == .field(.cardNumber(lastFour: "1111")))
  }

  @Test func textsWithDigitsButNoCardNumberAreRead() throws {
    for text in Self.harmless {
      // Patterns are left out: `*` is not a valid one.
      for (placeholder, path) in Self.formatFields
      where !["TITLE", "CARDPATTERN"].contains(placeholder) {
        let json = Self.filling(Self.format, placeholder, with: text)
        #expect(Self.formatError(json) == nil, "\(path): \(text)")
      }
      for (placeholder, path) in Self.rulesFields where placeholder != "WHENDESCRIPTION" {
        let json = Self.filling(Self.rules, placeholder, with: text)
        #expect(Self.rulesError(json) == nil, "\(path): \(text)")
      }
    }
  }
}
