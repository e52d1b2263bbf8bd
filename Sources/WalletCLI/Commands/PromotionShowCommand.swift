import WalletCore
import WalletStore

/// `wallet promotion show`: an installed promotion's rules, as a promotion file.
struct PromotionShowCommand: WalletCommand {
  static let path = ["promotion", "show"]

  static let configuration = CommandConfiguration(
    abstract: "Print an installed promotion as JSON.",
    discussion: """
      Prints the promotion's rules as a promotion file, with every field spelled out, so it can \
      be edited and installed under another id.
      """)

  @Argument(help: "The promotion's id.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .read)
    let installed = try KnownIDs.promotion(id, store: store)
    let text = installed.promotion.jsonText
    context.console.data(text.hasSuffix("\n") ? text : text + "\n")
    return .success
  }
}
