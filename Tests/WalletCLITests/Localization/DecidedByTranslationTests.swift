import Testing
import WalletCore

@testable import WalletCLI

/// How an imported purchase's method was decided is stored as values and said in the run's
/// language; English is also what `explain --format json` writes.
struct DecidedByTranslationTests {
  @Test(arguments: [
    (MethodDecision.commandLine, "--method on the command line", "命令行的 --method"),
    (
      .formatRule(format: "bocom-credit", number: 2, reason: "paid through Alipay"),
      "paid through Alipay (rule 2 of format bocom-credit)",
      "通过支付宝付款（格式 bocom-credit 的第 2 条规则）"
    ),
    (
      .formatRule(format: "my-bank", number: 1, reason: "something of my own"),
      "something of my own (rule 1 of format my-bank)",
      "something of my own（格式 my-bank 的第 1 条规则）"
    ),
    (
      .rulesFileRule(number: 1, name: "cafe", file: "rules.json"),
      "rule 1 (cafe) of the rules file rules.json", "规则文件 rules.json 的第 1 条规则（cafe）"
    ),
    (
      .rulesFileRule(number: 4, name: nil, file: "rules.json"),
      "rule 4 of the rules file rules.json", "规则文件 rules.json 的第 4 条规则"
    ),
  ])
  func decisionsReadInEachLanguage(decision: MethodDecision, english: String, chinese: String) {
    let shown = Language.$chosen.withValue(.simplifiedChinese) {
      BankStatementImportText.shownDecidedBy(decision)
    }
    #expect(shown == chinese)
    let inEnglish = Language.$chosen.withValue(.english) {
      BankStatementImportText.shownDecidedBy(decision)
    }
    #expect(inEnglish == english)
  }
}
