import WalletCore
import WalletIngest
import WalletStore

/// `wallet promotion add`: install a promotion from its JSON file.
struct PromotionAddCommand: WalletCommand {
  static let path = ["promotion", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Install a promotion from a JSON file.",
    discussion: """
      Checks the promotion file (every broken rule is reported with its field) and installs it; \
      every transaction in the store is decided under it at once. The same promotion again \
      changes nothing; other rules under the same id are refused unless --replace is given. \
      Built-in promotions cannot be replaced.
      """)

  @Argument(help: "The promotion JSON file ('-' for standard input).") var file: String
  @Flag(help: "Replace an installed promotion with the same id.") var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let file = try InputFile.openAllowingStandardInput(
      self.file, standardInput: context.standardInput)
    let promotion = try PromotionSource.decode(file)
    let store = try storeOptions.open(context: context, access: .create)
    let id = promotion.id
    if let installed = try store.installed(id), installed.isBuiltIn,
      installed.promotion != promotion
    {
      let (path, shown) = (
        ShownValue.path(file.path), ShownID.quotedValue(id.rawValue, in: .current)
      )
      throw CommandError(
        .dataError,
        tr(
          "\(path): \(shown) is a built-in promotion and cannot be replaced; give yours another id")
      )
    }
    switch try store.installPromotion(promotion, replace: replace) {
    case .inserted:
      let name = DecisionText.shownName(promotion)
      context.console.message(tr("Installed promotion \(id) (\(name))."))
    case .replaced:
      let name = DecisionText.shownName(promotion)
      context.console.message(tr("Replaced promotion \(id) (\(name))."))
    case .unchanged:
      context.console.message(tr("Promotion \(id) is already installed; nothing changed."))
    }
    return .success
  }
}
