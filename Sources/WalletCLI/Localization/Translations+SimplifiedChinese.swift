// The Simplified Chinese translations, written as a Chinese bank's app says it: 刷卡金 for a
// reward, 结算周期 for a billing cycle, 主卡/附属卡, 买单吧 for the bank's app, Apple 钱包 for
// Apple Wallet. Keys are the English sentences with `{0}`, `{1}`… for their values.
// The table is written in several files, kept under 600 lines each; their order means nothing.

extension Translations {
  /// Every sentence of the program in Simplified Chinese. A sentence in two parts is a
  /// programmer's mistake.
  static let simplifiedChinese: [String: String] =
    simplifiedChineseFirst
    .merging(simplifiedChineseSecond) { _, _ in preconditionFailure("a sentence translated twice") }
    .merging(simplifiedChineseThird) { _, _ in preconditionFailure("a sentence translated twice") }
    .merging(simplifiedChineseFourth) { _, _ in preconditionFailure("a sentence translated twice") }
    .merging(simplifiedChineseFifth) { _, _ in preconditionFailure("a sentence translated twice") }
    .merging(simplifiedChineseNames) { _, _ in preconditionFailure("a sentence translated twice") }
    .merging(simplifiedChineseReading) { _, _ in preconditionFailure("a sentence translated twice")
    }
    .merging(simplifiedChineseImport) { _, _ in preconditionFailure("a sentence translated twice") }

