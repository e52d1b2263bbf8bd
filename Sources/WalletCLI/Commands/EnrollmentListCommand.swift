import WalletCore
import WalletIngest
import WalletStore

/// `wallet enrollment list`: the Apple Pay bindings in the store.
enum EnrollmentListCommand: WalletCommand {
  static let path = ["enrollment", "list"]

  static let spec = CommandSpec(
    "list",
    abstract: "List enrollments.",
    discussion: """
      Lists the enrollments, of one card or all, by card then time. Times are shown in the \
      store's time zone. CSV output has the columns of an enrollments file.
      """,
    arguments: [
      .option("card", valueName: "card", help: "Only this card's enrollments."),
      StoreOptions.format(),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let card = try CommandValues.cardSafeID(arguments, "card")
    let format = OutputFormat(arguments)
    let store = try StoreOptions.open(arguments, context: context, forWriting: false)
    let zone = store.timeZone
    var listing = Listing(columns: InputKind.enrollments.columns)
    for enrollment in try store.enrollments(card: card) {
      listing.append([
        .text(enrollment.id.rawValue), .text(enrollment.card.rawValue),
        .text(enrollment.channel.rawValue), .text(enrollment.enrolledAt.formatted(in: zone)),
        .text(enrollment.removedAt?.formatted(in: zone)),
      ])
    }
    try listing.write(format, empty: "No enrollments.", console: context.console)
    return .success
  }
}
