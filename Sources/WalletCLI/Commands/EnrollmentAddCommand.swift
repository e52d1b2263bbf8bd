import WalletCore
import WalletStore

/// `wallet enrollment add` (also `wallet enroll`): record that a card was bound to Apple Pay.
struct EnrollmentAddCommand: WalletCommand {
  static let path = ["enrollment", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Record that a card was bound to Apple Pay.",
    discussion: """
      Records one binding of a card to Apple Pay, in the bank's app (bank-app) or in Apple Wallet \
      (wallet). Without --id, the id is <card>:<channel>:<time>, with the time of --at (or now) \
      as wallet prints times, e.g. C1:bank-app:2026-11-02T10:00:00+08:00, whatever form --at \
      was typed in. Times without an offset are read in the store's time zone.
      """)

  @Argument(help: "The card's id.") var card: CardSafeID
  @Option(help: "bank-app (or 买单吧, 银行App) or wallet (or Apple Wallet, Apple 钱包, 钱包).")
  var channel: Channel
  @Option(
    valueName: "time",
    help: "When it was bound: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a date "
      + "may also be written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "now")
  var at: TimeArgument?
  @Flag(help: "Accept an --at after now (refused otherwise, as it is usually a typo).")
  var future: Bool
  @Option(help: "The enrollment's id.", defaultDescription: "made up") var id: CardSafeID?
  @Flag(help: "Overwrite an enrollment with the same id and different details.")
  var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let card = self.card.id
    let givenID = self.id?.id
    let store = try storeOptions.open(context: context, access: .create)
    let zone = store.timeZone

    // The made-up id names the time as wallet writes it, whatever form was typed, so that
    // `2026-11-02 10:00`, `2026-11-02T10:00` and `2026-11-02T10:00:00+08:00` name one binding.
    let typed = try Clock.instant($at, context: context, zone: zone, allowingFuture: future)
    let timeAsWritten = typed.formatted(in: zone)
    try KnownIDs.require(card, as: .card, store: store)
    // To the second, so that the made-up id and the stored time say the same thing.
    let enrolledAt = try Instant.parse(timeAsWritten, naiveIn: zone)
    let id =
      givenID
      ?? Enrollment.defaultID(card: card, channel: channel, enrolledAtAsWritten: timeAsWritten)
    let enrollment = Enrollment(id: id, card: card, channel: channel, enrolledAt: enrolledAt)

    let time = enrolledAt.formatted(in: zone)
    let outcome: UpsertOutcome
    do {
      outcome = try store.addEnrollment(enrollment, replace: replace)
    } catch StoreError.conflict(_, _) {
      guard let stored = try store.enrollment(id) else {
        throw StoreError.conflict(kind: .enrollment, id: id)
      }
      throw CommandError(
        .dataError,
        ConflictText.message(
          kind: "enrollment", shownID: ShownID.quoted(id),
          differences: ConflictText.differences(
            ConflictText.fields(stored, enrollment, zone: zone))))
    }
    switch outcome {
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
