import Testing
import WalletCore
import WalletIngest
import WalletStore

@testable import WalletCLI
@testable import WalletJobs

/// A refusal of the statement import and its words in each language.
struct RowWording: Sendable, CustomTestStringConvertible {
  let problem: StatementRowError.Problem
  let english: String
  let chinese: String

  init(_ problem: StatementRowError.Problem, _ english: String, _ chinese: String) {
    self.problem = problem
    self.english = english
    self.chinese = chinese
  }

  var testDescription: String { english }
}

/// The statement import's refusals read in English and in Chinese, at the row's place: every
/// case the import returns, its values (the card's last four digits, the candidates, the lines)
/// kept as they are.
struct ErrorWordingStatementImportTests {
  static func card(_ id: String, holder: String) -> Card {
    Card(id: Identifier(id), holder: Identifier(holder), network: .visa, type: .credit)
  }

  static let cases: [RowWording] = [
    RowWording(
      .otherCard(
        last4: "1234", chosen: Identifier("C9"), chosenLast4: "9999"),
      "this row is for the card ending 1234, but --card C9 ends 9999",
      "这一行属于尾号 1234 的卡，但 --card C9 的尾号是 9999"),
    RowWording(
      .cardNotNamed,
      "the statement does not say which card it is for; name it with --card",
      "对账单没有说明是哪张卡的；请用 --card 指明"),
    RowWording(
      .noCard(last4: "0001", holder: nil),
      "no card ending 0001 in the store; add it with 'wallet card add ID --last4 0001 …', or "
        + "name the card with --card",
      "数据库中没有尾号为 0001 的卡；请用 'wallet card add ID --last4 0001 …' 添加，或用 --card 指明卡片"),
    RowWording(
      .noCard(last4: "0001", holder: Identifier("H1")),
      "no card ending 0001 of holder H1 in the store; add it with 'wallet card add ID --last4 "
        + "0001 …', or name the card with --card",
      "数据库中没有持卡人 H1 尾号为 0001 的卡；请用 'wallet card add ID --last4 0001 …' 添加，或用 --card 指明卡片"),
    RowWording(
      .severalCards(
        last4: "1234", holder: nil,
        candidates: [card("C1", holder: "H1"), card("C2", holder: "H3")]
      ),
      "2 cards end 1234: C1 (holder H1), C2 (holder H3); choose with --card or --holder",
      "有 2 张卡尾号为 1234：C1（持卡人 H1）、C2（持卡人 H3）；请用 --card 或 --holder 选择"),
    RowWording(
      .severalCards(
        last4: "1234", holder: Identifier("H1"),
        candidates: [card("C1", holder: "H1"), card("C2", holder: "H1")]),
      "2 cards end 1234 of holder H1: C1 (holder H1), C2 (holder H1); choose with --card or "
        + "--holder",
      "持卡人 H1 有 2 张卡尾号为 1234：C1（持卡人 H1）、C2（持卡人 H1）；请用 --card 或 --holder 选择"),
    RowWording(
      .unreadableTime(
        date: CivilDate(year: 2026, month: 3, day: 8),
        time: TimeOfDay(hour: 2, minute: 30, second: 0)!,
        reason: .skippedLocalTime(zone: "America/New_York")),
      "2026-03-08 02:30:00 that local time does not exist in America/New_York (clocks skip it)",
      "2026-03-08 02:30:00：该本地时间在 America/New_York 不存在（时钟跳过了它）"),
    RowWording(
      .repeatedID(Identifier("ORDER\u{1B}1"), earlierLine: 4),
      "this row has the id 'ORDER\\u{1B}1' of line 4: an export lists an order once",
      "这一行的编号 'ORDER\\u{1B}1' 与第 4 行相同：导出文件中每笔订单只列一次"),
    RowWording(
      .refused(.unknownCard(Identifier("C7"))),
      "no card 'C7' in the store", "数据库中没有卡片 'C7'"),
    RowWording(
      .noPaymentMethod(lines: [5], rulesGiven: false),
      "1 purchase has no payment method (line 5): a statement rarely says whether Apple Pay was "
        + "used, and wallet does not guess. Decide with --method apple-pay|card|other for the "
        + "rest of the file, or with a rules file (--rules FILE, see wallet-formats(5)) by "
        + "merchant, description, amount or date; --dry-run lists every row",
      "1 笔消费没有支付方式（第 5 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method "
        + "apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期用规则文件决定（--rules FILE，"
        + "见 wallet-formats(5)）；--dry-run 会列出每一行"),
    RowWording(
      .noPaymentMethod(lines: Array(2...10), rulesGiven: true),
      "9 purchases have no payment method (lines 2, 3, 4, 5, 6, 7, 8, 9, …): a statement rarely "
        + "says whether Apple Pay was used, and wallet does not guess. Decide with --method "
        + "apple-pay|card|other for the rest of the file, or with more rules by merchant, "
        + "description, amount or date; --dry-run lists every row",
      "9 笔消费没有支付方式（第 2, 3, 4, 5, 6, 7, 8, 9, … 行）：对账单很少注明是否用了 Apple Pay，wallet "
        + "不会猜测。请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期补充规则；"
        + "--dry-run 会列出每一行"),
  ]

  @Test(arguments: cases)
  func wordsEachCaseInEnglishAndChinese(_ wording: RowWording) {
    let problem = wording.problem
    #expect(ErrorWording.words(problem, in: .english) == wording.english)
    #expect(ErrorWording.words(problem, in: .simplifiedChinese) == wording.chinese)
    // At its place, the form editors jump to, in each language.
    let error = StatementRowError(file: "s.csv", line: 7, column: 3, problem: problem)
    #expect(ErrorWording.words(error, in: .english) == "s.csv:7:3: " + wording.english)
    #expect(ErrorWording.words(error, in: .simplifiedChinese) == "s.csv:7:3：" + wording.chinese)
  }
}
