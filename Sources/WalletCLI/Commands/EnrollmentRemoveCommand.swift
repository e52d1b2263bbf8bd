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
  @Option(
    valueName: "time",
    help: "When it was removed: YYYY-MM-DDTHH:MM, 'YYYY-MM-DD HH:MM' or a date (its start); a "
      + "date may also be written YYYY年M月D日 or YYYY/M/D.",
    defaultDescription: "now")
  var at: TimeArgument?
  @Flag(help: "Accept an --at after now (refused otherwise, as it is usually a typo).")
  var future: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = self.id.id
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(id, as: .enrollment, store: store)
    let time = try Clock.instant(
      $at, context: context, zone: store.timeZone, allowingFuture: future)
    let enrollment = try store.removeEnrollment(id, at: time)
    let (card, shown) = (enrollment.card, time.formatted(in: store.timeZone))
    context.console.message(tr("Enrollment \(id) of card \(card) removed at \(shown)."))
    return .success
  }
}
