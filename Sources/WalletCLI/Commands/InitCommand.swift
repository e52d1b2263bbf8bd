import Foundation
import WalletCore
import WalletIngest
import WalletStore

/// `wallet init`: create the store, or say that it is ready.
struct InitCommand: WalletCommand {
  static let path = ["init"]

  static let configuration = CommandConfiguration(
    abstract: "Create the store, or check that it is ready.",
    discussion: """
      Creates the store file (mode 0600, in a new folder of mode 0700) with its time zone, the \
      zone in which times written without an offset are read. On an existing store it changes \
      nothing and says the store is ready. A different --timezone is refused once the store \
      holds cards, because the times already in it were read in its zone; a store without cards \
      takes the new zone.
      """)

  @Option(
    valueName: "zone", help: "An IANA time zone such as Asia/Shanghai or UTC.",
    defaultDescription: "\(WalletStore.defaultTimeZone.identifier), or the store's own")
  var timezone: TimeZoneRules?
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let console = context.console
    let zone = timezone
    let path = storeOptions.path(environment: context.environment)
    let existed = FileManager.default.fileExists(atPath: path)
    if !existed { StoreOptions.createParentFolders(of: path) }
    let store = try WalletStore.open(path: path, create: true)
    if !existed {
      try store.setTimeZone(zone ?? WalletStore.defaultTimeZone)
      let (shown, zone) = (ShownValue.path(path), store.timeZone)
      console.message(tr("Created a new store at \(shown) (time zone \(zone))."))
      return .success
    }
    StoreOptions.warnIfReadableByOthers(path, console: console)

    let current = store.timeZone
    let wanted = zone ?? current
    if wanted == current {
      // A store made by another command has the default zone without having recorded it.
      if try !store.isInitialized { try store.setTimeZone(current) }
      let shown = ShownValue.path(path)
      console.message(tr("The store at \(shown) is ready (time zone \(current))."))
      return .success
    }
    // Instants are stored as UTC; those given without an offset were read in the old zone, and
    // changing it would silently reinterpret nothing yet make later imports disagree with them.
    guard try store.cards().isEmpty else {
      let shown = ShownValue.path(path)
      throw CommandError(
        .dataError,
        tr(
          """
          the store at \(shown) reads times in \(current) and already holds data read in that \
          zone, so its zone stays \(current); to use \(wanted), create another store with --db
          """))
    }
    try store.setTimeZone(wanted)
    let shown = ShownValue.path(path)
    console.message(
      tr("The store at \(shown) is ready; it now reads times in \(wanted) (it was \(current))."))
    return .success
  }
}
