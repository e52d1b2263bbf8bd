import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A wallet kept by hand (issue 18): mistakes can be undone, answers agree, dates are read as
/// people type them, typos are errors, and every output follows one convention.
struct HandKeptWalletTests {
  /// The small wallet, a debit card of the same bank bound too, and two purchases in one cycle:
  /// T1 earns the cycle's reward, T2 (later the same cycle) does not.
  static func twoPurchases() throws -> StoreSession { try twoPurchasesTemplate.session() }

  /// What `twoPurchases()` copies, made once per run (see `StoreTemplate`).
  private static let twoPurchasesTemplate = StoreTemplate { session in
    try session.smallWallet()
    try session.succeed([
      "card", "add", "D1", "--holder", "H1", "--network", "unionpay", "--type", "debit",
      "--issuer", "bocom",
    ])
    try session.succeed(["enroll", "D1", "--channel", "bank-app", "--at", "2026-01-01"])
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-23T10:00",
    ])
    try session.succeed([
      "txn", "add", "--id", "T2", "--card", "C1", "--amount", "200", "--at", "2026-11-24T10:00",
    ])
  }

  // MARK: 1. Undoing a mistake

  @Test func removingATransactionMovesItsRewardAndSaysSo() throws {
    let session = try Self.twoPurchases()
    let removed = try session.succeed(["txn", "remove", "T1"])
    #expect(
      removed.stderr.lines == [
        "Removed transaction T1: ¥150.00 on card C1 at 2026-11-23T10:00:00+08:00.",
        "  bocom-applepay-monthly: transaction T2 is now rewarded ¥10.00 (the holder's reward 1) "
          + "in its place.",
        "It held a reward; to put it back:",
        "  wallet txn add --id T1 --card C1 --amount 150.00 --at 2026-11-23T10:00:00+08:00",
      ])
    let csv = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(!csv.contains("T1,"))
    let rewards = try session.succeed(["statement", "--format", "csv"]).stdout
    #expect(rewards.lines.count == 2)
    #expect(rewards.contains(",T2,C1,"))
    // `transaction` is another name for `txn`.
    let again = try session.run(["transaction", "remove", "T1"])
    #expect(again.status == 65)
    #expect(again.stderr.contains("no transaction 'T1' in the store"))
    #expect(again.stderr.contains("'T2'"))
  }

  @Test func aRefundBeforeItsPurchaseIsRefused() throws {
    let session = try Self.twoPurchases()
    let refund = try session.run([
      "txn", "refund", "T1", "--amount", "10", "--at", "2024-01-01",
    ])
    #expect(refund.status == 65)
    #expect(
      refund.stderr
        == "Error: a refund at 2024-01-01T00:00:00+08:00 would come before its purchase T1 at "
        + "2026-11-23T10:00:00+08:00; check --at\n")
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    #expect(listed.contains("T1,C1,2026-11-23T10:00:00+08:00,150.00,CNY,apple-pay,settled,0.00"))
  }

  @Test(arguments: [
    ["txn", "add", "--id", "T9", "--card", "C1", "--amount", "50", "--at", "2099-11-25T10:00"],
    ["txn", "refund", "T1", "--amount", "5", "--at", "2099-01-01"],
    ["enrollment", "add", "C1", "--channel", "wallet", "--at", "2099-01-01"],
    ["enrollment", "remove", "E1", "--at", "2099-01-01 08:00"],
  ])
  func aTimeAfterNowNeedsFuture(arguments: [String]) throws {
    let session = try Self.twoPurchases()
    let before = try session.succeed(["export", "transactions"]).stdout
    let refused = try session.run(arguments)
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("is after now (2026-12-01T12:00:00+08:00)"))
    #expect(refused.stderr.contains("give --future to record it anyway"))
    #expect(try session.succeed(["export", "transactions"]).stdout == before)
    try session.succeed(arguments + ["--future"])
  }

  @Test func anImportedPurchaseAfterNowIsKeptWithAWarning() throws {
    let session = try Self.twoPurchases()
    try session.write(
      "t.csv",
      "id,card,time,amount\nT8,C1,2026-11-30T10:00,120\nT9,C1,2099-11-25T10:00,120\n")
    let imported = try session.succeed(["import", "transactions", "t.csv"])
    #expect(
      imported.stderr.contains(
        "Warning: transaction T9 is dated after now (2099-11-25T10:00:00+08:00); if that is a "
          + "mistake, correct it with 'wallet txn remove' or --replace."))
    try session.succeed(["txn", "remove", "T9"])
  }

  // MARK: 2. One meaning of "rewards left"

  @Test func statementAndCheckCountRewardsLeftAlike() throws {
    let session = try Self.twoPurchases()
    // A purchase recorded for next year takes a place then, not now.
    try session.succeed([
      "txn", "add", "--id", "LATER", "--card", "C1", "--amount", "300", "--at", "2027-02-23",
      "--future",
    ])
    let statement = try session.succeed(["statement"]).stdout
    #expect(
      statement.contains(
        "rewards left             3 of 4, as of 2026-12-01T12:00:00+08:00 (1 more reward is "
          + "recorded for a purchase after then)"))
    let check = try session.succeed(["check", "C1"]).stdout
    #expect(check.contains("1 used, 3 left, of 4, as of 2026-12-01T12:00:00+08:00"))

    let statementJSON = try JSONSerialization.jsonObject(
      with: Data(try session.succeed(["statement", "--format", "json"]).stdout.utf8))
    let checkJSON = try JSONSerialization.jsonObject(
      with: Data(try session.succeed(["check", "C1", "--format", "json"]).stdout.utf8))
    let holder = try #require(
      ((statementJSON as? [String: Any])?["holders"] as? [[String: Any]])?.first)
    let promotion = try #require(
      ((checkJSON as? [String: Any])?["promotions"] as? [[String: Any]])?.first)
    #expect(holder["rewardsLeft"] as? Int == 3)
    #expect(promotion["rewardsLeft"] as? Int == 3)
    #expect((statementJSON as? [String: Any])?["asOf"] as? String == StoreSession.now)
  }

  // MARK: 3. Can this card earn?

  @Test func checkEarnAnswersWhetherTheCardCanEarn() throws {
    let session = try Self.twoPurchases()
    // The debit card can pay with Apple Pay (exit 0) but can never earn.
    let debit = try session.run(["check", "D1"])
    #expect(debit.status == 0)
    #expect(
      debit.stdout.contains(
        "next reward  none: this card can never earn under this promotion (ineligible-card-type)"))
    #expect(!debit.stdout.contains("next reward  ¥"))
    #expect(try session.run(["check", "D1", "--earn"]).status == 1)
    let json = try session.succeed(["check", "D1", "--format", "json"]).stdout
    #expect(json.contains("\"nextReward\": null"))
    #expect(json.contains("\"cardCanEarn\": false"))
    #expect(json.contains("\"earns\": false"))
    // The credit card's cycle is rewarded already; the next cycle earns.
    #expect(try session.run(["check", "C1", "--earn"]).status == 1)
    #expect(try session.run(["check", "C1", "--earn", "--at", "2026-12-22"]).status == 0)
  }

  // MARK: 4. Dates and times as people type them

  @Test func datesMonthsAndTimesAreReadAsTyped() throws {
    let session = try Self.twoPurchases()
    let november = try session.succeed([
      "txn", "list", "--from", "2026-11", "--to", "2026-11", "--format", "csv",
    ]).stdout
    #expect(november.lines.count == 3)
    let cycle = try session.succeed(["statement", "--cycle", "2026-11", "--format", "csv"]).stdout
    #expect(cycle.contains("2026-11-22,2026-12-21,1,T1,"))
    let listedCycle = try session.succeed([
      "txn", "list", "--cycle", "2026-10", "--format", "csv",
    ]).stdout
    #expect(listedCycle.lines.count == 1)
    try session.succeed(["check", "C1", "--at", "2026-12-22"])
    let spaced = try session.succeed(["enroll", "C1", "--channel", "wallet", "--at", "2026-11-02"])
    #expect(spaced.stderr.contains("(enrollment C1:wallet:2026-11-02T00:00:00+08:00)"))
    let since = try session.succeed([
      "txn", "list", "--since", "2026-11-24 09:00", "--format", "csv",
    ]).stdout
    #expect(since.lines.dropFirst().map { $0.prefix(3) } == ["T2,"])
  }

  @Test(arguments: [
    (
      ["txn", "list", "--from", "2026-11-01T00:00"], "expected a date such as 2026-11-22 or a month"
    ),
    (
      ["txn", "list", "--cycle", "Nov"], "or a month such as 2026-11 (the cycle that starts in it)"
    ),
    (["txn", "list", "--to", "2026-13"], "that month does not exist"),
    (
      ["check", "C1", "--at", "tomorrow"],
      "expected a date such as 2026-11-22 (its start) or a time"
    ),
  ])
  func theHintShowsWhatTheOptionTakes(arguments: [String], hint: String) throws {
    let session = try StoreSession()
    let result = try session.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(hint), "\(result.stderr)")
  }

  @Test func anEnrollmentIDFromAtIsTheSameHoweverTheTimeIsTyped() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let spaced = try session.succeed([
      "enroll", "C1", "--channel", "wallet", "--at", "2026-11-02 10:00",
    ])
    #expect(spaced.stderr.contains("(enrollment C1:wallet:2026-11-02T10:00:00+08:00)"))
    let again = try session.succeed([
      "enroll", "C1", "--channel", "wallet", "--at", "2026-11-02T10:00",
    ])
    #expect(
      again.stderr
        == "Enrollment C1:wallet:2026-11-02T10:00:00+08:00 is already in the store; nothing "
        + "changed.\n")
  }

  // MARK: 5. A typo is an error, with the nearest ids

  @Test(arguments: [
    (["statement", "--holder", "ghost"], "no holder 'ghost' in the store", ""),
    (["txn", "list", "--card", "NOPE"], "no card 'NOPE' in the store", ""),
    (["txn", "list", "--holder", "h1"], "no holder 'h1' in the store", "'H1'"),
    (["card", "list", "--holder", "NOPE"], "no holder 'NOPE' in the store", ""),
    (["enrollment", "list", "--card", "c1"], "no card 'c1' in the store", "'C1'"),
    (["posting", "list", "--card", "C2"], "no card 'C2' in the store", "'C1'"),
    (["reconcile", "--holder", "H2"], "no holder 'H2' in the store", "'H1'"),
    (["check", "--holder", "H2", "--amount", "100"], "no holder 'H2' in the store", "'H1'"),
    (["check", "C2"], "no card 'C2' in the store", "'C1'"),
    (["explain", "T3"], "no transaction 'T3' in the store", "'T1', 'T2'"),
    (["txn", "refund", "T3", "--amount", "1"], "no transaction 'T3' in the store", "'T1'"),
    (["txn", "settle", "T3"], "no transaction 'T3' in the store", "'T1'"),
    (["txn", "void", "T3"], "no transaction 'T3' in the store", "'T1'"),
    (
      ["txn", "add", "--id", "T9", "--card", "C2", "--amount", "10", "--at", "2026-02-01"],
      "no card 'C2' in the store", "'C1'"
    ),
    (
      [
        "posting", "add", "--card", "C2", "--date", "2026-02-01", "--kind", "credit", "--amount",
        "1",
      ],
      "no card 'C2' in the store", "'C1'"
    ),
    (
      ["enroll", "C2", "--channel", "wallet", "--at", "2026-02-01"], "no card 'C2' in the store",
      "'C1'"
    ),
    (
      ["import", "statement", WalletProcess.sample("transactions.csv"), "--holder", "H2"],
      "no holder 'H2' in the store", "'H1'"
    ),
    (
      ["statement", "--promotion", "bocom-applepay-montly"],
      "no promotion 'bocom-applepay-montly' is installed", "'bocom-applepay-monthly'"
    ),
    (
      ["reconcile", "--promotion", "nope"], "no promotion 'nope' is installed",
      ""
    ),
    (
      ["export", "rewards", "--promotion", "nope"], "no promotion 'nope' is installed",
      ""
    ),
    (
      ["promotion", "show", "nope"], "no promotion 'nope' is installed",
      ""
    ),
    (
      ["promotion", "remove", "nope"], "no promotion 'nope' is installed",
      ""
    ),
    (
      [
        "pay",
        WalletProcess.packageRoot.appendingPathComponent("data/requests/unionpay-emv-cny.json")
          .path, "--holder", "H2",
      ],
      "no holder 'H2' in the store", "'H1'"
    ),
    (
      [
        "pay",
        WalletProcess.packageRoot.appendingPathComponent("data/requests/unionpay-emv-cny.json")
          .path, "--card", "C2",
      ],
      "no card 'C2' in the store", "'C1'"
    ),
  ])
  func anUnknownIDIsAnErrorNamingTheNearest(
    arguments: [String], missing: String, nearest: String
  ) throws {
    let session = try Self.twoPurchases()
    let result = try session.run(arguments)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    guard !nearest.isEmpty else {
      // Typed ids near none of the store's are offered none.
      #expect(result.stderr == "Error: \(missing)\n")
      return
    }
    #expect(result.stderr.hasPrefix("Error: \(missing); the nearest"), "\(result.stderr)")
    #expect(result.stderr.contains(nearest), "\(result.stderr)")
  }

  // MARK: 6. Long listings

  @Test func limitAndSinceCutListingsShort() throws {
    let session = try StoreSession()
    try session.importSample()
    let all = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    let two = try session.succeed(["txn", "list", "--limit", "2", "--format", "csv"]).stdout.lines
    #expect(two == Array(all.prefix(3)))
    let holders = try session.succeed(["statement", "--format", "json"]).stdout
    let one = try session.succeed(["statement", "--limit", "1", "--format", "json"]).stdout
    let allHolders = try JSONSerialization.jsonObject(with: Data(holders.utf8)) as? [String: Any]
    let first = try JSONSerialization.jsonObject(with: Data(one.utf8)) as? [String: Any]
    let everyone = try #require(allHolders?["holders"] as? [[String: Any]])
    let cut = try #require(first?["holders"] as? [[String: Any]])
    #expect(everyone.count > 1)
    #expect(cut.count == 1)
    #expect(cut.first?["holder"] as? String == everyone.first?["holder"] as? String)
    let refused = try session.run(["txn", "list", "--limit", "0"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--limit must be a whole number greater than zero"))
  }

  // MARK: 7. One convention

  /// Every key of a JSON value, at any depth.
  static func keys(_ value: Any) -> [String] {
    if let object = value as? [String: Any] {
      return object.keys + object.values.flatMap(keys)
    }
    if let array = value as? [Any] { return array.flatMap(keys) }
    return []
  }

  @Test func everyJSONOutputUsesCamelCaseKeys() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed([
      "posting", "add", "--card", "C-WF-CREDIT", "--date", "2026-06-30", "--kind", "credit",
      "--amount", "10",
    ])
    let outputs: [[String]] = [
      ["card", "list"], ["enrollment", "list"], ["txn", "list"], ["posting", "list"],
      ["promotion", "list"], ["statement"], ["reconcile"], ["check", "C-WF-CREDIT"],
      ["check", "--holder", "H001", "--amount", "100"],
    ]
    for command in outputs {
      let result = try session.run(command + ["--format", "json"])
      #expect(result.status == 0 || result.status == 1, "\(command): \(result.stderr)")
      let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let snake = Self.keys(value).filter { $0.contains("_") }
      #expect(snake.isEmpty, "\(command): \(Set(snake).sorted())")
    }
    let show = try session.succeed(["promotion", "show", "bocom-applepay-monthly"]).stdout
    #expect(!show.contains("_"), "promotion show")
    let transaction = try session.succeed(["txn", "list", "--limit", "1", "--format", "csv"])
    let id = try #require(transaction.stdout.lines.dropFirst().first?.split(separator: ",").first)
    let explained = try session.succeed(["explain", String(id), "--format", "json"]).stdout
    let value = try JSONSerialization.jsonObject(with: Data(explained.utf8))
    #expect(Self.keys(value).filter { $0.contains("_") }.isEmpty, "explain")
  }

  @Test func formatCodesAreReadInAnyCase() throws {
    let session = try StoreSession()
    try session.importSample()
    let upper = try session.succeed(["txn", "list", "--format", "CSV"]).stdout
    #expect(upper == (try session.succeed(["txn", "list", "--format", "csv"]).stdout))
    try session.succeed(["statement", "--format", "Json"])
  }

  @Test func countsAndMoneyAreGroupedAndCountedRight() throws {
    let session = try Self.twoPurchases()
    try session.succeed([
      "txn", "add", "--id", "BIG", "--card", "C1", "--amount", "1351135", "--at", "2026-10-23",
    ])
    let listed = try session.succeed(["txn", "list"]).stdout
    #expect(listed.contains("¥1,351,135.00"))
    let statement = try session.succeed(["statement"]).stdout
    #expect(statement.contains("¥25.00 (2 rewards)"))
    try session.succeed(["txn", "remove", "BIG"])
    let one = try session.succeed(["statement"]).stdout
    #expect(one.contains("¥10.00 (1 reward)"))
    #expect(one.contains("Total: 1 reward, ¥10.00."))
  }

  // MARK: 8. Smaller things

  @Test func aRefundSaysWhereTheRewardWent() throws {
    let session = try Self.twoPurchases()
    let refunded = try session.succeed(["txn", "refund", "T1", "--amount", "150"])
    #expect(
      refunded.stderr.lines == [
        "Refunded ¥150.00 of transaction T1; ¥150.00 of ¥150.00 refunded in all.",
        "  bocom-applepay-monthly: not rewarded (refunded)",
        "  bocom-applepay-monthly: transaction T2 is now rewarded ¥10.00 (the holder's reward 1) "
          + "in its place.",
      ])
  }

  @Test func aConflictNamesTheFieldsThatDiffer() throws {
    let session = try Self.twoPurchases()
    let transaction = try session.run([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "151", "--at", "2026-11-23T10:00",
    ])
    #expect(transaction.status == 65)
    #expect(
      transaction.stderr
        == "Error: transaction 'T1' is already in the store with other details (amount is "
        + "¥150.00 there, ¥151.00 here); use --replace to overwrite\n")
    let card = try session.run([
      "card", "add", "C1", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "9999",
    ])
    #expect(card.status == 65)
    #expect(card.stderr.contains("(last4 is 1234 there, 9999 here)"))
    let enrollment = try session.run([
      "enroll", "C1", "--channel", "wallet", "--at", "2026-01-01", "--id", "E1",
    ])
    #expect(enrollment.status == 65)
    #expect(enrollment.stderr.contains("(channel is bank-app there, wallet here)"))
  }

  @Test(arguments: [["--version"], ["-V"], ["version"]])
  func theVersionIsShownEveryWay(arguments: [String]) throws {
    let result = try CommandHarness.run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.lines.count == 1)
    #expect(result.stdout.first?.isNumber == true)
  }
}
