import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet import … --skip-invalid` on a file whose every row is skipped (SPEC 4): each row is
/// reported as when some row is used, then an error naming the file, exit status 65, and the
/// store keeps nothing of it, byte for byte.
struct ImportEveryRowSkippedTests {
  /// A kind of wallet's own files: its header, rows that are all skipped (one the reader
  /// refuses, one the store refuses), and a row the store takes.
  struct Case: CustomTestStringConvertible, Sendable {
    let kind: String
    let header: String
    let badRows: String
    let goodRow: String
    var testDescription: String { kind }
  }

  static let cases = [
    Case(
      kind: "cards", header: "card,holder,network,type\n",
      // C1 is in the store as a unionpay credit card: a debit card of that id conflicts.
      badRows: "C1,H1,unionpay,debit\nC2,H2,vissa,credit\n", goodRow: "C3,H3,visa,credit\n"),
    Case(
      kind: "enrollments", header: "card,channel,enrolled_at\n",
      badRows: "C9,wallet,2026-02-01T00:00\nC1,walet,2026-02-01T00:00\n",
      goodRow: "C1,wallet,2026-02-01T00:00\n"),
    Case(
      kind: "transactions", header: "id,card,time,amount\n",
      badRows: "T1,C9,2026-11-23T10:00,150\nT2,C1,2026-11-23T10:00,1e3\n",
      goodRow: "T3,C1,2026-11-23T10:00,150\n"),
    Case(
      kind: "postings", header: "card,date,kind,amount\n",
      badRows: "C9,2026-11-25,credit,10\nC1,2026-11-25,credit,-5\n",
      goodRow: "C1,2026-11-25,credit,10\n"),
  ]

  /// The lines of standard error that report skipped rows, in either language.
  static func skippedLines(_ stderr: String) -> [String] {
    stderr.lines.filter { $0.hasPrefix("skipped ") || $0.hasPrefix("已跳过 ") }
  }

  @Test(arguments: cases, ["en", "zh-Hans"])
  func everyRowSkippedKeepsNothingAndExits65(_ kind: Case, language: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    let file = try session.write("\(kind.kind).csv", kind.header + kind.badRows)
    let before = try session.storeBytes()
    let result = try session.run(
      ["import", kind.kind, file, "--skip-invalid", "--lang", language])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    let error =
      language == "en"
      ? "Error: every row of \(file) was skipped as invalid; nothing of the file was used"
      : "错误：\(file) 的每一行都因无效而被跳过；文件中没有任何内容被使用"
    // Every row said, then the error, and no summary: the import kept nothing.
    let skipped = Self.skippedLines(result.stderr)
    #expect(skipped.count == kind.badRows.lines.count, "\(result.stderr)")
    #expect(result.stderr.lines == skipped + [error])
    #expect(try session.storeBytes() == before)

    // The same rows beside one the store takes are reported alike, and the import succeeds.
    let withGood = try session.write("good.csv", kind.header + kind.badRows + kind.goodRow)
    let used = try session.run(
      ["import", kind.kind, withGood, "--skip-invalid", "--lang", language])
    #expect(used.status == 0, "\(used.stderr)")
    let renamed = Self.skippedLines(used.stderr).map {
      $0.replacingOccurrences(of: "good.csv:", with: "\(file):")
    }
    #expect(renamed == skipped)
    #expect(try session.storeBytes() != before)
  }

  /// Rows the reader refuses never reach the store; rows the store refuses are rolled back:
  /// either way alone, the store stays as it was.
  @Test(arguments: [
    ("transactions", "id,card,time,amount\nT1,C1,2026-11-23T10:00,-1\n"),
    ("transactions", "id,card,time,amount\nT1,C9,2026-11-23T10:00,150\n"),
    ("cards", "card,holder,network,type\nC1,H1,visa,credit\n"),
    ("postings", "card,date,kind,amount\nC9,2026-11-25,credit,10\n"),
  ])
  func refusedByTheReaderOrTheStoreAlone(kind: String, text: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.write("rows.csv", text)
    let before = try session.storeBytes()
    let result = try session.run(["import", kind, "rows.csv", "--skip-invalid"])
    #expect(result.status == 65)
    #expect(result.stderr.lines.count == 2)
    #expect(result.stderr.lines.first?.hasPrefix("skipped rows.csv:2:") == true)
    #expect(
      result.stderr.lines.last
        == "Error: every row of rows.csv was skipped as invalid; nothing of the file was used")
    #expect(try session.storeBytes() == before)
  }

  /// A postings file of its header alone says that nothing was posted yet: nothing skipped,
  /// so no error; and without --skip-invalid, the first bad row stops the import as before.
  @Test func aHeaderAloneOrNoSkippingIsNotThisCase() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.write("postings.csv", "card,date,kind,amount\n")
    let empty = try session.run(["import", "postings", "postings.csv", "--skip-invalid"])
    #expect(empty.status == 0)
    #expect(empty.stderr == "postings.csv: 0 new, 0 already present, 0 replaced, 0 invalid\n")
    try session.write("t.csv", "id,card,time,amount\nT1,C9,2026-11-23T10:00,150\n")
    let refused = try session.run(["import", "transactions", "t.csv"])
    #expect(refused.status == 65)
    #expect(refused.stderr == "Error: t.csv:2:2: no card 'C9' in the store\n")
  }

  /// A statement whose every row to import is on a card the store lacks: the rows, the summary
  /// saying nothing was written, then the error; a dry run says the same (item 5 of issue 30:
  /// a dry run reports what the import would do).
  @Test(arguments: [[], ["--dry-run"]], ["en", "zh-Hans"])
  func aStatementWhoseEveryRowIsSkipped(extra: [String], language: String) throws {
    let session = try ImportStatementTests.wallet()
    try session.succeed(["card", "remove", "ICBC", "--force"])
    let statement = ImportStatementTests.fixture("icbc-credit.csv")
    let before = try session.storeBytes()
    let result = try session.run(
      ["import", "statement", statement, "--skip-invalid", "--lang", language] + extra)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty == extra.isEmpty)
    let lines = result.stderr.lines
    #expect(Self.skippedLines(result.stderr).count == 4, "\(result.stderr)")
    let error =
      language == "en"
      ? "Error: every row of \(statement) was skipped as invalid; nothing of the file was used"
      : "错误：\(statement) 的每一行都因无效而被跳过；文件中没有任何内容被使用"
    #expect(lines.last == error)
    #expect(
      lines.contains {
        $0.hasSuffix(language == "en" ? "; 5 rows (nothing written)" : "；5 行（未写入）")
      }, "\(result.stderr)")
    #expect(try session.storeBytes() == before)
  }

  /// One row of the statement used is enough: the others are skipped and the import is kept.
  @Test func aStatementWithARowUsedSucceeds() throws {
    let session = try ImportStatementTests.wallet()
    // H2's card ending 5678 is not H1's: its rows are skipped, those of 1234 imported.
    let before = try session.storeBytes()
    let result = try session.run([
      "import", "statement", ImportStatementTests.fixture("cmb-credit.csv"), "--holder", "H1",
      "--method", "apple-pay", "--skip-invalid",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!Self.skippedLines(result.stderr).isEmpty, "\(result.stderr)")
    #expect(!result.stderr.contains("Error"))
    #expect(try session.storeBytes() != before)
  }
}
