// What a batch decided a part at a time works out once: the cards' facts, and how the quota
// ended over every holder's transactions.

/// What the engine works out from a ledger's cards and enrollments alone, under one promotion:
/// made once and handed to `RewardEngine.decide(_:cards:quotaSettled:)` for each of several
/// ledgers that hold the same cards and enrollments (in the same order) and different
/// transactions.
package struct PreparedCards: Sendable {
  let facts: CardFacts

  /// The facts of the cards and enrollments of `ledger` under `promotion`; `ranks`, when given,
  /// are `HolderRanks(of: ledger)`, worked out before.
  package init(_ ledger: Ledger, promotion: Promotion, ranks: HolderRanks? = nil) {
    facts = CardFacts(
      ledger: ledger, promotion: promotion,
      ranks: ranks.map { ($0.ofCard, $0.cardOfHolder) })
  }

  /// Each card's holder as a rank among the holders' ids in byte order, as the engine ranks
  /// them, worked out alone: a batch in parts needs them to partition its transactions, and
  /// the rest of the cards' facts only to decide.
  package struct HolderRanks: Sendable {
    /// Each card's holder's rank.
    package let ofCard: [Int32]
    /// A card of each holder, by rank.
    let cardOfHolder: [Int32]
    /// The number of holders.
    package var count: Int { cardOfHolder.count }

    /// The ranks of the holders of `ledger`'s cards.
    package init(of ledger: Ledger) {
      (ofCard, cardOfHolder) = CardFacts.rankHolders(ledger.cards)
    }
  }
}

/// How the promotion's quota ended over all holders' transactions, worked out before deciding
/// some holders apart from the others: the quota is a count of places taken in order of time
/// (ties by id bytes), so once the transaction that took its last place is known, whether any
/// transaction finds places left depends on its time and id alone.
package enum QuotaSettlement: Sendable, Equatable {
  /// Fewer places were taken than the quota holds: none finds it exhausted.
  case notReached
  /// The quota holds no place at all.
  case exhaustedFromStart
  /// The last place went to the transaction with this time (nanoseconds) and id (UTF-8 bytes);
  /// every transaction after it finds the quota exhausted.
  case exhaustedAfter(time: Int64, id: [UInt8])

  /// The settlement of a quota of `quota` places, given the times and ids of the places taken
  /// when there is no quota, at least the `quota` earliest of them: the quota-th earliest is
  /// the last place paid.
  package static func settle(quota: Int, placesTaken: [(time: Int64, id: [UInt8])]) -> Self {
    guard quota > 0 else { return .exhaustedFromStart }
    guard placesTaken.count >= quota else { return .notReached }
    let last = earliest(quota, of: placesTaken).last!
    return .exhaustedAfter(time: last.time, id: last.id)
  }

  /// The `count` earliest places of `places`, in order (time, then id bytes).
  package static func earliest(_ count: Int, of places: [(time: Int64, id: [UInt8])])
    -> [(time: Int64, id: [UInt8])]
  {
    Array(
      places.sorted {
        $0.time != $1.time ? $0.time < $1.time : $0.id.lexicographicallyPrecedes($1.id)
      }.prefix(count))
  }
}
