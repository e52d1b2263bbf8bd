import WalletCore

/// The purchases of the other kind of export that an import's purchases may be second
/// sightings of, held in memory for the import, by card and amount in time order. Each lookup
/// is a binary search; asking SQLite for every row would scan a busy card's days again and again.
struct SightingCandidates {
  private struct Key: Hashable {
    var card: Identifier
    var amount: Money
  }

  private var byKey: [Key: [Transaction]] = [:]
  private let zone: TimeZoneRules

  /// Candidates from `transactions`, each not yet paired.
  init(_ transactions: [Transaction], zone: TimeZoneRules) {
    self.zone = zone
    for transaction in transactions {
      byKey[Key(card: transaction.card, amount: transaction.amount), default: []].append(
        transaction)
    }
    for key in byKey.keys {
      byKey[key]?.sort { ($0.time, $0.id) < ($1.time, $1.id) }
    }
  }

  /// The candidate on `incoming`'s card with its amount whose date is at most a day from its
  /// date, nearest in time (ties: the smaller id); it is paired now, so no other row takes it.
  mutating func take(for incoming: Transaction) -> Transaction? {
    let key = Key(card: incoming.card, amount: incoming.amount)
    guard let list = byKey[key], !list.isEmpty else { return nil }
    let date = incoming.time.localDate(in: zone)
    let from = zone.startOfDay(date.adding(days: -1))
    let until = zone.startOfDay(date.adding(days: 2))
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle].time < from { low = middle + 1 } else { high = middle }
    }
    var best: Int?
    var position = low
    while position < list.count, list[position].time < until {
      let distance = abs(
        list[position].time.nanosecondsSinceEpoch - incoming.time.nanosecondsSinceEpoch)
      if let current = best {
        let bestDistance = abs(
          list[current].time.nanosecondsSinceEpoch - incoming.time.nanosecondsSinceEpoch)
        if (distance, list[position].id) < (bestDistance, list[current].id) { best = position }
      } else {
        best = position
      }
      position += 1
    }
    guard let best else { return nil }
    return byKey[key]?.remove(at: best)
  }
}
