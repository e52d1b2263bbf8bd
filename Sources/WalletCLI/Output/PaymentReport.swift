import WalletCore

/// What `wallet pay` found: the request, the cards the sheet offers and what each would earn
/// under every installed promotion, the cards it leaves out and why, the default card, and,
/// when asked, how the authorization went and what was recorded.
struct PaymentReport {
  /// One offered card's decision under one promotion, by the real engine.
  struct Earning {
    let decision: Decision
    let facts: ReasonFacts

    var promotion: Promotion { facts.promotion }
  }

  /// An offered card and its decisions, one per installed promotion.
  struct Offer {
    let candidate: PaymentSheet.Candidate
    let earnings: [Earning]

    var card: Card { candidate.card }

    /// What the purchase earns on this card under all promotions together.
    var total: Money {
      earnings.compactMap(\.decision.outcome.reward).reduce(Money.zero) { $0 + $1.amount }
    }
  }

  /// What `--authorize` did.
  struct Authorization {
    let result: AuthorizationResult
    /// The transaction recorded; nil for the PIN results.
    let transaction: Transaction?
    /// Whether the store already held this exact transaction (nothing changed).
    let alreadyRecorded: Bool
    /// The recorded transaction's decisions, as the store now holds them.
    let decisions: [(promotion: Promotion, decision: Decision)]
  }

  let request: PaymentRequest
  let warnings: [PaymentRequestProblem]
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
        header: ["card", "network", "type", "binding", "channel", "earns"],
        alignments: [.left, .left, .left, .left, .left, .right])
      for offer in offers {
        let binding = offer.candidate.binding
        let isDefault = offer.card.id == defaultCard?.card.id
        table.append([
          offer.card.id.rawValue + (isDefault ? " (default)" : ""), offer.card.network.rawValue,
          offer.card.type.rawValue, binding?.id.rawValue ?? "", binding?.channel.rawValue ?? "",
          money(offer.total),
        ])
      }
      text += "\nOffered:\n" + table.text
      for offer in offers where !offer.earnings.isEmpty {
        var sheet = FactSheet()
        for earning in offer.earnings {
          sheet.append(
            earning.promotion.id.rawValue + ":",
            ReasonWording.sentence(for: earning.decision.outcome, earning.facts))
        }
        text += "\n\(offer.card.id):\n" + sheet.text()
      }
      if request.total.amount == .zero {
        text += "\nThe total is 0.00: nothing to earn.\n"
      }
    }
    let leftOut = sheet.leftOut
    if !leftOut.isEmpty {
      var sheet = FactSheet()
      for candidate in leftOut {
        sheet.append(candidate.card.id.rawValue + ":", leftOutSentence(candidate))
      }
      text += "\nLeft out:\n" + sheet.text()
    }
    if let authorization {
      text += "\n" + authorizationText(authorization, style: style)
    } else if sheet.canMakePayments {
      text += "\nNothing was recorded: add --authorize to pay.\n"
    }
    return text
  }

  private func requestText() -> String {
    var sheet = FactSheet()
    sheet.append("country", request.countryCode)
    sheet.append("currency", currency.code)
    sheet.append("networks", request.supportedNetworks.map(\.description).joined(separator: ", "))
    sheet.append(
      "capabilities",
      request.merchantCapabilities.sorted(by: ReasonWording.canonicalOrder).map(\.rawValue)
        .joined(separator: ", "))
    if let mcc = request.mcc { sheet.append("mcc", mcc.description) }
    for item in request.summaryItems.dropLast() {
      sheet.append(
        "item",
        "\(item.label): \(money(item.amount))\(item.type == .pending ? " (pending)" : "")")
    }
    let total = request.total
    sheet.append(
      "total", "\(total.label): \(money(total.amount))\(total.type == .pending ? " (pending)" : "")"
    )
    // The file is not named: the user named it, and the demo's lives in a temporary folder.
    return "Payment request from \(request.merchantName) (\(request.merchantIdentifier)):\n"
      + sheet.text()
  }

  /// `The sheet offers 2 of H003's 3 cards; default C1, which earns ¥10.00.` or why none.
  func verdict(style: Style) -> String {
    let time = at.formatted(in: zone)
    let asked = sheet.candidates.count
    let cards =
      askedCard.map { "card \($0)" } ?? "\(asked) card\(asked == 1 ? "" : "s") of \(holder)"
    guard let defaultCard else {
      return style.negative(
        "No card can pay at \(time) (canMakePayments is false): the sheet offers none of the "
          + "\(cards).")
    }
    let offer = offers.first { $0.card.id == defaultCard.card.id }
    let earns = offer.map(\.total) ?? .zero
    let why =
      earns > .zero
      ? "it earns \(money(earns)), "
        + (offers.filter { $0.total > .zero }.count > 1
          ? "the most of the offered cards" : "the only offered card that earns")
      : "no offered card earns, and it was bound to Apple Pay first"
    return style.positive(
      "At \(time) the sheet offers \(offers.count) of the \(cards); default "
        + "\(defaultCard.card.id): \(why).")
  }

  /// Why a card is left out, every reason in one sentence.
  func leftOutSentence(_ candidate: PaymentSheet.Candidate) -> String {
    let card = candidate.card
    let reasons = candidate.exclusions.map { exclusion -> String in
      switch exclusion {
      case .network:
        "its network, \(card.network), is not among the request's supported networks "
          + "(\(request.supportedNetworks.map(\.description).joined(separator: ", ")))"
      case .type:
        "it is a \(card.type) card and the request accepts only "
          + ReasonWording.list(
            request.acceptedCardTypes.sorted(by: ReasonWording.canonicalOrder))
          + " cards"
      case .capability:
        "UnionPay cards authenticate with EMV and the request does not offer emv"
      case .noActiveBinding:
        "no binding of it to Apple Pay is active at \(at.formatted(in: zone))"
      }
    }
    let codes = candidate.exclusions.map(\.rawValue).joined(separator: ", ")
    return "left out (\(codes)): " + reasons.joined(separator: "; ") + "."
  }

  private func authorizationText(_ authorization: Authorization, style: Style) -> String {
    let result = authorization.result
    guard let transaction = authorization.transaction else {
      let why =
        switch result {
        case .pinRequired: "the card asks for its PIN"
        case .pinIncorrect: "the PIN was wrong"
        default: "too many wrong PINs locked the card's PIN"
        }
      return "Authorization: \(result.rawValue): \(why); the sheet stays open. "
        + "Nothing was recorded.\n"
    }
    let binding = transaction.enrollment.map { " through \($0)" } ?? ""
    let what =
      "\(transaction.id): \(money(transaction.amount)) at \(request.merchantName) on card "
      + "\(transaction.card)\(binding), \(transaction.status)"
    var text =
      authorization.alreadyRecorded
      ? "Authorization: \(result.rawValue); transaction \(what) was already recorded; nothing "
        + "changed.\n"
      : result == .success
        ? style.positive("Authorization: success; recorded transaction \(what).") + "\n"
        : style.negative("Authorization: failure; recorded declined transaction \(what).")
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
              ("message", .string(warning.problem)),
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
              ("explanation", .string(leftOutSentence(candidate))),
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
                .string(ReasonWording.sentence(for: earning.decision.outcome, earning.facts))
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
