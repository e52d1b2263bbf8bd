import WalletCore
import WalletJobs
import WalletStore

/// `wallet explain TXN`: a transaction's decision, its reason in plain words, and the facts
/// behind it.
struct ExplainCommand: WalletCommand {
  static let path = ["explain"]

  static let configuration = CommandConfiguration(
    abstract: "Say why a transaction earns, or why it does not.",
    discussion: """
      Shows the transaction's decision under each installed promotion (or the one --promotion \
      names): what it earns, or its reason code and the reason in plain words, and the facts \
      the decision rests on: the card, the Apple Pay binding and channel it counts under, the \
      amount, its refunds and the net amount, the holder's rewards before it, the rewards \
      already paid in its billing cycle, the quota, the rule that failed, and for a reward the \
      posting that paid it (or its reconciliation status: see reconcile). Under a promotion \
      with a spend threshold or limits of its own, a purchase that qualifies shows instead the \
      threshold's spend as its decision met it, what each limit had left, and the limit that \
      refused or reduced its reward (period, scope, what was left). Times are in the \
      promotion's time zone. JSON is an object per promotion with 'transaction', 'promotion', \
      'outcome', 'reason', 'explanation', 'reward', 'posted', 'facts', 'rules' and, under such a \
      promotion, 'standing'; with several promotions, an array of them.
      """)

  @Argument(valueName: "txn", help: "The transaction's id.") var transaction: Identifier
  @Option(valueName: "id", help: "Only under this installed promotion (default: under each).")
  var promotion: Identifier?
  @OptionGroup var output: ReportFormatOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let id = self.transaction
    let format = output.format
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(transaction: id, store: store)
    guard let transaction = try store.transaction(id) else {
      throw StoreError.unknownTransaction(id)
    }
    guard let card = try store.card(transaction.card) else {
      throw StoreError.unknownCard(transaction.card)
    }
    let refunds = try store.refunds(of: id)
    let cardEnrollments = try store.enrollments(card: card.id)
    let origins = try store.origins(of: id)
    let now = try Clock.now(context, zone: store.timeZone).localDate(in: store.timeZone)
    let explanations = try PromotionChoice.selected(promotion, store: store).compactMap {
      promotion -> Explanation? in
      // Every stored transaction has a decision under every installed promotion; a missing
      // one would be a store fault, and is left out rather than explained wrongly.
      guard let decision = try store.decision(transaction: id, promotion: promotion.id) else {
        return nil
      }
      let facts = try DecisionFacts.gather(
        transaction, card: card, decision: decision, promotion: promotion, store: store,
        hypothetical: false)
      return Explanation(
        transaction: transaction, promotion: promotion, decision: decision, facts: facts,
        refunds: refunds, cardEnrollments: cardEnrollments, origins: origins,
        posted: try Self.reconciliationRow(
          of: decision, promotion: promotion, store: store, now: now),
        finding: try Self.finding(of: transaction, decision: decision, promotion, store: store))
    }

    let console = context.console
    switch format {
    case .json:
      let objects = explanations.map(\.json)
      console.data((objects.count == 1 ? objects[0] : .array(objects)).text)
    case .table, .csv:
      // An explanation is sentences and facts, no table to fit.
      let style = Style(console: console, environment: context.environment, wide: true)
      console.output(
        explanations.map { $0.table(style: style) }.joined(separator: "\n"), style: style)
    }
    return .success
  }

  /// Under a SPEC 8 promotion, for a transaction that qualifies: the threshold and limits as it
  /// met them, read from its holder's decisions.
  static func finding(
    of transaction: Transaction, decision: Decision, _ promotion: Promotion, store: WalletStore
  ) throws -> RuleFinding? {
    let purchase = DecidedPurchase(transaction, decision: decision)
    guard RuleStanding.applies(to: promotion), purchase.qualifies(under: promotion) else {
      return nil
    }
    return RuleFinding(
      promotion: promotion,
      purchases: try store.decidedPurchases(promotion: promotion.id, holder: decision.holder),
      purchase: purchase, outcome: decision.outcome)
  }

  /// The decision's row in its holder's reconciliation as of today, when it owes something:
  /// which posting paid it, or that none has yet.
  static func reconciliationRow(
    of decision: Decision, promotion: Promotion, store: WalletStore, now: CivilDate
  ) throws -> ReconciliationRow? {
    let owed = try store.owedDecisions(promotion: promotion, holder: decision.holder)
    guard owed.contains(where: { $0.transaction == decision.transaction }) else { return nil }
    let reconciliation = Reconciliation(
      owed: owed, postings: try store.postings(WalletStore.PostingFilter(holder: decision.holder)),
      cardHolders: try store.cardHolders(of: decision.holder), asOf: now)
    return reconciliation.rows.first { $0.transaction == decision.transaction }
  }
}
