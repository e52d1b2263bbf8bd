import WalletCore
import WalletIngest
import WalletStore

/// `wallet pay REQUEST.json`: an Apple Pay payment request played offline against the store —
/// which cards the payment sheet would offer, what each would earn, and, with `--authorize`,
/// the transaction the payment records.
struct PayCommand: WalletCommand {
  static let path = ["pay"]

  static let configuration = CommandConfiguration(
    abstract: "Play an Apple Pay payment request against the store.",
    discussion: """
      Reads a payment request (JSON with PKPaymentRequest's field names, described in \
      wallet-files(5)) and checks it as PassKit does: every broken rule is an error naming the \
      field, with the file's line and column (exit status 65); a total that differs from the \
      sum of the other final items is only a warning. Then shows what Apple Pay's payment sheet \
      would offer at --at (default: the request's time, else now): of the holder's cards (or \
      the one --card names), those with an active Apple Pay binding, on a network the request \
      supports, of a type its capabilities allow (credit alone: credit cards; debit alone: \
      debit and prepaid cards; neither or both: any), and a UnionPay card only when the request \
      offers emv. Each offered card shows what the purchase (the total) would earn under every \
      installed promotion, decided by the engine as 'wallet check --holder' decides, and why \
      not; the default card is the one that earns most (ties: the card bound first). Each card \
      left out says why: network, type, capability or no-active-binding. Exits 1 when no card \
      can pay (PassKit's canMakePayments is false).

      Nothing is written unless --authorize is given (--dry-run is the default). With \
      --authorize the sheet pays with the default card: --result success (the default) \
      records the purchase (merchant from merchantName, amount the total, method apple-pay, \
      status pending, through the binding the sheet used) and prints its decisions; failure \
      records it declined; pin-required, pin-incorrect and pin-lockout record nothing and the \
      sheet stays open. Settle a recorded purchase with 'wallet txn settle', void it before it \
      settles with 'wallet txn void', refund it afterwards with 'wallet txn refund'. A payment \
      after now is not recorded unless --future is given: it is usually a mistyped time. JSON \
      shapes are in the manual.

      A small request (more in data/requests/):
        {"merchantIdentifier": "merchant.cn.example", "merchantName": "盒马鲜生",
         "countryCode": "CN", "currencyCode": "CNY", "supportedNetworks": ["chinaUnionPay"],
         "merchantCapabilities": ["emv", "threeDSecure"],
         "paymentSummaryItems": [{"label": "盒马鲜生", "amount": "128.00"}]}
      """)

  @Argument(help: "The payment request JSON file ('-' for standard input).") var file: String
  @Option(help: "Whose cards the sheet offers.") var holder: CardSafeID?
  @Option(help: "Instead of --holder: the one card the sheet may offer.") var card: CardSafeID?
  @Option(
    valueName: "time", help: "When the payment is made (ISO 8601).",
    defaultDescription: "the request's time, else now")
  var at: TimeArgument?
  @Flag(help: "Pay: record what the authorization result says.") var authorize: Bool
  @Flag(help: "With --authorize: record a payment after now (refused otherwise, as a typo).")
  var future: Bool
  @Option(
    valueName: "result",
    help: "With --authorize: success, failure, pin-required, pin-incorrect or pin-lockout.",
    defaultDescription: "success")
  var result: AuthorizationResult?
  @Option(
    valueName: "id", help: "With --authorize: the id of the transaction recorded.",
    defaultDescription: "pay:merchantIdentifier:time")
  var id: Identifier?
  @Flag(name: "dry-run", help: "Record nothing (the default without --authorize).")
  var dryRun: Bool
  @OptionGroup var output: ReportFormatOption
  @OptionGroup var storeOptions: StoreOptions

  /// A holder or a card, and the authorization's options only with --authorize.
  func validate() throws {
    switch (holder, card) {
    case (nil, nil): throw ValidationError("give --holder or --card: whose cards the sheet offers")
    case (.some, .some): throw ValidationError("give --holder or --card, not both")
    default: break
    }
    if authorize && dryRun { throw ValidationError("give --authorize or --dry-run, not both") }
    if !authorize {
      for (name, given) in [("result", result != nil), ("id", id != nil), ("future", future)]
      where given {
        throw ValidationError("--\(name) goes with --authorize")
      }
    }
  }

