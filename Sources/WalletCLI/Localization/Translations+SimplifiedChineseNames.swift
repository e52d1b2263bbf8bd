// The Simplified Chinese of what a new user meets first (issue 30): the warning for a card no
// promotion can reward, and the help of the options that take banks' and codes' Chinese names.
// Keys are the English sentences with `{0}`, `{1}`… for their values, as in the other parts.

extension Translations {
  /// The part of the table for banks' names and the first commands.
  static let simplifiedChineseNames: [String: String] = [
    "Warning: no installed promotion can ever reward card {0}: {1}":
      "警告：已安装的活动都不会给卡 {0} 返刷卡金：{1}",
    "Warning: and {0} more cards that no installed promotion can ever reward.":
      "警告：另有 {0} 张卡，已安装的活动都不会给它们返刷卡金。",
    "Adds a card and its holder. Adding the same card again changes nothing; a card with the same id and different details is refused unless --replace is given. A card number is never kept: give an id of your choosing and, if you like, the last four digits. A card that no installed promotion could ever reward is added with a warning that says why.":
      "添加一张卡片及其持卡人。重复添加同一张卡不做改动；编号相同而内容不同的卡会被拒绝，除非加 --replace。wallet 从不保存卡号：请自取一个编号，愿意的话再给出卡号后四位。已安装的活动都不可能给返刷卡金的卡照样添加，但会给出警告并说明原因。",
    "The issuing bank, e.g. bocom or 交通银行; a known bank is kept by its code.":
      "发卡行，如 bocom 或 交通银行；已知的银行按其代码保存。",
    "bank-app (or 买单吧, 银行App) or wallet (or Apple Wallet, Apple 钱包, 钱包).":
      "bank-app（也可写 买单吧、银行App）或 wallet（也可写 Apple Wallet、Apple 钱包、钱包）。",
    "credit, debit or prepaid (or 信用卡, 借记卡/储蓄卡, 预付卡).":
      "credit（信用卡）、debit（借记卡/储蓄卡）或 prepaid（预付卡）。",
    "primary or supplementary (or 主卡, 附属卡/副卡).":
      "primary（主卡）或 supplementary（附属卡/副卡）。",
  ]
}
