import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch --postings`: the adjustments a bank must post and the reconciliation rows,
/// statelessly.
struct BatchReconciliationTests {
  func batch(_ folder: TemporaryFolder, postings: String, extra: [String]) throws
    -> WalletProcess.Result
  {
    try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", "rewards.csv", "--postings",
        // By its whole path: batch reads the postings on another thread (see `CommandHarness`).
        postings.hasPrefix("/") ? postings : folder.path(postings),
      ] + extra, directory: folder.url)
  }

  @Test func postingTheAdjustmentsAndRunningAgainYieldsNoAdjustment() throws {
    let folder = try TemporaryFolder()
    let first = try batch(
      folder, postings: WalletProcess.sample("postings.csv"),
      extra: [
        "--adjustments", "adjustments.csv", "--reconciliation", "rows.csv", "--as-of",
        "2027-02-01",
      ])
    #expect(first.status == 1, "\(first.stderr)")
    let adjustments = try #require(folder.read("adjustments.csv"))
    #expect(
      adjustments.hasPrefix(
        "id,card,date,kind,amount,transaction,reverses,description\r\n"
          + "adj:amount-differs:T2007:1,C-LL-VISA,2027-02-01,clawback,10.00,T2007,P-2007,"
          + "amount-differs\r\n"
          + "adj:amount-differs:T2007:2,C-LL-VISA,2027-02-01,credit,15.00,T2007,,amount-differs\r\n"
      ))
    #expect(adjustments.split(separator: "\r\n").count == 9)
    #expect(
      folder.read("rows.csv")?.hasPrefix(
        "holder,transaction,card,cycle_start,due,expected,status,posting,posted_on,posted\r\n"
          + "H001,T1001,C-WF-CREDIT,2026-05-22,2026-07-21,10.00,paid,P-1001,2026-07-10,10.00\r\n")
        == true)

    let original = try String(
      contentsOfFile: WalletProcess.sample("postings.csv"), encoding: .utf8)
    let withAdjustments =
      original.replacingOccurrences(of: "\n", with: "\r\n")
      + adjustments.split(separator: "\r\n").dropFirst().joined(separator: "\r\n") + "\r\n"
    try folder.write("posted.csv", withAdjustments)
    let second = try batch(
      folder, postings: "posted.csv",
      extra: [
        "--adjustments", "again.csv", "--reconciliation", "rows-again.csv", "--as-of",
        "2027-02-01",
      ])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      folder.read("again.csv") == "id,card,date,kind,amount,transaction,reverses,description\r\n")
    let statuses = Set(
      (folder.read("rows-again.csv") ?? "").split(separator: "\r\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false)[6]
      })
    #expect(statuses.isSubset(of: ["paid", "paid-late", "forfeited", "not-yet-due"]))
  }

  @Test func nothingPostedYetOwesEveryRewardDue() throws {
    let folder = try TemporaryFolder()
    try folder.write("none.csv", "id,card,date,kind,amount,transaction,reverses,description\n")
    let result = try batch(
      folder, postings: "none.csv",
      extra: [
        "--adjustments", "adjustments.csv", "--reconciliation", "rows.csv", "--as-of",
        "2026-12-01",
      ])
    #expect(result.status == 1, "\(result.stderr)")
    let rows = (folder.read("rows.csv") ?? "").split(separator: "\r\n").dropFirst()
    let rewards = (folder.read("rewards.csv") ?? "").split(separator: "\r\n").dropFirst()
    #expect(rows.count == rewards.count)
    let statuses = Set(rows.map { $0.split(separator: ",", omittingEmptySubsequences: false)[6] })
    #expect(statuses == ["missing", "not-yet-due"])
    let credits = (folder.read("adjustments.csv") ?? "").split(separator: "\r\n").dropFirst()
    #expect(credits.count == rows.filter { $0.contains(",missing,") }.count)
    #expect(credits.allSatisfy { $0.hasPrefix("adj:missing:") && $0.contains(",credit,") })
  }

  @Test func aPostingOnAnUnknownCardIsBadInputAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "postings.csv", "card,date,kind,amount\nC-NOPE,2026-07-01,credit,5.00\n")
    let result = try batch(
      folder, postings: "postings.csv", extra: ["--adjustments", "adjustments.csv"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("postings.csv:2:1"))
    #expect(!folder.exists("adjustments.csv") && !folder.exists("rewards.csv"))
  }

  @Test(arguments: [
    ["--adjustments", "a.csv"], ["--postings", "p.csv"],
    ["--postings", "p.csv", "--adjustments", "rewards.csv"],
  ])
  func reconciliationOptionsGoTogether(options: [String]) throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "card,date,kind,amount\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", "rewards.csv",
      ] + options, directory: folder.url)
    #expect(result.status == 64, "\(result.stderr)")
  }
}
