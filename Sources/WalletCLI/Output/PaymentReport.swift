import WalletCore
import WalletJobs

/// What `wallet pay` found: the request, the cards the sheet offers and what each would earn
/// under every installed promotion, the cards it leaves out and why, the default card, and,
/// when asked, how the authorization went and what was recorded.
struct PaymentReport {
  /// One offered card's decision under one promotion.
  typealias Earning = PaymentEarning
  /// An offered card and its decisions.
  typealias Offer = PaymentOffer
  /// What `--authorize` did.
  typealias Authorization = PaymentAuthorization

  let request: PaymentRequest
  let warnings: [PaymentRequestError]
  /// `--holder`'s value, or the holder of `--card`'s card.
  let holder: Identifier
  /// `--card`'s value, when the sheet was asked about one card.
  let askedCard: Identifier?
  let at: Instant
  /// The store's zone, in which times are shown.
  let zone: TimeZoneRules
  let sheet: PaymentSheet
  let offers: [Offer]
  let defaultCard: PaymentSheet.Candidate?
  let authorization: Authorization?

  private var currency: Currency { request.currency }
  /// `¥10.00`, and a discount `-¥10.00`.
  private func money(_ amount: Money) -> String {
    amount < .zero
      ? "-" + MoneyText.display(.zero - amount, currency) : MoneyText.display(amount, currency)
  }

  // MARK: Text

  /// The request, the sheet, and the authorization, for a person.
  func table(style: Style) -> String {
    var text = requestText() + "\n" + verdict(style: style) + "\n"
    if !offers.isEmpty {
      var table = TextTable(
        header: [tr("card"), tr("network"), tr("type"), tr("binding"), tr("channel"), tr("earns")],
        alignments: [.left, .left, .left, .left, .left, .right])
      for offer in offers {
        let binding = offer.candidate.binding
        let isDefault = offer.card.id == defaultCard?.card.id
        table.append([
          isDefault ? tr("\(offer.card.id.rawValue) (default)") : offer.card.id.rawValue,
          offer.card.network.rawValue, offer.card.type.rawValue, binding?.id.rawValue ?? "",
          binding?.channel.rawValue ?? "",
          money(offer.total),
        ])
      }
      text += "\n" + tr("Offered:") + "\n" + table.text(fittingWithin: style.tableWidth)
      for offer in offers where !offer.earnings.isEmpty {
        var sheet = FactSheet()
        for earning in offer.earnings {
          sheet.append(
            earning.promotion.id.rawValue + ":",
            TakenRewardWording.appending(
              earning.takes,
              to: ReasonWording.sentence(for: earning.decision.outcome, earning.facts),
              purchaseCycle: earning.decision.cycle, promotion: earning.promotion))
        }
        text += "\n\(offer.card.id):\n" + sheet.text()
      }
      if request.total.amount == .zero {
        text += "\n" + tr("The total is 0.00: nothing to earn.") + "\n"
      }
    }
    let leftOut = sheet.leftOut
    if !leftOut.isEmpty {
      var sheet = FactSheet()
      for candidate in leftOut {
        sheet.append(candidate.card.id.rawValue + ":", leftOutSentence(candidate))
      }
      text += "\n" + tr("Left out:") + "\n" + sheet.text()
    }
    if let authorization {
      text += "\n" + authorizationText(authorization, style: style)
    } else if sheet.canMakePayments {
      text += "\n" + tr("Nothing was recorded: add --authorize to pay.") + "\n"
    }
    return text
  }

  private func requestText() -> String {
    var sheet = FactSheet()
    sheet.append(tr("country"), request.countryCode)
    sheet.append(tr("currency"), currency.code)
    sheet.append(
      tr("networks"), request.supportedNetworks.map(\.description).joined(separator: ", "))
    sheet.append(
      tr("capabilities"),
      request.merchantCapabilities.sorted(by: ReasonWording.canonicalOrder).map(\.rawValue)
        .joined(separator: ", "))
    if let mcc = request.mcc { sheet.append(tr("mcc"), mcc.description) }
    func line(_ label: String, _ amount: Money, pending: Bool) -> String {
      let amount = money(amount)
      return pending ? tr("\(label): \(amount) (pending)") : "\(label): \(amount)"
    }
    for item in request.summaryItems.dropLast() {
      sheet.append(tr("item"), line(item.label, item.amount, pending: item.type == .pending))
    }
    let total = request.total
    sheet.append(tr("total"), line(total.label, total.amount, pending: total.type == .pending))
    // The file is not named: the user named it, and the demo's lives in a temporary folder.
    let (merchant, identifier) = (request.merchantName, request.merchantIdentifier)
    return tr("Payment request from \(merchant) (\(identifier)):") + "\n" + sheet.text()
  }

