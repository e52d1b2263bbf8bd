// The third part of the Simplified Chinese table (Translations+SimplifiedChinese.swift).

extension Translations {
  /// The third part of the table.
  static let simplifiedChineseThird: [String: String] = [
    "file":
      "文件",
    "its purchase {0} is not in the store":
      "对应的消费 {0} 不在数据库中",
    "its purchase {0} is on another card, {1}":
      "对应的消费 {0} 在另一张卡 {1} 上",
    "more than the purchase's amount, {0} ({1})":
      "超过对应消费的金额 {0}（{1}）",
    "more than the {0} left of the purchase's {1} ({2})":
      "超过对应消费 {1} 剩余可退的 {0}（{2}）",
    "no purchase on its card with its merchant and enough left to refund":
      "其卡片上没有同一商户且剩余可退金额足够的消费",
    "purchase":
      "对应消费",
    "waits: {0}":
      "继续等待：{0}",
    "{0} kept waiting, not fitting their purchases":
      "{0} 笔与对应消费不符，继续等待",
    "{0} line {1}, {2}":
      "{0} 第 {1} 行，{2}",
    "{0} line {1}, {2}, {3}":
      "{0} 第 {1} 行，{2}，{3}",
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
    "networks":
      "卡组织",
    "new":
      "新增",
    "next cycle":
      "下个周期",
    "next reward":
      "下次奖励",
    "no":
      "否",
    "no binding of it to Apple Pay is active at {0}":
      "它在 {0} 没有有效的 Apple Pay 绑卡",
    "no card {0} in the store":
      "数据库中没有卡片 {0}",
    "no enrollment {0} in the store":
      "数据库中没有绑卡记录 {0}",
    "no holder {0} in the store":
      "数据库中没有持卡人 {0}",
    "no promotion {0} is installed":
      "没有安装活动 {0}",
    "no payment method":
      "缺少支付方式",
    "no posting {0} in the store":
      "数据库中没有入账记录 {0}",
    "no start or end":
      "不限起止",
    "no transaction {0} in the store":
      "数据库中没有交易 {0}",
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
    "none: this card can never earn under this promotion ({0})":
      "无：这张卡在本活动下无法获得刷卡金（{0}）",
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
    "postings":
      "入账记录",
    "prepaid":
      "预付",
    "primary":
      "主卡",
    "private-label":
      "自有品牌",
    "purchases":
      "消费",
    "quota":
      "名额",
    "reading {0} bytes":
      "正在读取 {0} 字节",
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
    "refunds {0}":
      "冲抵 {0}",
    "removed_at":
      "解绑时间",
    "replaced":
      "已替换",
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
    "rewards credited":
      "刷卡金返还",
    "rewards left":
      "剩余奖励",
    "rewards taken back":
      "刷卡金扣回",
    "role":
      "主附卡",
    "settled":
      "交易成功",
    "settled, pending, declined, refunded or reversed.":
      "settled、pending、declined、refunded 或 reversed。",
    "skipped {0}":
      "已跳过 {0}",
    "skipped: {0}":
      "已跳过：{0}",
    "starts {0}":
      "{0} 开始",
    "statement":
      "对账单",
    "status":
      "状态",
    "storing transactions":
      "正在保存交易",
    "storing {0} rows and deciding rewards":
      "正在保存 {0} 行并计算刷卡金",
    "supplementary":
      "附属卡",
    "taken back":
      "已扣回",
    "takes the place of the statement's {0}":
      "取代对账单中的 {0}",
    "the PIN was wrong":
      "PIN 错误",
    "the bank's app":
      "买单吧",
    "the card asks for its PIN":
      "该卡要求输入 PIN",
    "the payment's time {0} is after now ({1}); check --at or the request's time, or give --future to record it anyway":
      "支付时间 {0} 晚于现在（{1}）；请检查 --at 或请求中的时间，或加 --future 照样记录",
    "the same purchase as {0}":
      "与 {0} 为同一笔消费",
    "the same refund of {0} as {1}":
      "与 {1} 为同一笔 {0} 的退款",
    "this cycle":
      "本周期",
    "time":
      "时间",
    "timezone":
      "时区",
    "too many wrong PINs locked the card's PIN":
      "PIN 错误次数过多，已被锁定",
    "total":
      "合计",
    "transaction":
      "交易",
    "partitioning": "分区",
    "deciding": "判定",
    "transactions":
      "交易",
    "type":
      "卡类型",
    "unionpay":
      "银联",
    "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos or private-label.":
      "unionpay、visa、mastercard、amex、discover、jcb、interac、maestro、eftpos 或 private-label。",
    "unknown":
      "未知",
    "until {0}":
      "至 {0} 止",
    "updating indexes and decisions":
      "正在更新索引和判定结果",
    "visa":
      "Visa",
    "waits for its purchase":
      "等待对应的消费",
    "wallet demo: the sample data ({0} cards, {1} Apple Pay bindings, {2} transactions,\n{3} postings) in a throw-away store, as of {4}.\n":
      "wallet 演示：示例数据（{0} 张卡、{1} 条 Apple Pay 绑卡记录、{2} 笔交易、\n{3} 条入账记录）放在一个临时数据库中，时间定在 {4}。\n",
    "why":
      "原因",
    "yes":
      "是",
    "yes: a purchase of {0} would earn {1} (reward {2} of {3}, {4})":
      "是：消费 {0} 可得刷卡金 {1}（第 {2}/{3} 次奖励，{4}）",
    "{0} (default)":
      "{0}（默认）",
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
    "{0} already applied":
      "此前已冲抵 {0}",
    "Holder {0} already has all {1} rewards this promotion pays one cardholder.":
      "持卡人 {0} 已领满本活动每位持卡人的全部 {1} 次奖励。",
    "Holder {0} already has the one reward this promotion pays one cardholder.":
      "持卡人 {0} 已领过本活动每位持卡人仅有的 1 次奖励。",
    "{0} already present":
      "已存在 {0}",
    "{0} applied":
      "已冲抵 {0}",
    "{0} at {1}":
      "{1} 退款 {0}",
    "{0} can pay with Apple Pay at {1} ({2}).":
      "{0} 在 {1} 可以使用 Apple Pay 支付（{2}）。",
    "{0} cannot pay with Apple Pay at {1}: {2}.":
      "{0} 在 {1} 不能使用 Apple Pay 支付：{2}。",
    "{0} cards":
      "{0} 张卡",
    "{0} cards of {1}":
      "持卡人 {1} 的 {0} 张卡",
    "{0} cycles":
      "{0} 个结算周期",
    "{0} decisions":
      "{0} 条判定结果",
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
    "{0} enrollments":
      "{0} 条绑卡记录",
    "{0} export {1}, line {2} (row {3})":
      "{0} 导出文件 {1}，第 {2} 行（记录 {3}）",
    "Holder {0} has already been rewarded in the billing cycle {1} (by {2}); the promotion pays one reward per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励（{2}）；本活动每个周期只返 1 次。",
    "Holder {0} has already been rewarded in the billing cycle {1} (by {2}); the promotion pays {3} rewards per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励（{2}）；本活动每个周期最多返 {3} 次。",
    "Holder {0} has already been rewarded in the billing cycle {1}; the promotion pays one reward per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励；本活动每个周期只返 1 次。",
    "Holder {0} has already been rewarded in the billing cycle {1}; the promotion pays {2} rewards per cycle.":
      "持卡人 {0} 在结算周期 {1} 内已获奖励；本活动每个周期最多返 {2} 次。",
    "{0} holders":
      "{0} 位持卡人",
    "{0} invalid rows":
      "{0} 行无效数据",
    "{0} is {1} there, {2} here":
      "{0}：数据库中为 {1}，本次为 {2}",
    "{0} new":
      "新增 {0}",
    "{0} of {1}":
      "{0}/{1}",
    "{0} of {1} before this one":
      "此前 {0}/{1}",
    "{0} of {1} before this one ({2})":
      "此前 {0}/{1}（{2}）",
    "{0} of {1} paid before this one":
      "此前已发 {0}/{1}",
    "{0} of {1}, as of {2}":
      "{0}/{1}（截至 {2}）",
    "{0} of {1}, as of {2} (1 more reward is recorded for a purchase after then)":
      "{0}/{1}（截至 {2}；另有 1 笔刷卡金记在此后的消费上）",
    "{0} of {1}, as of {2} ({3} more rewards are recorded for purchases after then)":
      "{0}/{1}（截至 {2}；另有 {3} 笔刷卡金记在此后的消费上）",
    "{0} on other cards named one of its enrollments and no longer do; their decisions were recomputed.":
      "其他卡片上有 {0}曾指定它的绑卡记录，现已解除；这些交易已重新判定。",
    "{0} or {1}":
      "{0}或{1}",
    "{0} postings":
      "{0} 条入账记录",
    "{0} promotions":
      "{0} 个活动",
    "{0} read, {1} rewarded, {2} skipped":
      "读取 {0}，{1} 笔获刷卡金，跳过 {2}",
    "{0} read, {1} rewarded, {2} skipped, {3} forfeited":
      "读取 {0}，{1} 笔获刷卡金，跳过 {2}，{3} 笔作废",
    "{0} refunds":
      "{0} 笔退款",
    "{0} refunds kept from a statement now refund their purchases":
      "对账单中暂存的 {0} 笔退款现已冲抵对应的消费",
    "{0} replaced":
      "替换 {0}",
    "{0} rewards":
      "{0} 笔刷卡金",
    "{0} rows":
      "{0} 行",
    "{0} rows need attention.":
      "{0} 行需要留意。",
    "{0} statement {1}, line {2} (row {3})":
      "{0} 对账单 {1}，第 {2} 行（记录 {3}）",
    "{0} taken back":
      "{0} 已扣回",
    "{0} the same as another export's":
      "与另一导出文件重复 {0}",
    "{0} through {1}":
      "{1}绑卡 {0}",
    "{0} to {1}":
      "{0} 至 {1}",
    "{0} transactions":
      "{0} 笔交易",
    "{0} used, {1} left, of {2}, as of {3}":
      "已用 {0} 次，剩余 {1} 次，共 {2} 次（截至 {3}）",
    "{0} waiting for their purchases":
      "等待对应消费 {0}",
    "{0} was credited to {1}; no reward explains it":
      "{0}已入账到 {1}；没有对应的奖励",
    "{0} was taken back from {1}; no credit was paid that it takes back":
      "{0}已从 {1} 扣回；但没有可扣回的返还",
    "{0} without a payment method":
      "缺少支付方式 {0}",
    "{0} {1} card":
      "{0}{1}卡",
    "{0} {1} is already in the store with other details ({2}); use --replace to overwrite":
      "{0} {1} 已在数据库中，但内容不同（{2}）；如需覆盖请加 --replace",
    "{0}'s reward of {1} was forfeited by a refund; {2} paid it and nothing took it back":
      "{0} 的刷卡金 {1} 已因退款作废；但 {2} 已返还且未被扣回",
    "{0}, already rewarded ({1})":
      "{0}，已获奖励（{1}）",
    "{0}, named by the transaction, binds card {1}":
      "{0}（交易记录指定），绑定的是卡片 {1}",
    "{0}, not rewarded yet":
      "{0}，尚未获得奖励",
    "{0}, {1}":
      "{0}，{1}",
    "{0}, {1} of {2} rewards paid ({3})":
      "{0}，已返 {1}/{2} 次（{3}）",
    "{0}, {1} on {2} ({3})":
      "{0}，{2} 入账 {1}（{3}）",
    "{0}, {1}, from {2}":
      "{0}，{1}，自 {2} 起",
    "{0}, {1}, from {2} to {3}":
      "{0}，{1}，{2} 至 {3}",
    "{0}: forfeited {1} (the holder's reward {2}, {3}, taken back on refund)":
      "{0}：刷卡金 {1} 作废（持卡人的第 {2} 次奖励，{3}，退款时扣回）",
    "{0}: not rewarded ({1})":
      "{0}：没有刷卡金（{1}）",
    "{0}: reward {1} of {2}, {3} schedule":
      "{0}：第 {1}/{2} 次奖励，按 {3} 档",
    "{0}: reward {1} of {2}, {3} schedule; the place stays used":
      "{0}：第 {1}/{2} 次奖励，按 {3} 档；名额仍算已用",
    "{0}: rewarded {1} (the holder's reward {2}, {3})":
      "{0}：返刷卡金 {1}（持卡人的第 {2} 次奖励，{3}）",
    "{0}: transaction {1} is no longer rewarded (it was the holder's reward {2}, {3}).":
      "{0}：交易 {1} 不再获得刷卡金（原为持卡人的第 {2} 次奖励，{3}）。",
    "{0}: transaction {1} is now rewarded {2} (the holder's reward {3}) in its place.":
      "{0}：交易 {1} 顶替其位置，现获刷卡金 {2}（持卡人的第 {3} 次奖励）。",
    "{0}: transaction {1} is now the holder's reward {2}, {3} (it was reward {4}, {5}).":
      "{0}：交易 {1} 现为持卡人的第 {2} 次奖励，{3}（原为第 {4} 次，{5}）。",
    "{0}: {1}":
      "{0}：{1}",
    "{0}: {1} (pending)":
      "{0}：{1}（待定）",
    "{0}: {1} at {2} on card {3} through {4}, {5}":
      "{0}：卡片 {3} 经 {4} 在 {2} 消费 {1}，{5}",
    "{0}: {1} at {2} on card {3}, {4}":
      "{0}：卡片 {3} 在 {2} 消费 {1}，{4}",
    "{0}: {1} new, {2} already present, {3} replaced, {4} invalid":
      "{0}：新增 {1} 条，已存在 {2} 条，替换 {3} 条，无效 {4} 条",
    "{0}: {1} rows, {2}/s":
      "{0}：{1} 行，每秒 {2} 行",
    "{0}: {1} rows, {2}/s, about {3} s left":
      "{0}：{1} 行，每秒 {2} 行，约剩 {3} 秒",
    "{0}: {1}{2}, {3}; 1 row":
      "{0}：{1}{2}，{3}；1 行",
    "{0}: {1}{2}, {3}; 1 row (nothing written)":
      "{0}：{1}{2}，{3}；1 行（未写入）",
    "{0}: {1}{2}, {3}; {4} rows":
      "{0}：{1}{2}，{3}；{4} 行",
    "{0}: {1}{2}, {3}; {4} rows (nothing written)":
      "{0}：{1}{2}，{3}；{4} 行（未写入）",
    "{0}; the nearest id the store knows is {1}":
      "{0}；数据库中最接近的编号是 {1}",
    "{0}; the nearest ids the store knows are {1}":
      "{0}；数据库中最接近的编号有 {1}",
  ]
}
