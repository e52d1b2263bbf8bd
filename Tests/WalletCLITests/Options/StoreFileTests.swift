import Foundation
import Testing
import WalletCommandTesting
import WalletStore
import WalletTestSupport

/// The store file as the binary finds it: a file that is not a SQLite database, a store written
/// by a newer wallet, and ids written to trick SQL. The first two are refused (65) and left as
/// they are, byte for byte; the last are kept and listed back as they were written.
@Suite struct StoreFileTests {
  /// Every file in the store's folder and its bytes, to prove a refused store was not touched
  /// (no journal or log made either). SQLite's shared-memory index and an empty log are left
  /// out: a reading command opens the store read-only, and such a connection makes them and
  /// cannot remove them (see `Database`), though they hold nothing of the store.
  static func snapshot(_ session: StoreSession) throws -> [String: Data] {
    let folder = URL(fileURLWithPath: session.database).deletingLastPathComponent()
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where !name.hasSuffix("-shm") {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
      if !(name.hasSuffix("-wal") && bytes.isEmpty) { files[name] = bytes }
    }
    return files
  }

  /// Commands that write, read and create, each of which must leave a refused store alone.
  static let commands: [[String]] = [
    ["import", "cards", "cards.csv"],
    ["card", "add", "C9", "--holder", "H9", "--network", "visa", "--type", "credit"],
    ["statement"],
    ["card", "list"],
    ["check", "C1"],
    ["export", "decisions"],
    ["init"],
  ]

  static let cards =
    "card,holder,network,type,role,issuer,last4\nC1,H1,visa,credit,primary,bocom,1\n"

  @Test(arguments: commands)
  func aFileThatIsNotASQLiteDatabaseIsRefusedAndLeftAlone(arguments: [String]) throws {
    let session = try StoreSession()
    try session.write("cards.csv", Self.cards)
    try FileManager.default.createDirectory(
      atPath: session.folder.path("store"), withIntermediateDirectories: true)
    // More than a page of bytes that are not SQLite's header, some of them not UTF-8.
    let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
    try session.folder.write("store/wallet.sqlite", bytes: bytes)
    let before = try Self.snapshot(session)

    let result = try session.run(arguments)
    #expect(result.status == 65, "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("is not a wallet store"), "\(result.stderr)")
    #expect(try Self.snapshot(session) == before)
  }

