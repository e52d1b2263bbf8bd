import Testing

@testable import WalletCLI

/// How an imported purchase's method was decided is stored in English and shown in the run's
/// language.
struct DecidedByTranslationTests {
  @Test(arguments: [
    ("--method on the command line", "命令行的 --method"),
    (
      "paid through Alipay (rule 2 of format bocom-credit)",
      "通过支付宝付款（格式 bocom-credit 的第 2 条规则）"
    ),
    (
      "something of my own (rule 1 of format my-bank)",
      "something of my own（格式 my-bank 的第 1 条规则）"
    ),
    ("rule 1 (cafe) of the rules file rules.json", "rule 1 (cafe) of the rules file rules.json"),
  ])
  func storedWordsReadInChinese(stored: String, chinese: String) {
    let shown = Language.$chosen.withValue(.simplifiedChinese) {
      BankStatementImportText.shownDecidedBy(stored)
    }
    #expect(shown == chinese)
    let english = Language.$chosen.withValue(.english) {
      BankStatementImportText.shownDecidedBy(stored)
    }
    #expect(english == stored)
  }
}