  /// `The sheet offers 2 of H003's 3 cards; default C1, which earns ¥10.00.` or why none.
  func verdict(style: Style) -> String {
    let time = at.formatted(in: zone)
    let asked = sheet.candidates.count
    let cards =
      askedCard.map { tr("card \($0)") }
      ?? (asked == 1 ? tr("1 card of \(holder)") : tr("\(asked) cards of \(holder)"))
    guard let defaultCard else {
      return style.negative(
        tr(
          "No card can pay at \(time) (canMakePayments is false): the sheet offers none of the \(cards)."
        ))
    }
    let offer = offers.first { $0.card.id == defaultCard.card.id }
    let earns = money(offer.map(\.total) ?? .zero)
    let (offered, card) = (offers.count, defaultCard.card.id)
    let verdict: String =
      if offer.map(\.total) ?? .zero > .zero {
        offers.filter { $0.total > .zero }.count > 1
          ? tr(
            "At \(time) the sheet offers \(offered) of the \(cards); default \(card): it earns \(earns), the most of the offered cards."
          )
          : tr(
            "At \(time) the sheet offers \(offered) of the \(cards); default \(card): it earns \(earns), the only offered card that earns."
          )
      } else {
        tr(
          "At \(time) the sheet offers \(offered) of the \(cards); default \(card): no offered card earns, and it was bound to Apple Pay first."
        )
      }
    return style.positive(verdict)
  }

  /// Why a card is left out, every reason in one sentence.
  func leftOutSentence(_ candidate: PaymentSheet.Candidate) -> String {
    let card = candidate.card
    let reasons = candidate.exclusions.map { exclusion -> String in
      switch exclusion {
      case .network:
        let (network, supported) = (
          ReasonWording.name(card.network),
          request.supportedNetworks.map(\.description).joined(separator: ", ")
        )
        return tr(
          "its network, \(network), is not among the request's supported networks (\(supported))")
      case .type:
        let (type, accepted) = (
          ReasonWording.name(card.type),
          ReasonWording.list(
            request.acceptedCardTypes.sorted(by: ReasonWording.canonicalOrder).map(
              ReasonWording.name))
        )
        return tr("it is a \(type) card and the request accepts only \(accepted) cards")
      case .capability:
        return tr("UnionPay cards authenticate with EMV and the request does not offer emv")
      case .noActiveBinding:
        let time = at.formatted(in: zone)
        return tr("no binding of it to Apple Pay is active at \(time)")
      }
    }
    let codes = candidate.exclusions.map(\.rawValue).joined(separator: ", ")
    let all = reasons.joined(separator: Language.current.clauseSeparator)
    return tr("left out (\(codes)): \(all).")
  }

  private func authorizationText(_ authorization: Authorization, style: Style) -> String {
    let result = authorization.result
    guard let transaction = authorization.transaction else {
      let why =
        switch result {
        case .pinRequired: tr("the card asks for its PIN")
        case .pinIncorrect: tr("the PIN was wrong")
        default: tr("too many wrong PINs locked the card's PIN")
        }
      let code = result.rawValue
      return tr("Authorization: \(code): \(why); the sheet stays open. Nothing was recorded.")
        + "\n"
    }
    let (id, amount, merchant) = (transaction.id, money(transaction.amount), request.merchantName)
    let (card, status) = (transaction.card, ReasonWording.name(transaction.status))
    let what =
      transaction.enrollment.map { binding in
        tr("\(id): \(amount) at \(merchant) on card \(card) through \(binding), \(status)")
      } ?? tr("\(id): \(amount) at \(merchant) on card \(card), \(status)")
    let code = result.rawValue
    var text =
      authorization.alreadyRecorded
      ? tr("Authorization: \(code); transaction \(what) was already recorded; nothing changed.")
        + "\n"
      : result == .success
        ? style.positive(tr("Authorization: success; recorded transaction \(what).")) + "\n"
        : style.negative(tr("Authorization: failure; recorded declined transaction \(what)."))
          + "\n"
    for (promotion, decision) in authorization.decisions {
      text += "  " + DecisionReport.line(decision.outcome, promotion: promotion) + "\n"
    }
    return text
  }

  // MARK: JSON

