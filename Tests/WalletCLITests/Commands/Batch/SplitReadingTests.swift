import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Large input files are read in parts at once (cards and enrollments in two halves,
/// transactions in up to eight parts, fewer for a file too short to cut so often).
/// `WALLET_SPLIT_BYTES=1` sends even small files down that path, so that these tests can show
/// it gives exactly what one read gives: the same files on success, and the same error on bad
/// input.
struct SplitReadingTests {
  /// Runs `wallet arguments` in `folder`, reading files whole or in parts.
  static func run(_ arguments: [String], in folder: TemporaryFolder, inParts: Bool) throws
    -> WalletProcess.Result
  {
    try CommandHarness.run(
      arguments, environment: inParts ? ["WALLET_SPLIT_BYTES": "1"] : [:], directory: folder.url)
  }

  /// `wallet batch` of the folder's three files, with the decisions too unless `rewardsOnly`
  /// (which reads the transactions otherwise: purchases that cannot earn are not kept).
  func batch(in folder: TemporaryFolder, inParts: Bool, rewardsOnly: Bool = false) throws -> (
    status: Int32, stderr: String, rewards: String?, decisions: String?
  ) {
    let result = try Self.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ] + (rewardsOnly ? [] : ["--decisions", "decisions.csv"]), in: folder, inParts: inParts)
    defer {
      try? FileManager.default.removeItem(atPath: folder.path("rewards.csv"))
      try? FileManager.default.removeItem(atPath: folder.path("decisions.csv"))
    }
    return (result.status, result.stderr, folder.read("rewards.csv"), folder.read("decisions.csv"))
  }

  @Test func theSampleReadInPartsGivesTheExpectedFiles() throws {
    let folder = try TemporaryFolder()
    for name in ["cards.csv", "enrollments.csv", "transactions.csv"] {
      try folder.write(
        name, String(contentsOfFile: WalletProcess.sample(name), encoding: .utf8))
    }
    let result = try batch(in: folder, inParts: true)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.rewards
        == (try String(
          contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)))
    #expect(
      result.decisions
        == (try String(
          contentsOfFile: WalletProcess.sample("expected/decisions.csv"), encoding: .utf8)))
  }

  @Test("generated files give the same output read whole or in parts", arguments: 1...4)
  func generatedFiles(seed: UInt64) throws {
    let folder = try TemporaryFolder()
    var random = SeededGenerator(seed: seed)
    try GeneratedFiles(holders: 60, transactions: 1_500, using: &random).write(into: folder)
    let whole = try batch(in: folder, inParts: false)
    let parts = try batch(in: folder, inParts: true)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(parts.status == 0, "\(parts.stderr)")
    #expect(parts.rewards == whole.rewards)
    #expect(parts.decisions == whole.decisions)
    #expect((whole.rewards?.count ?? 0) > 200, "the data earns rewards")
  }

  @Test func aSplitInsideAQuotedFieldFallsBackToOneRead() throws {
    // The middle of this file is inside one quoted merchant name whose lines look like rows;
    // read from there, they would be transactions that do not exist.
    let folder = try TemporaryFolder()
    var transactions = BatchFiles.transactionsHeader
    for index in 1...5 {
      transactions += "T\(index),C1,2026-11-2\(index)T10:00:00+08:00,150.00,,,,,,Shop,\n"
    }
    let fakeRows = (100..<400).map { "T\($0),C1,2026-12-01T10:00:00+08:00,900.00,,,,,,X," }
    transactions +=
      "T6,C1,2026-11-26T11:00:00+08:00,150.00,,,,,,\"Shop\n"
      + fakeRows.joined(separator: "\n") + "\",\n"
    transactions += "T7,C1,2026-12-22T10:00:00+08:00,150.00,,,,,,Shop,\n"
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", transactions)
    let whole = try batch(in: folder, inParts: false)
    let parts = try batch(in: folder, inParts: true)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(parts.rewards == whole.rewards)
    #expect(parts.decisions == whole.decisions)
    #expect(parts.decisions?.contains("T100") == false)
    #expect(parts.decisions?.split(separator: "\r\n").count == 8)
  }

  /// A repeated card or enrollment right after its first, inside one half (and one batch of
  /// the lookup's probes), is refused in halves exactly as in one read.
  @Test(arguments: [false, true])
  func aRepeatNextToItsFirstInOneHalf(enrollment: Bool) throws {
    let folder = try TemporaryFolder()
    var cards = BatchFiles.cardsHeader
    var enrollments = BatchFiles.enrollmentsHeader
    for index in 1...200 {
      cards += "C\(index),H\(index),visa,credit,,bocom,\n"
      enrollments += "E\(index),C\(index),wallet,2026-01-01T00:00:00+08:00,\n"
      if index == 40 {
        if enrollment {
          enrollments += "E\(index),C\(index + 1),wallet,2026-01-01T00:00:00+08:00,\n"
        } else {
          cards += "C\(index),H\(index),visa,credit,,bocom,\n"
        }
      }
    }
    try folder.write("cards.csv", cards)
    try folder.write("enrollments.csv", enrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    let whole = try batch(in: folder, inParts: false)
    let parts = try batch(in: folder, inParts: true)
    #expect(whole.status == 65)
    #expect(whole.stderr.contains("listed twice (first on line 41)"), "\(whole.stderr)")
    #expect(parts.status == 65)
    #expect(parts.stderr == whole.stderr)
    #expect(parts.rewards == nil && parts.decisions == nil)
  }

  /// A postings file read in halves straight from its bytes gives what one read gives, and a
  /// file with one unusual row anywhere (an id left to number, a code in capitals, a description
  /// with a line break) is read whole instead, with the same result.
  @Test(arguments: ["", "Credit", "no id", "quoted", "unknown card", "repeated id"])
  func postingsReadInPartsGiveWhatOneReadGives(unusual: String) throws {
    let folder = try TemporaryFolder()
    var random = SeededGenerator(seed: 7)
    let files = GeneratedFiles(holders: 60, transactions: 1_500, using: &random)
    try folder.write("cards.csv", files.cards)
    try folder.write("enrollments.csv", files.enrollments)
    try folder.write("transactions.csv", files.transactions)
    var postings = "id,card,date,kind,amount,transaction,reverses,description\n"
    for index in 1...400 {
      let card = "C\(Int.random(in: 1...60, using: &random))"
      let month = Int.random(in: 1...12, using: &random)
      let amount = [5, 10, 15, 20][Int.random(in: 0...3, using: &random)]
      let date = String(format: "2026-%02d-%02d", month, Int.random(in: 1...28, using: &random))
      if index % 9 == 0 {
        postings += "P\(index),\(card),\(date),clawback,\(amount).00,,P\(index - 1),刷卡金扣回\n"
      } else {
        postings += "P\(index),\(card),\(date),credit,\(amount).00,,,\n"
      }
      if index == 300 {
        switch unusual {
        case "Credit": postings += "Q1,\(card),\(date),Credit,10.00,,,\n"
        case "no id": postings += ",\(card),\(date),credit,10.00,,,\n"
        case "quoted": postings += "Q1,\(card),\(date),credit,10.00,,,\"two\nlines\"\n"
        case "unknown card": postings += "Q1,C999,\(date),credit,10.00,,,\n"
        case "repeated id": postings += "P7,\(card),\(date),credit,10.00,,,\n"
        default: break
        }
      }
    }
    try folder.write("postings.csv", postings)
    func run(inParts: Bool) throws -> (WalletProcess.Result, String?, String?) {
      // The postings by their whole path: a run inside the tests works in its folder on its own
      // thread only, and batch reads the postings on another (see `CommandHarness`).
      let result = try Self.run(
        [
          "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
          "transactions.csv", "--out", "rewards.csv", "--postings", folder.path("postings.csv"),
          "--adjustments", "adjustments.csv", "--reconciliation", "rows.csv", "--as-of",
          "2027-03-01",
        ], in: folder, inParts: inParts)
      defer {
        for name in ["rewards.csv", "adjustments.csv", "rows.csv"] {
          try? FileManager.default.removeItem(atPath: folder.path(name))
        }
      }
      return (result, folder.read("adjustments.csv"), folder.read("rows.csv"))
    }
    let (wholeRun, wholeAdjustments, wholeRows) = try run(inParts: false)
    let (partsRun, partsAdjustments, partsRows) = try run(inParts: true)
    let bad = unusual == "unknown card" || unusual == "repeated id"
    #expect(wholeRun.status == (bad ? 65 : 1), "\(wholeRun.stderr)")
    #expect(partsRun.status == wholeRun.status)
    #expect(partsRun.stderr == wholeRun.stderr)
    #expect(partsAdjustments == wholeAdjustments)
    #expect(partsRows == wholeRows)
    #expect(bad == (partsRows == nil), "rows written only for good input")
    if !bad {
      #expect((partsRows?.split(separator: "\r\n").count ?? 0) > 300, "the rows are there")
    }
  }

  @Test("bad input read in parts gives the same error", arguments: BadInput.all)
  func badInput(_ bad: BadInput) throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    try folder.write("\(bad.file.rawValue).csv", bytes: bad.bytes)
    for rewardsOnly in [false, true] {
      let whole = try batch(in: folder, inParts: false, rewardsOnly: rewardsOnly)
      let parts = try batch(in: folder, inParts: true, rewardsOnly: rewardsOnly)
      #expect(whole.status == 65, "rewards only: \(rewardsOnly)")
      #expect(parts.status == 65, "rewards only: \(rewardsOnly)")
      #expect(parts.stderr == whole.stderr, "rewards only: \(rewardsOnly)")
      #expect(parts.rewards == nil && parts.decisions == nil, "rewards only: \(rewardsOnly)")
    }
  }

  /// Repeated ids are found once each file is read, after its other bad rows; every one is still
  /// reported in file order, at the id's own line, naming the first row with that id, and the
  /// rows after it are read as before; read in parts, alike.
  @Test(arguments: [[:], ["WALLET_SPLIT_BYTES": "1"]])
  func repeatedIDsAmongOtherBadRowsAreReportedInFileOrder(environment: [String: String]) throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "cards.csv",
      BatchFiles.goodCards + "C2,H2,diners,credit,,bocom,\nC1,H9,visa,credit,,bocom,\n"
        + "C3,H3,visa,credit,,bocom,\nC1,H8,visa,credit,,bocom,\n")
    try folder.write(
      "enrollments.csv",
      BatchFiles.goodEnrollments + "E1,C3,wallet,2026-01-01T00:00,\n"
        + "E2,C2,wallet,2026-01-01T00:00,\n,C3,wallet,2026-02-01T00:00,\n"
        + ",C3,wallet,2026-02-01T00:00,\n")
    try folder.write(
      "transactions.csv",
      BatchFiles.goodTransactions + "T2,C1,2026-11-26T10:00,1e3,,,,,,,\n"
        + "T1,C3,2026-11-26T10:00,150,,,,,,,\n" + "T2,C1,2026-12-22T10:00,150,,,,,,\"a\nb\",\n"
        + "T4,C1,2026-12-23T10:00,150\n" + "T1,C1,2026-12-24T10:00,150,,,,,,,\n"
        + "\"T5\",C3,2027-01-02T10:00,150,,,,,,,\n"
        + "T6,C3,2027-01-03T10:00,150,,,,,,\"x\ny\nz\",\n" + "T6,C3,2027-01-04T10:00,150,,,,,,,\n")
    let arguments = [
      "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
      "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv", "--quiet",
    ]
    func run(_ arguments: [String]) throws -> WalletProcess.Result {
      try CommandHarness.run(arguments, environment: environment, directory: folder.url)
    }
    let skipping = try run(arguments + ["--skip-invalid"])
    #expect(skipping.status == 0)
    let expected: [String] = [
      "skipped cards.csv:3:3: network 'diners': unknown network: expected one of unionpay, "
        + "visa, mastercard, amex, discover, jcb, interac, maestro, eftpos, private-label",
      "skipped cards.csv:4:1: card 'C1' is listed twice (first on line 2)",
      "skipped cards.csv:6:1: card 'C1' is listed twice (first on line 2)",
      "skipped enrollments.csv:3:1: enrollment 'E1' is listed twice (first on line 2)",
      "skipped enrollments.csv:4:2: card 'C2' is not in cards.csv",
      "skipped enrollments.csv:6:1: enrollment 'C3:wallet:2026-02-01T00:00' is listed twice "
        + "(first on line 5)",
      "skipped transactions.csv:3:4: amount '1e3': write the amount in plain digits, not with "
        + "an exponent",
      "skipped transactions.csv:4:1: transaction 'T1' is listed twice (first on line 2)",
      "skipped transactions.csv:7:5: this row has 4 fields but the header has 11",
      "skipped transactions.csv:8:1: transaction 'T1' is listed twice (first on line 2)",
      "skipped transactions.csv:13:1: transaction 'T6' is listed twice (first on line 10)",
    ]
    #expect(skipping.stderr.split(separator: "\n").map(String.init) == expected)
    #expect(
      folder.read("decisions.csv")?.split(separator: "\r\n").map { $0.prefix(3) } == [
        "tra", "T1,", "T2,", "T5,", "T6,",
      ])
    let stopping = try run(arguments)
    #expect(stopping.status == 65)
    #expect(stopping.stderr.hasPrefix("Error: cards.csv:3:3: network 'diners'"))
  }
}

