import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet reconcile` and `wallet explain`'s posting line on the sample store with its
/// postings, run as a cardholder runs them.
struct ReconcileCommandTests {
  /// The sample store with the sample postings.
  static func sampleWithPostings() throws -> StoreSession {
    let session = try StoreSession()
    try session.importSampleWithPostings()
    return session
  }

  @Test func theSampleShowsEachStatusAndNeedsAttention() throws {
    let session = try Self.sampleWithPostings()
    let result = try session.run(["reconcile", "--as-of", "2027-02-01", "--format", "csv"])
    #expect(result.status == 1, "rows need attention: \(result.stderr)")
    let statuses = result.stdout.split(separator: "\r\n").dropFirst().map {
      let fields = $0.split(separator: ",", omittingEmptySubsequences: false)
      return "\(fields[1] == "" ? fields[7] : fields[1]) \(fields[6])"
    }
    #expect(
      statuses == [
        "T1001 paid", "T1004 paid", "T1005 paid", "T1007 paid-late", "T2001 paid",
        "T2007 amount-differs", "T2008 missing", "P-2099 unexpected", "T3004 clawed-back",
        "T3006 missing", "T4001 paid", "T4002 missing", "P-4099 unmatched-clawback",
      ])
  }

  @Test func aCardholderReadsWhatIsMissingInASentence() throws {
    let session = try Self.sampleWithPostings()
    let result = try session.run(["reconcile", "--holder", "H002", "--as-of", "2027-02-01"])
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "T2008 earned ¥20.00 on 2026-11-22; nothing of that amount was posted between "
          + "2026-11-22 and 2027-01-20"))
    #expect(result.stdout.contains("owed        ¥40.00"))
    #expect(!result.stdout.contains("H001"))
  }

  @Test func aHolderPaidInFullExitsZero() throws {
    let session = try Self.sampleWithPostings()
    let result = try session.run(["reconcile", "--holder", "H001"])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("Everything owed is paid or not yet due."))
  }

  @Test func postingTheAdjustmentsLeavesNothingToAttendTo() throws {
    let session = try Self.sampleWithPostings()
    let batch = try CommandHarness.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", session.folder.path("rewards.csv"),
        "--postings", WalletProcess.sample("postings.csv"), "--adjustments",
        session.folder.path("adjustments.csv"), "--as-of", "2027-02-01", "--quiet",
      ])
    #expect(batch.status == 1)
    try session.succeed(["import", "postings", "adjustments.csv"])
    let again = try session.run(["reconcile", "--as-of", "2027-02-01", "--format", "json"])
    #expect(again.status == 0, "\(again.stdout)")
    #expect(again.stdout.contains("\"needsAttention\": false"))
  }

  @Test func explainNamesThePostingThatPaid() throws {
    let session = try Self.sampleWithPostings()
    let paid = try session.succeed(["explain", "T2001"]).stdout
    #expect(paid.contains("posted") && paid.contains("P-2001, ¥5.00 on 2026-07-05 (paid)"))
    let waiting = try session.succeed(["explain", "T2008"]).stdout
    #expect(waiting.contains("nothing (not-yet-due: due by 2027-01-20)"))
    let unrewarded = try session.succeed(["explain", "T2005"]).stdout
    #expect(!unrewarded.contains("posted"))
  }

  @Test(arguments: ["2027-13-01", "soon"])
  func aMalformedAsOfDateIsAUsageError(date: String) throws {
    let session = try Self.sampleWithPostings()
    #expect(try session.run(["reconcile", "--as-of", date]).status == 64)
  }

  @Test(arguments: ["2027年2月1日", "2027/2/1", "２０２７/０２/０１"])
  func anAsOfDateTypedAsPeopleTypeItIsTheSameDay(date: String) throws {
    let session = try Self.sampleWithPostings()
    let plain = try session.run(["reconcile", "--as-of", "2027-02-01", "--format", "csv"])
    let typed = try session.run(["reconcile", "--as-of", date, "--format", "csv"])
    #expect(plain.status == 1)
    #expect(typed.status == plain.status)
    #expect(typed.stdout == plain.stdout)
    #expect(typed.stderr == plain.stderr)
  }
}
