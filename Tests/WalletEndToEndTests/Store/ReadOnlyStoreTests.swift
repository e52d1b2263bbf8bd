import Foundation
import Testing
import WalletCommandTesting
import WalletStore
import WalletTestSupport

/// Commands that only read open the store read-only: they work on a store the user cannot
/// write, in a read-only folder or as a read-only file, and they never change a store, not even
/// to upgrade it. Commands that write still exit 74 on such a store.
@Suite(.tags(.endToEnd))
struct ReadOnlyStoreTests {
  /// What is read-only.
  enum Part: String, CaseIterable, CustomTestStringConvertible {
    /// The store's folder (0500): no file can be made beside the store.
    case folder
    /// The store file (0400).
    case file

    var testDescription: String { "a read-only \(rawValue)" }
  }

  static let readingCommands: [[String]] = [
    ["statement"], ["statement", "--format", "csv"], ["card", "list"], ["enrollment", "list"],
    ["txn", "list"], ["promotion", "list"], ["promotion", "show", "bocom-applepay-monthly"],
    ["check", "C1"], ["check", "--holder", "H1", "--amount", "150"], ["explain", "T1"],
    ["export", "decisions"], ["export", "transactions"],
  ]

  /// setpriv, which runs a command as another user.
  static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether the binary can be run as a user the permission bits stop: the test's own user
  /// unless it is root (as in CI), else uid 65534 through setpriv. Root may write anything, so a
  /// run as root would prove nothing about a store its user cannot write.
  static let canRunUnprivileged = geteuid() != 0 || setpriv != nil

  /// A small wallet with a rewarded purchase, closed by a writing command so that the folder
  /// holds the store file alone, as it does at rest.
  static func wallet() throws -> StoreSession { try walletTemplate.session() }

  /// What `wallet()` copies, made once per run (see `StoreTemplate`).
  private static let walletTemplate = StoreTemplate { session in
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150",
      "--at", "2026-11-25T10:00:00+08:00",
    ])
  }

  /// The launcher that runs the binary as a user the permission bits stop (none when the tests
  /// do not run as root). The store then belongs to that user, as a user's own store does, and
  /// the binary is copied where that user can run it, whoever owns the build folder.
  static func unprivileged(_ session: StoreSession) throws -> [String] {
    guard geteuid() == 0, let setpriv else { return [] }
    let copy = session.folder.path("wallet")
    try FileManager.default.copyItem(
      atPath: try #require(WalletProcess.executable).path, toPath: copy)
    for path in [session.folder.url.path, copy] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    for path in [session.folder.path("store"), session.database] {
      try FileManager.default.setAttributes(
        [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
    }
    return [
      setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c",
      // The binary's own path comes first, and is dropped for the copy.
      "shift && exec \"$0\" \"$@\"", copy,
    ]
  }

  @Test(
    .enabled(if: canRunUnprivileged, "root ignores permission bits and setpriv is missing"),
    arguments: Part.allCases)
  func readingCommandsWorkOnAStoreTheUserCannotWrite(part: Part) throws {
    let session = try Self.wallet()
    var expected: [[String]: WalletProcess.Result] = [:]
    for arguments in Self.readingCommands {
      expected[arguments] = try session.run(arguments)
    }
    try session.succeed(["init"])  // A writer, which removes what the readers left.
    let storeFolder = session.folder.path("store")
    #expect(try FileManager.default.contentsOfDirectory(atPath: storeFolder) == ["wallet.sqlite"])
    let before = try session.storeBytes()

    let launcher = try Self.unprivileged(session)
    let readOnly = part == .folder ? storeFolder : session.database
    let writable = part == .folder ? 0o700 : 0o600
    try FileManager.default.setAttributes(
      [.posixPermissions: part == .folder ? 0o500 : 0o400], ofItemAtPath: readOnly)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: writable], ofItemAtPath: readOnly)
    }

    for arguments in Self.readingCommands {
      let result = try session.run(arguments, launcher: launcher)
      let wanted = try #require(expected[arguments])
      #expect(result.status == wanted.status, "\(arguments): \(result.stderr)")
      #expect(result.stdout == wanted.stdout, "\(arguments)")
      #expect(result.stderr == wanted.stderr, "\(arguments)")
    }
    // Nothing was made beside the store, which would stop its owner's writes once the file is
    // writable again (a read-only shared-memory file does).
    #expect(try FileManager.default.contentsOfDirectory(atPath: storeFolder) == ["wallet.sqlite"])
    #expect(try session.storeBytes() == before)

    let refused = try session.run(
      ["card", "add", "C2", "--holder", "H1", "--network", "visa", "--type", "credit"],
      launcher: launcher)
    #expect(refused.status == 74, "\(refused.stderr)")
    #expect(refused.stderr.hasPrefix("Error: the store could not be used: "), "\(refused.stderr)")
    #expect(try session.storeBytes() == before)
  }

  /// A writing command on a store its user cannot write exits 74 and leaves nothing beside it:
  /// SQLite would open the file read-only and make a shared-memory file as read-only as the
  /// store, which would refuse every write once the store is writable again.
  @Test(
    .enabled(if: canRunUnprivileged, "root ignores permission bits and setpriv is missing"),
    arguments: Part.allCases)
  func aRefusedWriteLeavesTheStoreWritableAgain(part: Part) throws {
    let session = try Self.wallet()
    let before = try session.storeBytes()
    let launcher = try Self.unprivileged(session)
    let storeFolder = session.folder.path("store")
    let readOnly = part == .folder ? storeFolder : session.database
    let writable = part == .folder ? 0o700 : 0o600
    try FileManager.default.setAttributes(
      [.posixPermissions: part == .folder ? 0o500 : 0o400], ofItemAtPath: readOnly)
    let card = ["card", "add", "C2", "--holder", "H1", "--network", "visa", "--type", "credit"]
    let refused = try session.run(card, launcher: launcher)
    try FileManager.default.setAttributes([.posixPermissions: writable], ofItemAtPath: readOnly)
    #expect(refused.status == 74, "\(refused.stderr)")
    #expect(refused.stderr.hasPrefix("Error: the store could not be used: "), "\(refused.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: storeFolder) == ["wallet.sqlite"])
    #expect(try session.storeBytes() == before)

    let added = try session.run(card, launcher: launcher)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout.contains("\nC2,H1,"))
  }
}
