import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

extension PayCommand {
  /// Reads and checks the request, finds the cards, plays it (`PayJob`) and renders the sheet.
  func run(context: CommandContext) throws -> ExitStatus {
    let input = try InputFile.openAllowingStandardInput(file, standardInput: context.standardInput)
    let bytes = try input.readAll()
    let shownFile = ShownValue.path(input.path)
    let store = try storeOptions.open(context: context, access: authorize ? .change : .read)
    let zone = store.timeZone
    let decoded: DecodedPaymentRequest
    do {
      decoded = try PaymentRequest.decode(json: bytes, zone: zone)
    } catch {
      throw CommandError(.dataError, ErrorWording.words(error, file: shownFile, in: .current))
    }
    for warning in decoded.warnings {
      let shown = ErrorWording.words(warning, file: shownFile, in: .current)
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
        throw CommandError(.dataError, tr("no card of holder '\(id)' in the store"))
      }
      holder = id
    }
    let transactionID =
      id ?? Identifier("pay:\(request.merchantIdentifier):\(at.formatted(in: zone))")
    let paid: PayReport
    do {
      paid = try PayJob.run(
        request, cards: cards, at: at, transactionID: transactionID,
        authorize: authorize ? result ?? .success : nil, store: store)
    } catch let error as PaymentRecordingError {
      throw CommandError(.dataError, error.worded(file: shownFile))
    }
    let report = PaymentReport(
      request: request, warnings: decoded.warnings, holder: holder,
      askedCard: card?.id, at: at,
      zone: zone, sheet: paid.sheet, offers: paid.offers, defaultCard: paid.defaultCard,
      authorization: paid.authorization)
    output.format.write(
      report.json, table: report.table(style:), wide: table, context: context)
    if authorize && paid.defaultCard == nil {
      context.console.message(tr("Nothing was recorded: no card can pay."))
    }
    return paid.sheet.canMakePayments ? .success : .no
  }
}
