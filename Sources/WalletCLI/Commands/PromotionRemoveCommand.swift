import WalletCore
import WalletStore

/// `wallet promotion remove`: uninstall a promotion and its decisions.
enum PromotionRemoveCommand: CommandEntry {
  static let path = ["promotion", "remove"]

  static let spec = CommandSpec(
    "remove",
    abstract: "Uninstall a promotion.",
    discussion: """
      Removes the promotion and its decisions; cards, enrollments and transactions stay. \
      Built-in promotions cannot be removed (exit status 65).
      """,
    arguments: [
      .positional("id", valueName: "id", help: "The promotion's id."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.id(arguments, "id")!
    let store = try StoreOptions.open(arguments, context: context, access: .change)
    try store.removePromotion(id)
    context.console.message("Removed promotion \(id).")
    return .success
  }
}
