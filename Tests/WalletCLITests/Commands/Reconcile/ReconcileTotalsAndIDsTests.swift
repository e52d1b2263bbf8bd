import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Issue 27, items 6 and 7 through the built binary: adjustments never reuse an input posting's
/// id, and no total of a reconciliation or statement traps however many large rows it sums.
struct ReconcileTotalsAndIDsTests {
  /// The sample postings with one more, an unexpected credit that already has the id the
  /// adjustment for T3006 (missing) would get.
  static func postingsNamingAnAdjustment() throws -> String {
    let original = try String(
      contentsOfFile: WalletProcess.sample("postings.csv"), encoding: .utf8)
    return original + "adj:missing:T3006,C-ZW-BOCOM,2026-01-05,credit,1.23,,,\n"
  }

  func batch(_ folder: TemporaryFolder, postings: String, adjustments: String) throws
    -> WalletProcess.Result
  {
    try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", "rewards.csv", "--postings",
        // By its whole path: batch reads the postings on another thread (see `CommandHarness`).
        folder.path(postings), "--adjustments", adjustments, "--as-of", "2027-02-01",
      ], directory: folder.url)
  }

  static let largeCreditCount = 9_224

  /// The sample with `largeCreditCount` of the largest credits imported, made once per run (see
  /// `StoreTemplate`).
  static let largeCredits = StoreTemplate { session in
    try session.importSample()
    var text = "id,card,date,kind,amount\n"
    for index in 0..<largeCreditCount {
      text += "BIG\(index),C-ZW-BOCOM,2026-01-0\(index % 9 + 1),credit,10000000000000.00\n"
    }
    try session.succeed(["import", "postings", try session.write("big.csv", text)])
  }

  @Test func batchAdjustmentsTakeTheNextFreeIDAndSettleWhenPosted() throws {
    let folder = try TemporaryFolder()
    try folder.write("posted.csv", try Self.postingsNamingAnAdjustment())
    let first = try batch(folder, postings: "posted.csv", adjustments: "adjustments.csv")
    #expect(first.status == 1, "\(first.stderr)")
    let lines = try #require(folder.read("adjustments.csv")).split(separator: "\r\n").dropFirst()
    let ids = lines.map { String($0.prefix { $0 != "," }) }
    #expect(ids.contains("adj:missing:T3006:2"))
    #expect(ids.contains("adj:unexpected:adj:missing:T3006"))
    #expect(!ids.contains("adj:missing:T3006"))
    #expect(Set(ids).count == ids.count)
    // Posted with them, the postings are read without a duplicate id and settle.
    let posted = try #require(folder.read("posted.csv"))
    try folder.write("again.csv", posted + lines.joined(separator: "\n") + "\n")
    let second = try batch(folder, postings: "again.csv", adjustments: "none.csv")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      folder.read("none.csv") == "id,card,date,kind,amount,transaction,reverses,description\r\n")
  }

  @Test func importingTheStoresAdjustmentsAfterAPostingWithTheirIDWorks() throws {
    let session = try StoreSession()
    try session.importSample()
    let path = try session.write("posted.csv", try Self.postingsNamingAnAdjustment())
    try session.succeed(["import", "postings", path])
    let folder = try TemporaryFolder()
    try folder.write("posted.csv", try Self.postingsNamingAnAdjustment())
    _ = try batch(folder, postings: "posted.csv", adjustments: "adjustments.csv")
    let adjustments = try session.write(
      "adjustments.csv", try #require(folder.read("adjustments.csv")))
    // Before the fix: 65, the id listed twice.
    try session.succeed(["import", "postings", adjustments])
    let again = try session.run(["reconcile", "--as-of", "2027-02-01", "--format", "csv"])
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
  }

  /// 9,224 credits of ¥10,000,000,000,000.00 each (the largest amount accepted) sum past the
  /// largest 64-bit number of fen: every format shows the exact total.
  @Test(arguments: ["table", "csv", "json"])
  func reconcileSurvivesTotalsPastSixtyFourBits(format: String) throws {
    let session = try Self.largeCredits.session()
    let count = Self.largeCreditCount
    let result = try session.run([
      "reconcile", "--holder", "H003", "--as-of", "2027-02-01", "--format", format,
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.stderr.contains("Illegal instruction"), "\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "BIG").count - 1 >= count)
    if format == "table" {
      // 9,224 × 10^13 yuan and the holder's few sample credits, exactly, in thousands.
      #expect(result.stdout.contains("¥92,240,000,000,000,"), "\(result.stdout.prefix(2000))")
    }
  }
}
