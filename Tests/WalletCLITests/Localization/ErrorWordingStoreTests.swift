import Foundation
import Testing
import WalletCore
import WalletJobs
import WalletStore

@testable import WalletCLI

/// The store's errors, as `ErrorWording+Store.swift` words them in English and in Chinese: the
/// sentences users and scripts have always seen, byte for byte, with the options that get past
/// an error named by the command line.
struct ErrorWordingStoreTests {
  /// One case, the English and the Chinese a user reads for it.
  struct Wording: Sendable, CustomTestStringConvertible {
    let error: StoreError
    let english: String
    let chinese: String

    init(_ error: StoreError, _ english: String, _ chinese: String) {
      self.error = error
      self.english = english
      self.chinese = chinese
    }

    var testDescription: String { english }
  }

  static let id = Identifier("C1")
  static let cardNumber = Identifier("4111111111111111")

  static let wordings: [Wording] = [
    Wording(
      .notAStore(path: "a.db"), "a.db is not a wallet store (not a SQLite database)",
      "a.db 不是钱包数据库（不是 SQLite 数据库）"),
    Wording(
      .newerStore(path: "a.db"),
      "a.db was written by a newer version of wallet; upgrade wallet to use it",
      "a.db 由更新版本的 wallet 写入；请升级 wallet 后再使用"),
    Wording(
      .needsUpgrade(path: "a.db"),
      "a.db was written by an older version of wallet and needs upgrading, which a command that "
        + "only reads does not do; run one that writes to it, such as 'wallet init'",
      "a.db 由旧版本的 wallet 写入，需要升级，而只读的命令不会升级它；请运行一个会写入的命令，如 'wallet init'"),
    Wording(
      .foreignDatabase(path: "a.db"),
      "a.db is a SQLite database but not a wallet store; wallet leaves it alone",
      "a.db 是 SQLite 数据库，但不是钱包数据库；wallet 不会动它"),
    Wording(
      .missingStore(path: "a.db"), "no wallet store at a.db; create one with 'wallet init'",
      "a.db 没有钱包数据库；请先用 'wallet init' 创建"),
    Wording(.unknownCard(id), "no card 'C1' in the store", "数据库中没有卡片 'C1'"),
    Wording(
      .unknownCard(cardNumber), "no card (a card number ending 1111, not shown) in the store",
      "数据库中没有卡片 （尾号 1111 的卡号，不显示）"),
    Wording(
      .unknownCard(Identifier("E\u{1B}[31mRED\nX")),
      "no card 'E\\u{1B}[31mRED\\u{A}X' in the store",
      "数据库中没有卡片 'E\\u{1B}[31mRED\\u{A}X'"),
    Wording(.unknownEnrollment(id), "no enrollment 'C1' in the store", "数据库中没有绑卡记录 'C1'"),
    Wording(.unknownTransaction(id), "no transaction 'C1' in the store", "数据库中没有交易 'C1'"),
    Wording(.unknownPromotion(id), "no promotion 'C1' is installed", "没有安装活动 'C1'"),
    Wording(
      .conflict(kind: .card, id: id),
      "card 'C1' is already in the store with different details; use --replace to overwrite",
      "卡片 'C1' 已在数据库中，但内容不同；如需覆盖请加 --replace"),
    Wording(
      .conflict(kind: .enrollment, id: id),
      "enrollment 'C1' is already in the store with different details; use --replace to overwrite",
      "绑卡记录 'C1' 已在数据库中，但内容不同；如需覆盖请加 --replace"),
    Wording(
      .conflict(kind: .transaction, id: cardNumber),
      "transaction '4111111111111111' is already in the store with different details; use "
        + "--replace to overwrite",
      "交易 '4111111111111111' 已在数据库中，但内容不同；如需覆盖请加 --replace"),
    Wording(
      .conflict(kind: .posting, id: id),
      "posting 'C1' is already in the store with different details; use --replace to overwrite",
      "入账记录 'C1' 已在数据库中，但内容不同；如需覆盖请加 --replace"),
    Wording(
      .conflict(kind: .promotion, id: id),
      "promotion 'C1' is already in the store with different details; use --replace to overwrite",
      "活动 'C1' 已在数据库中，但内容不同；如需覆盖请加 --replace"),
    Wording(
      .cardHasTransactions(id, count: 1),
      "card 'C1' has 1 transaction; use --force to remove it with its transactions and "
        + "enrollments",
      "卡片 'C1' 有 1 笔交易；如要连同交易和绑卡记录一起删除，请加 --force"),
    Wording(
      .cardHasTransactions(id, count: 2),
      "card 'C1' has 2 transactions; use --force to remove it with its transactions and "
        + "enrollments",
      "卡片 'C1' 有 2 笔交易；如要连同交易和绑卡记录一起删除，请加 --force"),
    Wording(
      .refundExceedsAmount(
        cardNumber, refunded: Money(minorUnits: 500), amount: Money(minorUnits: 300)),
      "transaction '4111111111111111' would have ¥5.00 refunded, more than its amount ¥3.00",
      "交易 '4111111111111111' 的累计退款将达 ¥5.00，超过其金额 ¥3.00"),
    Wording(
      .cardEnrollmentsNamedElsewhere(id, count: 1),
      "1 transaction on other cards names an enrollment of card 'C1'; use --force to remove "
        + "the card and unlink it",
      "其他卡片上有 1 笔交易指向卡片 'C1' 的绑卡记录；如要删除该卡并解除关联，请加 --force"),
    Wording(
      .cardEnrollmentsNamedElsewhere(id, count: 2),
      "2 transactions on other cards name an enrollment of card 'C1'; use --force to remove "
        + "the card and unlink them",
      "其他卡片上有 2 笔交易指向卡片 'C1' 的绑卡记录；如要删除该卡并解除关联，请加 --force"),
    Wording(
      .builtInPromotion(id), "'C1' is built in and cannot be removed", "'C1' 是内置活动，不能删除"),
    Wording(
      .enrollmentAlreadyRemoved(id, at: Instant(nanosecondsSinceEpoch: 0)),
      "enrollment 'C1' was already removed", "绑卡记录 'C1' 已经解绑"),
    Wording(
      .removalBeforeEnrollment(id),
      "enrollment 'C1' cannot be removed at or before the time it was enrolled",
      "绑卡记录 'C1' 不能在绑定时间或更早解绑"),
    Wording(
      .damagedRow(
        table: "cards", row: id, column: "network", value: "visaa",
        expected: .code(kind: "network")),
      "the store is damaged: table cards, row 'C1', column network holds 'visaa', which is not "
        + "a network wallet knows",
      "数据库已损坏：表 cards 第 'C1' 行的 network 列存的是 'visaa'，不是a network wallet knows"),
    Wording(
      .damagedRow(
        table: "decisions", row: Identifier("T1"), column: "reward", value: nil,
        expected: .amountInFen),
      "the store is damaged: table decisions, row 'T1', column reward holds nothing (NULL), "
        + "which is not an amount in fen",
      "数据库已损坏：表 decisions 第 'T1' 行的 reward 列存的是 空值（NULL），不是an amount in fen"),
    // A card's row is named by what may be a card number; a transaction's by a bank's
    // reference, which SPEC 6 exempts. A value that holds a card number is never shown.
    Wording(
      .damagedRow(
        table: "cards", row: Identifier("4111 1111 1111 1111"), column: "network",
        value: "6222 0200 0000 0000 001", expected: .code(kind: "network")),
      "the store is damaged: table cards, row (a card number ending 1111, not shown), column "
        + "network holds (a card number ending 0001, not shown), which is not a network wallet "
        + "knows",
      "数据库已损坏：表 cards 第 （尾号 1111 的卡号，不显示） 行的 network 列存的是 （尾号 0001 的卡号，不显示），"
        + "不是a network wallet knows"),
    Wording(
      .damagedRow(
        table: "transactions", row: cardNumber, column: "status", value: "gone",
        expected: .code(kind: "transaction status")),
      "the store is damaged: table transactions, row '4111111111111111', column status holds "
        + "'gone', which is not a transaction status wallet knows",
      "数据库已损坏：表 transactions 第 '4111111111111111' 行的 status 列存的是 'gone'，"
        + "不是a transaction status wallet knows"),
    Wording(
      .busy,
      "another wallet command kept the store busy for too long; try again when it has finished",
      "另一个 wallet 命令占用数据库太久；请等它结束后再试"),
    Wording(
      .damagedFile(detail: "database disk image is malformed"),
      "the store is damaged: database disk image is malformed",
      "数据库已损坏：database disk image is malformed"),
    Wording(
      .constraintViolated(detail: "FOREIGN KEY constraint failed"),
      "the store could not be used: FOREIGN KEY constraint failed",
      "无法使用数据库：FOREIGN KEY constraint failed"),
    Wording(
      .unusable(detail: "disk I/O error"), "the store could not be used: disk I/O error",
      "无法使用数据库：disk I/O error"),
    Wording(
      .cannotPrepare(StoreFileProblem(step: .createDirectory, path: "/proc/x", errno: ENOENT)),
      "the store could not be used: cannot create directory /proc/x: No such file or directory",
      "无法使用数据库：无法创建目录 /proc/x：没有这个文件或目录"),
  ]

