import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6: control characters in any value are never written raw to a terminal or a message.
/// Ids and merchants here carry a window-title sequence (`ESC ] 0 ; … BEL`), a colour escape
/// and a clear-screen; wherever a person reads them, they arrive as `\u{1B}` text.
struct ControlCharacterTests {
  static let card = HostileWallet.card
  static let holder = HostileWallet.holder
  static let transaction = HostileWallet.transaction

  static func hostileWallet() throws -> StoreSession { try HostileWallet.session() }

  static func expectNoRawControls(
    _ result: WalletProcess.Result, _ command: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
      let raw = text.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      }
      #expect(
        raw.isEmpty, "\(command) \(name): \(text.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [
    ["card", "list"], ["enrollment", "list"], ["txn", "list"], ["statement"],
    ["explain", transaction], ["check", card], ["check", "--holder", holder, "--amount", "200"],
    [
      "txn", "add", "--card", card, "--amount", "300", "--at", "2026-04-01T10:00:00+08:00",
      "--id", "T\u{1B}]0;x\u{07}2", "--merchant", "m\u{1B}[1m",
    ],
    ["txn", "refund", transaction, "--amount", "10"],
    ["posting", "list"], ["reconcile", "--as-of", "2026-12-01"],
    ["import", "statement", "statement.csv", "--card", card, "--method", "apple-pay", "--dry-run"],
  ])
  func whatAPersonReadsIsEscaped(command: [String]) throws {
    let session = try Self.hostileWallet()
    let result = try session.run(command)
    #expect([0, 1].contains(result.status), "\(command): \(result.stderr)")
    Self.expectNoRawControls(result, command)
    #expect((result.stdout + result.stderr).contains("\\u{1B}"), "\(command)")
  }

  /// A line feed in a value would start a line of its own, which could pass for wallet's
  /// (`Error: …`); in every sentence and message it is shown as `\u{A}`.
  @Test func aLineFeedInAValueStartsNoLine() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let forged = "NL\nError: forged"
    var results = [
      try session.run([
        "card", "add", forged, "--holder", "H\nError: h", "--network", "visa",
        "--type", "credit", "--issuer", "bocom",
      ]),
      try session.run([
        "enrollment", "add", forged, "--channel", "wallet", "--id", "E\nError: e",
        "--at", "2026-01-01T00:00:00+08:00",
      ]),
      try session.run([
        "txn", "add", "--id", "T\nError: t", "--card", forged, "--amount", "150",
        "--at", "2026-03-01T10:00:00+08:00",
      ]),
    ]
    results += [
      try session.run(["explain", "T\nError: t"]), try session.run(["check", forged]),
      try session.run(["check", "--holder", "H\nError: h", "--amount", "150"]),
      try session.run(["txn", "refund", "T\nError: t", "--amount", "10"]),
    ]
    for result in results {
      #expect([0, 1].contains(result.status), "\(result.stderr)")
      for line in (result.stdout + result.stderr).split(separator: "\n") {
        #expect(!line.hasPrefix("Error: forged") && !line.hasPrefix("Error: h"), "\(line)")
        #expect(!line.hasPrefix("Error: e") && !line.hasPrefix("Error: t"), "\(line)")
      }
    }
  }

  @Test func aPromotionNameStartsNoLineEither() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "p.json",
      #"{"id":"p","name":"N\nError: forged","minimumSpend":"100","cycleStartDay":22,"#
        + #""maxRewardsPerHolder":1,"tiers":{"bank-app":["1"],"wallet":["1"]}}"#)
    for arguments in [["promotion", "add", "p.json"], ["statement"], ["explain", "T1001"]] {
      let result = try session.succeed(arguments)
      for line in (result.stdout + result.stderr).split(separator: "\n") {
        #expect(!line.hasPrefix("Error: forged"), "\(arguments): \(line)")
      }
    }
  }

  @Test func jsonEscapesThemAsJSONDoes() throws {
    let session = try Self.hostileWallet()
    let result = try session.succeed(["txn", "list", "--format", "json"])
    Self.expectNoRawControls(result, ["txn", "list", "--format", "json"])
    #expect(result.stdout.contains("\\u001b"))
  }

  @Test(arguments: [
    ["\u{1B}[31mred"], ["card", "list", "--\u{1B}]0;x\u{07}"], ["export", "\u{1B}[2J"],
  ])
  func argumentErrorsEscapeTheWordTheyQuote(command: [String]) throws {
    let result = try CommandHarness.run(command)
    #expect(result.status == 64)
    Self.expectNoRawControls(result, command)
    #expect(result.stderr.contains("\\u{1B}"))
  }

  @Test func fileNamesInErrorsAndSummariesAreEscaped() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let name = "bad\u{1B}]0;x\u{07}.csv"
    try session.write(name, "card,holder,network,type\nC1,H1,nonsense,credit\n")
    let bad = try session.run(["import", "cards", name])
    #expect(bad.status == 65)
    Self.expectNoRawControls(bad, ["import", "cards", name])
    #expect(bad.stderr.contains("bad\\u{1B}]0;x\\u{7}.csv:2:3:"))

    let good = "good\u{1B}[1m.csv"
    try session.write(good, "card,holder,network,type\nC1,H1,visa,credit\n")
    let imported = try session.succeed(["import", "cards", good])
    Self.expectNoRawControls(imported, ["import", "cards", good])
  }

  @Test func aLongOrCardNumberWalletNowIsNeverEchoedWhole() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let long = String(repeating: "9", count: 100_000)
    let result = try session.run(["check", "C1"], environment: ["WALLET_NOW": long])
    #expect(result.status == 64)
    #expect(result.stderr.count < 400, "\(result.stderr.count) characters")

    let number = try session.run(
      ["check", "C1"], environment: ["WALLET_NOW": "4111 1111 1111 1111"])
    #expect(number.status == 64)
    #expect(!number.stderr.contains("4111"))
  }
}
