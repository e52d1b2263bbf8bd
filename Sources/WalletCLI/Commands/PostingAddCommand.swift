import WalletCore
import WalletStore

/// `wallet posting add`: record by hand one reward an issuer posted, as a row of a postings
/// file would.
struct PostingAddCommand: WalletCommand {
  static let path = ["posting", "add"]

  static let configuration = CommandConfiguration(
    abstract: "Record a reward an issuer posted (a credit) or took back (a clawback).",
    discussion: """
      Records one posting on a card already in the store, as a row of a postings file would \
      (wallet-files(5)). Without --id, the id is <card>:<date>:<kind>:<amount>:1, with the \
      amount as given (less a ¥ or 元, in ASCII digits), the id a postings file gives the first \
      such row without an id: so the same posting added again, or imported later from such a \
      file, changes nothing. A second posting with the same card, date, kind and amount needs \
      an --id of its own (such as the same id ending in :2). A posting with the same id and \
      other details is refused unless --replace is given.
      """)

  @Option(help: "The card it was posted to.") var card: CardSafeID
  @Option(valueName: "date", help: "The posting date (YYYY-MM-DD, YYYY年M月D日 or YYYY/M/D).")
  var date: CivilDate
  @Option(help: "credit (a reward paid) or clawback (a reward taken back).")
  var kind: Posting.Kind
  @Option(
    help: "The amount, greater than zero, with at most two fraction digits, e.g. 20, ¥20 "
      + "or 20元.")
  var amount: PositiveAmount
  @Option(help: "The posting's id.", defaultDescription: "made up") var id: Identifier?
  @Option(name: "transaction", valueName: "id", help: "The transaction whose reward it concerns.")
  var transactionID: Identifier?
  @Option(
    valueName: "id",
    help: "For a clawback, the credit it takes back; for a credit, the clawback it undoes.")
  var reverses: Identifier?
  @Option(name: "description", valueName: "text", help: "The statement's words for it.")
  var postingDescription: CardSafeText?
  @Flag(help: "Overwrite a posting with the same id and other details.") var replace: Bool
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    let card = self.card.id
    let id =
      self.id
      ?? Posting.defaultID(
        card: card, date: date, kind: kind, amountAsWritten: amount.text, occurrence: 1)
    let posting = Posting(
      id: id, card: card, date: date, kind: kind, amount: amount.money,
      transaction: transactionID, reverses: reverses, description: postingDescription?.text)

    let store = try storeOptions.open(context: context, access: .create)
    try KnownIDs.require(card, as: .card, store: store)
    let summary = Self.summary(of: posting)
    let outcome: UpsertOutcome
    do {
      outcome = try store.addPosting(posting, replace: replace)
    } catch StoreError.conflict(let kind, let conflicting) {
      guard let message = try ConflictText.message(conflictingWith: posting, store: store) else {
        throw StoreError.conflict(kind: kind, id: conflicting)
      }
      throw CommandError(.dataError, message)
    }
    switch outcome {
    case .inserted: context.console.message(tr("Recorded \(summary) (posting \(id))."))
    case .replaced: context.console.message(tr("Replaced the posting: \(summary) (posting \(id))."))
    case .unchanged:
      context.console.message(tr("Posting \(id) is already in the store; nothing changed."))
    }
    return .success
  }

  /// `a credit of ¥20.00 to card C1 on 2026-01-05`, for messages.
  static func summary(of posting: Posting) -> String {
    let (amount, card, date) = (MoneyText.display(posting.amount), posting.card, posting.date)
    return posting.kind == .credit
      ? tr("a credit of \(amount) to card \(card) on \(date)")
      : tr("a clawback of \(amount) from card \(card) on \(date)")
  }
}
