import WalletCore
import WalletStore

/// `wallet enrollment add` (also `wallet enroll`): record that a card was bound to Apple Pay.
struct EnrollmentAddCommand: WalletCommand {
  static let path = ["enrollment", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Record that a card was bound to Apple Pay.",
    discussion: """
      Records one binding of a card to Apple Pay, in the bank's app (bank-app) or in Apple Wallet \
      (wallet). Without --id, the id is <card>:<channel>:<time>, with the time exactly as given \
      to --at (or, without --at, now as wallet prints times), as an enrollments file without ids \
      would give it. Times without an offset are read in the store's time zone.
      """)

  @Argument(help: "The card's id.") var card: CardSafeID
  @Option(help: "bank-app or wallet.") var channel: Channel
  @Option(valueName: "time", help: "When it was bound (ISO 8601).", defaultDescription: "now")
  var at: TimeArgument?
  @Option(help: "The enrollment's id.", defaultDescription: "made up") var id: CardSafeID?
  @Flag(help: "Overwrite an enrollment with the same id and different details.")
  var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let card = self.card.id
    let givenID = self.id?.id
    let store = try storeOptions.open(context: context, access: .create)
    let zone = store.timeZone

    let enrolledAt: Instant
    let timeAsWritten: String
    if let at {
      enrolledAt = try Clock.instant($at, context: context, zone: zone)
      timeAsWritten = at.text
    } else {
      // Now, to the second, so that the made-up id and the stored time say the same thing.
      timeAsWritten = try Clock.now(context, zone: zone).formatted(in: zone)
      enrolledAt = try Instant.parse(timeAsWritten, naiveIn: zone)
    }
    let id =
      givenID
      ?? Enrollment.defaultID(card: card, channel: channel, enrolledAtAsWritten: timeAsWritten)
    let enrollment = Enrollment(id: id, card: card, channel: channel, enrolledAt: enrolledAt)

    let time = enrolledAt.formatted(in: zone)
    switch try store.addEnrollment(enrollment, replace: replace) {
    case .inserted:
      context.console.message(
        tr("Enrolled card \(card) in \(channel) at \(time) (enrollment \(id))."))
    case .replaced:
      context.console.message(
        tr("Replaced the enrollment: card \(card) in \(channel) at \(time) (enrollment \(id))."))
    case .unchanged:
      context.console.message(tr("Enrollment \(id) is already in the store; nothing changed."))
    }
    return .success
  }
}
