import WalletCore
import WalletStore

/// One offered card's decision under one promotion, by the real engine.
package struct PaymentEarning {
  /// The decision the purchase would get.
  package let decision: Decision
  /// The facts behind it, for its reason in words.
  package let facts: ReasonFacts
  /// The holder's recorded purchases whose rewards it would take, made before them.
  package let takes: [TakenReward]

  /// The promotion deciding.
  package var promotion: Promotion { facts.promotion }
}

/// An offered card and its decisions, one per installed promotion.
package struct PaymentOffer {
  /// The card, as the sheet offers it.
  package let candidate: PaymentSheet.Candidate
  /// Its decisions; none when the request's total is no purchase.
  package let earnings: [PaymentEarning]

  /// The card offered.
  package var card: Card { candidate.card }

  /// What the purchase earns on this card under all promotions together.
  package var total: Money {
    earnings.compactMap(\.decision.outcome.reward).reduce(Money.zero) { $0 + $1.amount }
  }
}

/// What `--authorize` did.
package struct PaymentAuthorization {
  /// The sheet's authorization result.
  package let result: AuthorizationResult
  /// The transaction recorded; nil for the PIN results.
  package let transaction: Transaction?
  /// Whether the store already held this exact transaction (nothing changed).
  package let alreadyRecorded: Bool
  /// The recorded transaction's decisions, as the store now holds them.
  package let decisions: [(promotion: Promotion, decision: Decision)]
}

/// Why an authorization recorded nothing.
package enum PaymentRecordingError: Error {
  /// The request's total is 0.00: no purchase to record.
  case zeroTotal
  /// Another transaction with other details has the payment's id.
  case idTaken(Identifier)
}

/// What `wallet pay` finds and does: the cards the sheet offers with what each would earn under
/// every installed promotion, the default card, and the payment recorded when authorized.
package struct PayReport {
  /// The sheet at the payment's time.
  package let sheet: PaymentSheet
  /// The cards offered, with their earnings.
  package let offers: [PaymentOffer]
  /// The card the sheet pays with; nil when none can pay.
  package let defaultCard: PaymentSheet.Candidate?
  /// What the authorization did, when asked and a card could pay.
  package let authorization: PaymentAuthorization?
}

/// `wallet pay` as a job: the request played against `cards` at `at`, with the store's
/// promotions, and recorded under `transactionID` when `authorize` gives a result.
package enum PayJob {
  /// Plays `request` on the sheet of `cards`; `authorize` is the result to record, if any.
  package static func run(
    _ request: PaymentRequest, cards: [Card], at: Instant, transactionID: Identifier,
    authorize: AuthorizationResult?, store: WalletStore
  ) throws -> PayReport {
    let enrollments = try cards.flatMap { try store.enrollments(card: $0.id) }
    let sheet = PaymentSheet(request: request, cards: cards, enrollments: enrollments, at: at)
    let promotions = try store.promotions().map(\.promotion)

    let offers = try sheet.offered.map { candidate in
      guard
        let purchase = request.purchase(
          id: transactionID, card: candidate.card.id, binding: candidate.binding?.id, at: at,
          status: .pending)
      else { return PaymentOffer(candidate: candidate, earnings: []) }
      let earnings = try promotions.map { promotion in
        let decision = try store.whatIf(purchase, promotion: promotion)
        return PaymentEarning(
          decision: decision,
          facts: try DecisionFacts.gather(
            purchase, card: candidate.card, decision: decision, promotion: promotion,
            store: store, hypothetical: true),
          takes: try CheckJob.taken(
            by: purchase, decision: decision, promotion: promotion, store: store))
      }
      return PaymentOffer(candidate: candidate, earnings: earnings)
    }
    let defaultCard = sheet.defaultCard(
      outcomes: Dictionary(
        offers.map { ($0.card.id, $0.earnings.map(\.decision.outcome)) },
        uniquingKeysWith: { first, _ in first }))

    var authorization: PaymentAuthorization?
    if let result = authorize, let chosen = defaultCard {
      authorization = try record(
        result, with: chosen, request: request, id: transactionID, at: at, store: store,
        promotions: promotions)
    }
    return PayReport(
      sheet: sheet, offers: offers, defaultCard: defaultCard, authorization: authorization)
  }

  /// Pays with the sheet's default card and records what the result says.
  private static func record(
    _ result: AuthorizationResult, with chosen: PaymentSheet.Candidate, request: PaymentRequest,
    id: Identifier, at: Instant, store: WalletStore, promotions: [Promotion]
  ) throws -> PaymentAuthorization {
    guard let status = result.recordedStatus else {
      return PaymentAuthorization(
        result: result, transaction: nil, alreadyRecorded: false, decisions: [])
    }
    guard
      let transaction = request.purchase(
        id: id, card: chosen.card.id, binding: chosen.binding?.id, at: at, status: status)
    else { throw PaymentRecordingError.zeroTotal }
    let outcome: UpsertOutcome
    do {
      outcome = try store.addTransaction(transaction)
    } catch StoreError.conflict(kind: .transaction, let existing) {
      throw PaymentRecordingError.idTaken(existing)
    }
    let decisions = try promotions.compactMap { promotion in
      try store.decision(transaction: id, promotion: promotion.id).map { (promotion, $0) }
    }
    return PaymentAuthorization(
      result: result, transaction: transaction, alreadyRecorded: outcome == .unchanged,
      decisions: decisions)
  }
}