  /// Makes the session's store one written by a newer wallet: a migration this wallet does not
  /// know, and a schema version above its own. With the sqlite3 shell when it is installed;
  /// otherwise by writing the version into the file's header (bytes 60–63, big-endian).
  static func makeNewer(_ session: StoreSession) throws {
    let wal = session.database + "-wal"
    #expect(
      (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0 == 0,
      "the store was closed, so its log was checkpointed")
    let shell = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    if let shell {
      let altered = try WalletProcess.runProgram(
        [
          shell, session.database,
          "INSERT INTO schema_migrations VALUES ('999-from-the-future', '2099-01-01T00:00:00Z');"
            + " PRAGMA user_version = 999;",
        ], environment: ["PATH": "/usr/bin:/bin"])
      #expect(altered.status == 0, "sqlite3 could not alter the store: \(altered.stderr)")
    } else {
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: session.database))
      try handle.seek(toOffset: 60)
      try handle.write(contentsOf: Data([0, 0, 0x03, 0xE7]))
      try handle.close()
    }
  }

  @Test(arguments: commands)
  func aStoreFromANewerWalletIsRefusedAndLeftAlone(arguments: [String]) throws {
    let session = try StoreSession()
    try session.write("cards.csv", Self.cards)
    try session.smallWallet()
    try Self.makeNewer(session)
    let before = try Self.snapshot(session)

    let result = try session.run(arguments)
    #expect(result.status == 65, "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains("was written by a newer version of wallet"), "\(result.stderr)")
    #expect(try Self.snapshot(session) == before)
  }

  @Test func idsWrittenToTrickSQLAreStoredAndListedBackVerbatim() throws {
    let session = try StoreSession()
    let card = "x'); DROP TABLE cards;--"
    let holder = "h'); DROP TABLE holders;--"
    let enrollment = "e\"; DELETE FROM enrollments; --"
    let transaction = "t' OR '1'='1"
    try session.succeed(["init"])
    try session.write(
      "cards.csv",
      "card,holder,network,type,role,issuer,last4\n"
        + "\(card),\(holder),unionpay,credit,primary,bocom,1234\n"
        + "C2,H2,visa,credit,primary,bocom,5678\n")
    try session.write(
      "enrollments.csv",
      "id,card,channel,enrolled_at\n"
        + "\"e\"\"; DELETE FROM enrollments; --\",\(card),bank-app,2026-01-01T09:00:00+08:00\n")
    try session.write(
      "transactions.csv",
      "id,card,time,amount,enrollment\n"
        + "\(transaction),\(card),2026-03-01T12:00:00+08:00,150.00,\"e\"\"; DELETE FROM enrollments; --\"\n"
    )
    for kind in ["cards", "enrollments", "transactions"] {
      try session.succeed(["import", kind, "\(kind).csv"])
    }
    // Imported again, they are the same rows: the ids were compared as they were written.
    let again = try session.succeed(["import", "cards", "cards.csv"])
    #expect(again.stderr.contains(": 0 new, 2 already present"), "\(again.stderr)")

    let cards = try session.succeed(["card", "list", "--format", "csv"]).stdout.lines
    #expect(cards.count == 3, "\(cards)")
    #expect(cards.contains { $0.hasPrefix("\(card),\(holder),") }, "\(cards)")
    #expect(cards.contains { $0.hasPrefix("C2,H2,") }, "\(cards)")

    let enrollments = try session.succeed(["enrollment", "list", "--format", "csv"]).stdout
    #expect(enrollments.contains("\"\(enrollment.replacingOccurrences(of: "\"", with: "\"\""))\""))

    let transactions = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    #expect(transactions.count == 2, "\(transactions)")
    #expect(transactions.last?.hasPrefix("\(transaction),\(card),") == true, "\(transactions)")

    let rewards = try session.succeed(["statement", "--format", "csv"]).stdout.lines
    #expect(rewards.count == 2, "\(rewards)")
    #expect(rewards.last?.hasPrefix("\(holder),") == true, "\(rewards)")

    // The card is found by its id on the command line too, and a card added there is kept.
    let checked = try session.run(["check", card])
    #expect(checked.status == 0, "\(checked.stderr)")
    #expect(checked.stdout.contains(card))
    let added = "y\"); DROP TABLE transactions; --"
    try session.succeed([
      "card", "add", added, "--holder", holder, "--network", "visa", "--type", "credit",
    ])
    let listed = try session.succeed(["card", "list", "--format", "csv"]).stdout
    #expect(listed.contains("\"\(added.replacingOccurrences(of: "\"", with: "\"\""))\",\(holder),"))
    #expect(try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines.count == 2)
  }

  /// A row holding a value wallet never writes is a damaged store: exit 65 (bad data), the
  /// table, row and column named, and nothing on standard output, whichever command reads it;
  /// an import that skips invalid rows stops at it too rather than blame a line of its file.
  @Test(
    "a damaged row is bad data, named by table, row and column",
    arguments: [
      ("UPDATE cards SET network = 'visaa'", ["card", "list"], "table cards, row 'C1'"),
      ("UPDATE cards SET network = 'visaa'", ["check", "C1"], "table cards, row 'C1'"),
      ("UPDATE cards SET network = 'visaa'", ["explain", "T1"], "table cards, row 'C1'"),
      (
        "UPDATE cards SET network = 'visaa'", ["import", "cards", "cards.csv", "--skip-invalid"],
        "table cards, row 'C1'"
      ),
      ("UPDATE transactions SET status = 'ok'", ["txn", "list"], "table transactions, row 'T1'"),
      (
        "UPDATE enrollments SET channel = 'web'", ["enrollment", "list"],
        "table enrollments, row 'E1'"
      ),
      ("UPDATE decisions SET channel = 'web'", ["statement"], "table decisions, row 'T1'"),
    ])
  func aDamagedRowIsBadData(sql: String, arguments: [String], names: String) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at",
      "2026-02-01T10:00:00+08:00",
    ])
    try session.write(
      "cards.csv", "card,holder,network,type,issuer\nC1,H1,unionpay,credit,bocom\n")
    try Database(path: session.database, mode: .readWrite).execute(sql)

    let result = try session.run(arguments)
    #expect(result.status == 65, "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(arguments)")
    #expect(
      result.stderr.hasPrefix("Error: the store is damaged: \(names), column "),
      "\(arguments): \(result.stderr)")
  }

  /// A file SQLite finds damaged (its pages overwritten past the schema) is bad data, worded
  /// by the command line from the store's own error, in each language.
  @Test(arguments: [
    ("en", "Error: the store is damaged: database disk image is malformed\n"),
    ("zh-Hans", "错误：数据库已损坏：database disk image is malformed\n"),
  ])
  func aDamagedFileIsBadData(language: String, message: String) throws {
    let session = try StoreSession()
    try session.importSample()
    var bytes = try Data(contentsOf: URL(fileURLWithPath: session.database))
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    for index in (2 * pageSize)..<bytes.count { bytes[index] = 0xA5 }
    try bytes.write(to: URL(fileURLWithPath: session.database))

    let result = try session.run(["--lang", language, "statement"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message)
  }

  /// A store an older wallet wrote needs upgrading, which is a write: a reading command refuses
  /// it and leaves the file as it was, and a writing command upgrades it.
  @Test(arguments: [["statement"], ["card", "list"], ["check", "C1"], ["export", "decisions"]])
  func aReadingCommandDoesNotUpgradeAnOlderStore(arguments: [String]) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at",
      "2026-11-25T10:00:00+08:00",
    ])
    do {
      let database = try Database(path: session.database, mode: .readWrite)
      try database.executeScript(
        """
        DROP INDEX waiting_refunds_by_card;
        DELETE FROM schema_migrations WHERE name = 'index-waiting-refunds';
        ALTER TABLE origins ADD COLUMN method_decided_by TEXT;
        ALTER TABLE origins DROP COLUMN method_source;
        ALTER TABLE origins DROP COLUMN method_rule;
        ALTER TABLE origins DROP COLUMN method_words;
        ALTER TABLE origins DROP COLUMN method_file;
        DELETE FROM schema_migrations WHERE name IN ('method-decisions-as-values', 'issuer-codes');
        PRAGMA user_version = 4;
        """)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: session.database))

    let refused = try session.run(arguments)
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "Error: \(session.database) was written by an older version of wallet and needs "
        + "upgrading, which a command that only reads does not do; run one that writes to it, "
        + "such as 'wallet init'\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: session.database)) == before)

    try session.succeed(["init"])
    try session.succeed(arguments)
  }
}
