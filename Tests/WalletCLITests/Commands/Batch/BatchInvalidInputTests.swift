import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch` on bad input: every class of it refused at its file, line and column, card
/// numbers refused, and `--skip-invalid` reporting each row it leaves out.
struct BatchInvalidInputTests {
  @Test("bad input exits 65, names file:line:column and writes nothing", arguments: BadInput.all)
  func badInput(_ bad: BadInput) throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    try folder.write("\(bad.file.rawValue).csv", bytes: bad.bytes)
    try folder.write("rewards.csv", "previous output\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
      ], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.stderr.contains("Error: \(bad.location): "), "\(result.stderr)")
    #expect(result.stderr.contains(bad.fragment), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(folder.read("rewards.csv") == "previous output\n")
    #expect(!folder.exists("decisions.csv"))
    #expect(
      folder.fileNames == ["cards.csv", "enrollments.csv", "rewards.csv", "transactions.csv"])
    #expect(result.stderr.utf8.count < 1_000, "the offending value is shown cut short")
  }

  @Test(
    "card numbers are refused and never echoed",
    arguments: [
      ("cards", "card,holder,network,type\n4111111111111111,H1,visa,credit\n", "cards.csv:2:1"),
      (
        "cards", "card,holder,network,type\nC1,6222 0200 0000 0000 001,visa,credit\n",
        "cards.csv:2:2"
      ),
      (
        "transactions",
        BatchFiles.transactionsHeader
          + "T2,4111-1111-1111-1111,2026-11-25T10:00,150,,,,,,,\n", "transactions.csv:2:2"
      ),
      (
        "transactions",
        BatchFiles.transactionsHeader
          + "T2,C1,2026-11-25T10:00,150,,,,,,refund to 4111111111111111,\n",
        "transactions.csv:2:10"
      ),
      (
        "enrollments", "card,channel,enrolled_at\n6222020000000000001,wallet,2026-01-01T00:00\n",
        "enrollments.csv:2:1"
      ),
      // SPEC 6's other shapes, each through the fast readers that first count a field's digits.
      (
        "cards", "card,holder,network,type\nC1,H 4111.1111.1111.1111,visa,credit\n",
        "cards.csv:2:2"
      ),
      (
        "enrollments",
        "card,channel,enrolled_at\n4111 1111 1111 1111 2026,wallet,2026-01-01T00:00\n",
        "enrollments.csv:2:1"
      ),
      (
        "transactions",
        BatchFiles.transactionsHeader
          + "T2,C1,2026-11-25T10:00,150,,,,,,退款 ４０１２８８８８８８８８１８８１,\n",
        "transactions.csv:2:10"
      ),
    ])
  func cardNumbersAreRefused(file: String, text: String, location: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    try folder.write("\(file).csv", text)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.stderr.contains(location), "\(result.stderr)")
    #expect(result.stderr.contains("card number"))
    // Full-width digits are read as the ASCII ones they stand for.
    let digitsOnly = String(
      String.UnicodeScalarView(
        result.stderr.unicodeScalars.compactMap { scalar in
          (0xFF10...0xFF19).contains(scalar.value)
            ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30) : scalar
        }
      )
    ).filter(\.isNumber)
    #expect(!digitsOnly.contains("411111111111"))
    #expect(!digitsOnly.contains("622202000000"))
    #expect(!digitsOnly.contains("401288888888"))
    #expect(!folder.exists("rewards.csv"))
  }

  @Test func bankReferencesAsTransactionIdsAreAllowed() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write(
      "transactions.csv",
      BatchFiles.transactionsHeader + "4111111111111111,C1,2026-11-25T10:00,150,,,,,,,\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ], directory: folder.url)
    #expect(result.status == 0)
  }

  @Test func skipInvalidReportsEveryRowAndKeepsTheRest() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards + "C2,H2,diners,credit,,bocom,\n")
    try folder.write(
      "enrollments.csv", BatchFiles.goodEnrollments + "E2,C2,wallet,2026-01-01T00:00,\n")
    try folder.write(
      "transactions.csv",
      BatchFiles.goodTransactions + "T2,C1,2026-11-26T10:00,1e3,,,,,,,\n"
        + "T3,C2,2026-11-26T10:00,150,,,,,,,\n" + "T4,C1,2026-12-22T10:00,150,,,,,,,\n"
        + "T5,C1,2026-12-23T10:00,150\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
        "--skip-invalid",
      ], directory: folder.url)
    #expect(result.status == 0)
    for location in [
      "cards.csv:3:3", "enrollments.csv:3:2", "transactions.csv:3:4", "transactions.csv:4:2",
      "transactions.csv:6:5",
    ] {
      #expect(result.stderr.contains("skipped \(location): "), "\(location)")
    }
    #expect(result.stderr.contains("2 transactions read, 2 rewarded, 5 invalid rows skipped"))
    let decisions = try #require(folder.read("decisions.csv"))
    #expect(decisions.split(separator: "\r\n").map { $0.prefix(3) } == ["tra", "T1,", "T4,"])
  }
}
