import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet batch --skip-invalid` with an input whose every row is skipped (SPEC 4): every row
/// is reported as when some row is used, then an error naming the file, exit status 65, and
/// no output written, in memory, in parts and in parts read in pieces.
struct BatchEveryRowSkippedTests {
  /// How the run goes: in memory, in parts read row by row, or in parts read in pieces at once
  /// (every file large enough, so a file with a problem is read again row by row).
  enum Mode: String, CaseIterable, Sendable {
    case inMemory, inParts, inPieces

    var arguments: [String] { self == .inMemory ? [] : ["--memory", "1K"] }
    var environment: [String: String] { self == .inPieces ? ["WALLET_SPLIT_BYTES": "1"] : [:] }
  }

  /// An input whose rows are all skipped, and a row that would be used.
  struct Input: CustomTestStringConvertible, Sendable {
    let file: String
    let header: String
    let badRows: String
    let goodRow: String
    var testDescription: String { file }
  }

  static let inputs = [
    Input(
      file: "cards", header: BatchFiles.cardsHeader,
      badRows: "C2,H2,vissa,credit,,,\nC3,H3,visa,debt,,,\n",
      goodRow: "C1,H1,unionpay,credit,primary,bocom,1234\n"),
    Input(
      file: "enrollments", header: BatchFiles.enrollmentsHeader,
      badRows: "E2,C9,bank-app,2026-01-01T00:00:00+08:00,\nE3,C1,bank-ap,2026-01-01T00:00,\n",
      goodRow: "E1,C1,bank-app,2026-01-01T00:00:00+08:00,\n"),
    Input(
      file: "transactions", header: BatchFiles.transactionsHeader,
      badRows: "T2,C9,2026-11-25T10:00,150,,,,,,,\nT3,C1,2026-11-25T10:00,1e3,,,,,,,\n",
      goodRow: "T1,C1,2026-11-25T10:00:00+08:00,150.00,CNY,apple-pay,settled,,,,\n"),
  ]

  static let postings = Input(
    file: "postings", header: "card,date,kind,amount\n",
    badRows: "C9,2026-11-26,credit,10\nC1,2026-11-26,credit,-5\n",
    goodRow: "C1,2026-11-26,credit,10\n")

  /// The good files, with `input`'s file made of `rows`, and a previous rewards file.
  static func folder(_ input: Input, rows: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    try folder.write("\(input.file).csv", input.header + rows)
    try folder.write("rewards.csv", "previous output\n")
    return folder
  }

  static func run(
    _ folder: TemporaryFolder, _ mode: Mode, language: String = "en", extra: [String] = []
  ) throws -> WalletProcess.Result {
    try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
        "--skip-invalid", "--lang", language,
      ] + mode.arguments + extra, environment: mode.environment, directory: folder.url)
  }

  /// The lines of standard error that report skipped rows of `file`, in either language.
  static func skippedLines(_ stderr: String, of file: String) -> [String] {
    stderr.lines.filter { $0.hasPrefix("skipped \(file):") || $0.hasPrefix("已跳过 \(file):") }
  }

  static func error(_ file: String, language: String) -> String {
    language == "en"
      ? "Error: every row of \(file) was skipped as invalid; nothing of the file was used"
      : "错误：\(file) 的每一行都因无效而被跳过；文件中没有任何内容被使用"
  }

  @Test(arguments: inputs, Mode.allCases)
  func everyRowSkippedWritesNothingAndExits65(_ input: Input, mode: Mode) throws {
    for language in ["en", "zh-Hans"] {
      let folder = try Self.folder(input, rows: input.badRows)
      let result = try Self.run(folder, mode, language: language)
      #expect(result.status == 65, "\(result.stderr)")
      #expect(result.stdout.isEmpty)
      let name = "\(input.file).csv"
      let stderr = BatchFiles.withoutLimitWarning(result.stderr).rest
      let skipped = Self.skippedLines(stderr, of: name)
      #expect(skipped.count == input.badRows.lines.count, "\(stderr)")
      // Rows of the files read after it that name its cards are skipped too, and said; the
      // error, naming the first file that has nothing left, comes last.
      #expect(stderr.lines.last == Self.error(name, language: language), "\(stderr)")
      let skippedWord = language == "en" ? "skipped " : "已跳过 "
      #expect(stderr.lines.dropLast().allSatisfy { $0.hasPrefix(skippedWord) })
      #expect(folder.read("rewards.csv") == "previous output\n")
      #expect(!folder.exists("decisions.csv"))
      #expect(
        folder.fileNames == ["cards.csv", "enrollments.csv", "rewards.csv", "transactions.csv"])

      // The same rows beside one that is used are reported alike, and the run succeeds.
      let used = try Self.folder(input, rows: input.badRows + input.goodRow)
      let succeeded = try Self.run(used, mode, language: language)
      #expect(succeeded.status == 0, "\(succeeded.stderr)")
      #expect(Self.skippedLines(succeeded.stderr, of: name) == skipped)
      #expect(used.read("rewards.csv") != "previous output\n")
    }
  }

  /// Rewards to standard output: nothing of them is written either.
  @Test(arguments: Mode.allCases)
  func nothingGoesToStandardOutput(mode: Mode) throws {
    let folder = try Self.folder(Self.inputs[2], rows: Self.inputs[2].badRows)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--skip-invalid",
      ] + mode.arguments, environment: mode.environment, directory: folder.url)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.lines.last == Self.error("transactions.csv", language: "en"))
  }

  /// A postings file (in memory only: --postings needs every transaction there) whose every
  /// row is skipped stops the run as the other inputs do; one of its header alone skips
  /// nothing and is no error.
  @Test(arguments: ["en", "zh-Hans"])
  func postingsWhoseEveryRowIsSkipped(language: String) throws {
    let folder = try Self.folder(Self.postings, rows: Self.postings.badRows)
    let postings = folder.path("postings.csv")
    let reconcile = [
      "--postings", postings, "--reconciliation", "reconciliation.csv", "--as-of", "2026-12-01",
    ]
    let result = try Self.run(folder, .inMemory, language: language, extra: reconcile)
    #expect(result.status == 65)
    #expect(Self.skippedLines(result.stderr, of: postings).count == 2, "\(result.stderr)")
    #expect(result.stderr.lines.last == Self.error(postings, language: language))
    #expect(folder.read("rewards.csv") == "previous output\n")
    #expect(!folder.exists("decisions.csv") && !folder.exists("reconciliation.csv"))

    try folder.write("postings.csv", Self.postings.header)
    let empty = try Self.run(folder, .inMemory, language: language, extra: reconcile)
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect(folder.exists("reconciliation.csv"))
  }

  /// With a file that has nothing left, the postings are still read and their skipped rows
  /// said, before the run stops at that file.
  @Test func theRowsOfThePostingsAreSaidBeforeTheRunStops() throws {
    let input = Self.inputs[0]
    let folder = try Self.folder(input, rows: input.badRows)
    try folder.write("postings.csv", Self.postings.header + Self.postings.badRows)
    let postings = folder.path("postings.csv")
    let result = try Self.run(
      folder, .inMemory,
      extra: ["--postings", postings, "--reconciliation", "r.csv", "--as-of", "2026-12-01"])
    #expect(result.status == 65)
    #expect(Self.skippedLines(result.stderr, of: postings).count == 2, "\(result.stderr)")
    #expect(result.stderr.lines.last == Self.error("cards.csv", language: "en"))
    #expect(!folder.exists("r.csv"))
  }
}
