import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Who can reach the store: the folders made for it, and the warning about a store others can
/// read.
@Suite(.tags(.endToEnd))
struct StorePermissionTests {
  /// Runs the binary with umask 000, under which a folder made with the usual defaults is 0777.
  static let withoutUmask = ["/bin/sh", "-c", "umask 000 && exec \"$@\"", "sh"]

  /// Every folder made for a new store is 0700, however deep, whichever command makes it;
  /// folders that were there stay as they were.
  @Test(arguments: [
    ["init"], ["card", "add", "C1", "--holder", "H1", "--network", "visa", "--type", "credit"],
  ])
  func everyFolderMadeForANewStoreIs0700WhateverTheUmask(arguments: [String]) throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("kept"), withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o755])
    let store = folder.path("kept/a/b/c/wallet.sqlite")
    let result = try WalletProcess.run(
      arguments + ["--db", store], directory: folder.url, launcher: Self.withoutUmask)
    #expect(result.status == 0, "\(result.stderr)")
    for made in ["kept/a", "kept/a/b", "kept/a/b/c"] {
      #expect(try folder.mode(made) == 0o700, "\(made)")
    }
    #expect(try folder.mode("kept") == 0o755)
    #expect(try folder.mode("kept/a/b/c/wallet.sqlite") == 0o600)
  }

  /// The same for the default place under a home folder that does not exist yet.
  @Test func theDefaultFoldersAre0700WhateverTheUmask() throws {
    let folder = try TemporaryFolder()
    let result = try WalletProcess.run(
      ["init"], environment: ["HOME": folder.path("home")], directory: folder.url,
      launcher: Self.withoutUmask)
    #expect(result.status == 0, "\(result.stderr)")
    for made in ["home", "home/.local", "home/.local/share", "home/.local/share/wallet"] {
      #expect(try folder.mode(made) == 0o700, "\(made)")
    }
    #expect(try folder.mode("home/.local/share/wallet/wallet.sqlite") == 0o600)
    // The launcher did give the binary umask 000: a file it makes with the default mode is
    // 0666, which shows that the folders above are 0700 by wallet's doing.
    let plain = try WalletProcess.run(
      [
        "export", "transactions", "--out", "plain.csv", "--db",
        folder.path("home/.local/share/wallet/wallet.sqlite"),
      ],
      directory: folder.url, launcher: Self.withoutUmask)
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(try folder.mode("plain.csv") == 0o666)
  }

  /// A store reached through a symbolic link is judged by the file the link points to, whose
  /// mode is the store's; the link's own mode is always 777.
  @Test(arguments: [0o600, 0o644, 0o640, 0o604], [["card", "list"], ["init"]])
  func aStoreThroughASymbolicLinkIsJudgedByItsFile(mode: Int, arguments: [String]) throws {
    let session = try StoreSession()
    try session.smallWallet()
    try FileManager.default.setAttributes(
      [.posixPermissions: mode], ofItemAtPath: session.database)
    let link = session.folder.path("link.sqlite")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: session.database)

    let result = try WalletProcess.run(
      arguments + ["--db", link], environment: ["WALLET_NOW": StoreSession.now],
      directory: session.folder.url)
    #expect(result.status == 0, "\(result.stderr)")
    let warning =
      "Warning: \(link) can be read by other users (mode \(String(mode, radix: 8))); "
      + "run 'chmod 600 \(link)'."
    if mode & 0o077 == 0 {
      #expect(!result.stderr.contains("Warning"), "\(result.stderr)")
    } else {
      #expect(result.stderr.contains(warning), "\(result.stderr)")
    }
  }
}
