import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet import statement`, run as a cardholder runs it on what their bank and apps gave them.
struct ImportStatementTests {
  static let fixtures = WalletProcess.packageRoot.appendingPathComponent(
    "Tests/Fixtures/statements")

  static func fixture(_ name: String) -> String {
    fixtures.appendingPathComponent(name).path
  }

  /// A store with the cards the fixtures name: BoCom 7449, CMB 1234 and 5678 (another holder),
  /// ICBC 0001, the BoCom card bound in the bank's app.
  static func wallet() throws -> StoreSession { try walletTemplate.session() }

  /// What `wallet()` copies, made once per run (see `StoreTemplate`).
  private static let walletTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    try session.write(
      "cards.csv",
      """
      card,holder,network,type,role,issuer,last4
      BOCOM,H1,unionpay,credit,primary,bocom,7449
      CMB1234,H1,visa,credit,primary,cmb,1234
      CMB5678,H2,mastercard,credit,primary,cmb,5678
      ICBC,H1,unionpay,credit,primary,icbc,0001

      """)
    try session.write(
      "enrollments.csv",
      """
      card,channel,enrolled_at
      BOCOM,bank-app,2023-01-01T00:00
      ICBC,wallet,2023-01-01T00:00

      """)
    try session.succeed(["import", "cards", "cards.csv"])
    try session.succeed(["import", "enrollments", "enrollments.csv"])
  }

  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: fixture("expected/\(name)"), encoding: .utf8)
  }

  /// What the store holds, as a user lists it.
  static func contents(_ session: StoreSession) throws -> (String, String) {
    (
      try session.succeed(["txn", "list", "--format", "csv"]).stdout,
      try session.succeed(["posting", "list", "--format", "csv"]).stdout
    )
  }

  @Test(arguments: [
    ("bocom-credit", ["--card", "BOCOM"]), ("cmb-credit", []), ("icbc-credit", []),
    ("alipay", []), ("wechat", []),
  ])
  func eachBuiltInFormatImportsExactlyItsRowsAndAgainChangesNothing(
    format: String, extra: [String]
  ) throws {
    let session = try Self.wallet()
    let arguments = ["import", "statement", Self.fixture("\(format).csv"), "--method", "apple-pay"]
    let first = try session.succeed(arguments + extra)
    #expect(first.stderr.contains(": \(format) ("), "\(first.stderr)")
    let (transactions, postings) = try Self.contents(session)
    #expect(transactions == (try Self.expected("\(format).transactions.csv")))
    #expect(postings == (try Self.expected("\(format).postings.csv")))

    let again = try session.succeed(arguments + extra)
    #expect(!again.stderr.contains(" new"), "\(again.stderr)")
    #expect(again.stderr.contains("already"), "\(again.stderr)")
    let (transactionsAgain, postingsAgain) = try Self.contents(session)
    #expect(transactionsAgain == transactions)
    #expect(postingsAgain == postings)
  }

  @Test func theEncodingAndFormatAreSaid() throws {
    let session = try Self.wallet()
    let alipay = try session.succeed(["import", "statement", Self.fixture("alipay.csv")])
    #expect(alipay.stderr.contains("alipay (") && alipay.stderr.contains("GB18030"))
    let wechat = try session.succeed(["import", "statement", Self.fixture("wechat.csv")])
    #expect(wechat.stderr.contains("UTF-8 with BOM"))
  }

  @Test func aDryRunListsEveryRowAndWritesNothing() throws {
    let session = try Self.wallet()
    let before = try session.storeBytes()
    let result = try session.succeed([
      "import", "statement", Self.fixture("bocom-credit.csv"), "--card", "BOCOM", "--method",
      "apple-pay", "--dry-run",
    ])
    let lines = result.stdout.lines
    #expect(lines.count == 11)
    #expect(lines.contains { $0.contains("left out: a repayment") })
    #expect(lines.contains { $0.contains("clawback") && $0.contains("new") })
    #expect(result.stderr.contains("(nothing written)"))
    #expect(try session.storeBytes() == before)
  }

  @Test func aRowNoRuleExplainsIsAnErrorAtItsLineAndColumn() throws {
    let session = try Self.wallet()
    try session.write(
      "odd.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2025-01-03,2025-01-04,消费 某咖啡店,CNY 123.18,CNY 123.18
      2025-01-04,2025-01-04,取现 某银行,CNY 500.00,CNY 500.00

      """)
    let before = try session.storeBytes()
    let result = try session.run([
      "import", "statement", "odd.csv", "--card", "BOCOM", "--method", "apple-pay",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: odd.csv:3:3: "), "\(result.stderr)")
    #expect(try session.storeBytes() == before)
  }

  @Test func anUnknownFileListsTheFormatsTried() throws {
    let session = try Self.wallet()
    try session.write("other.csv", "date,amount,what\n2025-01-01,10.00,x\n")
    let result = try session.run(["import", "statement", "other.csv"])
    #expect(result.status == 65)
    for format in ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"] {
      #expect(result.stderr.contains(format), "\(result.stderr)")
    }
  }

  @Test func purchasesWithoutAMethodStopTheImportAndSaySo() throws {
    let session = try Self.wallet()
    let before = try session.storeBytes()
    let result = try session.run([
      "import", "statement", Self.fixture("bocom-credit.csv"), "--card", "BOCOM",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("2 purchases have no payment method (lines 2, 11)"))
    #expect(result.stderr.contains("--method"))
    #expect(try session.storeBytes() == before)
  }

  @Test func aRulesFileDecidesTheMethodAndExplainSaysHow() throws {
    let session = try Self.wallet()
    try session.write(
      "rules.json",
      """
      {"rules": [
        {"name": "coffee with the phone", "when": {"merchant": {"contains": "咖啡"}},
         "then": {"method": "apple-pay", "mcc": "5814"}},
        {"when": {"amount": {"min": "50.00"}}, "then": {"method": "card"}}
      ]}
      """)
    try session.succeed([
      "import", "statement", Self.fixture("bocom-credit.csv"), "--card", "BOCOM", "--rules",
      "rules.json",
    ])
    let coffee = try session.succeed(["explain", "bocom-credit:BOCOM:2025-01-03:001:123.18"])
    #expect(coffee.stdout.contains("coffee with the phone"), "\(coffee.stdout)")
    #expect(
      coffee.stdout.contains("imported from      bocom-credit statement bocom-credit.csv, line 2"))
    let apple = try session.succeed(["explain", "bocom-credit:BOCOM:2025-01-08:001:6.00"])
    #expect(apple.stdout.contains("an App Store purchase, not an Apple Pay payment"))
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.contains("2025-01-18T00:00:00+08:00,86.40,CNY,card,"))
    #expect(listed.contains(",apple-pay,settled,23.18,,某咖啡店,5814"))
  }

  @Test func aFormatFileForABankWeDoNotShipImportsWithoutCode() throws {
    let session = try Self.wallet()
    try session.write(
      "citic.json",
      """
      {
        "id": "citic-credit", "name": "中信银行信用卡", "kind": "card-statement",
        "header": ["交易日期", "卡末四位", "交易描述", "金额"],
        "columns": {
          "date": {"column": "交易日期", "form": "yyyy/MM/dd"},
          "description": "交易描述",
          "amount": {"column": "金额", "sign": "positive-is-purchase"},
          "card": {"column": "卡末四位"}
        },
        "classification": [
          {"if": [{"column": "交易描述", "prefix": "还款"}], "kind": "ignore",
           "reason": "a repayment"},
          {"direction": "out", "kind": "purchase",
           "merchant": {"column": "交易描述", "part": "whole"}},
          {"direction": "in", "kind": "refund",
           "merchant": {"column": "交易描述", "part": "whole"}}
        ]
      }
      """)
    try session.write(
      "citic.csv",
      """
      中信银行信用卡账单
      交易日期,卡末四位,交易描述,金额
      2025/02/01,1234,某书店,150.00
      2025/02/01,1234,某花店,120.00
      2025/02/03,1234,某书店,-30.00
      2025/02/05,1234,还款,-500.00

      """)
    let result = try session.succeed([
      "import", "statement", "citic.csv", "--format", "citic.json", "--method", "apple-pay",
    ])
    #expect(result.stderr.contains("citic-credit"))
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    #expect(
      listed == [
        "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc",
        "citic-credit:CMB1234:2025-02-01:001:150.00,CMB1234,2025-02-01T00:00:00+08:00,150.00,"
          + "CNY,apple-pay,settled,30.00,,某书店,",
        "citic-credit:CMB1234:2025-02-01:002:120.00,CMB1234,2025-02-01T00:00:00+08:00,120.00,"
          + "CNY,apple-pay,settled,0.00,,某花店,",
      ])
  }

  @Test func samePurchasesOfADayAreDecidedInTheFilesOrder() throws {
    let session = try Self.wallet()
    try session.write(
      "day.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2025-02-01,2025-02-02,消费 某书店,CNY 150.00,CNY 150.00
      2025-02-01,2025-02-02,消费 某花店,CNY 120.00,CNY 120.00

      """)
    try session.succeed([
      "import", "statement", "day.csv", "--card", "BOCOM", "--method", "apple-pay",
    ])
    let first = try session.succeed(["explain", "bocom-credit:BOCOM:2025-02-01:001:150.00"])
    #expect(first.stdout.contains("earns ¥10.00"), "\(first.stdout)")
    let second = try session.succeed(["explain", "bocom-credit:BOCOM:2025-02-01:002:120.00"])
    #expect(second.stdout.contains("cycle-already-rewarded"), "\(second.stdout)")
  }

  @Test func theSamePurchaseInAnAppExportAndOnTheStatementIsKeptOnce() throws {
    let session = try Self.wallet()
    try session.succeed(["import", "statement", Self.fixture("alipay.csv")])
    try session.write(
      "bocom.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2023-02-13,2023-02-14,消费 支付宝-某咖啡店,CNY 28.00,CNY 28.00
      2023-02-13,2023-02-14,消费 某书店,CNY 128.00,CNY 128.00

      """)
    let arguments = [
      "import", "statement", "bocom.csv", "--card", "BOCOM", "--method", "apple-pay",
    ]
    let result = try session.succeed(arguments)
    #expect(result.stderr.contains("1 the same as another export's"), "\(result.stderr)")
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.lines.filter { $0.contains(",28.00,") }.count == 1)
    #expect(listed.contains("alipay:2023021222001400000000000001,BOCOM,2023-02-12T21:32:14+08:00"))
    let explained = try session.succeed(["explain", "alipay:2023021222001400000000000001"])
    #expect(
      explained.stdout.contains("also seen in       bocom-credit statement bocom.csv, line 2"))
    try session.succeed(arguments)
    #expect(try session.succeed(["txn", "list", "--format", "csv"]).stdout == listed)
  }

  @Test func aRefundBeforeItsPurchaseWaitsThenIsApplied() throws {
    let session = try Self.wallet()
    try session.write(
      "december.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2025-12-02,2025-12-03,退货 某书店,CNY 40.00,CNY 40.00

      """)
    try session.write(
      "november.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2025-11-28,2025-11-29,消费 某书店,CNY 200.00,CNY 200.00

      """)
    let early = try session.succeed(["import", "statement", "december.csv", "--card", "BOCOM"])
    #expect(early.stderr.contains("waits for its purchase"), "\(early.stderr)")
    let late = try session.succeed([
      "import", "statement", "november.csv", "--card", "BOCOM", "--method", "apple-pay",
    ])
    #expect(late.stderr.contains("kept from an earlier import"), "\(late.stderr)")
    #expect(!late.stderr.contains("waits for its purchase"))
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.contains(",200.00,CNY,apple-pay,settled,40.00,,某书店,"))
  }

  @Test func aRowsCardMustBeOneCardOfTheStore() throws {
    let session = try Self.wallet()
    try session.succeed([
      "card", "add", "OTHER1234", "--holder", "H3", "--network", "visa", "--type", "credit",
      "--last4", "1234",
    ])
    let twice = try session.run([
      "import", "statement", Self.fixture("wechat.csv"),
    ])
    #expect(twice.status == 65)
    #expect(twice.stderr.contains("2 cards end 1234: CMB1234 (holder H1), OTHER1234 (holder H3)"))
    #expect(twice.stderr.contains("wechat.csv:19:7:"), "\(twice.stderr)")
    try session.succeed(["import", "statement", Self.fixture("wechat.csv"), "--holder", "H1"])
    try session.succeed(["card", "remove", "ICBC", "--force"])
    let missing = try session.run(["import", "statement", Self.fixture("icbc-credit.csv")])
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("no card ending 0001 in the store"), "\(missing.stderr)")
    let skipped = try session.run([
      "import", "statement", Self.fixture("icbc-credit.csv"), "--skip-invalid",
    ])
    // Every row of the statement is on the missing card: nothing of it is used (65).
    #expect(skipped.status == 65)
    #expect(skipped.stderr.contains("skipped "), "\(skipped.stderr)")
    #expect(
      skipped.stderr.hasSuffix(
        "Error: every row of \(Self.fixture("icbc-credit.csv")) was skipped as invalid; nothing "
          + "of the file was used\n"), "\(skipped.stderr)")
  }

  @Test func aFullCardNumberInAPreambleOrACellNeverGetsOut() throws {
    let session = try Self.wallet()
    let number = StoreSession.cardNumber
    var seen = ""
    for extra in [["--dry-run"], []] {
      let result = try session.succeed(
        ["import", "statement", Self.fixture("icbc-credit.csv"), "--method", "apple-pay"]
          + extra)
      seen += result.stdout + result.stderr
    }
    for arguments in [
      ["txn", "list", "--format", "json"], ["explain", "icbc-credit:ICBC:2024-03-01:001:25.80"],
      ["export", "transactions"],
    ] {
      let result = try session.succeed(arguments)
      seen += result.stdout + result.stderr
    }
    try session.write(
      "leaky.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2025-01-03,2025-01-04,消费 卡号 \(number),CNY 123.18,CNY 123.18

      """)
    let refused = try session.run([
      "import", "statement", "leaky.csv", "--card", "BOCOM", "--method", "apple-pay",
    ])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("leaky.csv:2:3:"), "\(refused.stderr)")
    seen += refused.stdout + refused.stderr
    #expect(!seen.contains(number))
    #expect(!seen.contains("6222 0200"))
    let store = try session.storeBytes()
    #expect(store.range(of: Data(number.utf8)) == nil)
  }
  @Test func aStatementRowSeenInAnAppExportNeedsNoMethod() throws {
    let session = try Self.wallet()
    try session.succeed(["import", "statement", Self.fixture("wechat.csv")])
    try session.write(
      "bocom.csv",
      """
      交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
      2023-03-03,2023-03-04,消费 财付通-某咖啡店,CNY 28.16,CNY 28.16

      """)
    let result = try session.succeed(["import", "statement", "bocom.csv", "--card", "BOCOM"])
    #expect(result.stderr.contains("1 the same as another export's"), "\(result.stderr)")
  }

  @Test func aRowThatChangedIsAnErrorAtItsLine() throws {
    let session = try Self.wallet()
    let arguments = ["import", "statement", Self.fixture("bocom-credit.csv"), "--card", "BOCOM"]
    try session.succeed(arguments + ["--method", "apple-pay"])
    let changed = try session.run(arguments + ["--method", "card"])
    #expect(changed.status == 65)
    #expect(changed.stderr.hasPrefix("Error: "), "\(changed.stderr)")
    #expect(changed.stderr.contains("bocom-credit.csv:2:1: transaction"), "\(changed.stderr)")
    #expect(changed.stderr.contains("--replace"))
    try session.succeed(arguments + ["--method", "card", "--replace"])
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.contains("123.18,CNY,card,settled,23.18,"), "\(listed)")
  }
}
