import WalletCore
import WalletStore

/// `wallet txn void`: a purchase cancelled before it settled (撤销).
struct TxnVoidCommand: WalletCommand {
  static let path = ["txn", "void"]

  static let configuration = CommandConfiguration(
    abstract: "Void (撤销) a transaction that has not settled.",
    discussion: """
      Voids a pending transaction: its status becomes reversed, so it earns nothing, and the \
      holder's rewards are decided again (a later purchase may take the reward it held). A \
      settled transaction can no longer be voided; refund it with 'wallet txn refund' (退款) \
      instead, as the message says (exit status 65).
      """)

  @Argument(help: "The transaction's id.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .change)
    try KnownIDs.require(transaction: id, store: store)
    let transaction: Transaction
    do {
      transaction = try store.void(id)
    } catch let error as StatusChangeError {
      throw CommandError(.dataError, error.worded)
    }
    let amount = MoneyText.display(transaction.amount, transaction.currency)
    context.console.message(
      tr("Voided transaction \(id): \(amount) on card \(transaction.card), now reversed."))
    for line in try DecisionReport.lines(for: id, store: store) {
      context.console.message(line)
    }
    return .success
  }
}
