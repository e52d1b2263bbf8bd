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
    "Reads the file as batch does (the same columns and checks; times without an offset are read in the store's time zone) and adds its rows in one SQLite transaction: after any error nothing of the file is kept, nor when --skip-invalid skipped every row (exit status 65). A row already in the store unchanged is left alone, so importing a file twice changes nothing. A row whose id is in the store with different details is an error naming its file and line, unless --replace is given. Transactions dated after now are imported, with a warning. A file that is not UTF-8 is read as GB18030, which reads GBK, and standard error says so. Import cards first, then enrollments, then transactions. A summary goes to standard error, and on a terminal progress too: rows read, then rows written and the indexes and decisions. Each card that no installed promotion could ever reward is warned of, with the reason (the first 20 by name).":
      "按 batch 的方式读取文件（列与检查相同；不带时区偏移的时间按数据库的时区解读），在一个 SQLite 事务中添加各行：出现任何错误，该文件一行都不保留；--skip-invalid 跳过了每一行时也是如此（退出状态 65）。数据库中已有且内容相同的行保持不变，所以同一个文件导入两次不会有任何改动。编号已在数据库中而内容不同的行会报错并指出文件和行号，除非加 --replace。日期晚于现在的交易照样导入，但会给出警告。不是 UTF-8 的文件按 GB18030（可读 GBK）读取，并在标准错误中说明。请先导入卡片，再导入绑卡记录，最后导入交易。汇总写到标准错误；在终端上还会显示进度：先是读取的行数，再是写入的行数以及索引和判定结果的更新。已安装的活动都不可能给返刷卡金的卡会逐张给出警告并说明原因（最多列出 20 张）。",
  ]
}
