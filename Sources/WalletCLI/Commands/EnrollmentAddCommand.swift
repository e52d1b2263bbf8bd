import WalletCore
import WalletStore

/// `wallet enrollment add` (also `wallet enroll`): record that a card was bound to Apple Pay.
enum EnrollmentAddCommand: CommandEntry {
  static let path = ["enrollment", "add"]

  static let spec = CommandSpec(
    "add",
    abstract: "Record that a card was bound to Apple Pay.",
    discussion: """
      Records one binding of a card to Apple Pay, in the bank's app (bank-app) or in Apple Wallet \
      (wallet). Without --id, the id is <card>:<channel>:<time>, with the time exactly as given \
      to --at (or, without --at, now as wallet prints times), as an enrollments file without ids \
      would give it. Times without an offset are read in the store's time zone.
      """,
    arguments: [
      .positional("card", valueName: "card", help: "The card's id."),
      .option("channel", valueName: "channel", help: "bank-app or wallet.", required: true),
      .option(
        "at", valueName: "time", help: "When it was bound (ISO 8601).", defaultDescription: "now"),
      .option("id", valueName: "id", help: "The enrollment's id.", defaultDescription: "made up"),
      .flag("replace", help: "Overwrite an enrollment with the same id and different details."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let card = try CommandValues.cardSafeID(arguments, "card")!
    let channel = try CommandValues.code(arguments, "channel", as: Channel.self)!
    let givenID = try CommandValues.cardSafeID(arguments, "id")
    try Clock.checkForm(arguments)
    let store = try StoreOptions.open(arguments, context: context, access: .create)
    let zone = store.timeZone

    let enrolledAt: Instant
    let timeAsWritten: String
    if let text = arguments.value("at") {
      enrolledAt = try Clock.instant(arguments, context: context, zone: zone)
      timeAsWritten = text
    } else {
      // Now, to the second, so that the made-up id and the stored time say the same thing.
      timeAsWritten = try Clock.now(context, zone: zone).formatted(in: zone)
      enrolledAt = try Instant.parse(timeAsWritten, naiveIn: zone)
    }
    let id =
      givenID
      ?? Enrollment.defaultID(card: card, channel: channel, enrolledAtAsWritten: timeAsWritten)
    let enrollment = Enrollment(id: id, card: card, channel: channel, enrolledAt: enrolledAt)

    let shown = "card \(card) in \(channel) at \(enrolledAt.formatted(in: zone)) (enrollment \(id))"
    switch try store.addEnrollment(enrollment, replace: arguments.flag("replace")) {
    case .inserted: context.console.message("Enrolled \(shown).")
    case .replaced: context.console.message("Replaced the enrollment: \(shown).")
    case .unchanged:
      context.console.message("Enrollment \(id) is already in the store; nothing changed.")
    }
    return .success
  }
}