  /// The documented shape (camelCase keys, as the request's own); see the manual's PAY JSON.
  var json: JSONValue {
    .object([
      ("request", requestJSON),
      (
        "warnings",
        .array(
          warnings.map { warning in
            .object([
              ("field", .optional(warning.field)),
              ("message", .string(ErrorWording.words(warning.problem, in: .english))),
              ("line", warning.position.map { .integer($0.line) } ?? .null),
              ("column", warning.position.map { .integer($0.column) } ?? .null),
            ])
          })
      ),
      ("holder", .string(holder.rawValue)),
      ("at", .string(at.formatted(in: zone))),
      ("canMakePayments", .bool(sheet.canMakePayments)),
      ("defaultCard", .optional(defaultCard?.card.id.rawValue)),
      ("offered", .array(offers.map(offerJSON))),
      (
        "leftOut",
        .array(
          sheet.leftOut.map { candidate in
            .object([
              ("card", .string(candidate.card.id.rawValue)),
              ("network", .string(candidate.card.network.rawValue)),
              ("type", .string(candidate.card.type.rawValue)),
              ("reasons", .array(candidate.exclusions.map { .string($0.rawValue) })),
              ("explanation", .string(inEnglish { leftOutSentence(candidate) })),
            ])
          })
      ),
      ("authorization", authorization.map(authorizationJSON) ?? .null),
    ])
  }

  private var requestJSON: JSONValue {
    .object([
      ("merchantIdentifier", .string(request.merchantIdentifier)),
      ("merchantName", .string(request.merchantName)),
      ("countryCode", .string(request.countryCode)),
      ("currencyCode", .string(currency.code)),
      ("supportedNetworks", .array(request.supportedNetworks.map { .string($0.description) })),
      (
        "merchantCapabilities",
        .array(
          request.merchantCapabilities.sorted(by: ReasonWording.canonicalOrder).map {
            .string($0.rawValue)
          })
      ),
      (
        "paymentSummaryItems",
        .array(
          request.summaryItems.map { item in
            .object([
              ("label", .string(item.label)),
              ("amount", .string(item.amount.description)),
              ("type", .string(item.type.rawValue)),
            ])
          })
      ),
      ("total", .string(request.total.amount.description)),
      ("mcc", .optional(request.mcc?.description)),
      ("time", .optional(request.time?.formatted(in: zone))),
    ])
  }

  private func offerJSON(_ offer: Offer) -> JSONValue {
    .object([
      ("card", .string(offer.card.id.rawValue)),
      ("network", .string(offer.card.network.rawValue)),
      ("type", .string(offer.card.type.rawValue)),
      ("enrollment", .optional(offer.candidate.binding?.id.rawValue)),
      ("channel", .optional(offer.candidate.binding?.channel.rawValue)),
      ("isDefault", .bool(offer.card.id == defaultCard?.card.id)),
      ("earns", .string(offer.total.description)),
      (
        "promotions",
        .array(
          offer.earnings.map { earning in
            .object([
              ("promotion", .string(earning.promotion.id.rawValue)),
              ("outcome", .string(DecisionText.outcome(earning.decision.outcome))),
              ("reason", .optional(earning.decision.outcome.reason?.rawValue)),
              ("reward", rewardJSON(earning.decision.outcome.place)),
              (
                "explanation",
                .string(
                  inEnglish { ReasonWording.sentence(for: earning.decision.outcome, earning.facts) }
                )
              ),
            ])
          })
      ),
    ])
  }

  private func rewardJSON(_ reward: Reward?) -> JSONValue {
    guard let reward else { return .null }
    return .object([
      ("ordinal", .integer(reward.ordinal)),
      ("channel", .string(reward.channel.rawValue)),
      ("amount", .string(reward.amount.description)),
    ])
  }

  private func authorizationJSON(_ authorization: Authorization) -> JSONValue {
    let transaction = authorization.transaction
    return .object([
      ("result", .string(authorization.result.rawValue)),
      ("sheetStaysOpen", .bool(transaction == nil)),
      ("recorded", .bool(transaction != nil && !authorization.alreadyRecorded)),
      ("transaction", .optional(transaction?.id.rawValue)),
      ("card", .optional(transaction?.card.rawValue)),
      ("enrollment", .optional(transaction?.enrollment?.rawValue)),
      ("amount", .optional(transaction?.amount.description)),
      ("status", .optional(transaction?.status.rawValue)),
      (
        "decisions",
        .array(
          authorization.decisions.map { entry in
            .object([
              ("promotion", .string(entry.promotion.id.rawValue)),
              ("outcome", .string(DecisionText.outcome(entry.decision.outcome))),
              ("reason", .optional(entry.decision.outcome.reason?.rawValue)),
              ("reward", rewardJSON(entry.decision.outcome.place)),
            ])
          })
      ),
    ])
  }
}
