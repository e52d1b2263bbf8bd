import WalletCore
import WalletStore

/// `wallet enrollment remove`: record that a binding was removed, keeping its history.
struct EnrollmentRemoveCommand: WalletCommand {
  static let path = ["enrollment", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Record that a card was unbound from Apple Pay.",
    discussion: """
      Sets the enrollment's removal time; the enrollment stays, so purchases made while it was \
      active still count. Purchases from that time on no longer count through it, and rewards \
      are decided again.
      """)

  @Argument(help: "The enrollment's id.") var id: CardSafeID
  @Option(valueName: "time", help: "When it was removed (ISO 8601).", defaultDescription: "now")
  var at: TimeArgument?
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = self.id.id
    let store = try storeOptions.open(context: context, access: .change)
    let time = try Clock.instant($at, context: context, zone: store.timeZone)
    let enrollment = try store.removeEnrollment(id, at: time)
    let (card, shown) = (enrollment.card, time.formatted(in: store.timeZone))
    context.console.message(tr("Enrollment \(id) of card \(card) removed at \(shown)."))
    return .success
  }
}
