import WalletCore
import WalletJobs

// The statement import's refusals in words: a row whose card cannot be told, a time that does
// not exist, an order listed twice, purchases nothing decided a payment method for. The import
// returns each as a case with values; the options that get past it (`--card`, `--holder`,
// `--method`, `--rules`) are named here, where the command line is known.

extension ErrorWording {
  /// `file:line:column: problem`, a row of a statement that cannot be imported.
  static func words(_ error: StatementRowError, in language: Language) -> String {
    located(
      file: error.file, line: error.line, column: error.column,
      words(error.problem, in: language), in: language)
  }

  /// What is wrong with a row of a statement.
  static func words(_ problem: StatementRowError.Problem, in language: Language) -> String {
    switch problem {
    case .otherCard(let last4, let chosen, let chosenLast4):
      return say(
        "this row is for the card ending \(last4), but --card \(chosen) ends \(chosenLast4)",
        "这一行属于尾号 \(last4) 的卡，但 --card \(chosen) 的尾号是 \(chosenLast4)", in: language)
    case .cardNotNamed:
      return say(
        "the statement does not say which card it is for; name it with --card",
        "对账单没有说明是哪张卡的；请用 --card 指明", in: language)
    case .noCard(let last4, nil):
      return say(
        """
        no card ending \(last4) in the store; add it with 'wallet card add ID --last4 \(last4) …', \
        or name the card with --card
        """,
        "数据库中没有尾号为 \(last4) 的卡；请用 'wallet card add ID --last4 \(last4) …' 添加，或用 --card 指明卡片",
        in: language)
    case .noCard(let last4, let holder?):
      return say(
        """
        no card ending \(last4) of holder \(holder) in the store; add it with 'wallet card add ID \
        --last4 \(last4) …', or name the card with --card
        """,
        "数据库中没有持卡人 \(holder) 尾号为 \(last4) 的卡；请用 'wallet card add ID --last4 \(last4) …' 添加，或用 --card 指明卡片",
        in: language)
    case .severalCards(let last4, let holder, let candidates):
      return severalCards(last4: last4, holder: holder, candidates, in: language)
    case .unreadableTime(let date, let time, let reason):
      return say(
        "\(date) \(time) \(words(reason, in: .english))",
        "\(date) \(time)：\(words(reason, in: .simplifiedChinese))", in: language)
    case .repeatedID(let id, let earlier):
      let shown = ShownValue.quoted(id.rawValue, masksCardNumbers: false)
      return say(
        "this row has the id \(shown) of line \(earlier): an export lists an order once",
        "这一行的编号 \(shown) 与第 \(earlier) 行相同：导出文件中每笔订单只列一次", in: language)
    case .refused(let error):
      return error.words(in: language)
    case .noPaymentMethod(let lines, let rulesGiven):
      return noPaymentMethod(lines: lines, rulesGiven: rulesGiven, in: language)
    }
  }

  /// `2 cards end 1234: C1 (holder H1), C2 (holder H2); choose with --card or --holder`.
  private static func severalCards(
    last4: String, holder: Identifier?, _ candidates: [Card], in language: Language
  ) -> String {
    let count = candidates.count
    let names = say(
      candidates.map { "\($0.id) (holder \($0.holder))" }.joined(separator: ", "),
      candidates.map { "\($0.id)（持卡人 \($0.holder)）" }.joined(separator: "、"), in: language)
    guard let holder else {
      return say(
        "\(count) cards end \(last4): \(names); choose with --card or --holder",
        "有 \(count) 张卡尾号为 \(last4)：\(names)；请用 --card 或 --holder 选择", in: language)
    }
    return say(
      "\(count) cards end \(last4) of holder \(holder): \(names); choose with --card or --holder",
      "持卡人 \(holder) 有 \(count) 张卡尾号为 \(last4)：\(names)；请用 --card 或 --holder 选择",
      in: language)
  }

  /// Purchases nothing decided a payment method for: their lines (the first eight), and how to
  /// decide them.
  private static func noPaymentMethod(lines: [Int], rulesGiven: Bool, in language: Language)
    -> String
  {
    let count = lines.count
    let shown = lines.prefix(8).map(String.init).joined(separator: ", ") + (count > 8 ? ", …" : "")
    let english =
      "\(count) purchase\(count == 1 ? " has" : "s have") no payment method (line"
      + "\(count == 1 ? "" : "s") \(shown)): a statement rarely says whether Apple Pay was used, "
      + "and wallet does not guess. Decide with --method apple-pay|card|other for the rest of "
      + "the file, or with "
      + (rulesGiven ? "more rules" : "a rules file (--rules FILE, see wallet-formats(5))")
      + " by merchant, description, amount or date; --dry-run lists every row"
    let chinese =
      "\(count) 笔消费没有支付方式（第 \(shown) 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。"
      + "请用 --method apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期"
      + (rulesGiven ? "补充规则" : "用规则文件决定（--rules FILE，见 wallet-formats(5)）")
      + "；--dry-run 会列出每一行"
    return say(english, chinese, in: language)
  }
}
