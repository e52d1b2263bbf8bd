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
  /// Where the card's holder stands under the promotion's threshold and limits at the
  /// purchase's time, for this card; nil for a promotion of section 2's form, and when not
  /// asked for (a holder's purchase has one standing for all the cards).
  package let standing: RuleStanding?
  /// The holder's recorded purchases whose rewards it would take, made before them.
  package let takes: [TakenReward]

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
        currency: promotion.currency, promotion: promotion, store: store, standing: true)
    }
  }

  /// For each installed promotion, a purchase of `amount` in `currency` at `at` on each of
  /// `cards` (one holder's), and where the holder stands under the promotion's threshold and
  /// limits then, every card's card-scoped ones included (nil for section 2's form).
  package static func purchase(
    of amount: Money, currency: Currency, at: Instant, on cards: [Card], store: WalletStore
  ) throws -> [(promotion: Promotion, cards: [ImaginedPurchase], standing: RuleStanding?)] {
    try store.promotions().map { installed in
      let promotion = installed.promotion
      return (
        promotion,
        try cards.map { card in
          try imagine(
            on: card, at: at, amount: amount, currency: currency, promotion: promotion,
            store: store, standing: false)
        },
        try cards.first.flatMap { card in
          try standing(
            of: card.holder, cards: cards.map(\.id), at: at, promotion: promotion, store: store)
        }
      )
    }
  }

  /// Where `holder` stands under `promotion`'s threshold and limits just before a purchase at
  /// `at`, with card-scoped rules for `cards`; nil for a promotion of section 2's form, whose
  /// rewards used and left already say it.
  package static func standing(
    of holder: Identifier, cards: [Identifier], at: Instant, promotion: Promotion,
    store: WalletStore
  ) throws -> RuleStanding? {
    guard RuleStanding.applies(to: promotion) else { return nil }
    return RuleStanding(
      promotion: promotion,
      purchases: try store.decidedPurchases(promotion: promotion.id, holder: holder),
      cards: cards, at: at, tie: DecisionFacts.hypotheticalID)
  }

  /// An Apple Pay purchase, settled, naming no binding (so the card's earliest active one
  /// counts), decided under `promotion`; with `standing`, the card's standing as well.
  private static func imagine(
    on card: Card, at: Instant, amount: Money, currency: Currency, promotion: Promotion,
    store: WalletStore, standing withStanding: Bool
  ) throws -> ImaginedPurchase {
    let purchase = Transaction(
      id: DecisionFacts.hypotheticalID, card: card.id, time: at, amount: amount,
      currency: currency)
    let decision = try store.whatIf(purchase, promotion: promotion)
    return ImaginedPurchase(
      purchase: purchase, decision: decision,
      facts: try DecisionFacts.gather(
        purchase, card: card, decision: decision, promotion: promotion, store: store,
        hypothetical: true),
      standing: withStanding
        ? try standing(
          of: card.holder, cards: [card.id], at: at, promotion: promotion, store: store) : nil,
      takes: try taken(by: purchase, decision: decision, promotion: promotion, store: store))
  }

  /// The recorded rewards a purchase would take: none unless it would earn, since only a
  /// reward takes a place.
  package static func taken(
    by purchase: Transaction, decision: Decision, promotion: Promotion, store: WalletStore
  ) throws -> [TakenReward] {
    guard decision.outcome.reward != nil else { return [] }
    return try store.rewardsTaken(by: purchase, promotion: promotion)
  }
}
