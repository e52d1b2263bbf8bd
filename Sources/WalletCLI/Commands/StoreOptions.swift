import Foundation
import WalletCore
import WalletIngest
import WalletStore

/// The options every store command shares, and how a command opens the store.
enum StoreOptions {
  /// `--db PATH`.
  static let database = ArgumentSpec.option(
    "db", valueName: "path",
    help: "The store file (default: $WALLET_DB, else $XDG_DATA_HOME/wallet/wallet.sqlite, "
      + "else ~/.local/share/wallet/wallet.sqlite).")

  /// `--format table|csv|json`.
  static func format(default value: String = "table") -> ArgumentSpec {
    .option(
      "format", valueName: "format", help: "Output format: table, csv or json.",
      defaultValue: value, allowedValues: ["table", "csv", "json"])
  }

  /// The store's path: `--db`, else `$WALLET_DB`, else under `$XDG_DATA_HOME`, else under
  /// `~/.local/share`.
  static func path(_ arguments: ParsedArguments, environment: [String: String]) -> String {
    if let path = arguments.value("db"), !path.isEmpty { return path }
    if let path = environment["WALLET_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/wallet/wallet.sqlite"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/wallet/wallet.sqlite"
  }

  /// Opens the store for a command. Commands that change the store create it when it is missing
  /// (saying so on standard error); commands that only read need it to exist.
  static func open(
    _ arguments: ParsedArguments, context: CommandContext, forWriting: Bool
  ) throws -> WalletStore {
    let path = path(arguments, environment: context.environment)
    let existed = FileManager.default.fileExists(atPath: path)
    if forWriting && !existed { createParentFolders(of: path) }
    let store = try WalletStore.open(path: path, create: forWriting)
    if forWriting && !existed {
      context.console.message(
        "Created a new store at \(path) (time zone \(store.timeZone.identifier)).")
    }
    warnIfReadableByOthers(path, console: context.console)
    return store
  }

  /// Makes the folders above the store's own folder, as usual; the store's folder itself is
  /// created 0700 by the SQLite layer, so that only its owner can list it.
  static func createParentFolders(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let parent = (folder as NSString).deletingLastPathComponent
    if !parent.isEmpty {
      try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    }
  }

  /// Card lists and purchase history are private; say so when the file's mode lets others read.
  static func warnIfReadableByOthers(_ path: String, console: Console) {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue,
      mode & 0o077 != 0
    else { return }
    console.message(
      "Warning: \(path) can be read by other users (mode \(String(mode, radix: 8))); "
        + "run 'chmod 600 \(path)'.")
  }
}

/// "Now", which `WALLET_NOW` replaces so that tests and the demo give the same answers any day.
enum Clock {
  static func now(_ context: CommandContext, zone: TimeZoneRules) throws -> Instant {
    if let text = context.environment["WALLET_NOW"], !text.isEmpty {
      do {
        return try Instant.parse(text, naiveIn: zone)
      } catch {
        throw CommandFailure(.usage, "WALLET_NOW \(SafeText.quoted(text)): \(error.description)")
      }
    }
    let seconds = Date().timeIntervalSince1970
    return Instant(nanosecondsSinceEpoch: Int64(seconds * 1_000_000_000))
  }

  /// Checks the form of a time option before the store is opened, so that a typo does not
  /// create a store; UTC has no gaps, so only the zone-independent mistakes are caught here.
  static func checkForm(_ arguments: ParsedArguments, _ name: String = "at") throws(UsageError) {
    _ = try arguments.value(
      name,
      as: { (text: String) throws(TimeParseError) in
        try Instant.parse(text, naiveIn: utc)
      })
  }

  private static let utc: TimeZoneRules = {
    do {
      return try TimeZoneRules(identifier: "UTC")
    } catch {
      preconditionFailure("the system time zone database lacks UTC")
    }
  }()

  /// `--at TIME`, or now.
  static func instant(
    _ arguments: ParsedArguments, _ name: String = "at", context: CommandContext,
    zone: TimeZoneRules
  ) throws -> Instant {
    if let value = try arguments.value(
      name,
      as: { (text: String) throws(TimeParseError) in
        try Instant.parse(text, naiveIn: zone)
      })
    {
      return value
    }
    return try now(context, zone: zone)
  }
}
