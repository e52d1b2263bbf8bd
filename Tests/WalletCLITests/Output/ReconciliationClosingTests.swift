import Testing

@testable import WalletCLI

/// The reconciliation's last sentence counts the rows that need attention as every count is
/// written: grouped in thousands, and singular for one, in both languages.
struct ReconciliationClosingTests {
  @Test(arguments: [
    (0, "Everything owed is paid or not yet due."),
    (1, "1 row needs attention."),
    (2, "2 rows need attention."),
    (158_087, "158,087 rows need attention."),
  ])
  func inEnglish(count: Int, expected: String) {
    let text = Language.$chosen.withValue(.english) {
      ReconciliationReport.closing(attention: count)
    }
    #expect(text == expected)
  }

  @Test(arguments: [(1, "1 行需要留意。"), (158_087, "158,087 行需要留意。")])
  func inChinese(count: Int, expected: String) {
    let text = Language.$chosen.withValue(.simplifiedChinese) {
      ReconciliationReport.closing(attention: count)
    }
    #expect(text == expected)
  }
}
