import WalletCore
import WalletJobs
import WalletStore

// The store's errors in words, in every language, in one place: the store throws cases with
// values, and each case is worded here by a switch the compiler checks is exhaustive, so a new
// case cannot reach a user unworded. The options that get past an error (`--replace`,
// `--force`, `--id`) are named here, not by the store, which knows no command line.

extension StoreError {
  /// The error in the run's language.
  var worded: String { words(in: .current) }

  /// The exit status a command that stops at the error ends with: a store that is missing is
  /// missing input, one that SQLite cannot use (busy, a full disk) a failed read or write, and
  /// everything else, a damaged file included, bad data.
  var exitStatus: ExitStatus {
    switch self {
    case .missingStore: .noInput
    case .busy, .constraintViolated, .unusable, .cannotPrepare: .ioError
    default: .dataError
    }
  }

  /// The error as a sentence in `language`.
  func words(in language: Language) -> String {
    switch self {
    case .notAStore(let path):
      let path = ShownValue.path(path)
      return language.says(
        "\(path) is not a wallet store (not a SQLite database)",
        "\(path) 不是钱包数据库（不是 SQLite 数据库）")
    case .newerStore(let path):
      let path = ShownValue.path(path)
      return language.says(
        "\(path) was written by a newer version of wallet; upgrade wallet to use it",
        "\(path) 由更新版本的 wallet 写入；请升级 wallet 后再使用")
    case .needsUpgrade(let path):
      let path = ShownValue.path(path)
      return language.says(
        "\(path) was written by an older version of wallet and needs upgrading, which a command "
          + "that only reads does not do; run one that writes to it, such as 'wallet init'",
        "\(path) 由旧版本的 wallet 写入，需要升级，而只读的命令不会升级它；请运行一个会写入的命令，如 'wallet init'")
    case .foreignDatabase(let path):
      let path = ShownValue.path(path)
      return language.says(
        "\(path) is a SQLite database but not a wallet store; wallet leaves it alone",
        "\(path) 是 SQLite 数据库，但不是钱包数据库；wallet 不会动它")
    case .missingStore(let path):
      let path = ShownValue.path(path)
      return language.says(
        "no wallet store at \(path); create one with 'wallet init'",
        "\(path) 没有钱包数据库；请先用 'wallet init' 创建")
    case .unknownCard(let id):
      let id = ShownID.quoted(id, in: language)
      return language.says("no card \(id) in the store", "数据库中没有卡片 \(id)")
    case .unknownEnrollment(let id):
      let id = ShownID.quoted(id, in: language)
      return language.says("no enrollment \(id) in the store", "数据库中没有绑卡记录 \(id)")
    case .unknownTransaction(let id):
      // An id the store does not hold is no bank's reference but what someone typed or wrote:
      // it is masked as any other value that holds a card number.
      let id = ShownID.quoted(id, in: language)
      return language.says("no transaction \(id) in the store", "数据库中没有交易 \(id)")
    case .unknownPromotion(let id):
      let id = ShownID.quoted(id, in: language)
      return language.says("no promotion \(id) is installed", "没有安装活动 \(id)")
    case .conflict(let kind, let id):
      // Transaction and posting ids may be banks' references, which SPEC 6 exempts.
      let id = ShownID.quoted(id, masks: kind != .transaction && kind != .posting, in: language)
      return language.says(
        "\(kind.rawValue) \(id) is already in the store with different details; use --replace "
          + "to overwrite",
        "\(kind.name(in: language)) \(id) 已在数据库中，但内容不同；如需覆盖请加 --replace")
    case .cardHasTransactions(let id, let count):
      let id = ShownID.quoted(id, in: language)
      return language.says(
        "card \(id) has \(count) transaction\(count == 1 ? "" : "s"); use --force to remove it "
          + "with its transactions and enrollments",
        "卡片 \(id) 有 \(count) 笔交易；如要连同交易和绑卡记录一起删除，请加 --force")
    case .cardEnrollmentsNamedElsewhere(let id, let count):
      let id = ShownID.quoted(id, in: language)
      return language.says(
        "\(count) transaction\(count == 1 ? "" : "s") on other cards name\(count == 1 ? "s" : "") "
          + "an enrollment of card \(id); use --force to remove the card and unlink "
          + "\(count == 1 ? "it" : "them")",
        "其他卡片上有 \(count) 笔交易指向卡片 \(id) 的绑卡记录；如要删除该卡并解除关联，请加 --force")
    case .refundExceedsAmount(let id, let refunded, let amount):
      let id = ShownID.quoted(id, masks: false, in: language)
      return language.says(
        "transaction \(id) would have ¥\(refunded) refunded, more than its amount ¥\(amount)",
        "交易 \(id) 的累计退款将达 ¥\(refunded)，超过其金额 ¥\(amount)")
    case .builtInPromotion(let id):
      let id = ShownID.quoted(id, in: language)
      return language.says("\(id) is built in and cannot be removed", "\(id) 是内置活动，不能删除")
    case .enrollmentAlreadyRemoved(let id, _):
      let id = ShownID.quoted(id, in: language)
      return language.says("enrollment \(id) was already removed", "绑卡记录 \(id) 已经解绑")
    case .removalBeforeEnrollment(let id):
      let id = ShownID.quoted(id, in: language)
      return language.says(
        "enrollment \(id) cannot be removed at or before the time it was enrolled",
        "绑卡记录 \(id) 不能在绑定时间或更早解绑")
    case .damagedRow(let table, let row, let column, let value, let expected):
      // Rows of transactions, decisions and refunds are named by transaction ids, which SPEC 6
      // exempts: banks' references are long digit strings.
      let masks = !["transactions", "decisions", "refunds"].contains(table)
      let row = ShownID.quoted(row, masks: masks, in: language)
      let held = value.map { ShownID.quotedValue($0, in: language) }
      let expected = expected.englishWords
      return language.says(
        "the store is damaged: table \(table), row \(row), column \(column) holds "
          + "\(held ?? "nothing (NULL)"), which is not \(expected)",
        "数据库已损坏：表 \(table) 第 \(row) 行的 \(column) 列存的是 \(held ?? "空值（NULL）")，不是\(expected)")
    case .busy:
      return language.says(
        "another wallet command kept the store busy for too long; try again when it has finished",
        "另一个 wallet 命令占用数据库太久；请等它结束后再试")
    case .damagedFile(let detail):
      return language.says("the store is damaged: \(detail)", "数据库已损坏：\(detail)")
    case .constraintViolated(let detail), .unusable(let detail):
      return language.says("the store could not be used: \(detail)", "无法使用数据库：\(detail)")
    case .cannotPrepare(let problem):
      let path = ShownValue.path(problem.path)
      let (english, chinese) =
        switch problem.step {
        case .createFile: ("cannot create \(path)", "无法创建 \(path)")
        case .createDirectory: ("cannot create directory \(path)", "无法创建目录 \(path)")
        case .openDirectory: ("cannot open directory \(path)", "无法打开目录 \(path)")
        case .readDirectory: ("cannot read directory \(path)", "无法读取目录 \(path)")
        case .setDirectoryMode:
          ("cannot set the mode of directory \(path)", "无法设置目录 \(path) 的权限")
        }
      let reason = (
        ErrorWording.systemWords(problem.errno, in: .english),
        ErrorWording.systemWords(problem.errno, in: .simplifiedChinese)
      )
      return language.says(
        "the store could not be used: \(english): \(reason.0)", "无法使用数据库：\(chinese)：\(reason.1)")
    }
  }
}

