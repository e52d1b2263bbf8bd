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
      let (shown, zone) = (SafeText.path(path), store.timeZone.identifier)
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
    var folder = (path as NSString).deletingLastPathComponent
    while !folder.isEmpty && folder != "/" && !FileManager.default.fileExists(atPath: folder) {
      missing.append(folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
    for folder in missing.reversed() {
      // A folder that cannot be made is reported when the store is opened, with the reason.
      guard (try? WalletStore.createPrivateFolder(folder)) != nil else { return }
    }
  }

  /// Card lists and purchase history are private; say so when the file's mode lets others read.
  static func warnIfReadableByOthers(_ path: String, console: Console) {
    // stat, not lstat (which FileManager's attributes use): a store reached through a symbolic
    // link is as private as the file the link points to, and a link's own mode is always 777.
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    let mode = Int(status.st_mode) & 0o7777
    guard mode & 0o077 != 0 else { return }
    let (shown, octal) = (SafeText.path(path), String(mode, radix: 8))
    console.message(
      tr("Warning: \(shown) can be read by other users (mode \(octal)); run 'chmod 600 \(shown)'."))
  }
}

/// "Now", which `WALLET_NOW` replaces so that tests and the demo give the same answers any day.
enum Clock {
  static func now(_ context: CommandContext, zone: TimeZoneRules) throws -> Instant {
    if let text = context.environment["WALLET_NOW"], !text.isEmpty {
      do {
        return try Instant.parse(text, naiveIn: zone)
      } catch {
        let shown = SafeText.quoted(text)
        throw CommandError(
          .usage,
          ErrorWording.say(
            "WALLET_NOW \(shown): \(ErrorWording.words(error, in: .english))",
            "WALLET_NOW \(shown)：\(ErrorWording.words(error, in: .simplifiedChinese))",
            in: .current))
      }
    }
    let seconds = Date().timeIntervalSince1970
    return Instant(nanosecondsSinceEpoch: Int64(seconds * 1_000_000_000))
  }

  /// The zone in which a time's form is checked before the store's zone is known.
  static let utc: TimeZoneRules = {
    do {
      return try TimeZoneRules(identifier: "UTC")
    } catch {
      preconditionFailure("the system time zone database lacks UTC")
    }
  }()

  /// The time `at` (an option's) names in `zone`, or now when it was left out; a time that
  /// does not exist in the zone is a usage error about the option.
  static func instant(
    _ at: GivenArgument<TimeArgument?>, context: CommandContext, zone: TimeZoneRules
  ) throws -> Instant {
    if let value = try at.convert({ try $0.instant(in: zone) }) { return value }
    return try now(context, zone: zone)
  }

  /// The time `at` names in `zone`, or now; a time after now, usually a mistyped year, is a
  /// usage error unless `future` (the command's `--future` flag) allows it, so that a typo
  /// never takes a reward's place or hides a real one.
  static func instant(
    _ at: GivenArgument<TimeArgument?>, context: CommandContext, zone: TimeZoneRules,
    allowingFuture future: Bool
  ) throws -> Instant {
    let now = try now(context, zone: zone)
    guard let value = try at.convert({ try $0.instant(in: zone) }) else { return now }
    if value > now && !future {
      let (given, current) = (value.formatted(in: zone), now.formatted(in: zone))
      throw ValidationError(
        tr(
          """
          --at \(given) is after now (\(current)); check the date, or give --future to record it \
          anyway
          """))
    }
    return value
  }
}
