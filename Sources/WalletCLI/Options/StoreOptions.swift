import Foundation
import WalletCore
import WalletIngest
import WalletStore

/// `--db`, which every store command takes, and how a command opens the store.
struct StoreOptions: ParsableArguments {
  /// The store's path as given.
  @Option(
    valueName: "path",
    help: "The store file (default: $WALLET_DB, else $XDG_DATA_HOME/wallet/wallet.sqlite, "
      + "else ~/.local/share/wallet/wallet.sqlite).")
  var db: String?

  /// The store's path: `--db`, else `$WALLET_DB`, else under `$XDG_DATA_HOME`, else under
  /// `~/.local/share`.
  func path(environment: [String: String]) -> String {
    Self.path(given: db, environment: environment)
  }

  /// The store's path from a `--db` value (nil for a command without the option) and the
  /// environment.
  static func path(given: String?, environment: [String: String]) -> String {
    if let path = given, !path.isEmpty { return path }
    if let path = environment["WALLET_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/wallet/wallet.sqlite"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/wallet/wallet.sqlite"
  }

  /// What a command does with the store, which decides how it is opened.
  enum Access {
    /// Only reads. The store must exist, and is opened read-only: reading works on a store the
    /// user may not change, and never changes one (not even to upgrade it).
    case read
    /// Changes what an existing store holds (removing, refunding): a missing store is an
    /// error, since there would be nothing to change.
    case change
    /// Adds to the store, creating it when it is missing.
    case create
  }

  /// Opens the store for a command. Commands that add to the store create it when it is missing
  /// (saying so on standard error); the others need it to exist.
  func open(context: CommandContext, access: Access) throws -> WalletStore {
    let path = path(environment: context.environment)
    let existed = FileManager.default.fileExists(atPath: path)
    let creates = access == .create && !existed
    if creates { Self.createParentFolders(of: path) }
    let store = try WalletStore.open(
      path: path, create: access == .create, readOnly: access == .read)
    if creates {
      let (shown, zone) = (ShownValue.path(path), store.timeZone.identifier)
      context.console.message(tr("Created a new store at \(shown) (time zone \(zone))."))
    }
    Self.warnIfReadableByOthers(path, console: context.console)
    return store
  }

  /// Makes every missing folder on the way to the store, each 0700 whatever the umask, as the
  /// XDG base directory specification asks of the folders an application makes: nobody else
  /// needs to list them, and the names in them (`wallet`) say what is kept there. Folders that
  /// exist are left as they are.
  static func createParentFolders(of path: String) {
    var missing: [String] = []
    var folder = parentFolder(of: path)
    while !folder.isEmpty && folder != "/" && !FileManager.default.fileExists(atPath: folder) {
      missing.append(folder)
      folder = parentFolder(of: folder)
    }
    for folder in missing.reversed() {
      // A folder that cannot be made is reported when the store is opened, with the reason.
      guard (try? WalletStore.createPrivateFolder(folder)) != nil else { return }
    }
  }

  /// The folder `path` names its file in: what comes before the last `/` (trailing ones
  /// ignored), `/` for a file at the root, "" for a bare name. Foundation's
  /// `deletingLastPathComponent` traps on a one-character name on Linux (`s` of `s/w.sqlite`).
  static func parentFolder(of path: String) -> String {
    var name = Substring(path)
    while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
    guard let slash = name.lastIndex(of: "/") else { return "" }
    var parent = name[..<slash]
    while parent.hasSuffix("/") { parent = parent.dropLast() }
    return parent.isEmpty ? "/" : String(parent)
  }

  /// Card lists and purchase history are private; say so when the file's mode lets others read.
  static func warnIfReadableByOthers(_ path: String, console: Console) {
    // stat, not lstat (which FileManager's attributes use): a store reached through a symbolic
    // link is as private as the file the link points to, and a link's own mode is always 777.
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    let mode = Int(status.st_mode) & 0o7777
    guard mode & 0o077 != 0 else { return }
    let (shown, octal) = (ShownValue.path(path), String(mode, radix: 8))
    console.message(
      tr("Warning: \(shown) can be read by other users (mode \(octal)); run 'chmod 600 \(shown)'."))
  }
}
