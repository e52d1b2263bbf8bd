import WalletCore
import WalletStore

/// `wallet promotion list`: the promotions installed in the store.
struct PromotionListCommand: WalletCommand {
  static let path = ["promotion", "list"]

  static let configuration = CommandConfiguration(
    abstract: "List installed promotions.",
    discussion: """
      Lists the installed promotions, built-in ones first, then by id, with what a refund does \
      to each one's rewards (refunds: net or clawback).
      """)

  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    var listing = Listing(columns: [
      "id", "name", "issuer", "currency", "timezone", "campaign_start", "campaign_end",
      "cycle_start_day", "refunds", "built_in",
    ])
    for installed in try store.promotions() {
      let promotion = installed.promotion
      listing.append([
        .text(promotion.id.rawValue), .text(promotion.name), .text(promotion.issuer),
        .text(promotion.currency.code), .text(promotion.timeZone.identifier),
        .text(promotion.campaignStart?.description), .text(promotion.campaignEnd?.description),
        .integer(promotion.cycleStartDay), .text(promotion.refunds.rawValue),
        .bool(installed.isBuiltIn),
      ])
    }
    try listing.write(
      format, empty: "No promotions.", console: context.console,
      fitting: table.tableWidth(context))
    return .success
  }
}
