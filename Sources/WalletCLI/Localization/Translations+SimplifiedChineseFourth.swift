// The Simplified Chinese of the commands' own refusals: a check of the arguments together (a
// usage error), a value that names nothing, a file a command must not write. Keys are the
// English sentences with `{0}`, `{1}`… for their values, as in the other three parts.

extension Translations {
  /// The fourth part of the table: the commands' refusals.
  static let simplifiedChineseFourth: [String: String] = [
    "--adjustments and --reconciliation need --postings":
      "--adjustments 和 --reconciliation 需要 --postings",
    "--holder needs --amount, the purchase to decide":
      "--holder 需要配合 --amount（要判断的消费金额）",
    "--postings needs --adjustments or --reconciliation":
      "--postings 需要 --adjustments 或 --reconciliation",
    "--postings needs every transaction in memory, more than --memory allows":
      "--postings 需要全部交易都在内存中，超过了 --memory 允许的量",
    "--promotion chooses the billing cycle of --cycle; give --cycle":
      "--promotion 用于选择 --cycle 的结算周期；请给出 --cycle",
    "--rewards and --validation cannot be used together":
      "--rewards 和 --validation 不能同时使用",
    "--to {0} is before --from {1}":
      "--to {0} 早于 --from {1}",
    "--waiting takes only --holder, --card, --limit and --format":
      "--waiting 只接受 --holder、--card、--limit 和 --format",
    "--{0} and --{1} must name different files":
      "--{0} 和 --{1} 必须是不同的文件",
    "--{0} goes with --authorize":
      "--{0} 要配合 --authorize 使用",
    "--{0} goes with --holder; 'wallet check CARD' imagines a purchase of each promotion's minimum spend":
      "--{0} 要配合 --holder 使用；'wallet check CARD' 按每个活动的最低消费额模拟一笔消费",
    "--{0} goes with a card, not with --holder":
      "--{0} 要配合卡片使用，不能与 --holder 同用",
    "No promotion file or built-in promotion named {0} (built in: {1})":
      "没有名为 {0} 的活动文件或内置活动（内置：{1}）",
    "WALLET_NOW {0}: {1}":
      "WALLET_NOW {0}：{1}",
    "cannot write {0}: {1}":
      "无法写入 {0}：{1}",
    "give --authorize or --dry-run, not both":
      "请给出 --authorize 或 --dry-run，二者只能选一",
    "give --holder or --card, not both":
      "请给出 --holder 或 --card，二者只能选一",
    "give --holder or --card: whose cards the sheet offers":
      "请给出 --holder 或 --card：支付页面列出谁的卡",
    "give a card to check, or --holder with --amount":
      "请给出要查询的卡片，或用 --holder 加 --amount",
    "give either a card or --holder, not both":
      "请给出卡片或 --holder，二者只能选一",
    "no built-in format {0} and no such file; built in: {1}":
      "没有内置格式 {0}，也没有这个文件；内置：{1}",
    "no card of holder '{0}' in the store":
      "数据库中没有持卡人 '{0}' 的卡",
    "several promotions are installed ({0}) and a decisions file holds one; choose it with --promotion":
      "已安装多个活动（{0}），而一个 decisions 文件只能对应一个；请用 --promotion 选择",
    "several promotions are installed ({0}) and a rewards file holds one; choose it with --promotion":
      "已安装多个活动（{0}），而一个刷卡金文件只能对应一个；请用 --promotion 选择",
    "the --{0} file":
      " --{0} 文件",
    "the demo cannot make a temporary folder in {0}":
      "演示无法在 {0} 中建立临时文件夹",
    "the demo cannot write {0}":
      "演示无法写入 {0}",
    "the demo's step '{0}' failed":
      "演示步骤 '{0}' 失败",
    "the installed promotions ({0}) have different billing cycles; choose one with --promotion":
      "已安装的活动（{0}）结算周期不同；请用 --promotion 选择一个",
    "the store":
      "钱包数据库",
    "the store at {0} reads times in {1} and already holds data read in that zone, so its zone stays {2}; to use {3}, create another store with --db":
      "{0} 的数据库按 {1} 读取时间，且已有按该时区读入的数据，因此时区仍为 {2}；如要使用 {3}，请用 --db 另建一个数据库",
    "the store's {0} file":
      "钱包数据库的 {0} 文件",
    "transactions belong to no promotion; --promotion is for rewards and decisions":
      "交易不属于任何活动；--promotion 只用于 rewards 和 decisions",
    "without --out the rewards go to standard output; give --out a file to write --{0} there":
      "不给 --out 时刷卡金写到标准输出；要让 --{0} 写到标准输出，请用 --out 指定一个文件",
    "{0} is {1}; writing there would destroy it, so choose another file":
      "{0} 是{1}；写入会毁掉它，请另选一个文件",
    "{0} looks like a full card number (ending {1}); wallet never stores card numbers: a card is an id of your choosing, with at most its last four digits":
      "{0} 看起来是完整的卡号（尾号 {1}）；wallet 从不保存卡号：卡片用您自己起的编号表示，最多记录卡号后四位",
    "{0}: {1} is a built-in promotion and cannot be replaced; give yours another id":
      "{0}：{1} 是内置活动，不能替换；请给您的活动另取一个编号",
    "It was made on {0}, a day this promotion does not reward.":
      "消费日期为 {0}，不是本活动返现的日子。",
    "The card's binding is through a channel this promotion does not reward.":
      "这张卡的绑卡渠道不在本活动返现的渠道之内。",
    "The card's binding is not through {0}, the channels this promotion rewards.":
      "这张卡不是通过 {0} 绑定的，本活动只对这些渠道返现。",
    "The merchant is not among those this promotion lists.":
      "商户不在本活动列出的商户之内。",
    "The merchant, of category {0}, is not among those this promotion lists.":
      "商户（类别 {0}）不在本活动列出的商户之内。",
    "The spend that counts has not reached the promotion's threshold.":
      "计入的消费尚未达到本活动的门槛。",
    "The spend that counts has not reached {0} in its {1}.":
      "本期（{1}）计入的消费尚未达到 {0}。",
    "Holder {0} already has every reward this promotion pays in this period.":
      "持卡人 {0} 在本期间内已获本活动可返的全部次数。",
    "Holder {0} already has the most this promotion pays in this period.":
      "持卡人 {0} 在本期间内已获本活动可返的最高金额。",
  ]
}
