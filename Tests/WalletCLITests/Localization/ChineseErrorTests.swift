import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The errors a cardholder meets most — a bad cell in a file, a broken promotion file, a usage
/// mistake inside a command, an id the store has never seen — are in Chinese when the language
/// is, with the same exit status and the same file:line:column as in English.
struct ChineseErrorTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  /// The run in English and in Chinese: the same status; stderr's first line of each.
  static func both(_ session: StoreSession, _ arguments: [String]) throws
    -> (status: Int32, english: String, chinese: String)
  {
    let english = try session.run(arguments)
    let chinese = try session.run(arguments, environment: Self.chinese)
    #expect(english.status == chinese.status, "\(arguments)")
    #expect(english.stdout == chinese.stdout, "\(arguments)")
    let first = { (text: String) in String(text.split(separator: "\n").first ?? "") }
    return (english.status, first(english.stderr), first(chinese.stderr))
  }

  @Test func aBadCellOnImport() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "bad.csv",
      "id,card,time,amount\nT9001,C-ZW-BOCOM,2026-11-02T10:00:00+08:00,-5.00\n")
    let run = try Self.both(session, ["import", "transactions", "bad.csv"])
    #expect(run.status == 65)
    #expect(run.english == "Error: bad.csv:2:4: amount '-5.00': an amount cannot be negative")
    #expect(run.chinese == "错误：bad.csv:2:4：amount '-5.00'：金额不能为负数")
  }

  @Test func aMalformedPromotionFile() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("promo.json", #"{"id": "P1", "minimumSpend": "abc", }"#)
    let run = try Self.both(session, ["promotion", "add", "promo.json"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: promo.json:1:"), "\(run.english)")
    #expect(run.english.contains("not valid JSON"))
    // The same place, then the sentence in Chinese.
    let place = try #require(run.english.split(separator: " ").dropFirst().first)
    #expect(run.chinese.hasPrefix("错误：" + place.dropLast()), "\(run.chinese)")
    #expect(run.chinese.contains("不是有效的 JSON"), "\(run.chinese)")
  }

  @Test func aFieldOfAPromotionFile() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("promo.json", #"{"id": "P1", "minimumSpend": 100}"#)
    let run = try Self.both(session, ["promotion", "add", "promo.json"])
    #expect(run.status == 65)
    #expect(run.english.contains("field 'minimumSpend': must be an amount written as a string"))
    #expect(run.chinese.contains("字段 'minimumSpend'：必须是写成字符串的金额"), "\(run.chinese)")
  }

  @Test func aUsageErrorInsidePay() throws {
    let session = try StoreSession()
    try session.importSample()
    let request = WalletProcess.packageRoot.appendingPathComponent(
      "data/requests/unionpay-emv-cny.json"
    ).path
    let run = try Self.both(
      session, ["pay", request, "--holder", "H003", "--card", "C-ZW-BOCOM"])
    #expect(run.status == 64)
    #expect(run.english == "Error: give --holder or --card, not both")
    #expect(run.chinese == "错误：请给出 --holder 或 --card，二者只能选一")
  }

  @Test func anUnknownHolder() throws {
    let session = try StoreSession()
    try session.importSample()
    let run = try Self.both(session, ["statement", "--holder", "ghost"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: no holder 'ghost' in the store"), "\(run.english)")
    #expect(run.chinese.hasPrefix("错误：数据库中没有持卡人 'ghost'"), "\(run.chinese)")
  }

  @Test func aTransactionThatCannotBeVoided() throws {
    let session = try StoreSession()
    try session.importSample()
    let run = try Self.both(session, ["txn", "void", "T1001"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: transaction 'T1001' is settled"), "\(run.english)")
    #expect(run.chinese.hasPrefix("错误：交易 'T1001' 已入账，不能再撤销"), "\(run.chinese)")
  }

  /// The parser's mistakes and a value's refusal, worded in the language `--lang` chooses even
  /// when it comes after the mistake on the command line.
  @Test(arguments: [
    (
      ["card", "list", "--fromat", "csv"],
      "Error: Unknown option '--fromat'. Did you mean '--format'?",
      "错误：未知选项 '--fromat'。您是不是要用 '--format'？"
    ),
    (
      ["txn", "list", "--from", "2026-13"],
      "Error: The value '2026-13' is invalid for '--from <date>': that month does not exist",
      "错误：'--from <date>' 的取值 '2026-13' 无效：该月份不存在"
    ),
    (
      ["txn", "list", "--limit", "0"], "Error: --limit must be a whole number greater than zero",
      "错误：--limit 必须是大于零的整数"
    ),
    (
      ["txn", "list", "--waiting", "--cycle", "2026-11"],
      "Error: --waiting takes only --holder, --card, --limit and --format",
      "错误：--waiting 只接受 --holder、--card、--limit 和 --format"
    ),
  ])
  func aUsageErrorBeforeLang(arguments: [String], english: String, chinese: String) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let inEnglish = try session.run(arguments)
    let inChinese = try session.run(arguments + ["--lang", "zh-Hans"])
    #expect(inEnglish.status == 64 && inChinese.status == 64)
    #expect(inEnglish.stderr.split(separator: "\n").first.map(String.init) == english)
    #expect(inChinese.stderr.split(separator: "\n").first.map(String.init) == chinese)
  }

  /// A mistake in `--lang` itself is worded in the language of the environment.
  @Test func aBadLangInTheEnvironmentsLanguage() throws {
    let session = try StoreSession()
    let run = try session.run(["--lang=", "card", "list"], environment: Self.chinese)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("错误：'--lang <language>' 的取值 '' 无效：请用 en 或 zh-Hans\n"))
  }

  @Test func aConflictingRowOfAnImport() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write(
      "cards.csv", "card,holder,network,type,role,issuer,last4\nC1,H1,visa,credit,,,\n")
    try session.succeed(["import", "cards", "cards.csv"])
    try session.write(
      "more.csv", "card,holder,network,type,role,issuer,last4\nC1,H1,visa,debit,,,\n")
    let run = try Self.both(session, ["import", "cards", "more.csv"])
    #expect(run.status == 65)
    #expect(
      run.english
        == "Error: more.csv:2:1: card 'C1' is already in the store with other details (type is "
        + "credit there, debit here); use --replace to overwrite")
    #expect(
      run.chinese == "错误：more.csv:2:1：卡片 'C1' 已在数据库中，但内容不同（卡类型：数据库中为 credit，本次为 debit）；"
        + "如需覆盖请加 --replace")
    let skipped = try session.run(
      ["import", "enrollments", "e.csv", "--skip-invalid"], environment: Self.chinese)
    #expect(skipped.status == 66)
    try session.write("e.csv", "card,channel,enrolled_at\nC9,wallet,2023-01-01T00:00\n")
    let unknown = try session.run(
      ["import", "enrollments", "e.csv", "--skip-invalid"], environment: Self.chinese)
    // Its only row skipped, nothing of the file is used: the row, then the error.
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr
        == "已跳过 e.csv:2:1：数据库中没有卡片 'C9'\n错误：e.csv 的每一行都因无效而被跳过；文件中没有任何内容被使用\n",
      "\(unknown.stderr)")
  }

  @Test func aStatementsRowsAndPurchasesWithoutAMethod() throws {
    let session = try ImportStatementTests.wallet()
    let bocom = ImportStatementTests.fixture("bocom-credit.csv")
    // The summary comes first, then the error.
    let undecided = try session.run(
      ["import", "statement", bocom, "--card", "BOCOM"], environment: Self.chinese)
    #expect(undecided.status == 65)
    #expect(
      undecided.stderr.hasSuffix(
        ":2:3：2 笔消费没有支付方式（第 2, 11 行）：对账单很少注明是否用了 Apple Pay，wallet 不会猜测。请用 --method "
          + "apple-pay|card|other 决定文件中其余各行，或按商户、摘要、金额或日期用规则文件决定（--rules FILE，"
          + "见 wallet-formats(5)）；--dry-run 会列出每一行\n"), "\(undecided.stderr)")
    try session.succeed(["card", "remove", "ICBC", "--force"])
    let icbc = ImportStatementTests.fixture("icbc-credit.csv")
    let missing = try Self.both(session, ["import", "statement", icbc])
    #expect(missing.status == 65)
    #expect(
      missing.english.hasSuffix(
        "no card ending 0001 in the store; add it with 'wallet card "
          + "add ID --last4 0001 …', or name the card with --card"), "\(missing.english)")
    #expect(
      missing.chinese.hasSuffix(
        "：数据库中没有尾号为 0001 的卡；请用 'wallet card add ID --last4 0001 …' 添加，或用 --card 指明卡片"),
      "\(missing.chinese)")
  }
}
