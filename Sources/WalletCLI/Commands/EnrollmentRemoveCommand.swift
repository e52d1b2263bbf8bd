import WalletCore
import WalletStore

/// `wallet enrollment remove`: record that a binding was removed, keeping its history.
enum EnrollmentRemoveCommand: CommandEntry {
  static let path = ["enrollment", "remove"]

  static let spec = CommandSpec(
    "remove",
    abstract: "Record that a card was unbound from Apple Pay.",
    discussion: """
      Sets the enrollment's removal time; the enrollment stays, so purchases made while it was \
      active still count. Purchases from that time on no longer count through it, and rewards \
      are decided again.
      """,
    arguments: [
      .positional("id", valueName: "id", help: "The enrollment's id."),
      .option(
        "at", valueName: "time", help: "When it was removed (ISO 8601).",
        defaultDescription: "now"),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.cardSafeID(arguments, "id")!
    let store = try StoreOptions.open(arguments, context: context, access: .change)
    let time = try Clock.instant(arguments, context: context, zone: store.timeZone)
    let enrollment = try store.removeEnrollment(id, at: time)
    context.console.message(
      "Enrollment \(id) of card \(enrollment.card) removed at "
        + "\(time.formatted(in: store.timeZone)).")
    return .success
  }
}
