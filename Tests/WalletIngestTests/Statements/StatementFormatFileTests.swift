import Foundation
import Testing
import WalletCore

@testable import WalletIngest

/// The built-in formats are the files in `data/formats/`, and a user's own format file is
/// enough to read a bank wallet does not ship.
struct StatementFormatFileTests {
  static let ids = ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"]

  @Test(arguments: ids)
  func everyBuiltInFormatIsItsDataFileDecoded(id: String) throws {
    let format = try #require(StatementFormat.builtIn(id: id))
    let file = try StatementFixture.repositoryFile("data/formats/\(id).json")
    #expect(format.id == id)
    #expect(try StatementFormat.decode(json: file, file: "\(id).json").name == format.name)
  }

  @Test func everyDataFileIsBuiltIn() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: StatementFixture.root.appendingPathComponent("data/formats").path)
    #expect(
      files.filter { $0.hasSuffix(".json") }.sorted() == Self.ids.map { "\($0).json" }.sorted())
    #expect(StatementFormat.builtIn.map(\.id) == Self.ids)
  }

  @Test func appExportsAreAppExports() {
    #expect(StatementFixture.format("alipay").kind == .appExport)
    #expect(StatementFixture.format("wechat").kind == .appExport)
    #expect(StatementFixture.format("bocom-credit").kind == .cardStatement)
  }

  /// A bank wallet does not ship, described by the user.
  static let citic = """
    {
      "id": "citic-credit",
      "name": "中信银行信用卡 (made up for this test)",
      "kind": "card-statement",
      "header": ["交易日期", "入账日期", "交易描述", "卡末四位", "交易金额", "币种"],
      "footerPrefixes": ["本期合计"],
      "periodPattern": "账单日\\\\s*(?<year>\\\\d{4})-(?<month>\\\\d{2})-(?<day>\\\\d{2})",
      "columns": {
        "date": { "column": "交易日期", "form": "MMdd" },
        "postingDate": { "column": "入账日期", "form": "MMdd" },
        "description": "交易描述",
        "amount": { "column": "交易金额", "sign": "negative-is-purchase" },
        "currency": { "column": "币种", "names": { "人民币": "CNY" } },
        "card": { "column": "卡末四位" }
      },
      "classification": [
        { "if": [{ "column": "交易描述", "regex": "^(还款|自动还款)" }], "direction": "in",
          "kind": "ignore", "reason": "a repayment" },
        { "if": [{ "column": "交易描述", "prefix": "返现" }], "direction": "in", "kind": "credit" },
        { "direction": "in", "kind": "refund",
          "merchant": { "column": "交易描述", "part": "after-first-word" } },
        { "direction": "out", "kind": "purchase",
          "merchant": { "column": "交易描述", "part": "after-first-word" } }
      ],
      "methodRules": [
        { "if": [{ "column": "交易描述", "contains": "apple.com", "ignoreCase": true }],
          "method": "other", "reason": "an App Store purchase, not an Apple Pay payment" }
      ]
    }
    """

  @Test func userFormatForAnotherBankReadsWithoutCode() throws {
    let format = try StatementFormat.decode(json: Array(Self.citic.utf8), file: "citic.json")
    let statement = """
      中信银行信用卡账单 账单日 2024-02-05
      交易日期,入账日期,交易描述,卡末四位,交易金额,币种
      1230,1231,消费 某酒店,4321,-500.00,人民币
      0201,0202,消费 APPLE.COM/BILL,4321,-8.00,人民币
      0203,0203,退货 某酒店,4321,100.00,人民币
      0204,0204,返现 活动,4321,20.00,人民币
      0204,0204,自动还款,4321,"2,000.00",人民币
      本期合计,,,,,
      """
    let file = try StatementFixture.read(text: statement, format: format)
    #expect(
      file.rows.map(\.summary) == [
        "L3 | purchase | 2023-12-30 | posted 2023-12-31 | 500.00 CNY | card 4321 | merchant 某酒店 "
          + "| method -",
        "L4 | purchase | 2024-02-01 | posted 2024-02-02 | 8.00 CNY | card 4321 "
          + "| merchant APPLE.COM/BILL | other by citic-credit#0 (an App Store purchase, not an "
          + "Apple Pay payment)",
        "L5 | refund | 2024-02-03 | posted 2024-02-03 | 100.00 CNY | card 4321 | merchant 某酒店 "
          + "| method -",
        "L6 | credit | 2024-02-04 | posted 2024-02-04 | 20.00 CNY | card 4321 | merchant - "
          + "| method -",
        "L7 | out(a repayment) | 2024-02-04 | posted 2024-02-04 | 2000.00 CNY | card 4321 "
          + "| merchant - | method -",
      ])
    // Detected among the built-in formats too, since no built-in header fits.
    let detected = try StatementReader.read(
      bytes: Array(statement.utf8), file: "citic.csv", format: nil,
      formats: StatementFormat.builtIn + [format], rules: nil, defaultMethod: nil)
    #expect(detected.format.id == "citic-credit")
  }

  static let dateForms = StatementDateForm.allCases.map(\.rawValue)

  /// A broken format file, where its error must point, the field it names and what is wrong.
  @Test(
    arguments: [
      (#"{"id": "x"}"#, 1, 1, "header", .field(.required)),
      (
        #"{"id": "x", "header": ["a"], "colums": {}}"#, 1, 30, "colums",
        .field(.unknownField(of: .format))
      ),
      (
        "{\"id\": \"x\", \"header\": [\"a\"],\n \"columns\": {\"date\": {\"column\": \"b\", \"form\": \"yyyy-MM-dd\"}}}",
        2, 33, "columns.date.column", .unknownColumn("b")
      ),
      (
        "{\"id\": \"x\", \"header\": [\"a\"],\n \"columns\": {\"date\": {\"column\": \"a\", \"form\": \"dd.MM\"}}}",
        2, 46, "columns.date.form", .unexpected("dd.MM", expected: .oneOf(dateForms))
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "yyyy-MM-dd"}, "description": "a", "amount": {"column": "a"}}, "classification": [{"if": [{"column": "a", "regex": "("}], "kind": "purchase"}]}"#,
        1, 189, "classification[0].if[0].regex",
        .pattern(LinearRegexError(problem: .unclosedGroup, offset: 0))
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "yyyy-MM-dd"}, "description": "a", "amount": {"column": "a"}}, "classification": [{"if": [{"column": "a", "regex": "(a)\\1"}], "kind": "purchase"}]}"#,
        1, 189, "classification[0].if[0].regex",
        .pattern(LinearRegexError(problem: .backreference, offset: 3))
      ),
      (
        #"{"id": "x", "header": ["a"], "titleCardPattern": "(\\d{4})++"}"#, 1, 50,
        "titleCardPattern", .pattern(LinearRegexError(problem: .possessiveRepeat, offset: 8))
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "yyyy-MM-dd"}, "description": "a", "amount": {"column": "a"}, "card": {"column": "a", "pattern": "(?i)(\\d{4})"}}}"#,
        1, 171, "columns.card.pattern", .pattern(LinearRegexError(problem: .otherGroup, offset: 0))
      ),
      (
        #"{"id": "x", "header": ["a"], "periodPattern": "(?<year>\\d{4})(?<year>\\d{4})"}"#,
        1, 47, "periodPattern", .pattern(LinearRegexError(problem: .repeatedGroupName, offset: 17))
      ),
      (
        #"{"id": "x", "header": ["a"], "periodPattern": "(?<yr>\\d{4})"}"#, 1, 47,
        "periodPattern", .missingGroup("year")
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "yyyy-MM-dd"}, "description": "a", "amount": {"column": "a"}}, "classification": [{"kind": "ignore"}]}"#,
        1, 156, "classification[0].reason", .ignoreWithoutReason
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "yyyy-MM-dd"}, "description": "a", "amount": {"column": "a"}}, "classification": [{"kind": "refund", "direction": "in"}]}"#,
        1, 188, "classification[0].direction", .directionOfPositiveAmounts
      ),
      (
        #"{"id": "x", "header": ["a"], "columns": {"date": {"column": "a", "form": "MM/dd"}, "description": "a", "amount": {"column": "a"}}, "classification": [{"kind": "purchase"}]}"#,
        1, 41, "columns", .needsPeriodPattern
      ),
      (#"{"id": "x", }"#, 1, 11, nil, .syntax(.trailingComma(closing: "}"))),
      ("[]", 1, 1, nil, .field(.notAnObject(.format, found: .array))),
    ] as [(String, Int, Int, String?, DefinitionProblem)])
  func brokenFormatFileIsAnErrorAtItsField(
    json: String, line: Int, column: Int, field: String?, problem: DefinitionProblem
  ) {
    do {
      _ = try StatementFormat.decode(json: Array(json.utf8), file: "my.json")
      Issue.record("a broken format was accepted")
    } catch {
      #expect(error.definition?.field == field, "\(error)")
      #expect(error.definition?.problem == problem, "\(error)")
      #expect(error.line == line, "\(error)")
      #expect(error.column == column, "\(error)")
      #expect(error.file == "my.json")
    }
  }
}
