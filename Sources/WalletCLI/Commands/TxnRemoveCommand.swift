import WalletCore
import WalletStore

/// `wallet txn remove`: undo a transaction recorded by mistake.
struct TxnRemoveCommand: WalletCommand {
  static let path = ["txn", "remove"]

  static let configuration = CommandConfiguration(
    abstract: "Remove a transaction recorded by mistake.",
    discussion: """
      Removes a transaction and its refunds from the store, and decides the holder's rewards \
      again as if it had never been recorded: a reward it held goes to the purchase that now \
      earns it, and the command says so, with the 'wallet txn add' (and 'txn refund') commands \
      that put a rewarded purchase back. The id of a refund that waits for its purchase ('wallet \
      txn list --waiting') removes that refund, which then no longer waits nor is reported by \
      imports; importing its export again keeps it again. An unknown id is an error (exit \
      status 65) that names the nearest ids in the store.
      """)

  @Argument(help: "The transaction's id, or a waiting refund's.") var id: Identifier
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .change)
    if try store.transaction(id) == nil, let refund = try store.removeWaitingRefund(id) {
      let amount = MoneyText.display(refund.amount)
      let (card, file, line) = (refund.card, ShownValue.path(refund.file), refund.line)
      context.console.message(
        tr(
          "Removed refund \(id) of \(amount) on card \(card) (\(file) line \(line)), which waited for its purchase."
        ))
      return .success
    }
    try KnownIDs.require(transaction: id, store: store)
    let shift = try store.transaction(id).flatMap { try store.card($0.card) }.map {
      try RewardShift(holder: $0.holder, store: store)
    }
    // Asked before it goes: whether it held a reward, and the refunds that go with it.
    let rewarded = try store.promotions().contains { installed in
      try store.decision(transaction: id, promotion: installed.promotion.id)?.outcome.place != nil
    }
    let refunds = try store.refunds(of: id)
    let removal = try store.removeTransaction(id)
    let transaction = removal.transaction
    let zone = store.timeZone
    let amount = MoneyText.display(transaction.amount, transaction.currency)
    let (card, time) = (transaction.card, transaction.time.formatted(in: zone))
    if removal.refunds == 0 {
      context.console.message(
        tr("Removed transaction \(id): \(amount) on card \(card) at \(time)."))
    } else {
      let refunds = Plural.count(removal.refunds, .refund)
      context.console.message(
        tr("Removed transaction \(id): \(amount) on card \(card) at \(time), with \(refunds)."))
    }
    for line in try shift?.lines(excluding: id, store: store) ?? [] {
      context.console.message(line)
    }
    if rewarded {
      let now = try Clock.now(context, zone: zone)
      if let commands = RestoreCommand.lines(
        for: transaction, refunds: refunds, zone: zone, now: now)
      {
        context.console.message(tr("It held a reward; to put it back:"))
        for command in commands { context.console.message("  " + command) }
      } else {
        context.console.message(
          tr(
            "It held a reward; to put it back, record it again (it holds a card number, not shown)."
          ))
      }
    }
    return .success
  }
}
