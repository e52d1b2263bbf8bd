import WalletCore
import WalletStore

/// `wallet promotion remove`: uninstall a promotion and its decisions.
struct PromotionRemoveCommand: WalletCommand {
  static let path = ["promotion", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Uninstall a promotion.",
    discussion: """
      Removes the promotion and its decisions; cards, enrollments and transactions stay. \
      Built-in promotions cannot be removed (exit status 65).
      """)

  @Argument(help: "The promotion's id.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .change)
    _ = try KnownIDs.promotion(id, store: store)
    try store.removePromotion(id)
    context.console.message(tr("Removed promotion \(id)."))
    return .success
  }
}
