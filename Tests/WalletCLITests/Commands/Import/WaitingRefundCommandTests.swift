import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The review's case: an Alipay refund `LATER_1` of ¥20.00 imported before
/// its purchase `LATER` of ¥10.00. The purchase is imported however it arrives; the refund,
/// which cannot belong to it, keeps waiting with its reason, is reported by every statement
/// import, listed by `txn list --waiting` and removed by `txn remove`.
struct WaitingRefundCommandTests {
  static let header =
    "交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注"
  static let reason = "more than the purchase's amount, ¥10.00 (alipay:LATER)"

  /// A store with the BoCom card, and the refund of ¥20.00 kept from `refund.csv`.
  static func walletWithTheRefund() throws -> StoreSession {
    try walletWithTheRefundTemplate.session()
  }

  /// What `walletWithTheRefund()` copies, made once per run (see `StoreTemplate`).
  private static let walletWithTheRefundTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "BOCOM", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "7449",
    ])
    try session.write(
      "refund.csv",
      """
      \(header)
      2023-02-14 12:00:00,日用百货,某超市,,退款-日用品,不计收支,20.00,交通银行信用卡(7449),退款成功,LATER_1,,

      """)
    try session.write(
      "purchase.csv",
      """
      \(header)
      2023-02-13 09:15:00,日用百货,某超市,,日用品,支出,10.00,交通银行信用卡(7449),交易成功,LATER,,

      """)
    try session.write(
      "transactions.csv",
      """
      id,card,time,amount,method,merchant
      alipay:LATER,BOCOM,2023-02-13T09:15,10.00,other,某超市

      """)
    let kept = try session.succeed(["import", "statement", "refund.csv"])
    #expect(kept.stderr.contains("alipay:LATER_1 of ¥20.00"), "\(kept.stderr)")
    #expect(kept.stderr.contains("waits for its purchase"), "\(kept.stderr)")
  }

  static let paths: [[String]] = [
    ["import", "statement", "purchase.csv"],
    ["import", "statement", "purchase.csv", "--replace"],
    ["import", "statement", "purchase.csv", "--skip-invalid"],
    ["import", "transactions", "transactions.csv"],
    ["import", "transactions", "transactions.csv", "--replace"],
    ["import", "transactions", "transactions.csv", "--skip-invalid"],
    [
      "txn", "add", "--id", "alipay:LATER", "--card", "BOCOM", "--amount", "10",
      "--at", "2023-02-13T09:15", "--method", "other", "--merchant", "某超市",
    ],
    [
      "txn", "add", "--id", "alipay:LATER", "--card", "BOCOM", "--amount", "10",
      "--at", "2023-02-13T09:15", "--method", "other", "--merchant", "某超市", "--replace",
    ],
  ]

  @Test(arguments: paths)
  func thePurchaseIsImportedAndTheRefundKeepsWaitingWithItsReason(path: [String]) throws {
    let session = try Self.walletWithTheRefund()
    let result = try session.succeed(path)
    #expect(result.stderr.contains(Self.reason), "\(result.stderr)")
    #expect(!result.stderr.contains("Error"), "\(result.stderr)")
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    #expect(listed.count == 2, "\(listed)")
    #expect(listed.last?.hasPrefix("alipay:LATER,BOCOM,2023-02-13T09:15:00+08:00,10.00,") == true)
    #expect(listed.last?.contains(",settled,0.00,") == true, "\(listed)")
    // Every later statement import says that it still waits, and why.
    let later = try session.succeed(["import", "statement", "purchase.csv"])
    #expect(
      later.stderr.contains(
        "refund alipay:LATER_1 of ¥20.00 on card BOCOM (refund.csv line 2, 2023-02-14, 某超市) waits: \(Self.reason)"
      ), "\(later.stderr)")
    let again = try session.succeed(["import", "statement", "refund.csv"])
    #expect(again.stderr.contains("1 kept waiting, not fitting their purchases"), "\(again.stderr)")
    #expect(again.stderr.contains("waits: \(Self.reason)"), "\(again.stderr)")
  }

  @Test func aRefundThatFitsIsStillAppliedWhenItsPurchaseArrives() throws {
    let session = try Self.walletWithTheRefund()
    try session.write(
      "bigger.csv",
      """
      id,card,time,amount,method,merchant
      alipay:LATER,BOCOM,2023-02-13T09:15,25.00,other,某超市

      """)
    let result = try session.succeed(["import", "transactions", "bigger.csv"])
    #expect(result.stderr.contains("1 refund kept from a statement now refunds its purchase"))
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.contains(",25.00,CNY,other,settled,20.00,"), "\(listed)")
    let waiting = try session.run(["txn", "list", "--waiting"])
    #expect(waiting.status == 0 && waiting.stdout.isEmpty)
    #expect(waiting.stderr == "No refunds wait for their purchases.\n")
  }

  @Test func aRefundAfterItsPurchaseThatDoesNotFitWaitsAndADryRunSaysWhy() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "BOCOM", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--last4", "7449",
    ])
    try session.write(
      "both.csv",
      """
      \(Self.header)
      2023-02-13 09:15:00,日用百货,某超市,,日用品,支出,10.00,交通银行信用卡(7449),交易成功,LATER,,
      2023-02-14 12:00:00,日用百货,某超市,,退款-日用品,不计收支,20.00,交通银行信用卡(7449),退款成功,LATER_1,,

      """)
    let dry = try session.succeed(["import", "statement", "both.csv", "--dry-run"])
    #expect(
      dry.stdout.lines.contains {
        $0.contains("alipay:LATER_1") && $0.contains("waits: \(Self.reason)")
      }, "\(dry.stdout)")
    try session.succeed(["import", "statement", "both.csv"])
    let again = try session.succeed(["import", "statement", "both.csv"])
    #expect(again.stderr.contains("waits: \(Self.reason)"), "\(again.stderr)")
    #expect(
      try session.succeed(["txn", "list", "--waiting", "--format", "csv"]).stdout.lines.count == 2)
  }

  static let languages = ["en", "zh-Hans"]

  /// The `reason` of each row of `txn list --waiting` in CSV and in JSON, in `language`.
  static func reasonCodes(_ session: StoreSession, language: String) throws -> (
    csv: [String], json: [String]
  ) {
    let list = ["txn", "list", "--waiting", "--lang", language, "--format"]
    let csv = try session.succeed(list + ["csv"]).stdout.lines
    let json = try session.succeed(list + ["json"]).stdout
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return (
      csv.dropFirst().map { String($0.split(separator: ",").last ?? "") },
      objects.map { $0["reason"] as? String ?? "\($0["reason"] ?? "absent")" }
    )
  }

  @Test func txnListWaitingListsTheRefundsInEachFormatAndLanguage() throws {
    let session = try Self.walletWithTheRefund()
    let before = try session.succeed(["txn", "list", "--waiting", "--format", "csv"]).stdout
    #expect(
      before.lines == [
        "id,card,time,amount,merchant,purchase,file,line,reason",
        "alipay:LATER_1,BOCOM,2023-02-14T12:00:00+08:00,20.00,某超市,alipay:LATER,refund.csv,2,"
          + "purchase-not-in-store",
      ])
    let waitingTable = try session.succeed(["txn", "list", "--waiting"]).stdout.lines
    #expect(waitingTable.last?.hasSuffix("its purchase alipay:LATER is not in the store") == true)
    try session.succeed(["import", "statement", "purchase.csv"])
    let table = try session.succeed(["txn", "list", "--waiting"]).stdout.lines
    #expect(table.first?.hasPrefix("id ") == true && table.first?.hasSuffix("reason") == true)
    #expect(table.count == 2 && table[1].hasSuffix(Self.reason), "\(table)")
    let json = try session.succeed(["txn", "list", "--waiting", "--format", "json"]).stdout
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects.first?["id"] as? String == "alipay:LATER_1")
    #expect(objects.first?["amount"] as? String == "20.00")
    #expect(objects.first?["line"] as? Int == 2)
    // CSV and JSON carry the reason's code, whatever the language; a table, its words.
    for language in Self.languages {
      let codes = try Self.reasonCodes(session, language: language)
      #expect(codes.csv == ["more-than-the-purchase"], "\(language)")
      #expect(codes.json == ["more-than-the-purchase"], "\(language)")
    }
    let chinese = try session.succeed(["txn", "list", "--waiting", "--lang", "zh-Hans"])
    #expect(chinese.stdout.contains("原因") && chinese.stdout.contains("对应消费"), "\(chinese.stdout)")
    #expect(chinese.stdout.contains("超过对应消费的金额 ¥10.00（alipay:LATER）"), "\(chinese.stdout)")
    #expect(!chinese.stdout.contains("more-than-the-purchase"), "\(chinese.stdout)")
    let imported = try session.succeed(["import", "statement", "refund.csv", "--lang", "zh-Hans"])
    #expect(imported.stderr.contains("继续等待：超过对应消费的金额 ¥10.00"), "\(imported.stderr)")
    // Filtered by card and holder like `txn list`; an unknown one is an error.
    #expect(
      try session.succeed(["txn", "list", "--waiting", "--card", "BOCOM"]).stdout.lines.count == 2)
    #expect(
      try session.succeed(["txn", "list", "--waiting", "--holder", "H1"]).stdout.lines.count == 2)
    #expect(try session.run(["txn", "list", "--waiting", "--card", "NOPE"]).status == 65)
    // Options that choose transactions by time are a usage error with it.
    let mixed = try session.run(["txn", "list", "--waiting", "--from", "2023-02-01"])
    #expect(mixed.status == 64)
    #expect(mixed.stderr.contains("--waiting takes only --holder, --card, --limit and --format"))
  }

  @Test func aRefundWhosePurchaseIsOnAnotherCardHasItsCodeInEachLanguage() throws {
    let session = try Self.walletWithTheRefund()
    for language in Self.languages {
      let codes = try Self.reasonCodes(session, language: language)
      #expect(codes.csv == ["purchase-not-in-store"], "\(language)")
      #expect(codes.json == ["purchase-not-in-store"], "\(language)")
    }
    try session.succeed([
      "card", "add", "OTHER", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "1234",
    ])
    try session.write(
      "other.csv",
      """
      id,card,time,amount,method,merchant
      alipay:LATER,OTHER,2023-02-13T09:15,25.00,other,某超市

      """)
    try session.succeed(["import", "transactions", "other.csv"])
    for language in Self.languages {
      let codes = try Self.reasonCodes(session, language: language)
      #expect(codes.csv == ["purchase-on-another-card"], "\(language)")
      #expect(codes.json == ["purchase-on-another-card"], "\(language)")
    }
    let table = try session.succeed(["txn", "list", "--waiting"]).stdout.lines
    #expect(table.last?.hasSuffix("its purchase alipay:LATER is on another card, OTHER") == true)
    let chinese = try session.succeed(["txn", "list", "--waiting", "--lang", "zh-Hans"])
    #expect(chinese.stdout.contains("对应的消费 alipay:LATER 在另一张卡 OTHER 上"), "\(chinese.stdout)")
  }

  @Test func txnRemoveRemovesAWaitingRefundByItsId() throws {
    let session = try Self.walletWithTheRefund()
    try session.succeed(["import", "statement", "purchase.csv"])
    let removed = try session.succeed(["txn", "remove", "alipay:LATER_1"])
    #expect(
      removed.stderr
        == "Removed refund alipay:LATER_1 of ¥20.00 on card BOCOM (refund.csv line 2), which "
        + "waited for its purchase.\n")
    #expect(
      try session.succeed(["txn", "list", "--waiting", "--format", "csv"]).stdout.lines.count == 1)
    let later = try session.succeed(["import", "statement", "purchase.csv"])
    #expect(!later.stderr.contains("alipay:LATER_1"), "\(later.stderr)")
    // The purchase stays; an id neither a transaction nor a waiting refund is still an error.
    #expect(
      try session.succeed(["txn", "list", "--format", "csv"]).stdout.contains("alipay:LATER,"))
    let unknown = try session.run(["txn", "remove", "alipay:LATER_1"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr.contains("no transaction 'alipay:LATER_1' in the store"), "\(unknown.stderr)")
    let chinese = try Self.walletWithTheRefund()
    let said = try chinese.succeed(["txn", "remove", "alipay:LATER_1", "--lang", "zh-Hans"])
    #expect(said.stderr.contains("已删除卡片 BOCOM 等待对应消费的退款 alipay:LATER_1"), "\(said.stderr)")
  }

  @Test func theHelpAndTheManualDescribeWaitingRefunds() throws {
    // Help wraps its lines: compared with its words joined by single spaces.
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let list = words(try CommandHarness.run(["txn", "list", "--help"]).stdout)
    #expect(list.contains("--waiting") && list.contains("'wallet txn remove ID' removes one"))
    let remove = words(try CommandHarness.run(["txn", "remove", "--help"]).stdout)
    #expect(remove.contains("('wallet txn list --waiting') removes that refund"), "\(remove)")
    let manual = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("man/wallet.1"),
      encoding: .utf8)
    #expect(manual.contains(".It Fl -waiting") && manual.contains(".Op Fl -waiting"))
    for code in [
      "purchase-not-in-store", "no-matching-purchase", "more-than-the-purchase",
      "purchase-on-another-card",
    ] {
      #expect(manual.contains(".It Li \(code)\n"), "\(code) is missing from man/wallet.1")
    }
  }
}
