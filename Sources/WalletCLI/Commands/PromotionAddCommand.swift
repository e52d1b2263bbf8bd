import WalletCore
import WalletIngest
import WalletStore

/// `wallet promotion add`: install a promotion from its JSON file.
enum PromotionAddCommand: WalletCommand {
  static let path = ["promotion", "add"]

  static let spec = CommandSpec(
    "add",
    abstract: "Install a promotion from a JSON file.",
    discussion: """
      Checks the promotion file (every broken rule is reported with its field) and installs it; \
      every transaction in the store is decided under it at once. The same promotion again \
      changes nothing; other rules under the same id are refused unless --replace is given. \
      Built-in promotions cannot be replaced.
      """,
    arguments: [
      .positional(
        "file", valueName: "file", help: "The promotion JSON file ('-' for standard input)."),
      .flag("replace", help: "Replace an installed promotion with the same id."),
      StoreOptions.database,
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let file = try InputFile.openAllowingStandardInput(arguments.positional("file") ?? "-")
    let promotion = try PromotionSource.decode(file)
    let store = try StoreOptions.open(arguments, context: context, forWriting: true)
    let id = promotion.id
    if let installed = try store.installed(id), installed.isBuiltIn,
      installed.promotion != promotion
    {
      throw CommandFailure(
        .dataError,
        "\(SafeText.path(file.path)): \(SafeText.quoted(id.rawValue)) is a built-in promotion and cannot be replaced; give yours "
          + "another id")
    }
    switch try store.installPromotion(promotion, replace: arguments.flag("replace")) {
    case .inserted: context.console.message("Installed promotion \(id) (\(promotion.name)).")
    case .replaced: context.console.message("Replaced promotion \(id) (\(promotion.name)).")
    case .unchanged:
      context.console.message("Promotion \(id) is already installed; nothing changed.")
    }
    return .success
  }
}
