import WalletCore
import WalletIngest
import WalletStore

/// `wallet enrollment list`: the Apple Pay bindings in the store.
struct EnrollmentListCommand: WalletCommand {
  static let path = ["enrollment", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List enrollments.",
    discussion: """
      Lists the enrollments, of one card or all, by card then time. Times are shown in the \
      store's time zone. CSV output has the columns of an enrollments file.
      """)

  @Option(help: "Only this card's enrollments.") var card: CardSafeID?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let card = self.card?.id
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(card, as: .card, store: store)
    let zone = store.timeZone
    // Streamed: a store of a bank's cards prints its first line at once.
    let listing = ListingStream(
      columns: InputKind.enrollments.columns, format: format, console: context.console,
      fitting: table.tableWidth(context))
    try store.forEachEnrollment(card: card) { enrollment in
      guard listing.wantsMore else { return false }
      try listing.append([
        .text(enrollment.id.rawValue), .text(enrollment.card.rawValue),
        .text(enrollment.channel.rawValue), .text(enrollment.enrolledAt.formatted(in: zone)),
        .text(enrollment.removedAt?.formatted(in: zone)),
      ])
      return true
    }
    try listing.finish(empty: "No enrollments.")
    return .success
  }
}
