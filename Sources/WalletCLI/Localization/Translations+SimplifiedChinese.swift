// The Simplified Chinese translations, written as a Chinese bank's app says it: 刷卡金 for a
// reward, 结算周期 for a billing cycle, 主卡/附属卡, 买单吧 for the bank's app, Apple 钱包 for
// Apple Wallet. Keys are the English sentences with `{0}`, `{1}`… for their values.

extension Translations {
  /// Every sentence of the program in Simplified Chinese.
  static let simplifiedChinese: [String: String] = [
    "\nThe demo's store is gone. Build your own with 'wallet init' and 'wallet import'\n(README.md; 'man -l man/wallet.1').\n":
      "\n演示用的数据库已删除。用 'wallet init' 和 'wallet import' 建立您自己的钱包\n（见 README.md；'man -l man/wallet.1'）。\n",
    "  See '{0} --help' for more information.":
      "  更多信息请看 '{0} --help'。",
    "  See '{0} {1}' for detailed help.":
      "  详细帮助请看 '{0} {1}'。",
    "  {0}: forfeited {1} (the holder's reward {2}, {3}, taken back on refund)":
      "  {0}：刷卡金 {1} 作废（持卡人的第 {2} 次奖励，{3}，退款时扣回）",
    "  {0}: not rewarded ({1})":
      "  {0}：没有刷卡金（{1}）",
    "  {0}: rewarded {1} (the holder's reward {2}, {3})":
      "  {0}：返刷卡金 {1}（持卡人的第 {2} 次奖励，{3}）",
    " The import decided its method: {0}.":
      "支付方式由导入时判定：{0}。",
    "(default: {0})":
      "（默认：{0}）",
    "1 reward":
      "1 笔刷卡金",
    "1 row needs attention.":
      "1 行需要留意。",
    "A purchase of {0} by {1} at {2}:":
      "持卡人 {1} 于 {2} 消费 {0}：",
    "ARGUMENTS:":
      "参数：",
    "Add a card.":
      "添加一张卡片。",
    "Add, list and remove cards.":
      "添加、列出和删除卡片。",
    "Added card {0} (holder {1}).":
      "已添加卡片 {0}（持卡人 {1}）。",
    "Alias for '{0}'.":
      "'{0}' 的别名。",
    "All {0} of it has been refunded, so nothing is left to count.":
      "{0} 已全额退款，没有可计入的金额。",
    "An offline card wallet and Apple Pay reward calculator.":
      "离线卡包与 Apple Pay 刷卡金计算器。",
    "And H002's, already rewarded this cycle?":
      "H002 本周期已获奖励，他的卡呢？",
    "And if T2002's refund took its reward back (refunds: clawback)?":
      "如果 T2002 退款时刷卡金被扣回（refunds: clawback）呢？",
    "Apple Wallet":
      "Apple 钱包",
    "Can this card earn now?":
      "这张卡现在能拿刷卡金吗？",
    "Card {0} is already in the store; nothing changed.":
      "卡片 {0} 已在数据库中，未做改动。",
    "Check a card's Apple Pay enrollment and eligibility, or what a purchase would earn.":
      "查询卡片的 Apple Pay 绑卡与参与资格，或一笔消费能得多少刷卡金。",
    "Compare the rewards owed with what the issuer posted.":
      "核对应返的刷卡金与发卡行实际入账。",
    "Create the store, or check that it is ready.":
      "创建数据库，或检查它是否可用。",
    "Created a new store at {0} (time zone {1}).":
      "已在 {0} 新建数据库（时区 {1}）。",
    "Decide the rewards for cards, enrollments and transactions in CSV files.":
      "为 CSV 文件中的卡片、绑卡记录和交易计算刷卡金。",
    "Enrolled card {0} in {1} at {2} (enrollment {3}).":
      "卡片 {0} 已于 {2} 在 {1} 绑定（绑卡记录 {3}）。",
    "Enrollment {0} is already in the store; nothing changed.":
      "绑卡记录 {0} 已在数据库中，未做改动。",
    "Error: {0}":
      "错误：{0}",
    "Everything owed is paid or not yet due.":
      "应返的刷卡金均已到账或尚未到期。",
    "Export rewards, decisions or transactions as CSV.":
      "把刷卡金、判定结果或交易导出为 CSV。",
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
    "It comes to {0} after {1} of refunds; purchases must be at least {2}.":
      "退款 {1} 后实付 {0}；单笔消费须满 {2}。",
    "It comes to {0}; purchases must be at least {1}.":
      "实付 {0}；单笔消费须满 {1}。",
    "It counts as {0}'s reward {1} of {2} and, bound through {3} ({4}), pays {5}.":
      "计为持卡人 {0} 的第 {1} 次奖励（共 {2} 次）；绑卡渠道：{3}（{4}），返刷卡金 {5}。",
    "It counts as {0}'s reward {1} of {2} and, bound through {3} ({4}), was paid {5}, then taken back when it was refunded to {6}, below the minimum of {7}; the place stays used.":
      "计为持卡人 {0} 的第 {1} 次奖励（共 {2} 次）；绑卡渠道：{3}（{4}），已返刷卡金 {5}。退款后实付 {6}，低于最低消费 {7}，刷卡金已扣回，该次名额仍算已用。",
    "It counts as {0}'s reward {1} of {2} and, bound through {3} ({4}), was paid {5}, then taken back when it was refunded; the place stays used.":
      "计为持卡人 {0} 的第 {1} 次奖励（共 {2} 次）；绑卡渠道：{3}（{4}），已返刷卡金 {5}。因退款已扣回，该次名额仍算已用。",
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
    "List cards.":
      "列出卡片。",
    "List enrollments.":
      "列出绑卡记录。",
    "List installed promotions.":
      "列出已安装的活动。",
    "List postings.":
      "列出入账记录。",
    "List transactions.":
      "列出交易。",
    "Missing value for '--lang <language>'":
      "'--lang <language>' 缺少取值",
    "No Apple Pay binding of card {0} is active at {1}; only purchases through a card bound in the bank's app or in Apple Wallet count.":
      "卡片 {0} 在 {1} 没有有效的 Apple Pay 绑卡；只有在银行 App（买单吧）或 Apple 钱包中绑卡后的消费才计入。",
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
    "OPTIONS:":
      "选项：",
    "OVERVIEW: {0}":
      "概述：{0}",
    "Pay with {0}: it earns {1}, as much as {2}, and was bound to Apple Pay first.":
      "请用 {0} 支付：可得刷卡金 {1}，与 {2} 相同，但它更早绑定 Apple Pay。",
    "Pay with {0}: it earns {1}, the most of the {2} cards that would earn.":
      "请用 {0} 支付：可得刷卡金 {1}，是 {2} 张可返卡中最多的。",
    "Pay with {0}: it earns {1}.":
      "请用 {0} 支付：可得刷卡金 {1}。",
    "Print an installed promotion as JSON.":
      "以 JSON 打印一个已安装的活动。",
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
    "Record that a card was bound to Apple Pay.":
      "记录卡片已绑定 Apple Pay。",
    "Record that a card was unbound from Apple Pay.":
      "记录卡片已从 Apple Pay 解绑。",
    "Record, list and remove the rewards an issuer posted.":
      "记录、列出和删除发卡行入账的刷卡金。",
    "Record, refund and list transactions.":
      "记录、退款和列出交易。",
    "Recorded transaction {0}: {1} on card {2} at {3}.":
      "已记录交易 {0}：卡片 {2} 于 {3} 消费 {1}。",
    "Refunded {0} of transaction {1}; {2} of {3} refunded in all.":
      "交易 {1} 已退款 {0}；累计退款 {2}（原消费 {3}）。",
    "Remove a card.":
      "删除一张卡片。",
    "Remove a posting.":
      "删除一条入账记录。",
    "Replaced card {0} (holder {1}).":
      "已替换卡片 {0}（持卡人 {1}）。",
    "Replaced the enrollment: card {0} in {1} at {2} (enrollment {3}).":
      "已替换绑卡记录：卡片 {0} 于 {2} 在 {1} 绑定（绑卡记录 {3}）。",
    "Replaced transaction {0}: {1} on card {2} at {3}.":
      "已替换交易 {0}：卡片 {2} 于 {3} 消费 {1}。",
    "SUBCOMMANDS:":
      "子命令：",
    "Say why a transaction earns, or why it does not.":
      "说明一笔交易为什么有或没有刷卡金。",
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
    "The file has no rows.":
      "文件中没有数据行。",
    "The merchant's category is excluded from this promotion.":
      "该商户类别不参加本活动。",
    "The merchant's category {0} is excluded from this promotion.":
      "该商户类别（MCC {0}）不参加本活动。",
    "The payment was reversed, so it no longer counts.":
      "这笔支付已冲正，不再计入。",
    "The promotion has already paid all {0} rewards of its quota (first come, first served).":
      "本活动 {0} 个名额已全部发放（先到先得）。",
    "The promotion has already paid its whole quota (first come, first served).":
      "本活动名额已全部发放（先到先得）。",
    "The promotion has already paid the one reward of its quota (first come, first served).":
      "本活动唯一的名额已发放（先到先得）。",
    "The purchase is in {0}; only purchases in {1} count.":
      "该笔消费币种为 {0}；只有 {1} 消费才计入。",
    "The purchase was refunded, so it no longer counts.":
      "该笔消费已退款，不再计入。",
    "The store at {0} is ready (time zone {1}).":
      "{0} 的数据库已就绪（时区 {1}）。",
    "The store at {0} is ready; it now reads times in {1} (it was {2}).":
      "{0} 的数据库已就绪；时间现按 {1} 解读（原为 {2}）。",
    "The value '{0}' is invalid for '--lang <language>': use en or zh-Hans":
      "'--lang <language>' 的取值 '{0}' 无效：请用 en 或 zh-Hans",
    "Total: {0}, {1}.":
      "合计：{0}，{1}。",
    "Transaction {0} is already in the store; nothing changed.":
      "交易 {0} 已在数据库中，未做改动。",
    "USAGE: {0}":
      "用法：{0}",
    "Uninstall a promotion.":
      "卸载一个活动。",
    "Usage: {0}":
      "用法：{0}",
    "Warning: {0} can be read by other users (mode {1}); run 'chmod 600 {2}'.":
      "警告：其他用户可以读取 {0}（权限 {1}）；请运行 'chmod 600 {2}'。",
    "Was H002 paid?":
      "H002 的刷卡金到账了吗？",
    "What has each holder earned?":
      "各位持卡人拿到了多少刷卡金？",
    "Which of H003's cards should pay ¥150?":
      "H003 消费 ¥150，该用哪张卡？",
    "Why did T2005 earn nothing?":
      "T2005 为什么没有刷卡金？",
    "active":
      "有效",
    "also seen in":
      "亦见于",
    "amex":
      "美国运通",
    "amount":
      "金额",
    "an argument looks like a full card number (ending {0}), which wallet never shows or stores; check the command line":
      "有个参数像是完整卡号（尾号 {0}），wallet 从不显示或保存完整卡号；请检查命令行",
    "another wallet command kept the store busy for too long; try again when it has finished":
      "另一个 wallet 命令占用数据库太久；请等它结束后再试",
    "any":
      "不限",
    "apple-pay":
      "Apple Pay",
    "built_in":
      "内置",
    "campaign":
      "活动期",
    "campaign_end":
      "活动结束",
    "campaign_start":
      "活动开始",
    "cannot write to {0}: {1}":
      "无法写入{0}：{1}",
    "card":
      "卡片",
    "card type":
      "卡种",
    "card's bindings":
      "该卡的绑卡",
    "channel":
      "渠道",
    "clawback (a refund takes the reward back)":
      "扣回（退款时扣回刷卡金）",
    "clawback (the amount before refunds is compared)":
      "扣回（按退款前金额判断）",
    "credit":
      "信用",
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
    "enrolled_at":
      "绑卡时间",
    "enrollment":
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
    "it is a {0} card, not {1}":
      "它是{0}卡，不是{1}卡",
    "its network is {0}, not {1}":
      "卡组织是{0}，不是{1}",
    "jcb":
      "JCB",
    "kind":
      "类别",
    "last4":
      "尾号",
    "line":
      "行号",
    "maestro":
      "Maestro",
    "mastercard":
      "万事达",
    "mcc":
      "MCC",
    "mcc {0}":
      "MCC {0}",
    "merchant":
      "商户",
    "method":
      "支付方式",
    "method decided by":
      "支付方式判定依据",
    "minimum spend":
      "最低消费",
    "missing":
      "未到账",
    "name":
      "名称",
    "net amount":
      "实付金额",
    "network":
      "卡组织",
    "next cycle":
      "下个周期",
    "next reward":
      "下次奖励",
    "no":
      "否",
    "no start or end":
      "不限起止",
    "no: a purchase of {0} would earn {1}, then lose it to its refund (reward {2} of {3}, {4})":
      "否：消费 {0} 可得 {1}，但会因退款被扣回（第 {2}/{3} 次奖励，{4}）",
    "no: a purchase of {0} would not earn ({1})":
      "否：消费 {0} 拿不到刷卡金（{1}）",
    "none":
      "无",
    "none active then":
      "当时无有效绑卡",
    "none left":
      "已无剩余",
    "none recorded":
      "没有记录",
    "nothing ({0}: due by {1})":
      "未入账（{0}：应于 {1} 前返还）",
    "number":
      "卡号",
    "other":
      "其他",
    "owed":
      "应返",
    "paid":
      "已到账",
    "pending":
      "处理中",
    "posted":
      "入账",
    "posted on":
      "入账日期",
    "posting":
      "入账记录",
    "prepaid":
      "预付",
    "primary":
      "主卡",
    "private-label":
      "自有品牌",
    "quota":
      "名额",
    "reason":
      "原因",
    "reconciled as of {0}: nothing owed or posted, {1} adjustments":
      "对账截至 {0}：没有应返或入账，{1} 条调整",
    "reconciled as of {0}: {1}, {2} adjustments":
      "对账截至 {0}：{1}，{2} 条调整",
    "refunded":
      "已退款",
    "refunds":
      "退款",
    "refunds rule":
      "退款规则",
    "removed_at":
      "解绑时间",
    "result":
      "结果",
    "reversed":
      "已冲正",
    "reverses":
      "冲销",
    "reward":
      "刷卡金",
    "reward {0}: {1}, once the card is bound":
      "第 {0} 次奖励：{1}（须先绑卡）",
    "rewards":
      "奖励次数",
    "rewards before":
      "此前奖励",
    "rewards left":
      "剩余奖励",
    "role":
      "主附卡",
    "settled":
      "交易成功",
    "skipped {0}":
      "已跳过 {0}",
    "starts {0}":
      "{0} 开始",
    "status":
      "状态",
    "supplementary":
      "附属卡",
    "taken back":
      "已扣回",
    "the bank's app":
      "买单吧",
    "the store could not be used: {0}":
      "无法使用数据库：{0}",
    "the store is damaged: {0}":
      "数据库已损坏：{0}",
    "this cycle":
      "本周期",
    "time":
      "时间",
    "timezone":
      "时区",
    "total":
      "合计",
    "transaction":
      "交易",
    "type":
      "卡类型",
    "unionpay":
      "银联",
    "unknown":
      "未知",
    "until {0}":
      "至 {0} 止",
    "visa":
      "Visa",
    "wallet demo: the sample data ({0} cards, {1} Apple Pay bindings, {2} transactions,\n{3} postings) in a throw-away store, as of {4}.\n":
      "wallet 演示：示例数据（{0} 张卡、{1} 条 Apple Pay 绑卡记录、{2} 笔交易、\n{3} 条入账记录）放在一个临时数据库中，时间定在 {4}。\n",
    "why":
      "原因",
    "yes":
      "是",
    "yes: a purchase of {0} would earn {1} (reward {2} of {3}, {4})":
      "是：消费 {0} 可得刷卡金 {1}（第 {2}/{3} 次奖励，{4}）",
    "{0} (default: {1})":
      "{0}（默认：{1}）",
    "{0} (named by the transaction)":
      "{0}（交易记录指定）",
    "{0} (named by the transaction, not active then)":
      "{0}（交易记录指定，当时无效）",
    "{0} (reward {1}, {2})":
      "{0}（第 {1} 次奖励，{2}）",
    "{0} (the card's earliest binding active then)":
      "{0}（该卡当时最早的有效绑卡）",
    "{0} (the promotion excludes supplementary cards)":
      "{0}（本活动不含附属卡）",
    "{0} (the promotion's: {1})":
      "{0}（本活动要求：{1}）",
    "{0} ({1} on {2})":
      "{0}（{2} 入账 {1}）",
    "{0} ({1})":
      "{0}（{1}）",
    "{0} ({1}, refunded; the places stay used)":
      "{0}（{1}，已退款；名额仍算已用）",
    "{0} already has all {1} rewards this promotion pays one cardholder.":
      "持卡人 {0} 已领满本活动每位持卡人的全部 {1} 次奖励。",
    "{0} already has the one reward this promotion pays one cardholder.":
      "持卡人 {0} 已领过本活动每位持卡人仅有的 1 次奖励。",
    "{0} at {1}":
      "{1} 退款 {0}",
    "{0} can pay with Apple Pay at {1} ({2}).":
      "{0} 在 {1} 可以使用 Apple Pay 支付（{2}）。",
    "{0} cannot pay with Apple Pay at {1}: {2}.":
      "{0} 在 {1} 不能使用 Apple Pay 支付：{2}。",
    "{0} does not earn: {1}.":
      "{0} 没有刷卡金：{1}。",
    "{0} earned {1} on {2}; it was paid by {3} and then taken back":
      "{0} 于 {2} 获得 {1}；已由 {3} 返还，随后又被扣回",
    "{0} earned {1} on {2}; nothing of that amount was posted between {3} and {4}":
      "{0} 于 {2} 获得 {1}；{3} 至 {4} 之间没有该金额入账",
    "{0} earned {1} on {2}; {3} was posted instead":
      "{0} 于 {2} 获得 {1}；实际入账的是 {3}",
    "{0} earned {1}, taken back: refunded.":
      "{0} 曾获刷卡金 {1}，已扣回：退款。",
    "{0} earns {1}.":
      "{0} 可得刷卡金 {1}。",
    "{0} export {1}, line {2} (row {3})":
      "{0} 导出文件 {1}，第 {2} 行（记录 {3}）",
    "{0} has already been rewarded in the billing cycle {1} (by {2}); the promotion pays one reward per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励（{2}）；本活动每个周期只返 1 次。",
    "{0} has already been rewarded in the billing cycle {1} (by {2}); the promotion pays {3} rewards per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励（{2}）；本活动每个周期最多返 {3} 次。",
    "{0} has already been rewarded in the billing cycle {1}; the promotion pays one reward per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励；本活动每个周期只返 1 次。",
    "{0} has already been rewarded in the billing cycle {1}; the promotion pays {2} rewards per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励；本活动每个周期最多返 {2} 次。",
    "{0} of {1}":
      "{0}/{1}",
    "{0} of {1} before this one":
      "此前 {0}/{1}",
    "{0} of {1} before this one ({2})":
      "此前 {0}/{1}（{2}）",
    "{0} of {1} paid before this one":
      "此前已发 {0}/{1}",
    "{0} or {1}":
      "{0}或{1}",
    "{0} rewards":
      "{0} 笔刷卡金",
    "{0} rewards, ¥{1}":
      "{0} 笔刷卡金，¥{1}",
    "{0} rows need attention.":
      "{0} 行需要留意。",
    "{0} statement {1}, line {2} (row {3})":
      "{0} 对账单 {1}，第 {2} 行（记录 {3}）",
    "{0} taken back":
      "{0} 已扣回",
    "{0} through {1}":
      "{1}绑卡 {0}",
    "{0} to {1}":
      "{0} 至 {1}",
    "{0} transactions read, {1} rewarded, {2} invalid rows skipped":
      "读取 {0} 笔交易，{1} 笔获刷卡金，跳过 {2} 行无效数据",
    "{0} transactions read, {1} rewarded, {2} invalid rows skipped, {3} forfeited":
      "读取 {0} 笔交易，{1} 笔获刷卡金，跳过 {2} 行无效数据，{3} 笔作废",
    "{0} used, {1} left, of {2}":
      "已用 {0} 次，剩余 {1} 次，共 {2} 次",
    "{0} was credited to {1}; no reward explains it":
      "{0}已入账到 {1}；没有对应的奖励",
    "{0} was taken back from {1}; no credit was paid that it takes back":
      "{0}已从 {1} 扣回；但没有可扣回的返还",
    "{0} {1} card":
      "{0}{1}卡",
    "{0}'s reward of {1} was forfeited by a refund; {2} paid it and nothing took it back":
      "{0} 的刷卡金 {1} 已因退款作废；但 {2} 已返还且未被扣回",
    "{0}, already rewarded ({1})":
      "{0}，已获奖励（{1}）",
    "{0}, named by the transaction, binds card {1}":
      "{0}（交易记录指定），绑定的是卡片 {1}",
    "{0}, not rewarded yet":
      "{0}，尚未获得奖励",
    "{0}, {1} of {2} rewards paid ({3})":
      "{0}，已返 {1}/{2} 次（{3}）",
    "{0}, {1} on {2} ({3})":
      "{0}，{2} 入账 {1}（{3}）",
    "{0}, {1}, from {2}":
      "{0}，{1}，自 {2} 起",
    "{0}, {1}, from {2} to {3}":
      "{0}，{1}，{2} 至 {3}",
    "{0}: reward {1} of {2}, {3} schedule":
      "{0}：第 {1}/{2} 次奖励，按 {3} 档",
    "{0}: reward {1} of {2}, {3} schedule; the place stays used":
      "{0}：第 {1}/{2} 次奖励，按 {3} 档；名额仍算已用",
    "{0}: {1}":
      "{0} 个：{1}",
    "{0}: {1} new, {2} already present, {3} replaced, {4} invalid":
      "{0}：新增 {1} 条，已存在 {2} 条，替换 {3} 条，无效 {4} 条",
  ]
}
