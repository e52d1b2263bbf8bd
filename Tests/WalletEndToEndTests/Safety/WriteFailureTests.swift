import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6: every output that cannot be written whole exits 74, whatever the command and format;
/// a closed pipe (a reader such as `head` that has seen enough) ends quietly.
@Suite(.tags(.endToEnd))
struct WriteFailureTests {
  /// Every command that prints something on standard output, in every format it has. Store
  /// commands run against the sample store; the rest need none.
  static let printingCommands: [[String]] = [
    ["card", "list"], ["card", "list", "--format", "csv"], ["card", "list", "--format", "json"],
    ["enrollment", "list"], ["enrollment", "list", "--format", "json"],
    ["txn", "list"], ["txn", "list", "--format", "csv"], ["txn", "list", "--format", "json"],
    ["statement"], ["statement", "--format", "csv"], ["statement", "--format", "json"],
    ["explain", "T1001"], ["explain", "T1001", "--format", "json"],
    ["check", "C-WF-CREDIT"], ["check", "C-WF-CREDIT", "--format", "json"],
    ["check", "--holder", "H001", "--amount", "200"],
    ["check", "--holder", "H001", "--amount", "200", "--format", "json"],
    ["promotion", "list"], ["promotion", "list", "--format", "json"],
    ["promotion", "show", "bocom-applepay-monthly"],
    ["export", "rewards"], ["export", "decisions"], ["export", "transactions"],
    ["export", "transactions", "--excel"],
    ["posting", "list"], ["posting", "list", "--format", "csv"],
    ["posting", "list", "--format", "json"],
    ["reconcile"], ["reconcile", "--format", "csv"], ["reconcile", "--format", "json"],
    [
      "import", "statement",
      WalletProcess.packageRoot.appendingPathComponent(
        "Tests/Fixtures/statements/bocom-credit.csv"
      ).path, "--card", "C-WF-CREDIT", "--method", "apple-pay", "--dry-run",
    ],
  ]

  @Test(arguments: printingCommands)
  func aFullDiskExits74(command: [String]) throws {
    let session = try StoreSession()
    try session.importSampleWithPostings()
    let full = try session.run(command, outputTo: "/dev/full")
    #expect(full.status == 74, "\(command): \(full.stderr)")
    #expect(full.stderr.contains("No space left on device"), "\(command): \(full.stderr)")
    // The same command with somewhere to write succeeds (or answers "no"), so the failure
    // above was the write's.
    let written = try session.run(command)
    #expect([0, 1].contains(written.status), "\(command): \(written.stderr)")
    #expect(!written.stdout.isEmpty)
  }

  @Test(arguments: [["help"], ["--help"], ["--version"], ["card", "--help"], ["help", "batch"]])
  func helpAndVersionExit74OnAFullDisk(command: [String]) throws {
    let full = try WalletProcess.run(command, outputTo: "/dev/full")
    #expect(full.status == 74, "\(command): \(full.stderr)")
    let written = try WalletProcess.run(command)
    #expect(written.status == 0 && !written.stdout.isEmpty)
  }