extension StoreError.RecordKind {
  /// The kind's name in `language`, as a sentence names the record.
  func name(in language: Language) -> String {
    switch self {
    case .card: language.says("card", "卡片")
    case .enrollment: language.says("enrollment", "绑卡记录")
    case .transaction: language.says("transaction", "交易")
    case .posting: language.says("posting", "入账记录")
    case .promotion: language.says("promotion", "活动")
    }
  }
}

extension StoreError.StoredValue {
  /// What the column should have held, as the message says it. It stays in English in every
  /// language: it speaks of the file's contents to whoever repairs it.
  var englishWords: String {
    switch self {
    case .text: "text"
    case .code(let kind): "a \(kind) wallet knows"
    case .reason: "a reason wallet knows"
    case .currency: "an ISO 4217 currency code"
    case .merchantCategoryCode: "a four-digit merchant category code"
    case .wholeNumber: "a whole number"
    case .time: "a time"
    case .amountInFen: "an amount in fen"
    case .date: "a date (YYYY-MM-DD)"
    case .rewardEnrollment: "the enrollment of a reward"
    case .refundedBesideOrdinal: "refunded, beside an ordinal"
    case .readablePromotion(let error):
      "a promotion wallet can read (\(ErrorWording.words(error, in: .english)))"
    case .sourceKind: "card-statement or app-export"
    case .methodSource: "format-rule, rules-file or command-line"
    }
  }
}

extension StatusChangeError {
  /// The error in the run's language.
  var worded: String { words(in: .current) }

