import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet export`: the SPEC's files from a store, for analysts and spreadsheets.
struct ExportCommandTests {
  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: WalletProcess.sample("expected/\(name)"), encoding: .utf8)
  }

  @Test func rewardsAreTheExpectedFile() throws {
    let session = try StoreSession()
    try session.importSample()
    let rewards = try Self.expected("rewards.csv")
    let standardOutput = try session.succeed(["export", "rewards"])
    #expect(standardOutput.stdout == rewards)
    #expect(standardOutput.stderr.isEmpty)
    #expect(try session.succeed(["export", "rewards", "--out", "-"]).stdout == rewards)

    let toFile = try session.succeed(["export", "rewards", "--out", "rewards.csv"])
    #expect(toFile.stdout.isEmpty)
    #expect(toFile.stderr == "Exported 11 rewards to rewards.csv.\n")
    #expect(session.folder.read("rewards.csv") == rewards)
    // Written beside the target and renamed: nothing else is left in the folder.
    #expect(session.folder.fileNames == ["rewards.csv", "store"])
  }

  @Test func decisionsHaveEveryTransactionInTimeOrder() throws {
    let session = try StoreSession()
    try session.importSample()
    let exported = try session.succeed(["export", "decisions"]).stdout.lines
    let expected = try Self.expected("decisions.csv").lines
    #expect(exported.first == expected.first)
    // The same 25 rows as the batch's file, which is in the order of the input file...
    #expect(exported.count == 26)
    #expect(exported.dropFirst().sorted() == expected.dropFirst().sorted())
    // ...and here in the store's order: by time, then id, as `txn list` has them.
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
      .dropFirst().map { $0.prefix { $0 != "," } }
    #expect(exported.dropFirst().map { $0.prefix { $0 != "," } } == Array(listed))
    #expect(exported[1].hasPrefix("T1001,"))
    #expect(exported.firstIndex { $0.hasPrefix("T3005,") } == 7)
  }

  @Test func transactionsRoundTrip() throws {
    let session = try StoreSession()
    try session.importSample()
    // A time with a fraction of a second must come back as the same instant.
    try session.succeed([
      "txn", "add", "--id", "T9001", "--card", "C-WF-CREDIT", "--amount", "12.34", "--at",
      "2026-11-30T10:00:00.123456789+08:00", "--merchant", "全家, 静安店",
    ])
    try session.succeed(["txn", "refund", "T9001", "--amount", "2"])
    let exported = try session.succeed(["export", "transactions", "--out", "transactions.csv"])
    #expect(exported.stderr == "Exported 26 transactions to transactions.csv.\n")
    let text = try #require(session.folder.read("transactions.csv"))
    #expect(
      text.lines.first
        == "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc")
    #expect(
      text.lines.last
        == "T9001,C-WF-CREDIT,2026-11-30T10:00:00.123456789+08:00,12.34,CNY,apple-pay,settled,2.00,,"
        + "\"全家, 静安店\",")

    // Into the same store: every row is already there.
    let again = try session.succeed(["import", "transactions", "transactions.csv"])
    #expect(again.stderr == "transactions.csv: 0 new, 26 already present, 0 replaced, 0 invalid\n")

    // Into a fresh store: the same transactions, the same decisions, the same export.
    let fresh = try StoreSession()
    try fresh.succeed(["init"])
    try fresh.succeed(["import", "cards", WalletProcess.sample("cards.csv")])
    try fresh.succeed(["import", "enrollments", WalletProcess.sample("enrollments.csv")])
    try fresh.succeed(["import", "transactions", session.folder.path("transactions.csv")])
    #expect(try fresh.succeed(["export", "transactions"]).stdout == text)
    #expect(
      try fresh.succeed(["export", "decisions"]).stdout
        == (try session.succeed(["export", "decisions"]).stdout))
  }

  @Test func fromAndToAreWholeDaysInTheFilesZone() throws {
    let session = try StoreSession()
    try session.importSample()
    func ids(_ arguments: [String]) throws -> [String] {
      try session.succeed(["export"] + arguments).stdout.lines.dropFirst().map {
        String($0.prefix { $0 != "," })
      }
    }
    // T1003 at 23:59:59 on the 21st is in; T1004 at midnight on the 22nd is not.
    #expect(try ids(["transactions", "--from", "2026-06-21", "--to", "2026-06-21"]) == ["T1003"])
    #expect(
      try ids(["transactions", "--from", "2026-11-22"]) == ["T2008", "T4002", "T4003"])
    #expect(try ids(["transactions", "--to", "2026-05-28"]) == ["T1001"])
    // Rewards are selected by the purchase's time too (their first column is the holder).
    let rewards = try session.succeed([
      "export", "rewards", "--from", "2026-06-22", "--to", "2026-06-22",
    ])
    #expect(
      rewards.stdout.lines == [
        "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward",
        "H001,2026-06-22,2026-07-21,2,T1004,C-WF-CREDIT,bank-app,2026-06-22T00:00:00+08:00,100.00,15.00",
      ])
    #expect(try ids(["decisions", "--from", "2026-11-25"]) == ["T4002", "T4003"])

    // T2008 was paid at 16:00 UTC on the 21st: the 22nd in Shanghai, the 21st for a promotion
    // in UTC.
    try session.write("monthly.json", PromotionCommandTests.monthly)
    try session.succeed(["promotion", "add", "monthly.json"])
    let day = ["--from", "2026-11-21", "--to", "2026-11-21"]
    #expect(try ids(["decisions", "--promotion", "bocom-applepay-monthly"] + day) == [])
    #expect(try ids(["decisions", "--promotion", "test-monthly"] + day) == ["T2008"])
    #expect(try ids(["transactions"] + day) == [])
  }

  /// Values that a spreadsheet would run as formulas, in every text column that can hold them.
  static let hostileCards = "card,holder,network,type,issuer\n=C1,@H1,unionpay,credit,bocom\n"
  static let hostileEnrollments =
    "id,card,channel,enrolled_at\n+E1,=C1,bank-app,2026-01-01T00:00:00+08:00\n"
  static let hostileTransactions = """
    id,card,time,amount,merchant
    T1,=C1,2026-03-01T10:00:00+08:00,150.00,"=HYPERLINK(""http://evil.example"",""x"")"
    -T2,=C1,2026-04-01T10:00:00+08:00,200.50,+1
    @T3,=C1,2026-05-01T10:00:00+08:00,99.00,-2
    T4,=C1,2026-05-02T10:00:00+08:00,300.00,@x

    """

  func hostileStore() throws -> StoreSession {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("cards.csv", Self.hostileCards)
    try session.write("enrollments.csv", Self.hostileEnrollments)
    try session.write("transactions.csv", Self.hostileTransactions)
    for kind in ["cards", "enrollments", "transactions"] {
      try session.succeed(["import", kind, "\(kind).csv"])
    }
    return session
  }

  static let byteOrderMark = "\u{FEFF}"

  @Test func excelNeutralisesTextCellsAndKeepsNumbers() throws {
    let session = try hostileStore()

    let transactions = try session.succeed(["export", "transactions", "--excel"]).stdout
    #expect(transactions.hasPrefix(Self.byteOrderMark + "id,card,time,"))
    let rows = String(transactions.dropFirst()).lines
    #expect(
      rows == [
        "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc",
        "T1,'=C1,2026-03-01T10:00:00+08:00,150.00,CNY,apple-pay,settled,0.00,,"
          + "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\",",
        "'-T2,'=C1,2026-04-01T10:00:00+08:00,200.50,CNY,apple-pay,settled,0.00,,'+1,",
        "'@T3,'=C1,2026-05-01T10:00:00+08:00,99.00,CNY,apple-pay,settled,0.00,,'-2,",
        "T4,'=C1,2026-05-02T10:00:00+08:00,300.00,CNY,apple-pay,settled,0.00,,'@x,",
      ])

    let rewards = try session.succeed(["export", "rewards", "--excel"]).stdout
    #expect(
      rewards.lines == [
        Self.byteOrderMark
          + "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward",
        "'@H1,2026-02-22,2026-03-21,1,T1,'=C1,bank-app,2026-03-01T10:00:00+08:00,150.00,10.00",
        "'@H1,2026-03-22,2026-04-21,2,'-T2,'=C1,bank-app,2026-04-01T10:00:00+08:00,200.50,15.00",
        "'@H1,2026-04-22,2026-05-21,3,T4,'=C1,bank-app,2026-05-02T10:00:00+08:00,300.00,20.00",
      ])

    let decisions = try session.succeed(["export", "decisions", "--excel", "-o", "d.csv"])
    #expect(decisions.stdout.isEmpty)
    let written = try #require(session.folder.read("d.csv"))
    #expect(
      written.lines == [
        Self.byteOrderMark
          + "transaction,holder,card,cycle_start,outcome,reason,ordinal,reward",
        "T1,'@H1,'=C1,2026-02-22,rewarded,,1,10.00",
        "'-T2,'@H1,'=C1,2026-03-22,rewarded,,2,15.00",
        "'@T3,'@H1,'=C1,2026-04-22,not-rewarded,below-minimum,,",
        "T4,'@H1,'=C1,2026-04-22,rewarded,,3,20.00",
      ])
  }

  @Test func withoutExcelTheDataIsWrittenAsItIs() throws {
    let session = try hostileStore()
    let transactions = try session.succeed(["export", "transactions"]).stdout
    #expect(!transactions.hasPrefix(Self.byteOrderMark))
    #expect(!transactions.contains("'"))
    #expect(transactions.contains("\n-T2,=C1,2026-04-01T10:00:00+08:00,200.50,CNY"))
    #expect(transactions.contains(",\"=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\","))
    // And it re-imports: every row is already in the store.
    try session.write("again.csv", transactions)
    let again = try session.succeed(["import", "transactions", "again.csv"])
    #expect(again.stderr.contains(": 0 new, 4 already present,"))
  }

  @Test func choosingThePromotion() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write("monthly.json", PromotionCommandTests.monthly)
    try session.succeed(["promotion", "add", "monthly.json"])
    for file in ["rewards", "decisions"] {
      let result = try session.run(["export", file, "--out", "out.csv"])
      #expect(result.status == 64)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr.hasPrefix(
          "Error: several promotions are installed (bocom-applepay-monthly, test-monthly) and a "
            + "\(file) file holds one; choose it with --promotion\nUsage: wallet export"))
      #expect(!session.folder.exists("out.csv"))
    }
    let chosen = try session.succeed(["export", "rewards", "--promotion", "test-monthly"])
    #expect(chosen.stdout.contains("\r\nH004,2026-11-01,2026-11-30,2,T4002,C-CJ-MC,bank-app,"))
    // Transactions belong to no promotion, and need none.
    #expect(try session.succeed(["export", "transactions"]).stdout.lines.count == 26)
    let unknown = try session.run(["export", "rewards", "--promotion", "nope"])
    #expect(unknown.status == 65)
  }

  static let usageCases: [([String], String)] = [
    (
      ["transactions", "--promotion", "bocom-applepay-monthly"],
      "transactions belong to no promotion"
    ),
    (
      ["rewards", "--from", "2026-12-01", "--to", "2026-11-30"], "--to 2026-11-30 is before --from"
    ),
    (["rewards", "--from", "2026-13-01"], "'--from <date>'"),
    (["payments"], "expected one of: rewards, decisions, transactions"),
    (["rewards", "--out", ""], "--out needs a file name"),
  ]

  @Test(arguments: usageCases)
  func usageErrors(arguments: [String], message: String) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let result = try session.run(["export"] + arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func withoutAStoreNothingIsWritten() throws {
    let session = try StoreSession()
    let result = try session.run(["export", "rewards", "--out", "rewards.csv"])
    #expect(result.status == 66)
    #expect(session.folder.fileNames.isEmpty)
  }
}
