import WalletCore
import WalletIngest
import WalletStore

/// `wallet reconcile`: the store's owed decisions compared with the postings the issuer made
/// (SPEC section 7): was each reward paid, and is anything posted that should not be?
struct ReconcileCommand: WalletCommand {
  static let path = ["reconcile"]

  static let configuration = CommandConfiguration(
    abstract: "Compare the rewards owed with what the issuer posted.",
    discussion: """
      Matches the decisions that owe something (rewarded, forfeited) under each installed \
      promotion (or the one --promotion names) with the store's postings, per holder, and \
      gives each a status: paid, paid-late, not-yet-due, forfeited, missing, amount-differs, \
      clawed-back, not-clawed-back; a credit no decision takes is unexpected, a clawback that \
      takes back no credit unmatched-clawback. Only transactions and postings dated on or \
      before the as-of date (today, or WALLET_NOW, or --as-of) take part. A reward is due by \
      the last day of its billing cycle plus the promotion's posting days (30). The table \
      gives each holder's money owed, paid, missing and taken back, the rows, and a sentence \
      for each row that needs attention. CSV is the reconciliation rows of wallet-files(5); \
      JSON an object with 'asOf', 'needsAttention' and 'rows'. Exits 1 when any row needs \
      attention (missing, amount-differs, clawed-back, not-clawed-back, unexpected, \
      unmatched-clawback), else 0.
      """)

  @Option(help: "Only this holder's rewards and postings.") var holder: CardSafeID?
  @Option(
    valueName: "id", help: "Only the decisions of this installed promotion (default: of each).")
  var promotion: Identifier?
  @Option(
    valueName: "date",
    help: "Reconcile as of this day (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D; default: today).")
  var asOf: CivilDate?
  @OptionGroup var output: FormatOption
  @OptionGroup var table: WideOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let holder = self.holder?.id
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder, as: .holder, store: store)
    let asOf =
      try self.asOf ?? Clock.now(context, zone: store.timeZone).localDate(in: store.timeZone)
    let owed = try PromotionChoice.selected(promotion, store: store).flatMap {
      try store.owedDecisions(promotion: $0, holder: holder)
    }
    let reconciliation = Reconciliation(
      owed: owed, postings: try store.postings(WalletStore.PostingFilter(holder: holder)),
      cardHolders: try store.cardHolders(of: holder), asOf: asOf)
    let report = ReconciliationReport(reconciliation: reconciliation)
    let console = context.console
    switch format {
    case .csv:
      do {
        try ReconciliationFile.write(reconciliation.rows, to: console.csvWriter())
      } catch {
        throw CommandError.cannotWriteStandardOutput(error)
      }
    case .json:
      console.data(report.json.text)
    case .table:
      let style = table.style(context)
      console.output(report.table(style: style), style: style)
    }
    return reconciliation.needsAttention ? .no : .success
  }
}