  /// The first part of the table.
  private static let simplifiedChineseFirst: [String: String] = [
    "1 refund kept from a statement now refunds its purchase":
      "对账单中暂存的 1 笔退款现已冲抵对应的消费",
    "Print one SQL query that decides every transaction as 'wallet batch' does.":
      "打印一条 SQL 查询，按 'wallet batch' 的方式判定每一笔交易。",
    "The query reads tables (or views) named cards, enrollments and transactions whose columns are the CSV header names in lower case, every value a string, as a CSV file read without type inference gives them; an optional column left out of a file must still be there, all NULL. It returns the decisions rows (with --rewards, the rewards rows), every value written as batch writes it: decisions sorted by transaction id, rewards by holder and ordinal. Trimming, defaults, codes, network aliases, amounts and ISO-8601 times (with the promotion's time zone, carried in the query as a table of its offsets for --years) are all worked out inside the query. It assumes input that batch accepts: run the query printed with --validation first, which returns the rows batch would refuse (file, row id, column, problem), and decide only when it returns none. Checked on Spark 4.3.0, DuckDB 2.0.1 and SQLite 3.40.1 against batch's own decisions; see the README for how to run it on a cluster with spark-submit.":
      "查询读取名为 cards、enrollments 和 transactions 的表（或视图），其列名为 CSV 表头名的小写形式，每个值都是字符串，就像不做类型推断读入的 CSV 文件那样；文件中省略的可选列也必须存在，值全为 NULL。它返回判定结果各行（加 --rewards 时返回刷卡金各行），每个值的写法都与 batch 相同：判定结果按交易编号排序，刷卡金按持卡人和序号排序。去除空白、默认值、代码、卡组织别名、金额和 ISO-8601 时间（按活动的时区，以 --years 范围内的时差表写在查询中）都在查询内完成。查询假定输入是 batch 会接受的：请先运行 --validation 打印的查询，它返回 batch 会拒绝的行（文件、行编号、列、问题），只有在它没有返回任何行时才进行判定。已在 Spark 4.3.0、DuckDB 2.0.1 和 SQLite 3.40.1 上与 batch 自身的判定结果核对；在集群上用 spark-submit 运行的方法见 README。",
    "The SQL dialect to write.":
      "要输出的 SQL 方言。",
    "Return the rewards rows instead of the decisions rows.":
      "返回刷卡金各行，而不是判定结果各行。",
    "Print the query that returns the rows batch would refuse, with the reason.":
      "打印返回 batch 会拒绝的行及其原因的查询。",
    "The years whose daylight-saving changes the query carries (e.g. 2020-2030).":
      "查询所包含夏令时变更的年份范围（例如 2020-2030）。",
    "\nThe demo's store is gone. Build your own with 'wallet init' and 'wallet import'\n(README.md; 'man -l man/wallet.1').\n":
      "\n演示用的数据库已删除。用 'wallet init' 和 'wallet import' 建立您自己的钱包\n（见 README.md；'man -l man/wallet.1'）。\n",
    "  See '{0} --help' for more information.":
      "  更多信息请看 '{0} --help'。",
    "  See '{0} {1}' for detailed help.":
      "  详细帮助请看 '{0} {1}'。",
    "  and {0} more refunds wait for their purchases":
      "  另有 {0} 笔退款等待对应的消费",
    "  refund {0} of {1} on card {2} ({3} line {4}, {5}) waits for its purchase":
      "  卡片 {2} 的退款 {0}（{1}，{3} 第 {4} 行，{5}）等待对应的消费",
    "  refund {0} of {1} on card {2} ({3} line {4}, {5}, {6}) waits for its purchase":
      "  卡片 {2} 的退款 {0}（{1}，{3} 第 {4} 行，{5}，{6}）等待对应的消费",
    "  refund {0} of {1} on card {2} ({3}) waits: {4}":
      "  卡片 {2} 的退款 {0}（{1}，{3}）继续等待：{4}",
    "  refund {0}, kept from an earlier import, refunds {1}":
      "  上次导入暂存的退款 {0} 已冲抵 {1}",
    "  {0}: {1} ({2})":
      "  {0}：{1}（{2}）",
    " The import decided its method: {0}.":
      "支付方式由导入时判定：{0}。",
    "'transaction' is another name for 'txn'.":
      "'transaction' 是 'txn' 的别名。",
    "(default: {0})":
      "（默认：{0}）",
    "--at {0} is after now ({1}); check the date, or give --future to record it anyway":
      "--at {0} 晚于现在（{1}）；请检查日期，或加 --future 照样记录",
    "1 card":
      "1 张卡",
    "1 card of {0}":
      "持卡人 {0} 的 1 张卡",
    "1 cycle":
      "1 个结算周期",
    "1 decision":
      "1 条判定结果",
    "1 enrollment":
      "1 条绑卡记录",
    "1 holder":
      "1 位持卡人",
    "1 invalid row":
      "1 行无效数据",
    "1 posting":
      "1 条入账记录",
    "1 promotion":
      "1 个活动",
    "1 refund":
      "1 笔退款",
    "1 reward":
      "1 笔刷卡金",
    "1 row":
      "1 行",
    "1 row needs attention.":
      "1 行需要留意。",
    "1 transaction":
      "1 笔交易",
    "A posting is what the issuer actually posted to a card: a credit (a reward paid, 刷卡金返还) or a clawback (a reward taken back, 刷卡金扣回). Add them one by one here, or a whole file with 'import postings'.":
      "入账记录是发卡行实际记到卡上的款项：返还（credit，刷卡金返还）或扣回（clawback，刷卡金扣回）。可以在这里逐笔添加，也可以用 'import postings' 导入整个文件。",
    "A postings CSV file: what the issuer posted, to reconcile with the decisions.":
      "入账 CSV 文件：发卡行实际入账的款项，用于与判定结果核对。",
    "A promotion JSON file, or the id of a built-in promotion.":
      "活动 JSON 文件，或内置活动的编号。",
    "A purchase of {0} by {1} at {2}:":
      "持卡人 {1} 于 {2} 消费 {0}：",
    "A rules file deciding method, merchant and mcc by row.":
      "按行判定支付方式、商户和 MCC 的规则文件。",
    "ARGUMENTS:":
      "参数：",
    "Accept an --at after now (refused otherwise, as it is usually a typo).":
      "接受晚于现在的 --at（否则会被拒绝，因为这通常是输入错误）。",
    "Add a card.":
      "添加一张卡片。",
    "Add, list and remove cards.":
      "添加、列出和删除卡片。",
    "Added card {0} (holder {1}).":
      "已添加卡片 {0}（持卡人 {1}）。",
    "Adds a refund to a transaction. Refunds accumulate; a refund that would take the total above the transaction's amount is refused (exit status 65). A purchase counts for the minimum spend with its refunds taken off, so rewards are decided again; when its reward moves to another of the holder's purchases, or another purchase loses or gains one, the command says so. A refund dated before its purchase is refused (exit status 65), and one after now needs --future.":
      "给一笔交易添加退款。退款可累计；使累计退款超过交易金额的退款会被拒绝（退出状态 65）。计算最低消费时消费金额要扣除退款，所以刷卡金会重新判定；它的刷卡金转到持卡人的另一笔消费上，或另有消费因此失去或获得刷卡金时，命令会说明。日期早于其消费的退款会被拒绝（退出状态 65），晚于现在的需要加 --future。",
    "Alias for '{0}'.":
      "'{0}' 的别名。",
    "All {0} of it has been refunded, so nothing is left to count.":
      "{0} 已全额退款，没有可计入的金额。",
    "An IANA time zone such as Asia/Shanghai or UTC.":
      "IANA 时区名，如 Asia/Shanghai 或 UTC。",
    "An ISO 4217 code.":
      "ISO 4217 币种代码。",
    "An enrollment is one binding of a card to Apple Pay, made in the bank's app (bank-app) or in Apple Wallet (wallet); the channel decides the reward schedule.":
      "绑卡记录是一张卡片与 Apple Pay 的一次绑定，在银行 App（bank-app，即买单吧）或 Apple 钱包（wallet）中完成；绑卡渠道决定刷卡金档位。",
    "An installed promotion's id; may be left out when only one is installed.":
      "已安装活动的编号；只安装了一个活动时可省略。",
    "An offline card wallet and Apple Pay reward calculator.":
      "离线卡包与 Apple Pay 刷卡金计算器。",
    "And H002's, already rewarded this cycle?":
      "H002 本周期已获奖励，他的卡呢？",
    "And if T2002's refund took its reward back (refunds: clawback)?":
      "如果 T2002 退款时刷卡金被扣回（refunds: clawback）呢？",
    "Apple Wallet":
      "Apple 钱包",
    "At most this many holders, in order of their ids.":
      "最多列出这么多位持卡人，按编号顺序。",
    "At most this many transactions, the earliest first.":
      "最多列出这么多笔交易，最早的在前。",
    "At {0} the sheet offers {1} of the {2}; default {3}: it earns {4}, the most of the offered cards.":
      "{0} 付款页在{2}中提供 {1} 张；默认 {3}：可得刷卡金 {4}，在提供的卡中最多。",
    "At {0} the sheet offers {1} of the {2}; default {3}: it earns {4}, the only offered card that earns.":
      "{0} 付款页在{2}中提供 {1} 张；默认 {3}：可得刷卡金 {4}，是唯一能拿刷卡金的卡。",
    "At {0} the sheet offers {1} of the {2}; default {3}: no offered card earns, and it was bound to Apple Pay first.":
      "{0} 付款页在{2}中提供 {1} 张；默认 {3}：提供的卡都拿不到刷卡金，它最早绑定 Apple Pay。",
    "Authorization: failure; recorded declined transaction {0}.":
      "授权：失败；已记录被拒绝的交易 {0}。",
    "Authorization: success; recorded transaction {0}.":
      "授权：成功；已记录交易 {0}。",
    "Authorization: {0}: {1}; the sheet stays open. Nothing was recorded.":
      "授权：{0}：{1}；付款页保持打开。未记录任何内容。",
    "Authorization: {0}; transaction {1} was already recorded; nothing changed.":
      "授权：{0}；交易 {1} 已记录过，未做改动。",
    "Builds a throw-away store from the sample cards, enrollments and transactions (compiled into wallet, so it works from any folder), with \"now\" fixed at 2026-11-28T12:00:00+08:00, and shows, each under a heading: a card's check, a purchase that would earn and one that would not, the statement, why a purchase earned nothing, whether a holder was paid what they are owed (the sample postings), a payment request played through Apple Pay's sheet and authorized (data/requests/unionpay-emv-cny.json), and, with a copy of the built-in promotion that takes rewards back on refund (refunds: clawback) installed, a refunded purchase whose reward was taken back. The store is removed afterwards; your own store ($WALLET_DB, --db) is never touched.":
      "用示例卡片、绑卡记录和交易（编译在 wallet 中，所以在任何文件夹都能运行）建立一个临时数据库，把“现在”固定为 2026-11-28T12:00:00+08:00，并分别在各自的标题下演示：查询一张卡、一笔能拿刷卡金和一笔不能拿的消费、对账单、一笔消费为什么没有刷卡金、持卡人应得的刷卡金是否已到账（示例入账记录）、一个经 Apple Pay 付款页完成授权的付款请求（data/requests/unionpay-emv-cny.json），以及在安装了退款时扣回刷卡金（refunds: clawback）的内置活动副本后，一笔已退款消费的刷卡金如何被扣回。演示结束后删除该数据库；您自己的数据库（$WALLET_DB、--db）不会被动到。",
    "Can this card earn now?":
      "这张卡现在能拿刷卡金吗？",
    "Card {0} is already in the store; nothing changed.":
      "卡片 {0} 已在数据库中，未做改动。",
    "Cards, enrollments, transactions and postings (the rewards an issuer posted) come in wallet's own CSV formats, described in wallet-files(5); 'import statement' reads what banks and payment apps give their customers (wallet-formats(5)). Each import is one SQLite transaction: all of a file or none of it, and importing a file twice changes nothing.":
      "卡片、绑卡记录、交易和入账记录（发卡行入账的刷卡金）使用 wallet 自己的 CSV 格式，见 wallet-files(5)；'import statement' 读取银行和支付 App 提供给客户的文件（wallet-formats(5)）。每次导入都是一个 SQLite 事务：一个文件要么全部导入，要么全部不导入；同一个文件导入两次不会有任何改动。",
    "Check a card's Apple Pay enrollment and eligibility, or what a purchase would earn.":
      "查询卡片的 Apple Pay 绑卡与参与资格，或一笔消费能得多少刷卡金。",
    "Checks the promotion file (every broken rule is reported with its field) and installs it; every transaction in the store is decided under it at once. The same promotion again changes nothing; other rules under the same id are refused unless --replace is given. Built-in promotions cannot be replaced.":
      "检查活动文件（每条不合规的规则都连同字段报告）并安装；数据库中的每笔交易立即按它判定。再次安装同一活动不会有改动；同一编号下规则不同的会被拒绝，除非加 --replace。内置活动不能被替换。",
    "Compare the rewards owed with what the issuer posted.":
      "核对应返的刷卡金与发卡行实际入账。",
    "Create the store, or check that it is ready.":
      "创建数据库，或检查它是否可用。",
    "Created a new store at {0} (time zone {1}).":
      "已在 {0} 新建数据库（时区 {1}）。",
    "Creates the store file (mode 0600, in a new folder of mode 0700) with its time zone, the zone in which times written without an offset are read. On an existing store it changes nothing and says the store is ready. A different --timezone is refused once the store holds cards, because the times already in it were read in its zone; a store without cards takes the new zone.":
      "创建数据库文件（权限 0600，放在权限 0700 的新文件夹中）并设定时区：不带时区偏移的时间都按这个时区解读。数据库已存在时不做改动，只说明它已就绪。数据库里一旦有卡片，就不能再改成别的 --timezone，因为其中的时间已按原时区解读；没有卡片的数据库可以改用新时区。",
    "Decide the rewards for cards, enrollments and transactions in CSV files.":
      "为 CSV 文件中的卡片、绑卡记录和交易计算刷卡金。",
    "Enrolled card {0} in {1} at {2} (enrollment {3}).":
      "卡片 {0} 已于 {2} 经 {1} 渠道绑定（绑卡记录 {3}）。",
    "Enrollment {0} is already in the store; nothing changed.":
      "绑卡记录 {0} 已在数据库中，未做改动。",
    "Enrollment {0} of card {1} removed at {2}.":
      "卡片 {1} 的绑卡记录 {0} 已于 {2} 解绑。",
    "Error: {0}":
      "错误：{0}",
    "Everything owed is paid or not yet due.":
      "应返的刷卡金均已到账或尚未到期。",
    "Export rewards, decisions or transactions as CSV.":
      "把刷卡金、判定结果或交易导出为 CSV。",
    "Exported {0} to {1}.":
      "已导出 {0}，写入 {1}。",
    "For a clawback, the credit it takes back; for a credit, the clawback it undoes.":
      "扣回时，指它扣回的那笔返还；返还时，指它冲销的那笔扣回。",
    "H003 pays 盒马鲜生's Apple Pay request: which card does the sheet offer?":
      "H003 向盒马鲜生付款：Apple Pay 付款页会提供哪张卡？",
    "How purchases no rule decides were paid: apple-pay, card or other.":
      "没有规则判定的消费的支付方式：apple-pay、card 或 other。",
    "Import a bank statement or an Alipay/WeChat Pay export into the store.":
      "把银行对账单或支付宝/微信支付的导出文件导入数据库。",
    "Import a cards CSV file into the store.":
      "把卡片 CSV 文件导入数据库。",
    "Import a postings CSV file: the rewards an issuer posted.":
      "导入入账 CSV 文件：发卡行入账的刷卡金。",
    "Import a transactions CSV file (wallet's own format) into the store.":
      "把交易 CSV 文件（wallet 自己的格式）导入数据库。",
    "Import an enrollments CSV file into the store.":
      "把绑卡记录 CSV 文件导入数据库。",
    "Import files into the store: wallet's own CSV, or real statements.":
      "把文件导入数据库：wallet 自己的 CSV，或真实的对账单。",
    "Install a promotion from a JSON file.":
      "从 JSON 文件安装一个活动。",
    "Install, list, show and remove promotions.":
      "安装、列出、查看和删除活动。",
    "Installed promotion {0} ({1}).":
      "已安装活动 {0}（{1}）。",
    "Instead of --holder: the one card the sheet may offer.":
      "代替 --holder：付款页只可提供这一张卡。",
    "Instead of a card: ask which of this holder's cards a purchase would earn with.":
      "代替卡片：询问这位持卡人用哪张卡消费能拿到刷卡金。",
    "It comes to {0} after {1} of refunds; purchases must be at least {2}.":
      "退款 {1} 后实付 {0}；单笔消费须满 {2}。",
    "It comes to {0}; purchases must be at least {1}.":
      "实付 {0}；单笔消费须满 {1}。",
    "It falls on {0}, after the campaign's last day, {1}.":
      "交易日 {0} 晚于活动最后一天 {1}。",
    "It falls on {0}, before the campaign's first day, {1}.":
      "交易日 {0} 早于活动第一天 {1}。",
    "It falls on {0}, outside the campaign ({1}).":
      "交易日 {0} 不在活动期内（{1}）。",
    "It is a supplementary card, and this promotion leaves supplementary cards out.":
      "这是附属卡，本活动不含附属卡。",
    "It is a {0} card; only other cards count.":
      "这是{0}卡；本活动只认其他卡。",
    "It is a {0} card; only {1} cards count.":
      "这是{0}卡；本活动只认{1}卡。",
    "It names the Apple Pay binding {0}, which belongs to another card ({1}), not to {2}.":
      "交易记录的 Apple Pay 绑卡 {0} 属于另一张卡（{1}），不是 {2}。",
    "It names the Apple Pay binding {0}, which was made only at {1}, after the purchase at {2}.":
      "交易记录的 Apple Pay 绑卡 {0} 在 {1} 才完成，晚于 {2} 的消费。",
    "It names the Apple Pay binding {0}, which was removed at {1}, before the purchase at {2}.":
      "交易记录的 Apple Pay 绑卡 {0} 已于 {1} 解绑，早于 {2} 的消费。",
    "It names the Apple Pay binding {0}, which was removed, before the purchase at {1}.":
      "交易记录的 Apple Pay 绑卡 {0} 已解绑，早于 {1} 的消费。",
    "It was paid another way, not with Apple Pay; only Apple Pay purchases count.":
      "该笔未使用 Apple Pay 支付；只有 Apple Pay 消费才计入。",
    "It was paid with the card itself, not with Apple Pay; only Apple Pay purchases count.":
      "该笔为实体卡支付，未使用 Apple Pay；只有 Apple Pay 消费才计入。",
    "Keeps cards and their Apple Pay enrollments, decides which purchases earn under a promotion such as 交通银行's Apple Pay 月月返, and says why.":
      "保管卡片及其 Apple Pay 绑卡记录，按活动（如交通银行的 Apple Pay 月月返）判断哪些消费能拿刷卡金，并说明原因。",
    "Left out:":
      "未提供：",
    "List cards.":
      "列出卡片。",
    "List enrollments.":
      "列出绑卡记录。",
    "List every row and what it would become; write nothing.":
      "列出每一行及其将变成什么；不写入任何内容。",
    "List installed promotions.":
      "列出已安装的活动。",
    "List postings.":
      "列出入账记录。",
    "List transactions.":
      "列出交易。",
    "Lists the cards, of one holder or all, by id. CSV output has the columns of a cards file, so it can be imported into another store.":
      "按编号列出某位持卡人或全部的卡片。CSV 输出的列与卡片文件相同，可导入另一个数据库。",
    "Lists the enrollments, of one card or all, by card then time. Times are shown in the store's time zone. CSV output has the columns of an enrollments file.":
      "按卡片、再按时间列出某张卡或全部的绑卡记录。时间按数据库的时区显示。CSV 输出的列与绑卡文件相同。",
    "Lists the installed promotions, built-in ones first, then by id, with what a refund does to each one's rewards (refunds: net or clawback).":
      "列出已安装的活动，内置的在前，其余按编号，并注明退款对各活动刷卡金的影响（refunds: net 或 clawback）。",
    "Lists the postings, of one holder's cards, of one card or all, by date, then id. CSV output has the columns of a postings file, so it can be imported into another store.":
      "按日期、再按编号列出某位持卡人的卡、某张卡或全部的入账记录。CSV 输出的列与入账文件相同，可导入另一个数据库。",
    "Lists transactions in time order, then by id. --from and --to are whole days in the store's time zone, both included. --cycle DATE keeps the billing cycle containing DATE: that of --promotion, or of the installed promotions when they all use the same cycles. --since keeps those at or after a time; --limit stops after that many. Rows are printed as they are read, so the first appears at once however large the store; a table takes its column widths from its first 100 rows. Times are shown in the store's time zone. CSV output has the columns of a transactions file, so it can be imported into another store. An unknown --holder or --card is an error (exit status 65) naming the nearest known ids. --waiting lists instead the refunds that statement imports keep until their purchases arrive, oldest first, each with the file and line it came from, the purchase it names and why it still waits when that purchase is in the store (a refund larger than what is left of it, or on another card); 'wallet txn remove ID' removes one. It takes --holder, --card, --limit and --format.":
      "按时间、再按编号列出交易。--from 和 --to 是数据库时区中的整日，首尾都包含。--cycle DATE 只保留包含 DATE 的结算周期：按 --promotion 的周期，或在已安装的活动周期都相同时按它们的周期。--since 只保留该时间及之后的交易；--limit 列满这么多笔即停止。每读到一行就打印，所以无论数据库多大，第一行都立即出现；表格的列宽取自前 100 行。时间按数据库的时区显示。CSV 输出的列与交易文件相同，可导入另一个数据库。未知的 --holder 或 --card 会报错（退出状态 65），并列出最接近的已知编号。--waiting 改为列出对账单导入时暂存、等待对应消费的退款，最早的在前，每笔附上来源文件和行号、它指明的消费，以及在该消费已在数据库中时仍在等待的原因（退款超过该消费剩余可退的金额，或在另一张卡上）；'wallet txn remove ID' 可删除其中一笔。它只接受 --holder、--card、--limit 和 --format。",
    "Look for rows' cards among this holder's cards only.":
      "只在这位持卡人的卡片中查找各行所属的卡。",
    "Make the file safe to open in a spreadsheet (see above).":
      "使文件可以安全地在电子表格中打开（见上文）。",
    "Mark a pending transaction settled.":
      "把一笔处理中的交易标为交易成功。",
    "Marks a pending transaction (such as one 'wallet pay --authorize' recorded) settled. A pending purchase already counts like a settled one, so its decisions do not change; they are printed. A transaction that is not pending is refused (exit status 65).":
      "把一笔处理中的交易（如 'wallet pay --authorize' 记录的）标为交易成功。处理中的消费本来就与已成功的一样计入，所以判定结果不变；结果会被打印出来。不是处理中的交易会被拒绝（退出状态 65）。",
    "Matches the decisions that owe something (rewarded, forfeited) under each installed promotion (or the one --promotion names) with the store's postings, per holder, and gives each a status: paid, paid-late, not-yet-due, forfeited, missing, amount-differs, clawed-back, not-clawed-back; a credit no decision takes is unexpected, a clawback that takes back no credit unmatched-clawback. Only transactions and postings dated on or before the as-of date (today, or WALLET_NOW, or --as-of) take part. A reward is due by the last day of its billing cycle plus the promotion's posting days (30). The table gives each holder's money owed, paid, missing and taken back, the rows, and a sentence for each row that needs attention. CSV is the reconciliation rows of wallet-files(5); JSON an object with 'asOf', 'needsAttention' and 'rows'. Exits 1 when any row needs attention (missing, amount-differs, clawed-back, not-clawed-back, unexpected, unmatched-clawback), else 0.":
      "把每个已安装的活动（或 --promotion 指定的那个）下应返刷卡金的判定结果（rewarded、forfeited）与数据库中的入账记录按持卡人逐一核对，并给每项一个状态：paid、paid-late、not-yet-due、forfeited、missing、amount-differs、clawed-back、not-clawed-back；没有判定结果对应的返还为 unexpected，没有可扣回返还的扣回为 unmatched-clawback。只有对账日（今天，或 WALLET_NOW，或 --as-of）当天及以前的交易和入账参与核对。刷卡金应在其结算周期最后一天加上活动规定的入账天数（30 天）之内返还。表格列出每位持卡人的应返、已到账、未到账和已扣回金额、各行明细，并为每一条需要留意的行写一句说明。CSV 是 wallet-files(5) 中的对账行；JSON 是一个含 'asOf'、'needsAttention' 和 'rows' 的对象。有任何需要留意的行（missing、amount-differs、clawed-back、not-clawed-back、unexpected、unmatched-clawback）时退出状态为 1，否则为 0。",
    "No Apple Pay binding of card {0} is active at {1}; only purchases through a card bound in the bank's app or in Apple Wallet count.":
      "卡片 {0} 在 {1} 没有有效的 Apple Pay 绑卡；只有在银行 App（买单吧）或 Apple 钱包中绑卡后的消费才计入。",
    "No card can pay at {0} (canMakePayments is false): the sheet offers none of the {1}.":
      "{0} 没有卡可以支付（canMakePayments 为 false）：付款页不提供{1}中的任何一张。",
    "No card of {0} would earn; see why below.":
      "持卡人 {0} 的卡都拿不到刷卡金；原因见下。",
    "No cards.":
      "没有卡片。",
    "No enrollments.":
      "没有绑卡记录。",
    "No postings.":
      "没有入账记录。",
    "No promotions.":
      "没有活动。",
    "No rewards.":
      "没有刷卡金。",
    "No transactions.":
      "没有交易。",
    "Nothing owed and nothing posted.":
      "没有应返的刷卡金，也没有入账。",
    "Nothing was recorded: no card can pay.":
      "未记录任何内容：没有可以支付的卡。",
    "Nothing was recorded: add --authorize to pay.":
      "未记录任何内容：加 --authorize 才会支付。",
    "OPTIONS:":
      "选项：",
    "OVERVIEW: {0}":
      "概述：{0}",
    "Offered:":
      "付款页提供：",
    "Only at or after this time: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "只列该时间及之后的：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "Only from this day on (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D), or this month's first (YYYY-MM, YYYY/M or YYYY年M月).":
      "只列从这一天起的（YYYY-MM-DD、YYYY年M月D日 或 YYYY/M/D），或从该月第一天起的（YYYY-MM、YYYY/M 或 YYYY年M月）。",
    "Only rewards of purchases at or after this time: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date may also be written YYYY年M月D日 or YYYY/M/D.":
      "只列该时间及之后的消费所得的刷卡金：YYYY-MM-DDTHH:MM、'YYYY-MM-DD HH:MM' 或日期（取当天开始；日期也可以写成 YYYY年M月D日 或 YYYY/M/D）。",
    "Only the billing cycle containing this date (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or starting in this month (YYYY-MM, YYYY/M or YYYY年M月).":
      "只列包含该日期的结算周期（YYYY-MM-DD、YYYY年M月D日 或 YYYY/M/D），或在该月开始的结算周期（YYYY-MM、YYYY/M 或 YYYY年M月）。",
    "Only the decisions of this installed promotion (default: of each).":
      "只核对这个已安装活动的判定结果（默认：每个活动）。",
    "Only this card's enrollments.":
      "只列这张卡的绑卡记录。",
    "Only this card.":
      "只列这张卡。",
    "Only this holder's cards.":
      "只列这位持卡人的卡片。",
    "Only this holder's rewards and postings.":
      "只核对这位持卡人的刷卡金和入账。",
    "Only this holder's rewards.":
      "只列这位持卡人的刷卡金。",
    "Only transactions from this day on (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or from this month's first (YYYY-MM, YYYY/M or YYYY年M月).":
      "只含从这一天起的交易（YYYY-MM-DD、YYYY年M月D日 或 YYYY/M/D），或从该月第一天起的交易（YYYY-MM、YYYY/M 或 YYYY年M月）。",
    "Only transactions up to this day, included (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or this month's last (YYYY-MM, YYYY/M or YYYY年M月).":
      "只含到这一天为止的交易，含当天（YYYY-MM-DD、YYYY/M/D、YYYY年M月D日），或到该月最后一天为止的交易（YYYY-MM、YYYY/M 或 YYYY年M月）。",
    "Only under this installed promotion (default: under each).":
      "只在这个已安装的活动下（默认：每个活动）。",
    "Only up to this day, included (YYYY-MM-DD, YYYY/M/D or YYYY年M月D日), or this month's last (YYYY-MM, YYYY/M or YYYY年M月).":
      "只列到这一天为止的，含当天（YYYY-MM-DD、YYYY/M/D 或 YYYY年M月D日），或到该月最后一天为止的（YYYY-MM、YYYY/M 或 YYYY年M月）。",
    "Output format: table or json.":
      "输出格式：table 或 json。",
    "Output format: table, csv or json.":
      "输出格式：table、csv 或 json。",
    "Overwrite a card with the same id and different details.":
      "覆盖编号相同而内容不同的卡片。",
    "Overwrite a posting with the same id and other details.":
      "覆盖编号相同而内容不同的入账记录。",
    "Overwrite a transaction with the same id and other details.":
      "覆盖编号相同而内容不同的交易。",
    "Overwrite an enrollment with the same id and different details.":
      "覆盖编号相同而内容不同的绑卡记录。",
    "Overwrite records whose id is in the store with other details.":
      "覆盖编号已在数据库中而内容不同的记录。",
    "Pay with {0}: it earns {1}, as much as {2}, and was bound to Apple Pay first.":
      "请用 {0} 支付：可得刷卡金 {1}，与 {2} 相同，但它更早绑定 Apple Pay。",
    "Pay with {0}: it earns {1}, the most of the {2} cards that would earn.":
      "请用 {0} 支付：可得刷卡金 {1}，是 {2} 张可返卡中最多的。",
    "Pay with {0}: it earns {1}.":
      "请用 {0} 支付：可得刷卡金 {1}。",
    "Pay: record what the authorization result says.":
      "支付：按授权结果记录。",
    "Payment request from {0} ({1}):":
      "来自 {0}（{1}）的付款请求：",
    "Play an Apple Pay payment request against the store.":
      "对数据库模拟一次 Apple Pay 付款请求。",
    "Posting {0} is already in the store; nothing changed.":
      "入账记录 {0} 已在数据库中，未做改动。",
    "Print a shell completion script (bash, zsh or fish).":
      "打印 shell 补全脚本（bash、zsh 或 fish）。",
    "Print an installed promotion as JSON.":
      "以 JSON 打印一个已安装的活动。",
    "Print no progress or summary.":
      "不显示进度和汇总。",
    "Prints a script that completes wallet's subcommands, options and fixed values, and the card ids, holders, enrollment ids and promotion ids of the store in use (asked of wallet itself as you type, so they are always current). Install it with, for bash: wallet completion bash > ~/.local/share/bash-completion/completions/wallet; for zsh: wallet completion zsh > \"${fpath[1]}/_wallet\"; for fish: wallet completion fish > ~/.config/fish/completions/wallet.fish.":
      "打印一个脚本，用于补全 wallet 的子命令、选项和固定取值，以及所用数据库中的卡片编号、持卡人、绑卡记录编号和活动编号（边输入边向 wallet 本身查询，所以总是最新的）。安装方法，bash：wallet completion bash > ~/.local/share/bash-completion/completions/wallet；zsh：wallet completion zsh > \"${fpath[1]}/_wallet\"；fish：wallet completion fish > ~/.config/fish/completions/wallet.fish。",
    "Prints the promotion's rules as a promotion file, with every field spelled out, so it can be edited and installed under another id.":
      "把活动规则按活动文件格式打印出来，每个字段都写全，便于修改后以另一个编号安装。",
    "Prints the version, as 'wallet --version' and 'wallet -V' do.":
      "打印版本号，与 'wallet --version' 和 'wallet -V' 相同。",
    "Promotion {0} is already installed; nothing changed.":
      "活动 {0} 已安装，未做改动。",
    "Reads a payment request (JSON with PKPaymentRequest's field names, described in wallet-files(5)) and checks it as PassKit does: every broken rule is an error naming the field, with the file's line and column (exit status 65); a total that differs from the sum of the other final items is only a warning. Then shows what Apple Pay's payment sheet would offer at --at (default: the request's time, else now): of the holder's cards (or the one --card names), those with an active Apple Pay binding, on a network the request supports, of a type its capabilities allow (credit alone: credit cards; debit alone: debit and prepaid cards; neither or both: any), and a UnionPay card only when the request offers emv. Each offered card shows what the purchase (the total) would earn under every installed promotion, decided by the engine as 'wallet check --holder' decides, and why not; the default card is the one that earns most (ties: the card bound first). Each card left out says why: network, type, capability or no-active-binding. Exits 1 when no card can pay (PassKit's canMakePayments is false).\n\nNothing is written unless --authorize is given (--dry-run is the default). With --authorize the sheet pays with the default card: --result success (the default) records the purchase (merchant from merchantName, amount the total, method apple-pay, status pending, through the binding the sheet used) and prints its decisions; failure records it declined; pin-required, pin-incorrect and pin-lockout record nothing and the sheet stays open. Settle a recorded purchase with 'wallet txn settle', void it before it settles with 'wallet txn void', refund it afterwards with 'wallet txn refund'. A payment after now is not recorded unless --future is given: it is usually a mistyped time. JSON shapes are in the manual.\n\nA small request (more in data/requests/):\n  {\"merchantIdentifier\": \"merchant.cn.example\", \"merchantName\": \"盒马鲜生\",\n   \"countryCode\": \"CN\", \"currencyCode\": \"CNY\", \"supportedNetworks\": [\"chinaUnionPay\"],\n   \"merchantCapabilities\": [\"emv\", \"threeDSecure\"],\n   \"paymentSummaryItems\": [{\"label\": \"盒马鲜生\", \"amount\": \"128.00\"}]}":
      "读取付款请求（使用 PKPaymentRequest 字段名的 JSON，见 wallet-files(5)），并像 PassKit 那样检查：每条不合规的规则都会报错，指出字段及文件中的行号和列号（退出状态 65）；总额与其余最终项目之和不符只是警告。然后显示 Apple Pay 付款页在 --at 时刻（默认：请求中的时间，否则为现在）会提供哪些卡：持卡人的卡（或 --card 指定的那张）中，有有效 Apple Pay 绑卡、卡组织受请求支持、卡类型为其能力所允许（只有 credit：信用卡；只有 debit：借记卡和预付卡；都没有或都有：不限），且银联卡只在请求支持 emv 时提供。每张提供的卡都显示这笔消费（总额）在每个已安装的活动下能得多少刷卡金——由引擎按 'wallet check --holder' 的方式判定——以及不能得的原因；默认卡是返得最多的那张（相同时选最早绑定的）。每张未提供的卡都说明原因：network、type、capability 或 no-active-binding。没有卡能支付时（PassKit 的 canMakePayments 为 false）退出状态为 1。\n\n不加 --authorize 时不写入任何内容（默认即 --dry-run）。加 --authorize 时付款页用默认卡支付：--result success（默认）记录这笔消费（商户取 merchantName，金额为总额，支付方式 apple-pay，状态 pending，经付款页所用的绑卡）并打印其判定结果；failure 记录为被拒绝；pin-required、pin-incorrect 和 pin-lockout 不记录任何内容，付款页保持打开。已记录的消费可用 'wallet txn settle' 结算，在结算前用 'wallet txn void' 撤销，之后用 'wallet txn refund' 退款。晚于现在的支付不会被记录，除非加 --future：这通常是时间输错了。JSON 结构见手册。\n\n一个简单的请求（更多见 data/requests/）：\n  {\"merchantIdentifier\": \"merchant.cn.example\", \"merchantName\": \"盒马鲜生\",\n   \"countryCode\": \"CN\", \"currencyCode\": \"CNY\", \"supportedNetworks\": [\"chinaUnionPay\"],\n   \"merchantCapabilities\": [\"emv\", \"threeDSecure\"],\n   \"paymentSummaryItems\": [{\"label\": \"盒马鲜生\", \"amount\": \"128.00\"}]}",
    "Reads a postings file (wallet-files(5)): one row per reward paid (credit, 刷卡金返还) or taken back (clawback, 刷卡金扣回), on a card already in the store. A row without an id gets <card>:<date>:<kind>:<amount as written>:<k>, k counting from 1 the rows without an id of the same card, date, kind and amount in the file, so that importing the file again finds the same postings. The rows are added in one SQLite transaction: after any error nothing of the file is kept. A posting already in the store unchanged is left alone, so importing a file twice changes nothing; one whose id is in the store with different details is an error naming its file and line, unless --replace is given, and so is a card the store lacks. A file with its header alone means nothing was posted yet. A summary goes to standard error.":
      "读取入账文件（wallet-files(5)）：每行一笔已返还（credit，刷卡金返还）或已扣回（clawback，刷卡金扣回）的刷卡金，所属卡片须已在数据库中。没有编号的行得到 <card>:<date>:<kind>:<按原写法的金额>:<k>，k 从 1 起，给文件中同一卡片、日期、类别和金额且没有编号的各行计数，这样再次导入时会找到相同的入账记录。各行在一个 SQLite 事务中添加：出现任何错误，该文件一行都不保留。数据库中已有且内容相同的入账记录保持不变，所以同一个文件导入两次不会有任何改动；编号已在数据库中而内容不同的会报错并指出文件和行号，除非加 --replace；数据库中没有的卡片同样报错。只有表头的文件表示尚无入账。汇总写到标准错误。",
    "Reads the CSV file a bank or payment app gives its customers (built in: bocom-credit, cmb-credit, icbc-credit, alipay, wechat). The format is recognised from the header row, and the encoding detected (UTF-8, UTF-8 with a BOM, else GB18030, which reads GBK), unless --format names a built-in format or a format file of your own (see wallet-formats(5)). Every row becomes a purchase, a refund, a reward credited (刷卡金返还) or taken back (刷卡金扣回), or a row left out with its reason (repayments, instalments, closed trades); a row no rule explains is an error naming its line and column. A row's card is the store's card with the row's last four digits (of --holder's cards, when given); a statement of one card takes --card. Statements rarely say whether Apple Pay was used: a purchase through Alipay or WeChat Pay (支付宝-, 财付通-, or any row of their exports) or an App Store charge is 'other'; the rest take the method a rule of --rules FILE gives, else --method; an import that leaves a purchase without one stops and says so. Statements have dates, not times: a purchase takes 00:00 of its date in the store's time zone, and same-day purchases keep the file's order through their ids; an app's times are kept. A refund is applied to the purchase it refunds (the order id it names, else the latest purchase on its card with its merchant and enough left), or kept and listed until that purchase is imported. The same purchase in an app's export and on the card's statement (same card and amount, dates at most a day apart) is kept once, with the app's time and merchant. Importing a file again changes nothing. The import is one SQLite transaction; its counts, format and encoding go to standard error. --dry-run lists every row and what it would become, and writes nothing. When --skip-invalid skipped every row to import, nothing is kept and the exit status is 65.\n\nA bank wallet does not ship needs no code, only a format file: a JSON object with an 'id', a 'kind' (card-statement or app-export), the 'header' column names that find the header row, 'footerPrefixes' that end the table, 'columns' (which column holds the date and its form such as yyyy-MM-dd or MM/dd, the description, the amount with its sign convention or separate in/out columns, the card's last four, the order id), and ordered 'classification' rules (a column's first word, prefix, contains, equals or regex, giving purchase, refund, credit, clawback, or ignore with a reason). 'wallet format list' lists the built-in ones and 'wallet format show ID' prints one to copy; wallet-formats(5) describes every field, and the rules file of --rules. A format or rules file with a full card number in any of its texts is refused, naming the field. Their patterns are matched in time linear in the text, whatever the pattern; a pattern outside the syntax that allows this (a backreference, a lookaround) is refused the same way.":
      "读取银行或支付 App 提供给客户的 CSV 文件（内置：bocom-credit、cmb-credit、icbc-credit、alipay、wechat）。格式由表头行识别，编码自动检测（UTF-8、带 BOM 的 UTF-8，否则按 GB18030，可读 GBK），除非用 --format 指定内置格式或您自己的格式文件（见 wallet-formats(5)）。每一行都会成为一笔消费、一笔退款、一笔刷卡金返还或刷卡金扣回，或者连同原因被略过（还款、分期、已关闭的交易）；没有规则能解释的行会报错并指出行号和列号。一行所属的卡片是数据库中后四位相同的卡（给出 --holder 时只在该持卡人的卡中找）；单卡对账单用 --card 指定。对账单很少注明是否使用了 Apple Pay：经支付宝或微信支付的消费（支付宝-、财付通-，或它们导出文件中的任何一行）以及 App Store 扣款算作 'other'；其余按 --rules FILE 中的规则确定支付方式，否则用 --method；若有消费无法确定支付方式，导入会停止并说明。对账单只有日期没有时间：消费取其日期在数据库时区的 00:00，同一天的消费按文件中的顺序编号；App 导出文件中的时间照原样保留。退款会冲抵它所退的那笔消费（按其注明的订单号，否则为同一张卡上同一商户、剩余金额足够的最近一笔消费），否则暂存并列出，直到那笔消费导入为止。同一笔消费同时出现在 App 导出文件和该卡对账单中（卡片和金额相同，日期相差不超过一天）时只保留一次，采用 App 的时间和商户。再次导入同一文件不会有任何改动。导入是一个 SQLite 事务；各类计数、格式和编码写到标准错误。--dry-run 列出每一行及其将变成什么，不写入任何内容。--skip-invalid 跳过了每一条要导入的行时，不保留任何内容，退出状态为 65。\n\nwallet 没有内置的银行格式无需写代码，只要一个格式文件：一个 JSON 对象，含 'id'、'kind'（card-statement 或 app-export）、用于找到表头行的 'header' 列名、表示表格结束的 'footerPrefixes'、'columns'（日期所在列及其写法如 yyyy-MM-dd 或 MM/dd、摘要、金额及其正负约定或分开的收入/支出列、卡号后四位、订单号），以及有序的 'classification' 规则（按某列的首个词、前缀、包含、等于或正则表达式，判为 purchase、refund、credit、clawback，或连同原因 ignore）。'wallet format list' 列出内置格式，'wallet format show ID' 打印其中一个以供复制；wallet-formats(5) 说明了每个字段以及 --rules 的规则文件。格式文件或规则文件的任何文本中含有完整卡号时会被拒绝，并指出该字段。其中的正则表达式无论怎样写，匹配时间都与文本长度成正比；超出这种语法的表达式（反向引用、前后断言）同样会被拒绝。",
    "Reads the file as batch does (the same columns and checks; times without an offset are read in the store's time zone) and adds its rows in one SQLite transaction: after any error nothing of the file is kept, nor when --skip-invalid skipped every row (exit status 65). A row already in the store unchanged is left alone, so importing a file twice changes nothing. A row whose id is in the store with different details is an error naming its file and line, unless --replace is given. Transactions dated after now are imported, with a warning. A file that is not UTF-8 is read as GB18030, which reads GBK, and standard error says so. Import cards first, then enrollments, then transactions. A summary goes to standard error, and on a terminal progress too: rows read, then rows written and the indexes and decisions.":
      "按 batch 的方式读取文件（列与检查相同；不带时区偏移的时间按数据库的时区解读），在一个 SQLite 事务中添加各行：出现任何错误，该文件一行都不保留；--skip-invalid 跳过了每一行时也是如此（退出状态 65）。数据库中已有且内容相同的行保持不变，所以同一个文件导入两次不会有任何改动。编号已在数据库中而内容不同的行会报错并指出文件和行号，除非加 --replace。日期晚于现在的交易照样导入，但会给出警告。不是 UTF-8 的文件按 GB18030（可读 GBK）读取，并在标准错误中说明。请先导入卡片，再导入绑卡记录，最后导入交易。汇总写到标准错误；在终端上还会显示进度：先是读取的行数，再是写入的行数以及索引和判定结果的更新。",
    "Reads the three files, decides every transaction under the promotion and writes the rewards file (and, with --decisions, one decision per transaction). No store is used. Output files appear whole or not at all. Times written without an offset are read in the promotion's time zone. A file that is not UTF-8 is read as GB18030, which reads GBK, and standard error says so. Any invalid row stops the run with exit status 65 and writes nothing, unless --skip-invalid is given: then each invalid row is reported on standard error and left out, and only a file whose every row was left out stops the run so. An output may not be one of the inputs, however it is named (a usage error); a file replaced keeps its permissions. When the run would take more memory than --memory allows, the transactions are split by holder into parts in a work directory beside the rewards file (or in TMPDIR when it goes to standard output), decided a part at a time and merged into the same files; the directory is removed afterwards. --postings needs every transaction in memory and is refused past the limit. An input that changes while it is read (truncated, rewritten) stops the run with exit status 65, the previous outputs left in place. Interrupted (SIGINT, SIGTERM), batch removes its temporary files and work directory, says that nothing was written and exits 128 plus the signal's number; what a run killed outright leaves is removed by the next run writing to the same folder.":
      "读取三个文件，按活动判定每一笔交易，写出刷卡金文件（加 --decisions 时，另写每笔交易一行的判定结果）。不使用数据库。输出文件要么完整出现，要么完全不出现。不带时区偏移的时间按活动的时区解读。不是 UTF-8 的文件按 GB18030（可读 GBK）读取，并在标准错误中说明。任何无效行都会使运行停止，退出状态 65，且不写入任何内容，除非加 --skip-invalid：那样每条无效行都在标准错误上报告并被略过，只有每一行都被略过的文件才会使运行如此停止。输出不能是输入之一，无论怎样命名（用法错误）；被替换的文件保留原有权限。运行所需内存超过 --memory 允许的量时，交易按持卡人分成若干部分，放在刷卡金文件旁（输出到标准输出时放在 TMPDIR）的工作目录里，逐部分判定，再合并成同样的文件；工作目录事后删除。--postings 需要全部交易都在内存中，超过限额时被拒绝。读取期间发生变化的输入文件（被截断、被改写）会使运行以退出状态 65 停止，之前的输出文件保持不变。被中断（SIGINT、SIGTERM）时，batch 删除其临时文件和工作目录，说明没有写入任何文件，并以 128 加信号编号的状态退出；被直接杀死的运行留下的文件，由下一次写入同一文件夹的运行删除。",
    "Reconcile as of this day (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D; default: today).":
      "对账日（默认：今天），可写作 YYYY-MM-DD、YYYY/M/D 或 YYYY年M月D日。",
    "Reconciliation as of {0}":
      "对账（截至 {0}）",
    "Record a refund of a transaction.":
      "记录一笔交易的退款。",
    "Record a reward an issuer posted (a credit) or took back (a clawback).":
      "记录发卡行入账（返还）或扣回的一笔刷卡金。",
    "Record a transaction.":
      "记录一笔交易。",
    "Record and list the cards' bindings to Apple Pay.":
      "记录和列出卡片的 Apple Pay 绑卡。",
    "Record nothing (the default without --authorize).":
      "不记录任何内容（不加 --authorize 时的默认行为）。",
    "Record that a card was bound to Apple Pay.":
      "记录卡片已绑定 Apple Pay。",
    "Record that a card was unbound from Apple Pay.":
      "记录卡片已从 Apple Pay 解绑。",
    "Record, list and remove the rewards an issuer posted.":
      "记录、列出和删除发卡行入账的刷卡金。",
    "Record, refund, settle, void, list and remove transactions.":
      "记录、退款、结算、撤销、列出和删除交易。",
    "Recorded transaction {0}: {1} on card {2} at {3}.":
      "已记录交易 {0}：卡片 {2} 于 {3} 消费 {1}。",
    "Recorded {0} (posting {1}).":
      "已记录：{0}（入账记录 {1}）。",
    "Records a purchase on a card in the store and says how each installed promotion decides it. The same transaction again changes nothing; one with the same id and other details is refused unless --replace is given, and the message names the fields that differ. Times without an offset are read in the store's time zone; a date alone is its start. A time after now is refused (exit status 64) unless --future is given: it is usually a mistyped year, and would take a reward's place. Record refunds with 'wallet txn refund'.":
      "在数据库中的卡片上记录一笔消费，并说明每个已安装的活动如何判定它。再次记录同一笔交易不会有改动；编号相同而内容不同的会被拒绝，除非加 --replace，提示中会列出不同的字段。不带时区偏移的时间按数据库的时区解读；只给日期时取当天开始。晚于现在的时间会被拒绝（退出状态 64），除非加 --future：这通常是年份输错了，而且会占掉一次奖励名额。退款请用 'wallet txn refund' 记录。",
    "Records one binding of a card to Apple Pay, in the bank's app (bank-app) or in Apple Wallet (wallet). Without --id, the id is <card>:<channel>:<time>, with the time of --at (or now) as wallet prints times, e.g. C1:bank-app:2026-11-02T10:00:00+08:00, whatever form --at was typed in. Times without an offset are read in the store's time zone.":
      "记录一张卡片与 Apple Pay 的一次绑定，在银行 App（bank-app，即买单吧）或 Apple 钱包（wallet）中完成。不加 --id 时，编号为 <card>:<channel>:<time>，时间是 --at（或现在）按 wallet 显示时间的写法，如 C1:bank-app:2026-11-02T10:00:00+08:00，不论 --at 是怎样输入的。不带时区偏移的时间按数据库的时区解读。",
    "Records one posting on a card already in the store, as a row of a postings file would (wallet-files(5)). Without --id, the id is <card>:<date>:<kind>:<amount>:1, with the amount as given (less a ¥ or 元, in ASCII digits), the id a postings file gives the first such row without an id: so the same posting added again, or imported later from such a file, changes nothing. A second posting with the same card, date, kind and amount needs an --id of its own (such as the same id ending in :2). A posting with the same id and other details is refused unless --replace is given.":
      "在数据库中已有的卡片上记录一笔入账，与入账文件中的一行相同（wallet-files(5)）。不加 --id 时，编号为 <card>:<date>:<kind>:<amount>:1，金额按给出的写法（去掉 ¥ 或 元，数字为半角），即入账文件中第一条这样的无编号行得到的编号：所以再次添加同一笔入账，或以后从这样的文件导入，都不会有改动。同一卡片、日期、类别和金额的第二笔入账需要自己的 --id（如以 :2 结尾的相同编号）。编号相同而内容不同的入账会被拒绝，除非加 --replace。",
    "Refunded {0} of transaction {1}; {2} of {3} refunded in all.":
      "交易 {1} 已退款 {0}；累计退款 {2}（原消费 {3}）。",
    "Remove a card.":
      "删除一张卡片。",
    "Remove a posting.":
      "删除一条入账记录。",
    "Remove a transaction recorded by mistake.":
      "删除一笔误记的交易。",
    "Remove the card even when it has transactions, and them with it.":
      "即使卡片有交易也删除，连同这些交易。",
    "Removed card {0} (holder {1}) with {2} and {3}.":
      "已删除卡片 {0}（持卡人 {1}），连同 {2}和 {3}。",
    "Removed card {0} (holder {1}) with {2}, {3} and {4}.":
      "已删除卡片 {0}（持卡人 {1}），连同 {2}、{3}和 {4}。",
    "Removed posting {0}: {1}.":
      "已删除入账记录 {0}：{1}。",
    "Removed promotion {0}.":
      "已删除活动 {0}。",
    "Removed transaction {0}: {1} on card {2} at {3}, with {4}.":
      "已删除交易 {0}：卡片 {2} 于 {3} 消费 {1}，连同 {4}。",
    "Removed transaction {0}: {1} on card {2} at {3}.":
      "已删除交易 {0}：卡片 {2} 于 {3} 消费 {1}。",
    "Removes a card with its enrollments and postings, and says how many went. A card with transactions is kept (exit status 65) unless --force is given: then its transactions go too, and the holder's rewards are decided again without them.":
      "删除一张卡片及其绑卡记录和入账记录，并说明各删除了多少。有交易的卡会保留（退出状态 65），除非加 --force：那样它的交易也一并删除，持卡人的刷卡金按剩下的交易重新判定。",
    "Removes a transaction and its refunds from the store, and decides the holder's rewards again as if it had never been recorded: a reward it held goes to the purchase that now earns it, and the command says so, with the 'wallet txn add' (and 'txn refund') commands that put a rewarded purchase back. The id of a refund that waits for its purchase ('wallet txn list --waiting') removes that refund, which then no longer waits nor is reported by imports; importing its export again keeps it again. An unknown id is an error (exit status 65) that names the nearest ids in the store.":
      "从数据库中删除一笔交易及其退款，并像它从未记录过一样重新判定持卡人的刷卡金：它占用的刷卡金转给现在能获得它的那笔消费，命令会说明，并给出恢复一笔曾获刷卡金的消费所需的 'wallet txn add'（及 'txn refund'）命令。若给出的是等待对应消费的退款的编号（见 'wallet txn list --waiting'），则删除该退款，它不再等待，导入时也不再提及；再次导入它所在的导出文件会重新暂存它。未知的编号会报错（退出状态 65），并列出数据库中最接近的编号。",
    "Removes the posting with this id. An id the store does not hold is an error (exit status 65), as for the other records.":
      "删除该编号的入账记录。数据库中没有的编号会报错（退出状态 65），与其他记录一样。",
    "Removes the promotion and its decisions; cards, enrollments and transactions stay. Built-in promotions cannot be removed (exit status 65).":
      "删除该活动及其判定结果；卡片、绑卡记录和交易保留。内置活动不能删除（退出状态 65）。",
    "Replace an installed promotion with the same id.":
      "替换编号相同的已安装活动。",
    "Replaced card {0} (holder {1}).":
      "已替换卡片 {0}（持卡人 {1}）。",
    "Replaced promotion {0} ({1}).":
      "已替换活动 {0}（{1}）。",
  ]
}