  func run(context: CommandContext) throws -> ExitStatus {
    let input = try InputFile.openAllowingStandardInput(file, standardInput: context.standardInput)
    let bytes = try input.readAll()
    let shownFile = SafeText.path(input.path)
    let store = try storeOptions.open(context: context, access: authorize ? .change : .read)
    let zone = store.timeZone
    let decoded: DecodedPaymentRequest
    do {
      decoded = try PaymentRequest.decode(json: bytes, zone: zone)
    } catch {
      throw CommandFailure(.dataError, error.located(in: shownFile))
    }
    for warning in decoded.warnings {
      let shown = Translations.translated(message: warning.located(in: shownFile))
      context.console.message(tr("Warning: \(shown)"))
    }
    let request = decoded.request
    let at =
      if self.at != nil {
        try Clock.instant($at, context: context, zone: zone)
      } else if let time = request.time {
        time
      } else {
        try Clock.now(context, zone: zone)
      }
    if authorize && !future {
      let now = try Clock.now(context, zone: zone)
      if at > now {
        let (time, current) = (at.formatted(in: zone), now.formatted(in: zone))
        throw ValidationError(
          tr(
            """
            the payment's time \(time) is after now (\(current)); check --at or the request's \
            time, or give --future to record it anyway
            """))
      }
    }

    let cards: [Card]
    let holder: Identifier
    if let id = card?.id {
      try KnownIDs.require(id, as: .card, store: store)
      guard let found = try store.card(id) else { throw StoreError.unknownCard(id) }
      cards = [found]
      holder = found.holder
    } else {
      guard let id = self.holder?.id else { preconditionFailure("validate() asks for one") }
      try KnownIDs.require(id, as: .holder, store: store)
      cards = try store.cards(holder: id)
      guard !cards.isEmpty else {
        throw CommandFailure(.dataError, "no card of holder '\(id)' in the store")
      }
      holder = id
    }
    let enrollments = try cards.flatMap { try store.enrollments(card: $0.id) }
    let sheet = PaymentSheet(request: request, cards: cards, enrollments: enrollments, at: at)
    let transactionID =
      id ?? Identifier("pay:\(request.merchantIdentifier):\(at.formatted(in: zone))")
    let promotions = try store.promotions().map(\.promotion)

    let offers = try sheet.offered.map { candidate in
      guard
        let purchase = request.purchase(
          id: transactionID, card: candidate.card.id, binding: candidate.binding?.id, at: at,
          status: .pending)
      else { return PaymentReport.Offer(candidate: candidate, earnings: []) }
      let earnings = try promotions.map { promotion in
        let decision = try store.whatIf(purchase, promotion: promotion)
        return PaymentReport.Earning(
          decision: decision,
          facts: try DecisionFacts.gather(
            purchase, card: candidate.card, decision: decision, promotion: promotion,
            store: store, hypothetical: true))
      }
      return PaymentReport.Offer(candidate: candidate, earnings: earnings)
    }
    let defaultCard = sheet.defaultCard(
      outcomes: Dictionary(
        offers.map { ($0.card.id, $0.earnings.map(\.decision.outcome)) },
        uniquingKeysWith: { first, _ in first }))

    var authorization: PaymentReport.Authorization?
    if authorize, let chosen = defaultCard {
      authorization = try authorizeWith(
        chosen, request: request, id: transactionID, at: at, store: store,
        promotions: promotions, file: shownFile)
    }
    let report = PaymentReport(
      request: request, warnings: decoded.warnings, holder: holder,
      askedCard: card?.id, at: at,
      zone: zone, sheet: sheet, offers: offers, defaultCard: defaultCard,
      authorization: authorization)
    let console = context.console
    switch output.format {
    case .json: console.data(report.json.text)
    case .table, .csv:
      let style = Style(console: console, environment: context.environment)
      console.output(report.table(style: style), style: style)
    }
    if authorize && defaultCard == nil {
      console.message(tr("Nothing was recorded: no card can pay."))
    }
    return sheet.canMakePayments ? .success : .no
  }

  /// Pays with the sheet's default card and records what the result says.
  private func authorizeWith(
    _ chosen: PaymentSheet.Candidate, request: PaymentRequest, id: Identifier, at: Instant,
    store: WalletStore, promotions: [Promotion], file: String
  ) throws -> PaymentReport.Authorization {
    let result = self.result ?? .success
    guard let status = result.recordedStatus else {
      return PaymentReport.Authorization(
        result: result, transaction: nil, alreadyRecorded: false, decisions: [])
    }
    guard
      let transaction = request.purchase(
        id: id, card: chosen.card.id, binding: chosen.binding?.id, at: at, status: status)
    else {
      throw CommandFailure(
        .dataError,
        "\(file): the total is 0.00; wallet records a purchase only once its amount is known")
    }
    let outcome: UpsertOutcome
    do {
      outcome = try store.addTransaction(transaction)
    } catch StoreError.conflict(kind: "transaction", let existing) {
      throw CommandFailure(
        .dataError,
        "transaction \(SafeText.quoted(existing.rawValue, masksCardNumbers: false)) is already in the store with "
          + "other details; give this payment another id with --id")
    }
    let decisions = try promotions.compactMap { promotion in
      try store.decision(transaction: id, promotion: promotion.id).map { (promotion, $0) }
    }
    return PaymentReport.Authorization(
      result: result, transaction: transaction, alreadyRecorded: outcome == .unchanged,
      decisions: decisions)
  }
}

extension AuthorizationResult: ExpressibleByArgument {}
