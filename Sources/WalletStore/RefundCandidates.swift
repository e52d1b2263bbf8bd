import WalletCore

/// The purchases an import's refunds may go to, held in memory for the import: by card and
/// merchant (as the store or any export wrote it), in time order, each with what is left of it
/// to refund. A refund then costs a binary search instead of a walk back through the card's
/// history, which for a refund whose purchase is missing would be every earlier purchase.
struct RefundCandidates {
  /// A purchase, and what is left of it.
  struct Purchase {
    var id: Identifier
    var card: Identifier
    var time: Instant
    var left: Money
  }

  private struct Key: Hashable {
    var card: Identifier
    var merchant: String?
  }

  private var purchases: [Purchase] = []
  private var indexByID: [Identifier: Int] = [:]
  /// Positions in `purchases`, in order of time, then id.
  private var byKey: [Key: [Int]] = [:]

  /// Candidates from `rows`: each purchase with the merchants it is known by.
  init(_ rows: [(purchase: Purchase, merchants: Set<String?>)]) {
    for (purchase, merchants) in rows {
      let index = purchases.count
      purchases.append(purchase)
      indexByID[purchase.id] = index
      for merchant in merchants {
        byKey[Key(card: purchase.card, merchant: merchant), default: []].append(index)
      }
    }
    for key in byKey.keys {
      byKey[key]?.sort { lhs, rhs in
        (purchases[lhs].time, purchases[lhs].id) < (purchases[rhs].time, purchases[rhs].id)
      }
    }
  }

  /// The latest purchase on `card` with `merchant`, at or before `latest`, with at least
  /// `amount` left (ties: the larger id); what is left of it is reduced by `amount`.
  mutating func take(card: Identifier, merchant: String?, latest: Instant, amount: Money)
    -> Purchase?
  {
    guard let list = byKey[Key(card: card, merchant: merchant)] else { return nil }
    // The first position after every purchase at or before `latest`.
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if purchases[list[middle]].time <= latest { low = middle + 1 } else { high = middle }
    }
    for position in stride(from: low - 1, through: 0, by: -1)
    where purchases[list[position]].left >= amount {
      purchases[list[position]].left = purchases[list[position]].left - amount
      return purchases[list[position]]
    }
    return nil
  }

  /// Notes a refund applied to `id` another way (by its order id).
  mutating func reduce(_ id: Identifier, by amount: Money) {
    guard let index = indexByID[id] else { return }
    purchases[index].left = purchases[index].left - amount
  }
}
