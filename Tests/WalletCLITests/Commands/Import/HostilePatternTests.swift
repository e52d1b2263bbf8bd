import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A format file or a rules file is user data, and its patterns run against text the user was
/// given: `^(a+)+$` against a line of `a`s and a `b` made a backtracking engine run for minutes
/// at full CPU. Each pattern field, given such a pattern and such a text, finishes the import
/// in a moment, with the rows it should give.
struct HostilePatternTests {
  /// A run of `a`s ending in `b`: 22 made `Regex` take well over a minute per pattern.
  static let hostile = String(repeating: "a", count: 22) + "b"

  /// Exponential for a backtracking engine on `hostile`, as a second alternative that the
  /// line reaches once the first has failed.
  static let exploding = "|^(?:a+)+$"

  /// The parts of the format with a pattern; each case puts `exploding` in one of them.
  struct Patterns {
    var period = #"账单(?<year>\\d{4})年(?<month>\\d{1,2})月"#
    var titleCard = #"尾号(\\d{4})"#
    var cardCell = #"\\((\\d{4})\\)"#
    var classification = "^还款"
    var method = "^APPLE"
  }

  static func format(_ patterns: Patterns) -> String {
    """
    {
      "id": "slow-bank", "kind": "card-statement",
      "header": ["交易日期", "卡", "交易描述", "金额"],
      "periodPattern": "\(patterns.period)",
      "titleCardPattern": "\(patterns.titleCard)",
      "columns": {
        "date": {"column": "交易日期", "form": "MM/dd"},
        "description": "交易描述",
        "amount": {"column": "金额", "sign": "positive-is-purchase"},
        "card": {"column": "卡", "pattern": "\(patterns.cardCell)"}
      },
      "classification": [
        {"if": [{"column": "交易描述", "regex": "\(patterns.classification)"}],
         "kind": "ignore", "reason": "a repayment"},
        {"direction": "out", "kind": "purchase",
         "merchant": {"column": "交易描述", "part": "whole"}}
      ],
      "methodRules": [
        {"if": [{"column": "交易描述", "regex": "\(patterns.method)"}], "method": "other",
         "reason": "an App Store purchase, not an Apple Pay payment"}
      ],
      "withoutCardReason": "a row without a card"
    }
    """
  }

  /// A preamble line, a card cell and a description that are each the hostile text.
  static let statement = """
    \(hostile)
    账单2025年2月 尾号1234
    交易日期,卡,交易描述,金额
    02/01,(1234),某书店,150.00
    02/02,\(hostile),某花店,20.00
    02/03,(1234),\(hostile),30.00

    """

  static let cases: [(String, Patterns)] = {
    var cases: [(String, Patterns)] = []
    var patterns = Patterns()
    patterns.period += exploding
    cases.append(("periodPattern", patterns))
    patterns = Patterns()
    patterns.titleCard += exploding
    cases.append(("titleCardPattern", patterns))
    patterns = Patterns()
    patterns.cardCell += exploding
    cases.append(("columns.card.pattern", patterns))
    patterns = Patterns()
    patterns.classification = "^(a+)+$"
    cases.append(("classification[0].if[0].regex", patterns))
    patterns = Patterns()
    patterns.method = "^(a+)+$"
    cases.append(("methodRules[0].if[0].regex", patterns))
    return cases
  }()

  static func session() throws -> StoreSession { try sessionTemplate.session() }

  /// What `session()` copies, made once per run (see `StoreTemplate`).
  private static let sessionTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1234", "--holder", "H1", "--network", "visa", "--type", "credit",
      "--issuer", "cmb", "--last4", "1234",
    ])
    try session.write("bank.csv", statement)
  }

  /// Imports and lists, within a bound of seconds that a linear match meets many times over.
  static func importQuickly(_ session: StoreSession, _ extra: [String] = []) throws -> [String] {
    let clock = ContinuousClock()
    var result: WalletProcess.Result?
    let elapsed = try clock.measure {
      result = try session.run(
        ["import", "statement", "bank.csv", "--format", "bank.json", "--method", "apple-pay"]
          + extra)
    }
    #expect(elapsed < .seconds(10), "the import took \(elapsed)")
    #expect(result?.status == 0, "\(result?.stderr ?? "")")
    return try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
  }

  /// The purchases the statement gives: the row without a card is left out, and the
  /// hostile description is a purchase like any other, dated 2025 from the period line.
  static let purchases = [
    "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc",
    "slow-bank:C1234:2025-02-01:001:150.00,C1234,2025-02-01T00:00:00+08:00,150.00,CNY,"
      + "apple-pay,settled,0.00,,某书店,",
    "slow-bank:C1234:2025-02-03:001:30.00,C1234,2025-02-03T00:00:00+08:00,30.00,CNY,"
      + "apple-pay,settled,0.00,,\(hostile),",
  ]

  @Test(arguments: cases)
  func eachPatternFieldMatchesInLinearTime(field: String, patterns: Patterns) throws {
    let session = try Self.session()
    try session.write("bank.json", Self.format(patterns))
    #expect(try Self.importQuickly(session) == Self.purchases, "\(field)")
  }

  @Test func aRulesFilePatternMatchesInLinearTime() throws {
    let session = try Self.session()
    try session.write("bank.json", Self.format(Patterns()))
    try session.write(
      "rules.json",
      #"{"rules": [{"when": {"description": {"regex": "^(a+)+$"}}, "then": {"method": "card"}},"#
        + #" {"when": {"merchant": {"regex": "(a|a)*c"}}, "then": {"mcc": "5942"}}]}"#)
    #expect(try Self.importQuickly(session, ["--rules", "rules.json"]) == Self.purchases)
  }

  /// A pattern the engine cannot match in linear time is refused when the file is read, at
  /// the field, with the reason.
  @Test(arguments: [
    (#"账单(?<year>\\d{4})年\\1"#, "periodPattern", "backreferences are not supported"),
    (#"(?<year>\\d{4})(?=年)"#, "periodPattern", "lookahead and lookbehind are not supported"),
  ])
  func aPatternOutsideTheSyntaxIsRefusedAtItsField(
    pattern: String, field: String, problem: String
  ) throws {
    let session = try Self.session()
    var patterns = Patterns()
    patterns.period = pattern
    try session.write("bank.json", Self.format(patterns))
    let before = try session.storeBytes()
    for (environment, words) in [([:], problem), (["LANG": "zh_CN.UTF-8"], "不支持")] {
      let result = try session.run(
        ["import", "statement", "bank.csv", "--format", "bank.json", "--method", "apple-pay"],
        environment: environment)
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stderr.contains("bank.json:4:20"), "\(result.stderr)")
      #expect(result.stderr.contains("'\(field)'"), "\(result.stderr)")
      #expect(result.stderr.contains(words), "\(result.stderr)")
    }
    #expect(try session.storeBytes() == before)
  }
}
