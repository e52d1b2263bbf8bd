/// Holders and cards as numbers, for a reconciliation. A holder's number is its place among the
/// holders in the order of their id bytes, the order of the rows.
public struct ReconciliationNumbering: Sendable {
  /// The holders, each once, in the order of their id bytes.
  public var holders: [Identifier]
  /// Each owed decision's holder, by number.
  public var decisionHolder: [Int32]
  /// The holder each posting belongs to, by number.
  public var postingHolder: [Int32]
  /// Each posting's card, as a number from 0: postings of one card have one number.
  public var postingCard: [Int32]

  /// Numbers given by the caller. `holders` must be in strictly ascending byte order, and every
  /// holder number one of its places.
  public init(
    holders: [Identifier], decisionHolder: [Int32], postingHolder: [Int32], postingCard: [Int32]
  ) {
    precondition(
      holders.indices.dropFirst().allSatisfy { holders[$0 - 1] < holders[$0] },
      "holders in ascending byte order, each once")
    precondition(postingHolder.count == postingCard.count, "a holder and a card per posting")
    self.holders = holders
    self.decisionHolder = decisionHolder
    self.postingHolder = postingHolder
    self.postingCard = postingCard
  }

  /// The holders and cards of `owed` and `postings`, numbered by hashing their ids. A posting's
  /// holder is its card's in `cardHolders`, else that of the card's owed decisions, else the
  /// card itself.
  public init(owed: [OwedDecision], postings: [Posting], cardHolders: [Identifier: Identifier]) {
    var numberOf: [Identifier: Int32] = [:]
    var found: [Identifier] = []
    func number(_ holder: Identifier) -> Int32 {
      if let known = numberOf[holder] { return known }
      let next = Int32(found.count)
      numberOf[holder] = next
      found.append(holder)
      return next
    }
    let decisionFound = owed.map { number($0.holder) }
    var decisionCardHolder: [Identifier: Identifier] = [:]
    if postings.contains(where: { cardHolders[$0.card] == nil }) {
      for decision in owed { decisionCardHolder[decision.card] = decision.holder }
    }
    let postingFound = postings.map {
      number(cardHolders[$0.card] ?? decisionCardHolder[$0.card] ?? $0.card)
    }
    // Renumbered by rank, so that a holder's number orders the rows.
    var byBytes = Array(found.indices)
    byBytes.withUnsafeMutableBufferPointer { InPlaceSort.sort($0) { found[$0] < found[$1] } }
    var rank = [Int32](repeating: 0, count: found.count)
    for (place, holder) in byBytes.enumerated() { rank[holder] = Int32(place) }
    var cardNumber: [Identifier: Int32] = [:]
    let postingCard = postings.map { posting in
      if let known = cardNumber[posting.card] { return known }
      let next = Int32(cardNumber.count)
      cardNumber[posting.card] = next
      return next
    }
    self.init(
      holders: byBytes.map { found[$0] }, decisionHolder: decisionFound.map { rank[Int($0)] },
      postingHolder: postingFound.map { rank[Int($0)] }, postingCard: postingCard)
  }
}
