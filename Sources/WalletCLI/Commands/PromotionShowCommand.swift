import WalletCore
import WalletStore

/// `wallet promotion show`: an installed promotion's rules, as a promotion file.
enum PromotionShowCommand: CommandEntry {
  static let path = ["promotion", "show"]

  static let spec = CommandSpec(
    "show",
    abstract: "Print an installed promotion as JSON.",
    discussion: """
      Prints the promotion's rules as a promotion file, with every field spelled out, so it can \
      be edited and installed under another id.
      """,
    arguments: [
      .positional("id", valueName: "id", help: "The promotion's id."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let id = try CommandValues.id(arguments, "id")!
    let store = try StoreOptions.open(arguments, context: context, access: .read)
    guard let installed = try store.installed(id) else { throw StoreError.unknownPromotion(id) }
    let text = installed.promotion.jsonText
    context.console.data(text.hasSuffix("\n") ? text : text + "\n")
    return .success
  }
}
