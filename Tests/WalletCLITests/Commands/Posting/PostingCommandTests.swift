import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet import postings` and `wallet posting add|list|remove`, run as a user runs them.
struct PostingCommandTests {
  /// Two credits without ids on the same day and a clawback that names the first, with a BOM,
  /// columns out of order and values to trim.
  static let file = """
    \u{FEFF}Card,date,KIND,amount,transaction,reverses,id,description
    C1,2026-01-25,credit,20.00,T1,,,刷卡金返还
    C1 ,2026-01-25,Credit,20.00,,,,"返还, 第二笔"
    C1,2026-02-03,clawback,20.00,T1,C1:2026-01-25:credit:20.00:1,ADJ-1,刷卡金扣回

    """

  /// A store with card C1 of holder H1 and card C2 of holder H2.
  static func twoCards() throws -> StoreSession { try twoCardsTemplate.session() }

  /// What `twoCards()` copies, made once per run (see `StoreTemplate`).
  private static let twoCardsTemplate = StoreTemplate { session in
    try session.smallWallet()
    try session.succeed([
      "card", "add", "C2", "--holder", "H2", "--network", "visa", "--type", "credit",
    ])
  }

  @Test func importingTwiceChangesNothing() throws {
    let session = try Self.twoCards()
    try session.write("postings.csv", Self.file)
    let first = try session.succeed(["import", "postings", "postings.csv"])
    #expect(first.stderr.contains("postings.csv: 3 new, 0 already present, 0 replaced, 0 invalid"))
    let listed = try session.succeed(["posting", "list", "--format", "csv"]).stdout
    let bytes = try session.storeBytes()

    let second = try session.succeed(["import", "postings", "postings.csv"])
    #expect(
      second.stderr.contains("postings.csv: 0 new, 3 already present, 0 replaced, 0 invalid"))
    #expect(try session.storeBytes() == bytes)
    #expect(try session.succeed(["posting", "list", "--format", "csv"]).stdout == listed)
    #expect(
      listed == "id,card,date,kind,amount,transaction,reverses,description\r\n"
        + "C1:2026-01-25:credit:20.00:1,C1,2026-01-25,credit,20.00,T1,,刷卡金返还\r\n"
        + "C1:2026-01-25:credit:20.00:2,C1,2026-01-25,credit,20.00,,,\"返还, 第二笔\"\r\n"
        + "ADJ-1,C1,2026-02-03,clawback,20.00,T1,C1:2026-01-25:credit:20.00:1,刷卡金扣回\r\n")
  }

  @Test func theCSVListImportsIntoAnotherStoreByteForByte() throws {
    let session = try Self.twoCards()
    try session.write("postings.csv", Self.file)
    try session.succeed(["import", "postings", "postings.csv"])
    try session.succeed([
      "posting", "add", "--card", "C2", "--date", "2026-03-01", "--kind", "credit", "--amount",
      "15", "--id", "4111111111111111",
    ])
    let listed = try session.succeed(["posting", "list", "--format", "csv"]).stdout

    let other = try Self.twoCards()
    try other.write("listed.csv", listed)
    try other.succeed(["import", "postings", "listed.csv"])
    #expect(try other.succeed(["posting", "list", "--format", "csv"]).stdout == listed)
  }

  @Test func addListAndRemove() throws {
    let session = try Self.twoCards()
    let add = [
      "posting", "add", "--card", "C1", "--date", "2026-01-25", "--kind", "Credit", "--amount",
      "20.00", "--transaction", "T1", "--description", "刷卡金返还",
    ]
    let added = try session.succeed(add)
    #expect(added.stdout.isEmpty)
    #expect(
      added.stderr
        == "Recorded a credit of ¥20.00 to card C1 on 2026-01-25 "
        + "(posting C1:2026-01-25:credit:20.00:1).\n")
    #expect(
      try session.succeed(add).stderr
        == "Posting C1:2026-01-25:credit:20.00:1 is already in the store; nothing changed.\n")
    // The id an imported file gives the same row: adding by hand, then importing, counts once.
    try session.write("postings.csv", Self.file)
    try session.succeed(["import", "postings", "postings.csv"])
    try session.succeed([
      "posting", "add", "--card", "C2", "--date", "2026-01-01", "--kind", "clawback", "--amount",
      "5", "--id", "P-C2",
    ])

    let table = try session.succeed(["posting", "list", "--holder", "H1"]).stdout
    #expect(
      table == """
        id                            card  date        kind      amount  transaction  reverses                      description
        C1:2026-01-25:credit:20.00:1  C1    2026-01-25  credit    ¥20.00  T1                                         刷卡金返还
        C1:2026-01-25:credit:20.00:2  C1    2026-01-25  credit    ¥20.00                                             返还, 第二笔
        ADJ-1                         C1    2026-02-03  clawback  ¥20.00  T1           C1:2026-01-25:credit:20.00:1  刷卡金扣回

        """)
    let json = try session.succeed(["posting", "list", "--card", "C2", "--format", "json"]).stdout
    #expect(
      json == """
        [
          {
            "id": "P-C2",
            "card": "C2",
            "date": "2026-01-01",
            "kind": "clawback",
            "amount": "5.00",
            "transaction": null,
            "reverses": null,
            "description": null
          }
        ]

        """)

    let removed = try session.succeed(["posting", "remove", "P-C2"])
    #expect(
      removed.stderr == "Removed posting P-C2: a clawback of ¥5.00 from card C2 on 2026-01-01.\n")
    let none = try session.succeed(["posting", "list", "--holder", "H2"])
    #expect(none.stdout.isEmpty)
    #expect(none.stderr == "No postings.\n")
    let again = try session.run(["posting", "remove", "P-C2"])
    #expect(again.status == 65)
    #expect(again.stderr.hasPrefix("Error: no posting 'P-C2' in the store"))
  }

  @Test func otherDetailsUnderTheSameIDNeedReplace() throws {
    let session = try Self.twoCards()
    let add = ["posting", "add", "--card", "C1", "--date", "2026-01-25", "--id", "P1"]
    try session.succeed(add + ["--kind", "credit", "--amount", "20"])
    let conflict = try session.run(add + ["--kind", "credit", "--amount", "25"])
    #expect(conflict.status == 65)
    #expect(
      conflict.stderr
        == "Error: posting 'P1' is already in the store with other details (amount is ¥20.00 "
        + "there, ¥25.00 here); use --replace to overwrite\n")
    try session.write("p.csv", "id,card,date,kind,amount\nP1,C1,2026-01-25,credit,30\n")
    let imported = try session.run(["import", "postings", "p.csv"])
    #expect(imported.status == 65)
    #expect(
      imported.stderr
        == "Error: p.csv:2:1: posting 'P1' is already in the store with other details (amount "
        + "is ¥20.00 there, ¥30.00 here); use --replace to overwrite\n")
    try session.succeed(["import", "postings", "p.csv", "--replace"])
    #expect(try session.succeed(["posting", "list", "--format", "csv"]).stdout.contains(",30.00,"))
  }

  @Test(arguments: [
    ("card,date,kind,amount\nC9,2026-01-25,credit,20\n", "p.csv:2:1: no card 'C9' in the store"),
    ("amount,kind,date,card\n20,refund,2026-01-25,C1\n", "p.csv:2:2: kind 'refund'"),
    ("amount,kind,date,card\n20,credit,25/01/2026,C1\n", "p.csv:2:3: date '25/01/2026'"),
    ("amount,kind,date,card\n1e3,credit,2026-01-25,C1\n", "p.csv:2:1: amount '1e3'"),
    (
      "id,card,date,kind,amount\nP1,C1,2026-01-25,credit,20\nP1,C1,2026-01-26,credit,20\n",
      "p.csv:3:1: posting 'P1' is listed twice (first on line 2)"
    ),
    (
      "card,date,kind,amount,description\nC1,2026-01-25,credit,20,6222020000000000001\n",
      "p.csv:2:5: description looks like a full card number (ending 0001)"
    ),
  ])
  func badFilesExit65AtTheirLineAndColumnAndKeepNothing(_ text: String, _ expected: String)
    throws
  {
    let session = try Self.twoCards()
    try session.write("p.csv", text)
    let bytes = try session.storeBytes()
    let result = try session.run(["import", "postings", "p.csv"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: \(expected)"), "\(result.stderr)")
    #expect(!result.stderr.contains(StoreSession.cardNumber))
    #expect(try session.storeBytes() == bytes)
  }

  @Test func skippedRowsAreReportedAndTheOthersImported() throws {
    let session = try Self.twoCards()
    try session.write(
      "p.csv", "card,date,kind,amount\nC1,2026-01-25,credit,20\nC9,2026-01-25,credit,20\n")
    let result = try session.succeed(["import", "postings", "p.csv", "--skip-invalid"])
    #expect(result.stderr.contains("skipped p.csv:3:1: no card 'C9' in the store"))
    #expect(result.stderr.contains("p.csv: 1 new, 0 already present, 0 replaced, 1 invalid"))
  }

  @Test(arguments: [
    [
      "posting", "add", "--card", "C1", "--date", "2026-01-25T10:00", "--kind", "credit",
      "--amount", "20",
    ],
    [
      "posting", "add", "--card", "C1", "--date", "2026-01-25", "--kind", "refund", "--amount",
      "20",
    ],
    [
      "posting", "add", "--card", "C1", "--date", "2026-01-25", "--kind", "credit", "--amount", "0",
    ],
    ["posting", "add", "--card", "C1", "--date", "2026-01-25", "--kind", "credit"],
    ["posting", "list", "--format", "xml"],
    ["posting", "remove"],
    ["import", "postings"],
  ])
  func malformedCommandLinesAreUsageErrors(_ arguments: [String]) throws {
    let session = try Self.twoCards()
    let result = try session.run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aCardNumberOnTheCommandLineIsRefusedWithoutBeingEchoed() throws {
    let session = try Self.twoCards()
    for arguments in [
      ["--card", StoreSession.cardNumber, "--description", "x"],
      ["--card", "C1", "--description", "卡 \(StoreSession.cardNumber)"],
    ] {
      let result = try session.run(
        ["posting", "add", "--date", "2026-01-25", "--kind", "credit", "--amount", "20"]
          + arguments)
      #expect(result.status == 65)
      #expect(result.stderr.contains("ending 0001"))
      #expect(!result.stderr.contains(StoreSession.cardNumber))
    }
    #expect(try session.run(["posting", "list"]).stderr == "No postings.\n")
  }

  @Test func removingACardWithForceRemovesItsPostings() throws {
    let session = try Self.twoCards()
    try session.succeed(["txn", "add", "--id", "T1", "--card", "C1", "--amount", "120"])
    try session.write("postings.csv", Self.file)
    try session.succeed(["import", "postings", "postings.csv"])
    try session.succeed(["card", "remove", "C1", "--force"])
    #expect(try session.run(["posting", "list"]).stderr == "No postings.\n")
  }

  /// `--amount ¥20.00` and `--date 2026年1月25日` record the posting `--amount 20.00 --date
  /// 2026-01-25` records, under the id a postings file gives it, in English and in Chinese.
  @Test(arguments: ["en", "zh-Hans"])
  func aPostingTypedAsPeopleTypeItIsTheFilesPosting(language: String) throws {
    var said: [String] = []
    for (date, amount) in [
      ("2026-01-25", "20.00"), ("2026年1月25日", "¥20.00"), ("2026/1/25", "２０.００元"),
    ] {
      let session = try Self.twoCards()
      let added = try session.succeed([
        "posting", "add", "--card", "C1", "--date", date, "--kind", "credit", "--amount", amount,
        "--lang", language,
      ])
      try session.write("postings.csv", "card,date,kind,amount\nC1,2026-01-25,credit,20.00\n")
      let imported = try session.succeed(["import", "postings", "postings.csv"])
      #expect(imported.stderr.contains("postings.csv: 0 new, 1 already present"), "\(amount)")
      let listed = try session.succeed(["posting", "list", "--format", "csv"])
      said.append(added.stderr + listed.stdout)
    }
    #expect(said[0].contains("C1:2026-01-25:credit:20.00:1,C1,2026-01-25,credit,20.00"))
    #expect(said[1] == said[0])
    #expect(said[2] == said[0])
  }
}