  @Test func theDemoAndBatchToStandardOutputExit74OnAFullDisk() throws {
    let demo = try WalletProcess.run(["demo"], outputTo: "/dev/full")
    #expect(demo.status == 74)
    // Reported once, not once for the step and again for the demo.
    #expect(demo.stderr.components(separatedBy: "cannot write").count == 2, "\(demo.stderr)")

    let batch = try WalletProcess.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", "-", "--quiet",
      ], outputTo: "/dev/full")
    #expect(batch.status == 74)
  }

  /// Without `--out` the rewards go to standard output; in parts (`--memory 1K`) they are
  /// written by another path: a full disk is exit 74 on both.
  @Test(arguments: [[], ["--memory", "1K"], ["--out", "-", "--memory", "1K"]])
  func batchToStandardOutputExit74OnAFullDiskWhicheverPath(extra: [String]) throws {
    let command =
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--quiet",
      ] + extra
    let full = try WalletProcess.run(command, outputTo: "/dev/full")
    #expect(full.status == 74, "\(extra): \(full.stderr)")
    let written = try WalletProcess.run(command)
    #expect(written.status == 0 && written.stdout.hasPrefix("holder,cycle_start,"))
  }

  @Test(arguments: ["--adjustments", "--reconciliation"])
  func aReconciliationOutputThatCannotBeWrittenIsNamed(option: String) throws {
    let folder = try TemporaryFolder()
    let other = option == "--adjustments" ? "--reconciliation" : "--adjustments"
    let result = try WalletProcess.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", folder.path("rewards.csv"),
        "--postings", WalletProcess.sample("postings.csv"), option, "/dev/full", other,
        folder.path("other.csv"), "--quiet",
      ])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("cannot write /dev/full: No space left on device"))
    #expect(!folder.exists("rewards.csv") && !folder.exists("other.csv"))
  }

  @Test func aBatchOutputThatCannotBeWrittenIsNamed() throws {
    let folder = try TemporaryFolder()
    let result = try WalletProcess.run(
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions",
        WalletProcess.sample("transactions.csv"), "--out", folder.path("rewards.csv"),
        "--decisions", "/dev/full", "--quiet",
      ])
    #expect(result.status == 74)
    #expect(result.stderr.contains("cannot write /dev/full: No space left on device"))
    #expect(!folder.exists("rewards.csv"), "neither output replaces anything when one fails")
  }

  @Test func messagesThatCannotBeWrittenExit74() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let result = try session.run(
      ["import", "cards", WalletProcess.sample("cards.csv")], errorsTo: "/dev/full")
    #expect(result.status == 74)
  }

  @Test func aFailedCommandKeepsItsOwnStatus() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["explain", "NO-SUCH-TXN"], outputTo: "/dev/full")
    #expect(result.status == 65, "\(result.stderr)")
  }

  /// A reader that has seen enough closes the pipe: wallet stops writing there, says nothing,
  /// exits 0, and still finishes its files (batch's other output is renamed into place). The
  /// decisions, some 1.4 MB, are many times what a pipe holds, so wallet is still writing when
  /// the reader hangs up.
  @Test func aClosedPipeEndsQuietly() throws {
    let folder = try TemporaryFolder()
    var rows = "id,card,time,amount\n"
    for index in 0..<20_000 { rows += "T\(index),C-WF-CREDIT,2026-06-01T10:00:00+08:00,150\n" }
    try folder.write("transactions.csv", rows)
    for arguments in [
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions", "transactions.csv", "--out",
        "r.csv", "--decisions", "-", "--quiet",
      ],
      [
        "batch", "--cards", WalletProcess.sample("cards.csv"), "--enrollments",
        WalletProcess.sample("enrollments.csv"), "--transactions", "transactions.csv", "--out",
        "/dev/stdout", "--quiet",
      ],
    ] {
      let executable = try #require(WalletProcess.executable)
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = folder.url
      let pipe = Pipe()
      let errors = Pipe()
      process.standardOutput = pipe
      process.standardError = errors
      try process.runRetryingStart()
      // Read the first line, then hang up, as `head -1` does.
      _ = pipe.fileHandleForReading.availableData
      try pipe.fileHandleForReading.close()
      process.waitUntilExit()
      let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(said.isEmpty, "\(arguments): \(said)")
      #expect(process.terminationStatus == 0, "\(arguments)")
    }
    #expect(folder.read("r.csv")?.hasPrefix("holder,cycle_start") == true)
  }

  @Test(arguments: [[], ["--format", "json"]] as [[String]])
  func payToAFullDiskExits74(format: [String]) throws {
    let session = try StoreSession()
    try session.importSample()
    let request = WalletProcess.packageRoot.appendingPathComponent(
      "data/requests/unionpay-emv-cny.json"
    ).path
    let command = ["pay", request, "--holder", "H003"] + format
    let full = try session.run(command, outputTo: "/dev/full")
    #expect(full.status == 74, "\(full.stderr)")
    #expect(full.stderr.contains("No space left on device"))
    #expect(try session.run(command).status == 0)
  }

  @Test func aFailedWriteNamesStandardOutputInChinese() throws {
    let full = try WalletProcess.run(
      ["--help"], environment: ["LANG": "zh_CN.UTF-8"], outputTo: "/dev/full")
    #expect(full.status == 74)
    #expect(full.stderr.hasPrefix("错误：无法写入标准输出："), "\(full.stderr)")
  }
}
