/// Whether credits are cancelled (not cancelled first) and an amount (0 for any), in the order
/// the pool sorts a holder's credits: the key of a run of credits a pass may offer a decision.
struct CreditKey: Comparable {
  var cancelled: Bool
  var amount: Int64

  static func < (lhs: CreditKey, rhs: CreditKey) -> Bool {
    if lhs.cancelled != rhs.cancelled { return !lhs.cancelled }
    return lhs.amount < rhs.amount
  }
}

/// The credits that decisions may take, grouped by holder and sorted into runs of one kind by
/// date then id, with the credits a transaction names kept apart (they fit that transaction's
/// decision only).
struct CreditPool {
  /// The credits that name no transaction.
  let general: [Int]
  /// Those credits by holder, then cancelled, amount, date and id.
  var byAmount: Groups
  /// Each position's cancelled flag and amount, to find a run by binary search.
  var amountKeys: [CreditKey]
  var freeByAmount: NextFree
  var positionByAmount: [Int32]
  /// The same by holder, cancelled, date and id, for pass E (any amount); built when a decision
  /// first gets that far, which with postings that match it never does.
  var byDate: Groups?
  var dateKeys: [CreditKey] = []
  var freeByDate = NextFree(count: 0)
  var positionByDate: [Int32] = []
  /// For each decision, the credits that name its transaction, by date and id.
  var named: [Int32: [Int]] = [:]

  init(matcher: Matcher) {
    let postings = matcher.postings
    var general: [Int] = []
    var namedByTransaction: [HolderTransaction: [Int]] = [:]
    for index in postings.indices where postings[index].kind == .credit && !matcher.settled[index] {
      if let transaction = postings[index].transaction {
        namedByTransaction[
          HolderTransaction(holder: matcher.postingHolder[index], transaction: transaction),
          default: []
        ].append(index)
      } else {
        general.append(index)
      }
    }
    if !namedByTransaction.isEmpty {
      for decision in matcher.owed.indices {
        let key = HolderTransaction(
          holder: matcher.decisionHolder[decision], transaction: matcher.owed[decision].transaction)
        if let credits = namedByTransaction[key] {
          named[Int32(decision)] = credits.sorted(by: matcher.precedes)
        }
      }
    }
    self.general = general
    byAmount = Self.grouped(general, matcher, byAmount: true)
    amountKeys = byAmount.members.map {
      CreditKey(cancelled: matcher.cancelled[$0], amount: matcher.postingAmount[$0])
    }
    freeByAmount = NextFree(count: byAmount.members.count)
    positionByAmount = [Int32](repeating: -1, count: postings.count)
    for (place, index) in byAmount.members.enumerated() { positionByAmount[index] = Int32(place) }
  }

  private static func grouped(_ credits: [Int], _ matcher: Matcher, byAmount: Bool) -> Groups {
    let holderOf = matcher.postingHolder
    var groups = Groups(credits, count: matcher.holders.count) { Int(holderOf[$0]) }
    let cancelled = matcher.cancelled
    let amounts = matcher.postingAmount
    groups.sortEach { left, right in
      if cancelled[left] != cancelled[right] { return !cancelled[left] }
      if byAmount && amounts[left] != amounts[right] { return amounts[left] < amounts[right] }
      return matcher.precedes(left, right)
    }
    return groups
  }

  /// Builds the any-amount runs, leaving out the credits already taken.
  private mutating func buildDateRuns(_ matcher: Matcher) {
    let groups = Self.grouped(general, matcher, byAmount: false)
    dateKeys = groups.members.map { CreditKey(cancelled: matcher.cancelled[$0], amount: 0) }
    freeByDate = NextFree(count: groups.members.count)
    positionByDate = [Int32](repeating: -1, count: matcher.postings.count)
    for (place, index) in groups.members.enumerated() {
      positionByDate[index] = Int32(place)
      if matcher.takenBy[index] >= 0 { freeByDate.remove(place) }
    }
    byDate = groups
  }

  /// Takes, for `decision`, the earliest free credit of its holder that is (or is not) cancelled,
  /// of `amount` (any, when nil, in minor units), dated in `days`; nil when there is none.
  mutating func take(
    for decision: Int, of matcher: Matcher, cancelled: Bool, amount: Int64?,
    days: ClosedRange<Int>
  ) -> Int? {
    let holder = Int(matcher.decisionHolder[decision])
    var best: Int?
    if let amount {
      let key = CreditKey(cancelled: cancelled, amount: amount)
      let run = Self.run(of: key, in: amountKeys, within: byAmount.positions(of: holder))
      best = earliest(in: byAmount.members, run, &freeByAmount, matcher, days)
    } else {
      if byDate == nil { buildDateRuns(matcher) }
      let key = CreditKey(cancelled: cancelled, amount: 0)
      let run = Self.run(of: key, in: dateKeys, within: byDate!.positions(of: holder))
      best = earliest(in: byDate!.members, run, &freeByDate, matcher, days)
    }
    if let credits = named[Int32(decision)],
      let fitting = credits.first(where: {
        matcher.takenBy[$0] < 0 && matcher.cancelled[$0] == cancelled
          && (amount == nil || matcher.postingAmount[$0] == amount)
          && days.contains(matcher.postingDay[$0])
      }), best.map({ matcher.precedes(fitting, $0) }) ?? true
    {
      return fitting
    }
    if let best {
      freeByAmount.remove(Int(positionByAmount[best]))
      if byDate != nil { freeByDate.remove(Int(positionByDate[best])) }
    }
    return best
  }

  /// The positions in `group` whose key is `key`, in keys sorted ascending within the group;
  /// nil when there are none.
  private static func run(of key: CreditKey, in keys: [CreditKey], within group: Range<Int>)
    -> Range<Int>?
  {
    let start = partitionPoint(group) { !(keys[$0] < key) }
    guard start < group.upperBound, keys[start] == key else { return nil }
    return start..<partitionPoint(start..<group.upperBound) { key < keys[$0] }
  }

  private func earliest(
    in order: [Int], _ run: Range<Int>?, _ free: inout NextFree, _ matcher: Matcher,
    _ days: ClosedRange<Int>
  ) -> Int? {
    guard let run else { return nil }
    let start = partitionPoint(run) { matcher.postingDay[order[$0]] >= days.lowerBound }
    guard let found = free.find(start), found < run.upperBound else { return nil }
    let credit = order[found]
    return days.contains(matcher.postingDay[credit]) ? credit : nil
  }
}

/// A holder and a transaction: the key of the credits that name a transaction.
struct HolderTransaction: Hashable {
  var holder: Int32
  var transaction: Identifier
}
