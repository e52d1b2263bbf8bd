import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Sentences that once stayed in English in Chinese mode: a settled or voided transaction, a
/// statement's dry run (who decided the method, why a row is left out), help's defaults.
struct ChineseOutputLeftoverTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  @Test func settleAndVoidSayWhatHappenedInChinese() throws {
    let session = try StoreSession()
    try session.importSample()
    for id in ["X4", "V1"] {
      try session.succeed([
        "txn", "add", "--id", id, "--card", "C-WF-CREDIT", "--amount", "150", "--at",
        "2026-11-20", "--status", "pending",
      ])
    }
    let settled = try session.run(["txn", "settle", "X4"], environment: Self.chinese)
    #expect(settled.status == 0, "\(settled.stderr)")
    #expect(settled.stderr.contains("交易 X4 已入账：卡片 C-WF-CREDIT 消费 ¥150.00。"))
    #expect(!settled.stderr.contains("Settled"))
    let voided = try session.run(["txn", "void", "V1", "--lang", "zh-Hans"])
    #expect(voided.status == 0, "\(voided.stderr)")
    #expect(voided.stderr.contains("交易 V1 已撤销"), "\(voided.stderr)")
    #expect(!voided.stderr.contains("Voided") && !voided.stderr.contains("now reversed"))
  }

  @Test func aStatementsDryRunReadsInChinese() throws {
    let session = try StoreSession()
    try session.importSample()
    let file = WalletProcess.packageRoot.appendingPathComponent(
      "Tests/Fixtures/statements/bocom-credit.csv"
    ).path
    let arguments = [
      "import", "statement", file, "--card", "C-WF-CREDIT", "--method", "card", "--dry-run",
    ]
    let chinese = try session.run(arguments, environment: Self.chinese)
    #expect(chinese.status == 0, "\(chinese.stderr)")
    let text = chinese.stdout + chinese.stderr
    for phrase in [
      "命令行的 --method", "通过支付宝付款（格式 bocom-credit 的第 2 条规则）", "略过：还款",
      "略过：分期扣款，不是消费",
    ] {
      #expect(text.contains(phrase), "\(phrase)")
    }
    for english in [
      "on the command line", "paid through", "App Store purchase", "a repayment", "left out",
    ] {
      #expect(!text.contains(english), "\(english)")
    }
    // The English run still says it in English.
    let english = try session.run(arguments)
    #expect((english.stdout + english.stderr).contains("left out: a repayment"))
  }

  @Test(arguments: [
    (["txn", "add", "--help"], "（默认：现在）"), (["batch", "--help"], "物理内存的一半"),
    (["init", "--help"], "或数据库自己的时区）"), (["posting", "add", "--help"], "（默认：自动生成）"),
  ])
  func helpsDefaultsAreInChinese(arguments: [String], phrase: String) throws {
    let result = try CommandHarness.run(arguments, environment: Self.chinese)
    #expect(result.status == 0)
    #expect(result.stdout.contains(phrase), "\(result.stdout)")
    #expect(!result.stdout.contains("（默认：now）"))
  }
}
