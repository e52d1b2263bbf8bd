import WalletCore
import WalletStore

/// A purchase imagined on a card, with the real engine's decision about it under one promotion
/// and the facts behind that decision; nothing is recorded.
package struct ImaginedPurchase {
  /// The purchase imagined.
  package let purchase: Transaction
  /// The decision it would get.
  package let decision: Decision
  /// The facts behind it, for its reason in words.
  package let facts: ReasonFacts

  /// The promotion deciding.
  package var promotion: Promotion { facts.promotion }
}

/// `wallet check` as a job: purchases imagined at an instant and decided under every installed
/// promotion, as a cardholder about to pay would ask.
package enum CheckJob {
  /// For each installed promotion, a purchase of its minimum spend (at least one fen) in its
  /// currency on `card` at `at`.
  package static func card(_ card: Card, at: Instant, store: WalletStore) throws
    -> [ImaginedPurchase]
  {
    try store.promotions().map { installed in
      let promotion = installed.promotion
      // A promotion may ask for no minimum; a purchase is still at least one fen.
      return try imagine(
        on: card, at: at, amount: max(promotion.minimumSpend, Money(minorUnits: 1)),
        currency: promotion.currency, promotion: promotion, store: store)
    }
  }

  /// For each installed promotion, a purchase of `amount` in `currency` at `at` on each of
  /// `cards`.
  package static func purchase(
    of amount: Money, currency: Currency, at: Instant, on cards: [Card], store: WalletStore
  ) throws -> [(promotion: Promotion, cards: [ImaginedPurchase])] {
    try store.promotions().map { installed in
      let promotion = installed.promotion
      return (
        promotion,
        try cards.map { card in
          try imagine(
            on: card, at: at, amount: amount, currency: currency, promotion: promotion,
            store: store)
        }
      )
    }
  }

  /// An Apple Pay purchase, settled, naming no binding (so the card's earliest active one
  /// counts), decided under `promotion`.
  private static func imagine(
    on card: Card, at: Instant, amount: Money, currency: Currency, promotion: Promotion,
    store: WalletStore
  ) throws -> ImaginedPurchase {
    let purchase = Transaction(
      id: DecisionFacts.hypotheticalID, card: card.id, time: at, amount: amount,
      currency: currency)
    let decision = try store.whatIf(purchase, promotion: promotion)
    return ImaginedPurchase(
      purchase: purchase, decision: decision,
      facts: try DecisionFacts.gather(
        purchase, card: card, decision: decision, promotion: promotion, store: store,
        hypothetical: true))
  }
}