  /// The error as a sentence in `language`; a settled transaction that cannot be voided is
  /// told the `txn refund` command that takes back what is left of it.
  func words(in language: Language) -> String {
    switch self {
    case .cannotSettle(let id, .settled):
      let id = Self.shown(id, in: language)
      return language.says("transaction \(id) is already settled", "交易 \(id) 已经入账")
    case .cannotSettle(let id, let status):
      let id = Self.shown(id, in: language)
      return language.says(
        "transaction \(id) is \(status), not pending; only a pending transaction settles",
        "交易 \(id) 的状态是 \(status)，不是待入账；只有待入账的交易才能入账")
    case .cannotVoid(let id, .settled, let amount, let currency):
      let id = Self.shown(id, in: language)
      let command =
        "wallet txn refund \(id) --amount \(amount)" + (currency == .cny ? "" : " (\(currency))")
      return language.says(
        "transaction \(id) is settled and can no longer be voided (撤销); refund it instead "
          + "(退款): \(command)",
        "交易 \(id) 已入账，不能再撤销；请改为退款：\(command)")
    case .cannotVoid(let id, .reversed, _, _):
      let id = Self.shown(id, in: language)
      return language.says(
        "transaction \(id) is already voided (reversed)", "交易 \(id) 已经撤销（reversed）")
    case .cannotVoid(let id, let status, _, _):
      let id = Self.shown(id, in: language)
      return language.says(
        "transaction \(id) is \(status); only a pending transaction can be voided",
        "交易 \(id) 的状态是 \(status)；只有待入账的交易才能撤销")
    }
  }

  // Transaction ids are exempt from masking (banks' references), but never print raw.
  private static func shown(_ id: Identifier, in language: Language) -> String {
    ShownID.quoted(id, masks: false, in: language)
  }
}

extension MigrationError {
  /// The error in the run's language.
  var worded: String { words(in: .current) }

  /// The error as a sentence in `language`. The store turns these into ``StoreError``s when
  /// it opens a file; they are worded for anything else that migrates a database.
  func words(in language: Language) -> String {
    switch self {
    case .newerStore(let unknown, _, _) where !unknown.isEmpty:
      let names = unknown.joined(separator: ", ")
      return language.says(
        "this store was written by a newer version of wallet (it has migrations this version "
          + "does not know: \(names)); upgrade wallet to use it",
        "这个数据库由更新版本的 wallet 写入（其中有本版本不认识的迁移：\(names)）；请升级 wallet 后再使用")
    case .newerStore(_, let userVersion, let knownCount):
      return language.says(
        "this store was written by a newer version of wallet (schema version \(userVersion); "
          + "this version knows up to \(knownCount)); upgrade wallet to use it",
        "这个数据库由更新版本的 wallet 写入（结构版本 \(userVersion)；本版本最多认识 \(knownCount)）；请升级 wallet 后再使用")
    case .historyMismatch(let applied, let userVersion):
      let names = applied.joined(separator: ", ")
      return language.says(
        "the store's migration history does not match this version of wallet (applied: "
          + "\(names); schema version \(userVersion))",
        "数据库的迁移记录与本版本的 wallet 不符（已应用：\(names)；结构版本 \(userVersion)）")
    case .unrecognizedSchema:
      return language.says(
        "the database has tables but no wallet migration history; it is not a wallet store",
        "该数据库有表但没有 wallet 的迁移记录；它不是钱包数据库")
    }
  }
}

extension PaymentRecordingError {
  /// The error in the run's language, about the payment request read from `file` (as shown).
  func worded(file: String) -> String { words(file: file, in: .current) }

  /// The error as a sentence in `language`; a payment whose id is taken is told `--id`, which
  /// gives it another.
  func words(file: String, in language: Language) -> String {
    switch self {
    case .zeroTotal:
      return language.says(
        "\(file): the total is 0.00; wallet records a purchase only once its amount is known",
        "\(file)：合计为 0.00；wallet 只在金额确定后才记录消费")
    case .idTaken(let existing):
      let id = ShownValue.quoted(existing.rawValue, masksCardNumbers: false)
      return language.says(
        "transaction \(id) is already in the store with other details; give this payment "
          + "another id with --id",
        "交易 \(id) 已在数据库中，但内容不同；请用 --id 给这笔支付另取一个编号")
    }
  }
}

extension Language {
  /// The text of this language among one per language, English first.
  fileprivate func says(_ english: String, _ simplifiedChinese: String) -> String {
    switch self {
    case .english: english
    case .simplifiedChinese: simplifiedChinese
    }
  }
}
