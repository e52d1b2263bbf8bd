// The second part of the Simplified Chinese table (Translations+SimplifiedChinese.swift).

extension Translations {
  /// The second part of the table.
  static let simplifiedChineseSecond: [String: String] = [
    "Replaced the enrollment: card {0} in {1} at {2} (enrollment {3}).":
      "已替换绑卡记录：卡片 {0} 于 {2} 经 {1} 渠道绑定（绑卡记录 {3}）。",
    "Replaced the posting: {0} (posting {1}).":
      "已替换入账记录：{0}（入账记录 {1}）。",
    "Replaced transaction {0}: {1} on card {2} at {3}.":
      "已替换交易 {0}：卡片 {2} 于 {3} 消费 {1}。",
    "Report each invalid or conflicting row on standard error and import the others.":
      "在标准错误上报告每一条无效或冲突的行，其余照常导入。",
    "Report each row whose card is not in the store and import the others.":
      "报告卡片不在数据库中的每一行，其余照常导入。",
    "The memory the run may take (512M, 4G); past it, batch works in parts on disk.":
      "运行可占用的内存（512M、4G）；超过时，batch 在磁盘上分部分处理。",
    "Report invalid rows on standard error and leave them out.":
      "在标准错误上报告无效行并略过它们。",
    "SUBCOMMANDS:":
      "子命令：",
    "Say why a transaction earns, or why it does not.":
      "说明一笔交易为什么有或没有刷卡金。",
    "Sets the enrollment's removal time; the enrollment stays, so purchases made while it was active still count. Purchases from that time on no longer count through it, and rewards are decided again.":
      "设定绑卡记录的解绑时间；记录仍然保留，有效期内的消费照样计入。从该时间起的消费不再经由它计入，刷卡金重新判定。",
    "Settled transaction {0}: {1} on card {2}.":
      "交易 {0} 已入账：卡片 {2} 消费 {1}。",
    "Show help information.":
      "显示帮助信息。",
    "Show subcommand help information.":
      "显示子命令的帮助信息。",
    "Show the rewards earned, by holder.":
      "按持卡人显示已获得的刷卡金。",
    "Show the version.":
      "显示版本号。",
    "Show wallet at work on the built-in sample data.":
      "用内置示例数据演示 wallet 的用法。",
    "Shows the transaction's decision under each installed promotion (or the one --promotion names): what it earns, or its reason code and the reason in plain words, and the facts the decision rests on: the card, the Apple Pay binding and channel it counts under, the amount, its refunds and the net amount, the holder's rewards before it, the rewards already paid in its billing cycle, the quota, the rule that failed, and for a reward the posting that paid it (or its reconciliation status: see reconcile). Under a promotion with a spend threshold or limits of its own, a purchase that qualifies shows instead the threshold's spend as its decision met it, what each limit had left, and the limit that refused or reduced its reward (period, scope, what was left). Times are in the promotion's time zone. JSON is an object per promotion with 'transaction', 'promotion', 'outcome', 'reason', 'explanation', 'reward', 'posted', 'facts', 'rules' and, under such a promotion, 'standing'; with several promotions, an array of them.":
      "显示该交易在每个已安装的活动（或 --promotion 指定的那个）下的判定结果：能拿多少刷卡金，或原因代码及白话说明，以及判定所依据的事实：卡片、计入的 Apple Pay 绑卡和渠道、金额、退款及实付金额、此前持卡人已获的奖励、所在结算周期已返的奖励、名额、未通过的规则，以及对已获刷卡金的那笔入账（或其对账状态：见 reconcile）。在设有消费门槛或自有上限的活动下，符合条件的消费改为显示：判定时门槛的累计消费、每项上限当时的剩余，以及拒绝或减少其刷卡金的那项上限（期间、范围、剩余多少）。时间按活动的时区显示。JSON 是每个活动一个对象，含 'transaction'、'promotion'、'outcome'、'reason'、'explanation'、'reward'、'posted'、'facts'、'rules'，在这类活动下还有 'standing'；有多个活动时，是它们的数组。",
    "Shows, under each installed promotion (or the one --promotion names) and for each holder: the rewards by ordinal, their total, the rewards left, and the billing cycles without a reward, counted from the campaign's first cycle (or, without one, the cycle of the holder's first enrollment or transaction) through the current one (now, or WALLET_NOW) or the campaign's last. Times are in the promotion's time zone. CSV output is exactly the rewards file 'wallet batch' writes for the same data, and holds one promotion: with several installed, CSV needs --promotion. The rewards left are counted as of now: a purchase recorded for later (with --future) does not take its place until then, and the statement says how many such rewards there are. Under a promotion with a spend threshold or limits of its own, a table of where each holder stands as of now takes the place of the rewards left: the spend so far, what is still to spend and until when, what each limit has used and has left (on a terminal, with a bar). JSON is an object with 'promotion', 'asOf', 'holders' (each with 'holder', 'rewards', 'total', 'rewardsLeft' and 'cyclesWithoutReward') and 'total'; with several promotions, an array of such objects. An unknown --holder is an error (exit status 65) naming the nearest holders.":
      "按每个已安装的活动（或 --promotion 指定的那个）、每位持卡人显示：按次序排列的刷卡金、合计、剩余奖励次数，以及未获奖励的结算周期——从活动的第一个周期（没有时，从持卡人首次绑卡或交易所在周期）数到当前周期（现在，或 WALLET_NOW）或活动的最后一个周期。时间按活动的时区显示。CSV 输出与 'wallet batch' 对相同数据写出的刷卡金文件完全一致，且只含一个活动：安装了多个活动时，CSV 需要 --promotion。剩余奖励次数按现在计算：记在以后的消费（用 --future 记录的）到那时才占用名额，账单会说明这样的刷卡金有几笔。在设有消费门槛或自有上限的活动下，剩余奖励次数改为一张表，列出每位持卡人截至现在的情况：已累计消费、还需消费多少及截止日期、每项上限已用和剩余多少（在终端上附进度条）。JSON 是一个对象，含 'promotion'、'asOf'、'holders'（每项含 'holder'、'rewards'、'total'、'rewardsLeft' 和 'cyclesWithoutReward'）和 'total'；有多个活动时，是这类对象的数组。未知的 --holder 会报错（退出状态 65），并列出最接近的持卡人。",
    "The CSV file ('-' for standard input).":
      "CSV 文件（'-' 表示标准输入）。",
    "The amount refunded, e.g. 50, ¥50 or 50元 (greater than zero).":
      "退款金额，如 50、¥50 或 50元（大于零）。",
    "The amount, e.g. 100.50, ¥100.50 or 100.50元 (greater than zero).":
      "金额，如 100.50、¥100.50 或 100.50元（大于零）。",
    "The amount, greater than zero, with at most two fraction digits, e.g. 20, ¥20 or 20元.":
      "金额，大于零，最多两位小数，如 20、¥20 或 20元。",
    "The bank declined the payment, so there is no purchase to reward.":
      "银行拒绝了这笔支付，没有可奖励的消费。",
    "The card is issued by {0}; only the promotion's cards count.":
      "该卡由 {0} 发行；只有本活动发卡行的卡才计入。",
    "The card is issued by {0}; only {1} cards count.":
      "该卡由 {0} 发行；只有 {1} 的卡才计入。",
    "The card is of an issuer wallet does not know; only the promotion's cards count.":
      "该卡的发卡行未知；只有本活动发卡行的卡才计入。",
    "The card is of an issuer wallet does not know; only {0} cards count.":
      "该卡的发卡行未知；只有 {0} 的卡才计入。",
    "The card it was paid with.":
      "支付所用的卡片。",
    "The card it was posted to.":
      "入账的卡片。",
    "The card of a statement that covers one card.":
      "单卡对账单所属的卡片。",
    "The card to check.":
      "要查询的卡片。",
    "The card types it must be (credit, debit, prepaid), comma-separated; may be repeated.":
      "卡片须是的卡类型（credit、debit、prepaid），逗号分隔；可重复给出。",
    "The card's id.":
      "卡片编号。",
    "The cards CSV file.":
      "卡片 CSV 文件。",
    "The enrollment it was paid through.":
      "支付所经由的绑卡记录。",
    "The enrollment's id.":
      "绑卡记录编号。",
    "The enrollments CSV file.":
      "绑卡记录 CSV 文件。",
    "The exported CSV file ('-' for standard input).":
      "导出的 CSV 文件（'-' 表示标准输入）。",
    "The file has no rows.":
      "文件中没有数据行。",
    "The installed promotion of rewards and decisions; may be left out when only one is installed.":
      "刷卡金和判定结果所属的已安装活动；只安装了一个活动时可省略。",
    "The store file, for the commands that use one, before or after the subcommand (default: $WALLET_DB, else $XDG_DATA_HOME/wallet/wallet.sqlite, else ~/.local/share/wallet/wallet.sqlite).":
      "数据库文件，供使用数据库的命令，写在子命令之前或之后均可（默认：$WALLET_DB，其次 $XDG_DATA_HOME/wallet/wallet.sqlite，再次 ~/.local/share/wallet/wallet.sqlite）。",
    "The language of what a person reads: en or zh-Hans (default: from LC_ALL, LC_MESSAGES or LANG).":
      "给人看的文字所用的语言：en 或 zh-Hans（默认：取自 LC_ALL、LC_MESSAGES 或 LANG）。",
    "The last four digits of the card number.":
      "卡号后四位。",
    "The merchant category code (four digits).":
      "商户类别码 MCC（四位数字）。",
    "The merchant's category is excluded from this promotion.":
      "该商户类别不参加本活动。",
    "The merchant's category {0} is excluded from this promotion.":
      "该商户类别（MCC {0}）不参加本活动。",
    "The merchant's name.":
      "商户名称。",
    "The networks the card must be on, comma-separated (aliases allowed); may be repeated.":
      "卡片须属的卡组织，逗号分隔（可用别名）；可重复给出。",
    "The payment request JSON file ('-' for standard input).":
      "付款请求 JSON 文件（'-' 表示标准输入）。",
    "The posting date (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D).":
      "入账日期（YYYY-MM-DD、YYYY/M/D 或 YYYY年M月D日）。",
    "The posting's id.":
      "入账记录编号。",
    "The primary holder whose account it is.":
      "该卡所属账户的主卡持卡人。",
    "The promotion JSON file ('-' for standard input).":
      "活动 JSON 文件（'-' 表示标准输入）。",
    "The promotion has already paid all {0} rewards of its quota (first come, first served).":
      "本活动 {0} 个名额已全部发放（先到先得）。",
    "The promotion has already paid its whole quota (first come, first served).":
      "本活动名额已全部发放（先到先得）。",
    "The promotion has already paid the one reward of its quota (first come, first served).":
      "本活动唯一的名额已发放（先到先得）。",
    "The promotion's id.":
      "活动编号。",
    "The purchase is in {0}; only purchases in {1} count.":
      "该笔消费币种为 {0}；只有 {1} 消费才计入。",
    "The purchase was refunded, so it no longer counts.":
      "该笔消费已退款，不再计入。",
    "The statement's format: a built-in id or a format file (default: recognised).":
      "对账单格式：内置编号或格式文件（默认：自动识别）。",
    "The statement's words for it.":
      "对账单上的摘要。",
    "The store at {0} is ready (time zone {1}).":
      "{0} 的数据库已就绪（时区 {1}）。",
    "The store at {0} is ready; it now reads times in {1} (it was {2}).":
      "{0} 的数据库已就绪；时间现按 {1} 解读（原为 {2}）。",
    "The store file (default: $WALLET_DB, else $XDG_DATA_HOME/wallet/wallet.sqlite, else ~/.local/share/wallet/wallet.sqlite).":
      "数据库文件（默认：$WALLET_DB，其次 $XDG_DATA_HOME/wallet/wallet.sqlite，再次 ~/.local/share/wallet/wallet.sqlite）。",
    "The subcommand to show help for.":
      "要显示帮助的子命令。",
    "The total is 0.00: nothing to earn.":
      "总额为 0.00：没有可得的刷卡金。",
    "The transaction whose reward it concerns.":
      "该笔刷卡金所对应的交易。",
    "The transaction's id.":
      "交易编号。",
    "The transactions CSV file.":
      "交易 CSV 文件。",
    "Total: {0}, {1}.":
      "合计：{0}，{1}。",
    "Transaction {0} is already in the store; nothing changed.":
      "交易 {0} 已在数据库中，未做改动。",
    "USAGE: {0}":
      "用法：{0}",
    "Uninstall a promotion.":
      "卸载一个活动。",
    "UnionPay cards authenticate with EMV and the request does not offer emv":
      "银联卡须以 EMV 验证，而该请求不支持 emv",
    "Usage: {0}":
      "用法：{0}",
    "Voided transaction {0}: {1} on card {2}, now reversed.":
      "交易 {0} 已撤销：卡片 {2} 消费 {1}，状态现为已撤销（reversed）。",
    "Void (撤销) a transaction that has not settled.":
      "撤销一笔尚未结算的交易。",
    "Voids a pending transaction: its status becomes reversed, so it earns nothing, and the holder's rewards are decided again (a later purchase may take the reward it held). A settled transaction can no longer be voided; refund it with 'wallet txn refund' (退款) instead, as the message says (exit status 65).":
      "撤销一笔处理中的交易：状态改为 reversed（已冲正），不再有刷卡金，持卡人的刷卡金重新判定（之后的消费可能拿到它原来占的那次奖励）。已结算的交易不能再撤销；请按提示改用 'wallet txn refund' 退款（退出状态 65）。",
    "Warning: {0}":
      "警告：{0}",
    "Warning: the program with the cards and enrollments alone takes about {0} MiB, more than --memory allows; the run will take more memory than allowed.":
      "警告：程序连同卡片和绑定就约占 {0} MiB，超过 --memory 的限制；运行占用的内存将超过限制。",
    "Warning: keeping within --memory would take {0} parts, and batch makes at most {1}; the run will take more memory than allowed.":
      "警告：要不超过 --memory 需要分成 {0} 份，而 batch 最多分 {1} 份；运行占用的内存将超过限制。",
    "Warning: transaction {0} is dated after now ({1}); if that is a mistake, correct it with 'wallet txn remove' or --replace.":
      "警告：交易 {0} 的日期晚于现在（{1}）；如有错误，请用 'wallet txn remove' 或 --replace 更正。",
    "Warning: {0} can be read by other users (mode {1}); run 'chmod 600 {2}'.":
      "警告：其他用户可以读取 {0}（权限 {1}）；请运行 'chmod 600 {2}'。",
    "Warning: {0} transactions are dated after now, the first {1} at {2}; if that is a mistake, correct them with 'wallet txn remove' or --replace.":
      "警告：有 {0} 笔交易的日期晚于现在，最早一笔是 {1}（{2}）；如有错误，请用 'wallet txn remove' 或 --replace 更正。",
    "Was H002 paid?":
      "H002 的刷卡金到账了吗？",
    "What has each holder earned?":
      "各位持卡人拿到了多少刷卡金？",
    "When it was bound: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "绑定时间：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "When it was refunded: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "退款时间：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "When it was removed: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "解绑时间：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "When the payment is made: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "付款时间：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "When: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "时间：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "Where to write one decision per transaction as CSV ('-' for standard output).":
      "每笔交易一行的判定结果 CSV 写到哪里（'-' 表示标准输出）。",
    "Where to write the file ('-' for standard output, the default).":
      "写到哪里（'-' 表示标准输出，为默认值）。",
    "Where to write the postings that settle the reconciliation ('-' for standard output).":
      "了结对账差额的入账写到哪里（'-' 表示标准输出）。",
    "Where to write the reconciliation rows as CSV ('-' for standard output).":
      "对账行 CSV 写到哪里（'-' 表示标准输出）。",
    "Where to write the rewards CSV ('-' for standard output).":
      "刷卡金 CSV 写到哪里（'-' 表示标准输出）。",
    "Which file: rewards, decisions or transactions.":
      "导出哪种文件：rewards、decisions 或 transactions。",
    "Which of H003's cards should pay ¥150?":
      "H003 消费 ¥150，该用哪张卡？",
    "Whose cards the sheet offers.":
      "付款页提供哪位持卡人的卡。",
    "Why did T2005 earn nothing?":
      "T2005 为什么没有刷卡金？",
    "With --authorize: record a payment after now (refused otherwise, as a typo).":
      "与 --authorize 同用：记录晚于现在的支付（否则会被拒绝，视为输入错误）。",
    "With --authorize: success, failure, pin-required, pin-incorrect or pin-lockout.":
      "与 --authorize 同用：success、failure、pin-required、pin-incorrect 或 pin-lockout。",
    "With --authorize: the id of the transaction recorded.":
      "与 --authorize 同用：所记录交易的编号。",
    "With --holder: the purchase to decide, e.g. 150, 99.99, ¥150 or 150元.":
      "与 --holder 同用：要判定的消费金额，如 150、99.99、¥150 或 150元。",
    "With --holder: the purchase's currency.":
      "与 --holder 同用：消费的币种。",
    "With CARD: shows the card, its Apple Pay enrollments and which are active, and for each installed promotion whether a purchase of exactly its minimum spend at --at would earn (or the reason it would not), the holder's rewards used and left, what the next reward would pay, whether the current billing cycle is already rewarded, and when the next one starts. The rewards used and left are those recorded before --at (as of that time); a card that can never earn under a promotion (another bank's, a debit card, another network, a supplementary card) shows no next reward. Exits 0 when the card is enrolled at --at and matches --networks and --capabilities, 1 when it does not. With --earn, the question is instead \"can this card earn?\": exits 0 when a purchase of some promotion's minimum spend at --at would earn, 1 when none would.\n\nWith --holder and --amount: decides a purchase of that amount at --at on each of the holder's cards under each installed promotion, says why each card that would not earn does not, and recommends the card that pays most (ties go to the card bound to Apple Pay earliest). Exits 0 when some card would earn, 1 when none would.\n\nUnder a promotion with a spend threshold or limits of its own (promotion language, version 2), both show a table of where the holder stands at --at: the spend so far, what is still to spend and until when, and what each limit has used and has left in its period (the holder's, or each card's); on a terminal, with a bar.\n\nNothing is written. JSON shapes are in the manual.":
      "给出 CARD 时：显示卡片、它的 Apple Pay 绑卡记录及哪些有效，并对每个已安装的活动说明：在 --at 时刻恰好消费最低消费额能否拿到刷卡金（不能时说明原因）、持卡人已用和剩余的奖励次数、下一次奖励能返多少、当前结算周期是否已获奖励，以及下一个周期何时开始。已用和剩余的奖励次数是 --at 之前记录的（截至该时刻）；在某活动下永远无法获得刷卡金的卡（他行卡、借记卡、其他卡组织的卡、附属卡）不显示下次奖励。卡片在 --at 时刻已绑卡且符合 --networks 和 --capabilities 时退出状态为 0，否则为 1。加 --earn 时，问题变成“这张卡能拿刷卡金吗？”：在 --at 时刻消费某个活动的最低消费额能拿到刷卡金时退出状态为 0，都不能时为 1。\n\n给出 --holder 和 --amount 时：对持卡人的每张卡、在每个已安装的活动下判定在 --at 时刻消费该金额的结果，说明不能拿刷卡金的卡为什么不能，并推荐返得最多的卡（相同时选最早绑定 Apple Pay 的卡）。有卡能拿刷卡金时退出状态为 0，都不能时为 1。\n\n在设有消费门槛或自有上限的活动下（活动语言第 2 版），两者都会显示一张表，列出持卡人在 --at 时刻的情况：已累计消费、还需消费多少及截止日期，以及每项上限在其期间内（持卡人的，或每张卡的）已用和剩余多少；在终端上附进度条。\n\n不写入任何内容。JSON 结构见手册。",
    "With a card: exit 0 only when a purchase at --at would earn, else 1.":
      "与卡片同用：仅当在 --at 时刻的消费能拿到刷卡金时退出状态为 0，否则为 1。",
    "Writes a file of wallet-files(5) from the store. rewards: the rewards file, exactly as 'wallet batch' writes it (by holder, then ordinal). decisions: the decisions file, one row per transaction, in the order of the transactions' time, then id. transactions: a transactions file with every column, which 'wallet import transactions' reads back (times keep their fraction of a second). --from and --to are whole days, both included, in the promotion's time zone (rewards, decisions) or the store's (transactions), and select by the transaction's time. --excel makes a file for spreadsheets: a UTF-8 byte order mark, and text cells that begin with =, +, -, @, |, a tab, a carriage return or a line feed prefixed with an apostrophe so that they cannot run as formulas; numeric columns (amounts, ordinals, dates, times) are never changed. Such a file is for reading, not for importing again. --out may not name the store or its journal files, however it is spelt (a usage error); a file replaced keeps its permissions.":
      "从数据库写出 wallet-files(5) 中的一种文件。rewards：刷卡金文件，与 'wallet batch' 写出的完全一致（按持卡人，再按次序）。decisions：判定结果文件，每笔交易一行，按交易时间、再按编号排序。transactions：含全部列的交易文件，'wallet import transactions' 可以读回（时间保留秒的小数部分）。--from 和 --to 是整日，首尾都包含，按活动的时区（rewards、decisions）或数据库的时区（transactions）计算，依交易时间筛选。--excel 生成适合电子表格的文件：带 UTF-8 字节顺序标记，以 =、+、-、@、|、制表符、回车或换行开头的文本单元格前加一个撇号，使其不会被当作公式执行；数值列（金额、次序、日期、时间）从不改动。这样的文件只供阅读，不宜再导入。--out 不能指向数据库或其日志文件，无论怎样书写（用法错误）；被替换的文件保留原有权限。",
    "a clawback of {0} from card {1} on {2}":
      "{2} 从卡片 {1} 扣回 {0}",
    "a credit of {0} to card {1} on {2}":
      "{2} 向卡片 {1} 返还 {0}",
    "a refund at {0} would come before its purchase {1} at {2}; check --at":
      "{0} 的退款将早于它所退的消费 {1}（{2}）；请检查 --at",
    "active":
      "有效",
    "already present":
      "已存在",
    "already present as {0}":
      "已作为 {0} 存在",
    "already refunded {0}":
      "已冲抵过 {0}",
    "also seen in":
      "亦见于",
    "amex":
      "美国运通",
    "amount":
      "金额",
    "any":
      "不限",
    "apple-pay":
      "Apple Pay",
    "apple-pay, card or other.":
      "apple-pay、card 或 other。",
    "bash, zsh or fish.":
      "bash、zsh 或 fish。",
    "binding":
      "绑卡记录",
    "built_in":
      "内置",
    "campaign":
      "活动期",
    "campaign_end":
      "活动结束",
    "campaign_start":
      "活动开始",
    "interrupted by {0}: nothing was written": "已被 {0} 中断：没有写入任何文件",
    "interrupted by {0}: no output file was written": "已被 {0} 中断：没有写入任何输出文件",
    "interrupted by {0}: the output files were already written whole":
      "已被 {0} 中断：输出文件此前已完整写入",
    "interrupted by {0}: the store is unchanged": "已被 {0} 中断：钱包数据库没有任何改动",
    "interrupted by {0}: the store was already updated": "已被 {0} 中断：钱包数据库此前已更新完毕",
    "cannot write to standard output: {0}":
      "无法写入标准输出：{0}",
    "capabilities":
      "支持能力",
    "card":
      "卡片",
    "card type":
      "卡种",
    "card {0}":
      "卡片 {0}",
    "card's bindings":
      "该卡的绑卡",
    "cards":
      "卡片",
    "channel":
      "渠道",
    "checking {0} rows and deciding rewards":
      "正在核对 {0} 行并计算刷卡金",
    "clawback (a refund takes the reward back)":
      "扣回（退款时扣回刷卡金）",
    "clawback (the amount before refunds is compared)":
      "扣回（按退款前金额判断）",
    "country":
      "国家/地区",
    "credit":
      "信用",
    "credit (a reward paid) or clawback (a reward taken back).":
      "credit（刷卡金返还）或 clawback（刷卡金扣回）。",
    "currency":
      "币种",
    "cycle":
      "结算周期",
    "cycle_start_day":
      "周期起始日",
    "cycles without a reward":
      "未获奖励的周期",
    "date":
      "日期",
    "debit":
      "借记",
    "decided_by":
      "判定依据",
    "declined":
      "已拒绝",
    "description":
      "说明",
    "discover":
      "Discover",
    "due":
      "到期日",
    "earns":
      "可返",
    "eftpos":
      "EFTPOS",
    "eligible":
      "符合条件",
    "empty":
      "空",
    "enrolled_at":
      "绑卡时间",
    "enrollment":
      "绑卡记录",
    "enrollments":
      "绑卡记录",
    "excluded mccs":
      "排除的 MCC",
    "expected":
      "应返金额",
    "from {0} on":
      "自 {0} 起",
    "holder":
      "持卡人",
    "id":
      "编号",
    "imported from":
      "导入自",
    "in this cycle":
      "本周期",
    "interac":
      "Interac",
    "issued by {0}":
      "{0} 发行",
    "issuer":
      "发卡行",
    "it has no active Apple Pay enrollment":
      "没有有效的 Apple Pay 绑卡",
    "it is a {0} card and the request accepts only {1} cards":
      "它是{0}卡，而该请求只接受{1}卡",
    "it is a {0} card, not {1}":
      "它是{0}卡，不是{1}卡",
    "item":
      "项目",
    "its network is {0}, not {1}":
      "卡组织是{0}，不是{1}",
    "its network, {0}, is not among the request's supported networks ({1})":
      "它的卡组织{0}不在该请求支持的卡组织（{1}）之中",
    "jcb":
      "JCB",
    "kind":
      "类别",
    "last4":
      "尾号",
    "--method on the command line":
      "命令行的 --method",
    "a currency purchase to repay a foreign-currency balance":
      "购汇还款（偿还外币欠款）",
    "a repayment (红包还款)":
      "还款（红包还款）",
    "a repayment of a foreign-currency balance":
      "外币欠款还款",
    "a repayment":
      "还款",
    "a transfer, neither in nor out":
      "转账，不计收支",
    "an App Store purchase through Alipay, not an Apple Pay payment":
      "经支付宝的 App Store 消费，不是 Apple Pay 支付",
    "an App Store purchase through WeChat Pay, not an Apple Pay payment":
      "经微信支付的 App Store 消费，不是 Apple Pay 支付",
    "an App Store purchase, not an Apple Pay payment":
      "App Store 消费，不是 Apple Pay 支付",
    "an annual fee, not a purchase":
      "年费，不是消费",
    "an instalment charge, not a purchase":
      "分期扣款，不是消费",
    "interest, not a purchase":
      "利息，不是消费",
    "money received, not a purchase":
      "收款，不是消费",
    "paid through Alipay":
      "通过支付宝付款",
    "paid through WeChat Pay (财付通)":
      "通过微信支付（财付通）付款",
    "paid through WeChat Pay":
      "通过微信支付付款",
    "the trade was closed, no money moved":
      "交易已关闭，没有资金变动",
    "paid without a card (from WeChat 零钱 or 零钱通)":
      "未用银行卡付款（用微信零钱或零钱通）",
    "paid without a card (from the Alipay balance, 余额宝 or 花呗)":
      "未用银行卡付款（用支付宝余额、余额宝或花呗）",
    "left out by the format":
      "按格式略过",
    "{0} (rule {1} of format {2})":
      "{0}（格式 {2} 的第 {1} 条规则）",
    "rule {0} ({1}) of the rules file {2}":
      "规则文件 {2} 的第 {0} 条规则（{1}）",
    "rule {0} of the rules file {1}":
      "规则文件 {1} 的第 {0} 条规则",
    "now":
      "现在",
    "made up":
      "自动生成",
    "standard output":
      "标准输出",
    "half of the physical memory":
      "物理内存的一半",
    "the request's time, else now":
      "请求中的时间，否则为现在",
    "Asia/Shanghai, or the store's own":
      "Asia/Shanghai，或数据库自己的时区",
    "left out":
      "略过",
    "left out ({0}): {1}.":
      "未提供（{0}）：{1}。",
    "left out: {0}":
      "略过：{0}",
    "List the refunds that wait for their purchases instead.":
      "改为列出等待对应消费的退款。",
    "No refunds wait for their purchases.":
      "没有等待对应消费的退款。",
    "Refund {0} of {1}, kept from {2} line {3}, still waits: {4}; 'wallet txn list --waiting' lists it and 'wallet txn remove {5}' removes it.":
      "暂存自 {2} 第 {3} 行的退款 {0}（{1}）仍在等待：{4}；'wallet txn list --waiting' 可列出它，'wallet txn remove {5}' 可删除它。",
    "Removed refund {0} of {1} on card {2} ({3} line {4}), which waited for its purchase.":
      "已删除卡片 {2} 等待对应消费的退款 {0}（{1}，{3} 第 {4} 行）。",
    "The transaction's id, or a waiting refund's.":
      "交易的编号，或等待中退款的编号。",
  ]
}