/// Cards, enrollments and transactions of `holders` holders, with what makes CSV hard: quoted
/// merchants with commas, quotes and line breaks, aliases, times without an offset, refunds.
struct GeneratedFiles {
  /// Writes `cards.csv`, `enrollments.csv` and `transactions.csv` into `folder`.
  func write(into folder: TemporaryFolder) throws {
    try folder.write("cards.csv", cards)
    try folder.write("enrollments.csv", enrollments)
    try folder.write("transactions.csv", transactions)
  }

  var cards = BatchFiles.cardsHeader
  var enrollments = BatchFiles.enrollmentsHeader
  var transactions = BatchFiles.transactionsHeader

  init(holders: Int, transactions count: Int, using random: inout SeededGenerator) {
    let networks = ["unionpay", "银联", "Visa", "mastercard"]
    for holder in 1...holders {
      let role = holder % 7 == 0 ? "supplementary" : "primary"
      cards +=
        "C\(holder),H\(holder % 40),\(networks[holder % networks.count]),credit,\(role),bocom,"
        + "\(String(1000 + holder))\n"
      let channel = holder % 2 == 0 ? "bank-app" : "wallet"
      enrollments += "E\(holder),C\(holder),\(channel),2025-09-0\(1 + holder % 9)T08:00:00+08:00,\n"
    }
    let merchants = [
      "Shop", "\"Joe's \"\"Best\"\" Noodles\"", "\"Tea, and cake\"", "大众点评",
      "\"Two\nlines\"",
    ]
    for index in 1...count {
      let holder = Int.random(in: 1...holders, using: &random)
      let day = Int.random(in: 1...28, using: &random)
      let month = Int.random(in: 1...12, using: &random)
      let hour = Int.random(in: 0...23, using: &random)
      let offset = index % 3 == 0 ? "" : "+08:00"
      let amount = Int.random(in: 50...300, using: &random)
      let refunded = index % 17 == 0 ? "\(amount / 2).00" : ""
      let merchant = merchants[Int.random(in: 0..<merchants.count, using: &random)]
      let time = String(format: "2026-%02d-%02dT%02d:15:00", month, day, hour) + offset
      // Some name their card's enrollment, some another card's.
      let named = index % 11 == 0 ? "E\(holder)" : index % 29 == 0 ? "E\(holders + 1 - holder)" : ""
      transactions +=
        "T\(index),C\(holder),\(time),\(amount).00,,,,\(refunded),\(named),\(merchant),\n"
    }
  }
}
