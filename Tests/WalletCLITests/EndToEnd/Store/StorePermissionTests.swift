import Foundation
import Testing

/// Who can reach the store: the folders made for it, and the warning about a store others can
/// read.
struct StorePermissionTests {
  /// A store reached through a symbolic link is judged by the file the link points to, whose
  /// mode is the store's; the link's own mode is always 777.
  @Test(arguments: [0o600, 0o400, 0o644, 0o640, 0o604], [["card", "list"], ["init"]])
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
