import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

/// SPEC 6 for the user's own definitions: a format file (`--format FILE`) or a rules file
/// (`--rules FILE`) with a card number in any text is refused (65, naming the field) before
/// the store is touched, in English and in Chinese, with `--dry-run` or without; the store's
/// bytes are the same afterwards and hold no card number. A text with digits that is no card
/// number is read, and nothing of the file puts a card number in the store.
struct DefinitionCardNumberTests {
  /// A statement format for a bank wallet does not ship, with a placeholder in each text that
  /// the import echoes or stores: its id (in transaction ids and the summary), its name (in
  /// the summary), an ignore rule's reason (in `--dry-run`) and a method rule's reason (in
  /// `origins`, shown by `explain`).
  static let format = """
    {
      "id": "FORMATID", "name": "FORMATNAME", "kind": "card-statement",
      "header": ["交易日期", "卡末四位", "交易描述", "金额"],
      "columns": {
        "date": {"column": "交易日期", "form": "yyyy/MM/dd"},
        "description": "交易描述",
        "amount": {"column": "金额", "sign": "positive-is-purchase"},
        "card": {"column": "卡末四位"}
      },
      "classification": [
        {"if": [{"column": "交易描述", "prefix": "还款"}], "kind": "ignore",
         "reason": "IGNOREREASON"},
        {"direction": "out", "kind": "purchase",
         "merchant": {"column": "交易描述", "part": "whole"}}
      ],
      "methodRules": [
        {"if": [{"column": "交易描述", "contains": "书店"}], "method": "card",
         "reason": "METHODREASON"}
      ]
    }
    """

  /// A rules file whose name and skip reason are echoed by `--dry-run` and stored in
  /// `origins`.
  static let rules = """
    {"rules": [
      {"name": "RULENAME", "when": {"merchant": {"contains": "花店"}},
       "then": {"method": "apple-pay"}},
      {"when": {"merchant": {"contains": "超市"}}, "then": {"skip": "SKIPREASON"}}
    ]}
    """

  static let statement = """
    中信银行信用卡账单
    交易日期,卡末四位,交易描述,金额
    2025/02/01,1234,某书店,150.00
    2025/02/01,1234,某花店,120.00
    2025/02/02,1234,某超市,20.00
    2025/02/05,1234,还款,-500.00

    """

  /// The value put in a placeholder: a Visa test number among words, as a user might paste
  /// it into a note.
  static let number = "4111 1111 1111 1111"

  static let formatFields = [
    ("FORMATID", "id"), ("FORMATNAME", "name"), ("IGNOREREASON", "classification[0].reason"),
    ("METHODREASON", "methodRules[0].reason"),
  ]

  static let rulesFields = [("RULENAME", "rules[0].name"), ("SKIPREASON", "rules[1].then.skip")]

  static func session() throws -> StoreSession { try sessionTemplate.session() }

  /// What `session()` copies, made once per run (see `StoreTemplate`).
  private static let sessionTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "CMB1234", "--holder", "H1", "--network", "visa", "--type", "credit",
      "--issuer", "cmb", "--last4", "1234",
    ])
    try session.write("bank.csv", statement)
  }

  /// Whether `bytes` hold the test number in any of the ways it could have been written.
  static func holdsTheNumber(_ bytes: Data) -> Bool {
    ["4111 1111", "41111111", "1111 1111 1111"].contains { bytes.range(of: Data($0.utf8)) != nil }
  }

  static func expectRefused(
    _ session: StoreSession, _ arguments: [String], field: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try session.storeBytes()
    for dryRun in [[], ["--dry-run"]] {
      for environment in [[:], ["LANG": "zh_CN.UTF-8"]] {
        let result = try session.run(arguments + dryRun, environment: environment)
        #expect(result.status == 65, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
          result.stderr.contains("'\(field)'"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("1111"), "\(result.stderr)", sourceLocation: sourceLocation)
        let words = environment.isEmpty ? "holds a full card number" : "完整的卡号"
        #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
        for text in [result.stdout, result.stderr] {
          #expect(!holdsTheNumber(Data(text.utf8)), "\(text)", sourceLocation: sourceLocation)
        }
      }
    }
    let after = try session.storeBytes()
    #expect(after == before, "the refused import changed the store", sourceLocation: sourceLocation)
    #expect(!holdsTheNumber(after), sourceLocation: sourceLocation)
  }

  @Test(arguments: formatFields)
  func aFormatFileWithACardNumberIsRefusedAndTheStoreIsUntouched(
    placeholder: String, field: String
  ) throws {
    let session = try Self.session()
    try session.write(
      "bank.json", Self.format.replacing(placeholder, with: "note \(Self.number) x"))
    try Self.expectRefused(
      session, ["import", "statement", "bank.csv", "--format", "bank.json", "--method", "card"],
      field: field)
  }

  @Test(arguments: rulesFields)
  func aRulesFileWithACardNumberIsRefusedAndTheStoreIsUntouched(
    placeholder: String, field: String
  ) throws {
    let session = try Self.session()
    try session.write("bank.json", Self.format)
    try session.write("rules.json", Self.rules.replacing(placeholder, with: Self.number))
    try Self.expectRefused(
      session,
      [
        "import", "statement", "bank.csv", "--format", "bank.json", "--rules", "rules.json",
        "--method", "card",
      ], field: field)
  }

  /// Texts with long digit runs that are no card number (an order number, a date, a phone
  /// number, a masked card) are read, shown and stored as written, and the store still holds
  /// no card number anywhere.
  @Test func digitsThatAreNoCardNumberAreImportedAndTheStoreHoldsNoCardNumber() throws {
    let session = try Self.session()
    var format = Self.format
    for (placeholder, text) in [
      ("FORMATID", "bank-20250201"), ("FORMATNAME", "账单 41111111111111111111"),
      ("IGNOREREASON", "还款 tel 13800138000"), ("METHODREASON", "4111 **** **** 1111 card"),
    ] {
      format = format.replacing(placeholder, with: text)
    }
    try session.write("bank.json", format)
    try session.write(
      "rules.json",
      Self.rules.replacing("RULENAME", with: "2025-02-01 12:30:00")
        .replacing("SKIPREASON", with: "order 41111111111111111112"))
    let arguments = [
      "import", "statement", "bank.csv", "--format", "bank.json", "--rules", "rules.json",
      "--method", "card",
    ]
    let dry = try session.succeed(arguments + ["--dry-run"])
    #expect(dry.stdout.contains("order 41111111111111111112"), "\(dry.stdout)")
    #expect(dry.stdout.contains("还款 tel 13800138000"), "\(dry.stdout)")
    let imported = try session.succeed(arguments)
    #expect(imported.stderr.contains("账单 41111111111111111111"), "\(imported.stderr)")
    let explained = try session.succeed(["explain", "bank-20250201:CMB1234:2025-02-01:001:150.00"])
    #expect(explained.stdout.contains("4111 **** **** 1111 card"), "\(explained.stdout)")
    let flower = try session.succeed(["explain", "bank-20250201:CMB1234:2025-02-01:002:120.00"])
    #expect(flower.stdout.contains("2025-02-01 12:30:00"), "\(flower.stdout)")
    // Every text the store holds, read back as a user can: none holds a card number.
    let bytes = try session.storeBytes()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!CardNumberGuard.containsCardNumber(text))
    #expect(bytes.range(of: Data("bank-20250201".utf8)) != nil)
  }
}