  @Test(arguments: wordings)
  func aStoreErrorIsWordedInEachLanguage(_ wording: Wording) {
    #expect(wording.error.words(in: .english) == wording.english)
    #expect(wording.error.words(in: .simplifiedChinese) == wording.chinese)
    // The run's language chooses.
    #expect(
      Language.$chosen.withValue(.simplifiedChinese) { wording.error.worded } == wording.chinese)
  }

  /// The name of each case: the switch stops compiling when a case is added, and the test
  /// below fails while the new case has no wording above.
  static func caseName(_ error: StoreError) -> String {
    switch error {
    case .notAStore: "notAStore"
    case .newerStore: "newerStore"
    case .needsUpgrade: "needsUpgrade"
    case .foreignDatabase: "foreignDatabase"
    case .missingStore: "missingStore"
    case .unknownCard: "unknownCard"
    case .unknownEnrollment: "unknownEnrollment"
    case .unknownTransaction: "unknownTransaction"
    case .unknownPromotion: "unknownPromotion"
    case .conflict: "conflict"
    case .cardHasTransactions: "cardHasTransactions"
    case .refundExceedsAmount: "refundExceedsAmount"
    case .cardEnrollmentsNamedElsewhere: "cardEnrollmentsNamedElsewhere"
    case .builtInPromotion: "builtInPromotion"
    case .enrollmentAlreadyRemoved: "enrollmentAlreadyRemoved"
    case .removalBeforeEnrollment: "removalBeforeEnrollment"
    case .damagedRow: "damagedRow"
    case .busy: "busy"
    case .damagedFile: "damagedFile"
    case .constraintViolated: "constraintViolated"
    case .unusable: "unusable"
    case .cannotPrepare: "cannotPrepare"
    }
  }

  @Test func everyStoreErrorCaseIsWorded() {
    #expect(Set(Self.wordings.map { Self.caseName($0.error) }).count == 22)
  }

  @Test(arguments: [
    (StoreError.missingStore(path: "a.db"), WalletCLI.ExitStatus.noInput),
    (.busy, .ioError), (.unusable(detail: "x"), .ioError),
    (.cannotPrepare(StoreFileProblem(step: .createFile, path: "a", errno: EACCES)), .ioError),
    (.constraintViolated(detail: "x"), .ioError),
    (.damagedFile(detail: "x"), .dataError), (.unknownCard(id), .dataError),
  ])
  func aStoreErrorEndsTheCommandWithItsStatus(_ error: StoreError, _ status: WalletCLI.ExitStatus) {
    #expect(error.exitStatus == status)
  }

  @Test(
    "what a damaged column should have held",
    arguments: [
      (StoreError.StoredValue.text, "text"), (.code(kind: "channel"), "a channel wallet knows"),
      (.reason, "a reason wallet knows"), (.currency, "an ISO 4217 currency code"),
      (.merchantCategoryCode, "a four-digit merchant category code"),
      (.wholeNumber, "a whole number"), (.time, "a time"), (.amountInFen, "an amount in fen"),
      (.date, "a date (YYYY-MM-DD)"), (.rewardEnrollment, "the enrollment of a reward"),
      (.refundedBesideOrdinal, "refunded, beside an ordinal"),
      (.sourceKind, "card-statement or app-export"),
    ])
  func aStoredValueIsWorded(_ value: StoreError.StoredValue, _ words: String) {
    #expect(value.englishWords == words)
  }

  static let transaction = Identifier("T1")

  @Test(arguments: [
    (
      StatusChangeError.cannotSettle(transaction, .settled), "transaction 'T1' is already settled",
      "交易 'T1' 已经入账"
    ),
    (
      .cannotSettle(transaction, .reversed),
      "transaction 'T1' is reversed, not pending; only a pending transaction settles",
      "交易 'T1' 的状态是 reversed，不是待入账；只有待入账的交易才能入账"
    ),
    (
      .cannotVoid(transaction, .settled, amount: Money(minorUnits: 150_00), currency: .cny),
      "transaction 'T1' is settled and can no longer be voided (撤销); refund it instead (退款): "
        + "wallet txn refund 'T1' --amount 150.00",
      "交易 'T1' 已入账，不能再撤销；请改为退款：wallet txn refund 'T1' --amount 150.00"
    ),
    (
      .cannotVoid(
        transaction, .settled, amount: Money(minorUnits: 12_00),
        currency: try! Currency.parse("USD")),
      "transaction 'T1' is settled and can no longer be voided (撤销); refund it instead (退款): "
        + "wallet txn refund 'T1' --amount 12.00 (USD)",
      "交易 'T1' 已入账，不能再撤销；请改为退款：wallet txn refund 'T1' --amount 12.00 (USD)"
    ),
    (
      .cannotVoid(transaction, .reversed, amount: Money(minorUnits: 100), currency: .cny),
      "transaction 'T1' is already voided (reversed)", "交易 'T1' 已经撤销（reversed）"
    ),
    (
      .cannotVoid(transaction, .declined, amount: Money(minorUnits: 100), currency: .cny),
      "transaction 'T1' is declined; only a pending transaction can be voided",
      "交易 'T1' 的状态是 declined；只有待入账的交易才能撤销"
    ),
  ])
  func aStatusChangeErrorIsWordedInEachLanguage(
    _ error: StatusChangeError, _ english: String, _ chinese: String
  ) {
    #expect(error.words(in: .english) == english)
    #expect(error.words(in: .simplifiedChinese) == chinese)
  }

  @Test(arguments: [
    (
      MigrationError.newerStore(unknownMigrations: ["x", "y"], userVersion: 9, knownCount: 3),
      "this store was written by a newer version of wallet (it has migrations this version does "
        + "not know: x, y); upgrade wallet to use it",
      "这个数据库由更新版本的 wallet 写入（其中有本版本不认识的迁移：x, y）；请升级 wallet 后再使用"
    ),
    (
      .newerStore(unknownMigrations: [], userVersion: 9, knownCount: 3),
      "this store was written by a newer version of wallet (schema version 9; this version knows "
        + "up to 3); upgrade wallet to use it",
      "这个数据库由更新版本的 wallet 写入（结构版本 9；本版本最多认识 3）；请升级 wallet 后再使用"
    ),
    (
      .historyMismatch(applied: ["a", "b"], userVersion: 1),
      "the store's migration history does not match this version of wallet (applied: a, b; "
        + "schema version 1)",
      "数据库的迁移记录与本版本的 wallet 不符（已应用：a, b；结构版本 1）"
    ),
    (
      .unrecognizedSchema,
      "the database has tables but no wallet migration history; it is not a wallet store",
      "该数据库有表但没有 wallet 的迁移记录；它不是钱包数据库"
    ),
  ])
  func aMigrationErrorIsWordedInEachLanguage(
    _ error: MigrationError, _ english: String, _ chinese: String
  ) {
    #expect(error.words(in: .english) == english)
    #expect(error.words(in: .simplifiedChinese) == chinese)
  }

  @Test(arguments: [
    (
      PaymentRecordingError.zeroTotal,
      "pay.json: the total is 0.00; wallet records a purchase only once its amount is known",
      "pay.json：合计为 0.00；wallet 只在金额确定后才记录消费"
    ),
    (
      .idTaken(cardNumber),
      "transaction '4111111111111111' is already in the store with other details; give this "
        + "payment another id with --id",
      "交易 '4111111111111111' 已在数据库中，但内容不同；请用 --id 给这笔支付另取一个编号"
    ),
  ])
  func aPaymentRecordingErrorIsWordedInEachLanguage(
    _ error: PaymentRecordingError, _ english: String, _ chinese: String
  ) {
    #expect(error.words(file: "pay.json", in: .english) == english)
    #expect(error.words(file: "pay.json", in: .simplifiedChinese) == chinese)
  }
}
