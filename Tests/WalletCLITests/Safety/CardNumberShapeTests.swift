import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6: a card number in any of the shapes people and banks write one is refused in every
/// field the SPEC names, on every path in (the command line, `import`, `batch`, including its
/// fast path), and never echoed; neighbours that are not card numbers pass.
struct CardNumberShapeTests {
  /// Each holds 4111 1111 1111 1111, a Visa test number that passes the Luhn check.
  static let shapes = [
    "tel 4111111111111111 13800138000",
    "H 4111111111111111 1",
    "4111  1111 1111 1111",
    "4111.1111.1111.1111",
    "4111/1111/1111/1111",
    "4111_1111_1111_1111",
    "4111-1111-1111-1111",
    "4111\t1111\t1111\t1111",
    "4111\u{A0}1111\u{A0}1111\u{A0}1111",
    "4111\u{2009}1111\u{2009}1111\u{2009}1111",
    "４１１１１１１１１１１１１１１１",
    "４１１１ １１１１ １１１１ １１１１",
    "4111 1111 1111 1111 2026",
  ]

  /// Not card numbers: an order number of 20 digits, a date and time, a phone number, an amount.
  static let neighbours = [
    "order 41111111111111111111", "2026-11-22 10:00:00", "tel 13800138000", "1234567.89",
    "4111 1111 1111", "４１１１１１１１１１１１",
  ]

  static func expectNotLeaked(
    _ result: WalletProcess.Result, _ shape: String, store: Data? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for text in [result.stdout, result.stderr] {
      #expect(!text.contains("41111111"), sourceLocation: sourceLocation)
      #expect(!text.contains("4111 1111"), sourceLocation: sourceLocation)
      #expect(!text.contains("１１１１"), sourceLocation: sourceLocation)
      #expect(!text.contains(shape), sourceLocation: sourceLocation)
    }
    if let store {
      #expect(store.range(of: Data("1111".utf8)) == nil, sourceLocation: sourceLocation)
      #expect(store.range(of: Data("１１１１".utf8)) == nil, sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: shapes)
  func refusedOnTheCommandLine(shape: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    for arguments in [
      ["txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--merchant", shape],
      ["card", "add", "C2", "--holder", shape, "--network", "visa", "--type", "credit"],
      ["enrollment", "add", "C1", "--channel", "wallet", "--id", shape],
    ] {
      let result = try session.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("ending 1111"), "\(arguments): \(result.stderr)")
      Self.expectNotLeaked(result, shape, store: try session.storeBytes())
    }
  }

  @Test(arguments: shapes)
  func refusedByImportAndBatch(shape: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    let quoted = "\"" + shape + "\""
    try session.write(
      "transactions.csv", "id,card,time,amount,merchant\nT1,C1,2026-03-01T10:00,150,\(quoted)\n")
    try session.write(
      "enrollments.csv", "id,card,channel,enrolled_at\n\(quoted),C1,wallet,2026-01-01T00:00\n")
    try session.write(
      "cards.csv", "card,holder,network,type,issuer\nC1,H1,unionpay,credit,bocom\n")
    for (kind, location) in [
      ("transactions", "transactions.csv:2:5"), ("enrollments", "enrollments.csv:2:1"),
    ] {
      let result = try session.run(["import", kind, "\(kind).csv"])
      #expect(result.status == 65, "\(kind): \(result.stderr)")
      #expect(result.stderr.contains(location), "\(result.stderr)")
      Self.expectNotLeaked(result, shape, store: try session.storeBytes())
    }

    // Batch: a clean enrollments file with the shape in the merchant, then the reverse.
    try session.write(
      "clean-enrollments.csv", "id,card,channel,enrolled_at\nE1,C1,wallet,2026-01-01T00:00\n")
    try session.write(
      "clean-transactions.csv", "id,card,time,amount\nT1,C1,2026-03-01T10:00,150\n")
    for (enrollments, transactions) in [
      ("clean-enrollments.csv", "transactions.csv"), ("enrollments.csv", "clean-transactions.csv"),
    ] {
      let result = try CommandHarness.run(
        [
          "batch", "--cards", "cards.csv", "--enrollments", enrollments, "--transactions",
          transactions, "--out", "rewards.csv", "--decisions", "decisions.csv", "--quiet",
        ], directory: session.folder.url)
      #expect(result.status == 65, "\(transactions): \(result.stderr)")
      Self.expectNotLeaked(result, shape)
      #expect(!session.folder.exists("rewards.csv"))
    }
  }

  /// The fast path of `batch` reads a plain merchant without the guard only when it cannot
  /// hold a card number; among many plain rows, one full-width number is still found.
  @Test func batchsFastPathFindsAFullWidthNumberAmongPlainRows() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", "card,holder,network,type\nC1,H1,unionpay,credit\n")
    try folder.write("enrollments.csv", "card,channel,enrolled_at\nC1,wallet,2026-01-01T00:00\n")
    var rows = "id,card,time,amount,merchant\n"
    for index in 0..<5_000 { rows += "T\(index),C1,2026-03-01T10:00,150,shop \(index)\n" }
    rows += "T-X,C1,2026-03-01T10:00,150,店 ４１１１１１１１１１１１１１１１\n"
    try folder.write("transactions.csv", rows)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--quiet",
      ], directory: folder.url)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("transactions.csv:5002:5"), "\(result.stderr)")
    Self.expectNotLeaked(result, "４１１１１１１１１１１１１１１１")
  }

  @Test(arguments: neighbours)
  func neighboursAreKept(text: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--merchant", text,
    ])
    try session.succeed([
      "card", "add", "C2", "--holder", text, "--network", "visa", "--type", "credit",
    ])
  }
}
