import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6: a value that looks like a card number is refused on every path into the store and
/// never echoed, in whole, in any output.
struct CardNumberTests {
  static let number = StoreSession.cardNumber
  /// The number with spaces between groups, as people type it.
  static let spaced = "6222 0200 0000 0000 001"

  func expectRefusedWithoutEcho(
    _ result: WalletProcess.Result, status: Int32 = 65, _ session: StoreSession,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    for text in [result.stdout, result.stderr] {
      #expect(!text.contains(Self.number), sourceLocation: sourceLocation)
      #expect(!text.contains(Self.spaced), sourceLocation: sourceLocation)
      #expect(!text.contains("622202"), sourceLocation: sourceLocation)
    }
    #expect(result.stderr.contains("ending 0001"), sourceLocation: sourceLocation)
    if FileManager.default.fileExists(atPath: session.database) {
      let bytes = try session.storeBytes()
      #expect(bytes.range(of: Data(Self.number.utf8)) == nil, sourceLocation: sourceLocation)
      #expect(bytes.range(of: Data(Self.spaced.utf8)) == nil, sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [
    ["card", "add", number, "--holder", "H1", "--network", "visa", "--type", "credit"],
    ["card", "add", "C2", "--holder", spaced, "--network", "visa", "--type", "credit"],
    [
      "card", "add", "C2", "--holder", "H1", "--network", "visa", "--type", "credit", "--last4",
      number,
    ],
    ["card", "list", "--holder", number],
    ["card", "remove", number],
    ["enrollment", "add", number, "--channel", "wallet"],
    ["enroll", spaced, "--channel", "wallet"],
    ["enrollment", "list", "--card", number],
    ["txn", "list", "--card", number],
    ["txn", "list", "--holder", number],
    ["statement", "--holder", number],
  ])
  func refusedOnTheCommandLine(arguments: [String]) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try expectRefusedWithoutEcho(try session.run(arguments), session)
  }

  @Test func refusedByTxnAdd() throws {
    let session = try StoreSession()
    try session.smallWallet()
    for extra in [["--card", Self.number], ["--card", "C1", "--merchant", "退款 \(Self.spaced)"]] {
      var arguments = ["txn", "add", "--id", "T1", "--amount", "150"]
      arguments += extra
      try expectRefusedWithoutEcho(try session.run(arguments), session)
    }
    #expect(try session.run(["txn", "list"]).stderr == "No transactions.\n")
    // A transaction id may be a long bank reference, even one that passes the check.
    let reference = try session.run([
      "txn", "add", "--id", Self.number, "--card", "C1", "--amount", "150",
    ])
    #expect(reference.status == 0)
  }

  @Test(arguments: [
    ("cards", "card,holder,network,type\n\(number),H1,visa,credit\n", "cards.csv:2:1"),
    ("cards", "card,holder,network,type,last4\nC2,H1,visa,credit,\"\(spaced)\"\n", "cards.csv:2:5"),
    (
      "enrollments", "card,channel,enrolled_at\n\(number),wallet,2026-01-01T00:00\n",
      "enrollments.csv:2:1"
    ),
    (
      "transactions", "id,card,time,amount,merchant\nT1,C1,2026-01-01T00:00,150,店 \(number)\n",
      "transactions.csv:2:5"
    ),
  ])
  func refusedByImports(kind: String, text: String, location: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.write("\(kind).csv", text)
    let result = try session.run(["import", kind, "\(kind).csv"])
    try expectRefusedWithoutEcho(result, session)
    #expect(result.stderr.hasPrefix("Error: \(location): "))
    // Skipping invalid rows reports the row, still without the number; the file's only row
    // skipped, nothing of it is used (65), and the last line names the file alone.
    let skipped = try session.run(["import", kind, "\(kind).csv", "--skip-invalid"])
    try expectRefusedWithoutEcho(skipped, status: 65, session)
    #expect(skipped.stderr.hasPrefix("skipped \(location): "))
    #expect(skipped.stderr.lines.last?.hasPrefix("Error: every row of \(kind).csv ") == true)
  }

  @Test(arguments: [
    ["card", "list", "--\(number)"],
    ["card", "list", number],
    ["txn", "add", "--id", "T1", "--card", "C1", "--amount", "5", "--at", number],
    ["txn", "add", "--id", "T1", "--card", "C1", "--amount", number + ".123"],
  ])
  func neverEchoedInUsageErrors(arguments: [String]) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try expectRefusedWithoutEcho(try session.run(arguments), status: 64, session)
  }
}
