import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A reconciliation with nothing to do says how many rewards are not yet due and when the next
/// one is, in both languages.
struct ReconcileNotYetDueTests {
  /// The `due` column of the rows not yet due, as `reconcile --format csv` gives them.
  static func dues(_ session: StoreSession) throws -> [String] {
    let csv = try session.run(["reconcile", "--format", "csv"]).stdout.lines
    let header = csv.first?.split(separator: ",").map(String.init) ?? []
    let (due, status) = (header.firstIndex(of: "due"), header.firstIndex(of: "status"))
    return csv.dropFirst().compactMap { line in
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard let due, let status, cells[status] == "not-yet-due" else { return nil }
      return cells[due]
    }
  }

  @Test(arguments: [
    ("en", "Everything owed is paid or not yet due: 1 reward comes due on {0}."),
    ("zh-Hans", "应返的刷卡金均已到账或尚未到期：1 笔刷卡金将于 {0} 到期。"),
  ])
  func oneRewardNotYetDue(language: String, closing: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-25",
    ])
    let dues = try Self.dues(session)
    try #require(dues.count == 1)
    let result = try session.run(["--lang", language, "reconcile"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.lines.last == closing.replacingOccurrences(of: "{0}", with: dues[0]))
  }

  @Test(arguments: [
    ("en", "Everything owed is paid or not yet due: 2 rewards are not yet due, the next on {0}."),
    ("zh-Hans", "应返的刷卡金均已到账或尚未到期：2 笔刷卡金尚未到期，最近一笔于 {0} 到期。"),
  ])
  func severalNotYetDueNameTheNext(language: String, closing: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    for (id, date) in [("T1", "2026-11-25"), ("T2", "2026-10-25")] {
      try session.succeed([
        "txn", "add", "--id", id, "--card", "C1", "--amount", "150", "--at", date,
      ])
    }
    let dues = try Self.dues(session)
    try #require(dues.count == 2)
    let result = try session.run(["--lang", language, "reconcile"])
    #expect(result.stdout.lines.last == closing.replacingOccurrences(of: "{0}", with: dues.min()!))
  }
}
