import WalletCore
import WalletStore

/// `wallet txn settle`: a pending purchase (an authorized Apple Pay payment) has settled.
struct TxnSettleCommand: WalletCommand {
  static let path = ["txn", "settle"]

  static let configuration = CommandConfiguration(
    abstract: "Mark a pending transaction settled.",
    discussion: """
      Marks a pending transaction (such as one 'wallet pay --authorize' recorded) settled. A \
      pending purchase already counts like a settled one, so its decisions do not change; they \
      are printed. A transaction that is not pending is refused (exit status 65).
      """)

  @Argument(help: "The transaction's id.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(transaction: id, store: store)
    let transaction: Transaction
    do {
      transaction = try store.settle(id)
    } catch let error as StatusChangeError {
      throw CommandError(.dataError, error.worded)
    }
    let amount = MoneyText.display(transaction.amount, transaction.currency)
    context.console.message(tr("Settled transaction \(id): \(amount) on card \(transaction.card)."))
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    return .success
  }
}
