/// Owed decisions compared with what the issuer posted (SPEC section 7): the rows a cardholder or
/// a bank reads, and the postings that would make what was posted equal what is due.
///
/// Pure logic: the callers (the store, `batch`) gather the owed decisions, the postings and the
/// holder of each card. Matching is near-linear: credits are sorted once into runs of one holder
/// (or card) and amount by date, each lookup is a binary search, and the credits already used
/// are skipped through path-compressed links, so no lookup walks over used credits twice.
public struct Reconciliation: Sendable {
  /// The day reconciled as of: later transactions and postings take no part.
  public let asOf: CivilDate
  /// One row per owed decision and per unexplained posting, in the SPEC's order: holder bytes,
  /// then cycle, transaction time and id, then the postings without a transaction by date and
  /// id.
  public let rows: [ReconciliationRow]

  /// Reconciles `owed` with `postings` as of a day. `cardHolders` gives the holder a card's
  /// postings belong to (a supplementary card counted for its primary: the primary holder); a
  /// card missing from it belongs to the holder of its owed decisions, else is its own holder.
  public init(
    owed: [OwedDecision], postings: [Posting], cardHolders: [Identifier: Identifier],
    asOf: CivilDate
  ) {
    self.asOf = asOf
    // Copied only when something is left out: a bank's batch passes hundreds of thousands.
    var matcher = Matcher(
      owed: owed.allSatisfy { $0.localDate <= asOf } ? owed : owed.filter { $0.localDate <= asOf },
      postings: postings.allSatisfy { $0.date <= asOf }
        ? postings : postings.filter { $0.date <= asOf },
      cardHolders: cardHolders, asOf: asOf)
    matcher.settleUndoneClawbacks()
    matcher.cancelCredits()
    matcher.takeCredits()
    rows = matcher.rows()
    var adjustments: [Posting] = []
    for row in rows {
      adjustments.append(contentsOf: Self.adjustments(for: row, on: asOf))
    }
    self.adjustments = adjustments
  }

  /// Whether any row needs a person's attention (exit status 1).
  public var needsAttention: Bool { rows.contains { $0.status.needsAttention } }

  /// The postings the issuer must make, dated the as-of day, in the order of the rows they
  /// settle: posting them and reconciling again leaves only `paid`, `paid-late`, `forfeited`
  /// and `not-yet-due`.
  public let adjustments: [Posting]

  /// The adjustments for one row, with the SPEC's ids `adj:<status>:<transaction or posting>`.
  public static func adjustments(for row: ReconciliationRow, on date: CivilDate) -> [Posting] {
    func id(_ subject: Identifier, _ part: Int? = nil) -> Identifier {
      Identifier(
        "adj:\(row.status.rawValue):\(subject.rawValue)" + (part.map { ":\($0)" } ?? ""))
    }
    func payReward(_ decision: OwedDecision, id: Identifier) -> Posting {
      Posting(
        id: id, card: decision.card, date: date, kind: .credit, amount: decision.amount,
        transaction: decision.transaction, description: row.status.rawValue)
    }
    func takeBack(_ credit: Posting, transaction: Identifier?, id: Identifier) -> Posting {
      Posting(
        id: id, card: credit.card, date: date, kind: .clawback, amount: credit.amount,
        transaction: transaction, reverses: credit.id, description: row.status.rawValue)
    }
    switch (row.status, row.decision, row.posting) {
    case (.missing, let decision?, _), (.clawedBack, let decision?, _):
      return [payReward(decision, id: id(decision.transaction))]
    case (.notClawedBack, let decision?, let credit?):
      return [takeBack(credit, transaction: decision.transaction, id: id(decision.transaction))]
    case (.amountDiffers, let decision?, let credit?):
      return [
        takeBack(credit, transaction: decision.transaction, id: id(decision.transaction, 1)),
        payReward(decision, id: id(decision.transaction, 2)),
      ]
    case (.unexpected, nil, let credit?):
      return [takeBack(credit, transaction: credit.transaction, id: id(credit.id))]
    case (.unmatchedClawback, nil, let clawback?):
      return [
        Posting(
          id: id(clawback.id), card: clawback.card, date: date, kind: .credit,
          amount: clawback.amount, transaction: clawback.transaction, reverses: clawback.id,
          description: row.status.rawValue)
      ]
    default:
      return []
    }
  }
}

/// The working state of one reconciliation: decisions and postings by index, holders and cards
/// by number, and what each posting has become.
private struct Matcher {
  let owed: [OwedDecision]
  let postings: [Posting]
  let asOf: CivilDate
  /// Each posting's holder, as a number.
  var postingHolder: [Int32]
  /// Each decision's holder, as a number.
  var decisionHolder: [Int32]
  /// Each holder number's id.
  var holders: [Identifier] = []
  /// Each posting's date, as days since the epoch.
  let postingDay: [Int]
  /// Postings that settle one another (a clawback and the credit that undoes it): out of play.
  var settled: [Bool]
  /// Credits taken back by a clawback.
  var cancelled: [Bool]
  /// Clawbacks that took back no credit.
  var unmatchedClawbacks: [Int] = []
  /// The decision that took each credit, or -1.
  var takenBy: [Int32]
  /// Each decision's status once settled, and the credit it took.
  var status: [ReconciliationStatus?]
  var credit: [Int32]
  /// Each decision's purchase time, first and last day of its window (days since the epoch)
  /// and amount: read in every pass without copying the decision.
  let decisionTime: [Int64]
  let firstDay: [Int]
  let dueDay: [Int]
  let decisionAmount: [Money]

  init(
    owed: [OwedDecision], postings: [Posting], cardHolders: [Identifier: Identifier],
    asOf: CivilDate
  ) {
    self.owed = owed
    self.postings = postings
    self.asOf = asOf
    var holderNumber: [Identifier: Int32] = [:]
    holderNumber.reserveCapacity(owed.count / 2)
    var holders: [Identifier] = []
    func number(_ holder: Identifier) -> Int32 {
      if let known = holderNumber[holder] { return known }
      let next = Int32(holders.count)
      holderNumber[holder] = next
      holders.append(holder)
      return next
    }
    decisionHolder = owed.map { number($0.holder) }
    var decisionCardHolder: [Identifier: Identifier] = [:]
    if postings.contains(where: { cardHolders[$0.card] == nil }) {
      for decision in owed { decisionCardHolder[decision.card] = decision.holder }
    }
    postingHolder = postings.map {
      number(cardHolders[$0.card] ?? decisionCardHolder[$0.card] ?? $0.card)
    }
    self.holders = holders
    postingDay = postings.map(\.date.daysSinceEpoch)
    settled = [Bool](repeating: false, count: postings.count)
    cancelled = settled
    takenBy = [Int32](repeating: -1, count: postings.count)
    status = [ReconciliationStatus?](repeating: nil, count: owed.count)
    credit = [Int32](repeating: -1, count: owed.count)
    decisionTime = owed.map(\.time.nanosecondsSinceEpoch)
    firstDay = owed.map(\.localDate.daysSinceEpoch)
    dueDay = owed.map(\.due.daysSinceEpoch)
    decisionAmount = owed.map(\.amount)
  }

  /// Whether decision `left` comes before `right` by purchase time, then transaction id.
  func decisionPrecedes(_ left: Int, _ right: Int) -> Bool {
    decisionTime[left] != decisionTime[right]
      ? decisionTime[left] < decisionTime[right]
      : owed[left].transaction < owed[right].transaction
  }

  /// Whether posting `left` comes before `right` by date, then id bytes.
  func precedes(_ left: Int, _ right: Int) -> Bool {
    postingDay[left] != postingDay[right]
      ? postingDay[left] < postingDay[right] : postings[left].id < postings[right].id
  }

  /// Step 1, first part: a clawback undone by a credit that `reverses` it is settled with that
  /// credit (the earliest such, when several name it).
  mutating func settleUndoneClawbacks() {
    var clawbackByID: [Identifier: Int] = [:]
    for index in postings.indices where postings[index].kind == .clawback {
      if clawbackByID[postings[index].id] == nil { clawbackByID[postings[index].id] = index }
    }
    guard !clawbackByID.isEmpty else { return }
    var undoing = postings.indices.filter {
      postings[$0].kind == .credit && postings[$0].reverses.map { clawbackByID[$0] != nil } == true
    }
    undoing.sort(by: precedes)
    for undo in undoing {
      let clawback = clawbackByID[postings[undo].reverses!]!
      guard !settled[clawback], postingHolder[clawback] == postingHolder[undo] else { continue }
      settled[clawback] = true
      settled[undo] = true
    }
  }

  /// Step 1: in order of date, then id, each other clawback cancels a credit of the same card and
  /// amount: the one it names, else the latest on or before it, else the earliest after it.
  mutating func cancelCredits() {
    var clawbacks = postings.indices.filter { postings[$0].kind == .clawback && !settled[$0] }
    guard !clawbacks.isEmpty else { return }
    clawbacks.sort(by: precedes)
    var cardNumber: [Identifier: Int32] = [:]
    var cardOf = [Int32](repeating: -1, count: postings.count)
    for index in postings.indices where !settled[index] {
      let card = postings[index].card
      if let known = cardNumber[card] {
        cardOf[index] = known
      } else {
        cardOf[index] = Int32(cardNumber.count)
        cardNumber[card] = cardOf[index]
      }
    }
    var credits = postings.indices.filter { postings[$0].kind == .credit && !settled[$0] }
    let amounts = postings.map(\.amount.minorUnits)
    credits.withUnsafeMutableBufferPointer {
      InPlaceSort.sort($0) { left, right in
        if cardOf[left] != cardOf[right] { return cardOf[left] < cardOf[right] }
        return amounts[left] != amounts[right]
          ? amounts[left] < amounts[right] : precedes(left, right)
      }
    }
    let runs = Runs(credits) { CardAmount(card: cardOf[$0], amount: postings[$0].amount) }
    var creditByID: [Identifier: Int] = [:]
    var position = [Int](repeating: -1, count: postings.count)
    for (place, index) in credits.enumerated() {
      position[index] = place
      if creditByID[postings[index].id] == nil { creditByID[postings[index].id] = index }
    }
    var later = NextFree(count: credits.count)
    var earlier = PreviousFree(count: credits.count)
    for clawback in clawbacks {
      let claw = postings[clawback]
      var chosen: Int?
      if let named = claw.reverses.flatMap({ creditByID[$0] }), !cancelled[named],
        postings[named].card == claw.card, postings[named].amount == claw.amount
      {
        chosen = position[named]
      } else if let run = runs[CardAmount(card: cardOf[clawback], amount: claw.amount)] {
        let day = postingDay[clawback]
        let after = partitionPoint(run) { postingDay[credits[$0]] > day }
        if after > run.lowerBound, let found = earlier.find(after - 1), found >= run.lowerBound {
          chosen = found
        } else if let found = later.find(after), found < run.upperBound {
          chosen = found
        }
      }
      guard let chosen else {
        unmatchedClawbacks.append(clawback)
        continue
      }
      cancelled[credits[chosen]] = true
      later.remove(chosen)
      earlier.remove(chosen)
    }
  }

  /// Step 2: the passes A–E in which owed decisions take credits, then step 3 for those left.
  mutating func takeCredits() {
    var order = Array(owed.indices)
    // The store hands decisions over in this order already; a batch in file order.
    if !order.indices.dropFirst().allSatisfy({ decisionPrecedes(order[$0 - 1], order[$0]) }) {
      order.withUnsafeMutableBufferPointer { InPlaceSort.sort($0, by: decisionPrecedes) }
    }
    var pool = CreditPool(matcher: self)
    // Each pass is one kind of decision, the credits it may take, and the status they give.
    typealias Pass = (
      kind: OwedDecision.Kind, cancelled: Bool, sameAmount: Bool, late: Bool,
      status: ReconciliationStatus
    )
    let passes: [Pass] = [
      (.rewarded, false, true, false, .paid),
      (.forfeited, true, true, false, .forfeited),
      (.forfeited, false, true, false, .notClawedBack),
      (.rewarded, false, true, true, .paidLate),
      (.rewarded, true, true, false, .clawedBack),
      (.rewarded, false, false, false, .amountDiffers),
    ]
    // Pass A treats both kinds in one walk: rewarded and forfeited decisions never compete for
    // a credit there (one takes only credits not cancelled, the other only cancelled ones).
    let walks: [[Pass]] = [
      [passes[0], passes[1]], [passes[2]], [passes[3]], [passes[4]], [passes[5]],
    ]
    for walk in walks {
      for decision in order where status[decision] == nil {
        let kind = owed[decision].kind
        guard let pass = walk.first(where: { $0.kind == kind }) else { continue }
        let due = dueDay[decision]
        let window = pass.late ? (due + 1)...Int.max : firstDay[decision]...due
        guard
          let taken = pool.take(
            for: decision, of: self, cancelled: pass.cancelled,
            amount: pass.sameAmount ? decisionAmount[decision] : nil, days: window)
        else { continue }
        status[decision] = pass.status
        credit[decision] = Int32(taken)
        takenBy[taken] = Int32(decision)
      }
    }
    let asOfDay = asOf.daysSinceEpoch
    for decision in owed.indices where status[decision] == nil {
      switch owed[decision].kind {
      case .rewarded: status[decision] = asOfDay > dueDay[decision] ? .missing : .notYetDue
      case .forfeited: status[decision] = .forfeited
      }
    }
  }

  /// The rows in the SPEC's order.
  func rows() -> [ReconciliationRow] {
    // Holders ranked once by their bytes, so that sorting the rows compares integers.
    var rank = [Int32](repeating: 0, count: holders.count)
    var byBytes = Array(holders.indices)
    byBytes.withUnsafeMutableBufferPointer { InPlaceSort.sort($0) { holders[$0] < holders[$1] } }
    for (place, holder) in byBytes.enumerated() { rank[holder] = Int32(place) }
    let cycleDay = owed.map(\.cycleStart.daysSinceEpoch)
    var decisionRows = Array(owed.indices)
    decisionRows.withUnsafeMutableBufferPointer {
      InPlaceSort.sort($0) { left, right in
        let (rankA, rankB) = (rank[Int(decisionHolder[left])], rank[Int(decisionHolder[right])])
        if rankA != rankB { return rankA < rankB }
        if cycleDay[left] != cycleDay[right] { return cycleDay[left] < cycleDay[right] }
        return decisionPrecedes(left, right)
      }
    }
    var postingRows = unmatchedClawbacks
    for index in postings.indices
    where postings[index].kind == .credit && !settled[index] && !cancelled[index]
      && takenBy[index] < 0
    {
      postingRows.append(index)
    }
    postingRows.withUnsafeMutableBufferPointer {
      InPlaceSort.sort($0) { left, right in
        let (rankA, rankB) = (rank[Int(postingHolder[left])], rank[Int(postingHolder[right])])
        return rankA != rankB ? rankA < rankB : precedes(left, right)
      }
    }
    var rows: [ReconciliationRow] = []
    rows.reserveCapacity(decisionRows.count + postingRows.count)
    var nextPosting = 0
    // Both lists are sorted by holder rank: merge them, a holder's posting rows after its
    // decision rows.
    func appendPostingRows(before holderRank: Int32?) {
      while nextPosting < postingRows.count {
        let index = postingRows[nextPosting]
        if let holderRank, rank[Int(postingHolder[index])] >= holderRank { return }
        rows.append(
          ReconciliationRow(
            holder: holders[Int(postingHolder[index])], decision: nil, posting: postings[index],
            status: postings[index].kind == .credit ? .unexpected : .unmatchedClawback))
        nextPosting += 1
      }
    }
    for decision in decisionRows {
      appendPostingRows(before: rank[Int(decisionHolder[decision])])
      let taken = credit[decision]
      rows.append(
        ReconciliationRow(
          holder: owed[decision].holder, decision: owed[decision],
          posting: taken < 0 ? nil : postings[Int(taken)], status: status[decision]!))
    }
    appendPostingRows(before: nil)
    return rows
  }
}

/// A card and an amount: the credits a clawback may cancel.
private struct CardAmount: Hashable {
  var card: Int32
  var amount: Money
}

/// A holder, whether credits are cancelled (not cancelled first) and an amount (0 for any), in
/// the order the pool sorts credits: the key of a run of credits a pass may offer a decision.
private struct CreditKey: Comparable {
  var holder: Int32
  var cancelled: Bool
  var amount: Int64

  init(_ holder: Int32, _ cancelled: Bool, _ amount: Int64) {
    self.holder = holder
    self.cancelled = cancelled
    self.amount = amount
  }

  static func < (lhs: CreditKey, rhs: CreditKey) -> Bool {
    if lhs.holder != rhs.holder { return lhs.holder < rhs.holder }
    if lhs.cancelled != rhs.cancelled { return !lhs.cancelled }
    return lhs.amount < rhs.amount
  }
}

/// The credits that decisions may take, sorted into runs of one kind by date then id, with the
/// credits a transaction names kept apart (they fit that transaction's decision only).
private struct CreditPool {
  /// The credits that name no transaction.
  let general: [Int]
  /// Those credits by holder, cancelled, amount, date and id, in runs of one holder, cancelled
  /// and amount.
  var byAmount: [Int]
  /// Each position's holder, cancelled flag and amount, to find a run by binary search.
  var amountKeys: [CreditKey]
  var freeByAmount: NextFree
  var positionByAmount: [Int32]
  /// The same by holder, cancelled, date and id, for pass E (any amount); built when a decision
  /// first gets that far, which with postings that match it never does.
  var byDate: [Int] = []
  var dateKeys: [CreditKey]?
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
    byAmount = Self.sorted(general, matcher, byAmount: true)
    amountKeys = byAmount.map {
      CreditKey(matcher.postingHolder[$0], matcher.cancelled[$0], postings[$0].amount.minorUnits)
    }
    freeByAmount = NextFree(count: byAmount.count)
    positionByAmount = [Int32](repeating: -1, count: postings.count)
    for (place, index) in byAmount.enumerated() { positionByAmount[index] = Int32(place) }
  }

  private static func sorted(_ credits: [Int], _ matcher: Matcher, byAmount: Bool) -> [Int] {
    let postings = matcher.postings
    let amounts = postings.map(\.amount.minorUnits)
    var order = credits
    order.withUnsafeMutableBufferPointer {
      InPlaceSort.sort($0) { left, right in
        let (holderA, holderB) = (matcher.postingHolder[left], matcher.postingHolder[right])
        if holderA != holderB { return holderA < holderB }
        let (cancelledA, cancelledB) = (matcher.cancelled[left], matcher.cancelled[right])
        if cancelledA != cancelledB { return !cancelledA }
        if byAmount && amounts[left] != amounts[right] { return amounts[left] < amounts[right] }
        return matcher.precedes(left, right)
      }
    }
    return order
  }

  /// Builds the any-amount runs, leaving out the credits already taken.
  private mutating func buildDateRuns(_ matcher: Matcher) {
    byDate = Self.sorted(general, matcher, byAmount: false)
    dateKeys = byDate.map { CreditKey(matcher.postingHolder[$0], matcher.cancelled[$0], 0) }
    freeByDate = NextFree(count: byDate.count)
    positionByDate = [Int32](repeating: -1, count: matcher.postings.count)
    for (place, index) in byDate.enumerated() {
      positionByDate[index] = Int32(place)
      if matcher.takenBy[index] >= 0 { freeByDate.remove(place) }
    }
  }

  /// Takes, for `decision`, the earliest free credit of its holder that is (or is not) cancelled,
  /// of `amount` (any, when nil), dated in `days`; nil when there is none.
  mutating func take(
    for decision: Int, of matcher: Matcher, cancelled: Bool, amount: Money?,
    days: ClosedRange<Int>
  ) -> Int? {
    let holder = matcher.decisionHolder[decision]
    var best: Int?
    if let amount {
      let key = CreditKey(holder, cancelled, amount.minorUnits)
      best = earliest(in: byAmount, Self.run(of: key, in: amountKeys), &freeByAmount, matcher, days)
    } else {
      if dateKeys == nil { buildDateRuns(matcher) }
      let key = CreditKey(holder, cancelled, 0)
      best = earliest(in: byDate, Self.run(of: key, in: dateKeys!), &freeByDate, matcher, days)
    }
    if let credits = named[Int32(decision)],
      let fitting = credits.first(where: {
        matcher.takenBy[$0] < 0 && matcher.cancelled[$0] == cancelled
          && (amount == nil || matcher.postings[$0].amount == amount)
          && days.contains(matcher.postingDay[$0])
      }), best.map({ matcher.precedes(fitting, $0) }) ?? true
    {
      return fitting
    }
    if let best {
      freeByAmount.remove(Int(positionByAmount[best]))
      if dateKeys != nil { freeByDate.remove(Int(positionByDate[best])) }
    }
    return best
  }

  /// The positions whose key is `key`, in keys sorted ascending; nil when there are none.
  private static func run(of key: CreditKey, in keys: [CreditKey]) -> Range<Int>? {
    let whole = 0..<keys.count
    let start = partitionPoint(whole) { !(keys[$0] < key) }
    guard start < keys.count, keys[start] == key else { return nil }
    return start..<partitionPoint(start..<keys.count) { key < keys[$0] }
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
private struct HolderTransaction: Hashable {
  var holder: Int32
  var transaction: Identifier
}

/// The runs of equal keys in a sorted list, by key.
private struct Runs<Key: Hashable> {
  private var ranges: [Key: Range<Int>] = [:]

  init(_ sorted: [Int], key: (Int) -> Key) {
    var start = 0
    while start < sorted.count {
      let runKey = key(sorted[start])
      var end = start + 1
      while end < sorted.count && key(sorted[end]) == runKey { end += 1 }
      ranges[runKey] = start..<end
      start = end
    }
  }

  subscript(key: Key) -> Range<Int>? { ranges[key] }
}

/// The first position in `range` for which `isAfter` holds, when it holds for a suffix.
private func partitionPoint(_ range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
  var low = range.lowerBound
  var high = range.upperBound
  while low < high {
    let middle = low + (high - low) / 2
    if isAfter(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}

/// Positions 0..<count, some removed; finds the first one left at or after a position. Links
/// jump over removed runs and are shortened as they are followed, so that a walk never crosses
/// the same removed positions twice: near-constant time per lookup.
private struct NextFree {
  private var link: [Int32]

  init(count: Int) { link = (0...count).map { Int32($0) } }

  /// The first position at or after `position` not removed; `count` when none.
  mutating func find(_ position: Int) -> Int? {
    var root = position
    while Int(link[root]) != root { root = Int(link[root]) }
    var current = position
    while Int(link[current]) != root {
      let next = Int(link[current])
      link[current] = Int32(root)
      current = next
    }
    return root
  }

  mutating func remove(_ position: Int) { link[position] = Int32(position + 1) }
}

/// `NextFree` mirrored: finds the last position left at or before a position.
private struct PreviousFree {
  private var mirrored: NextFree
  private let count: Int

  init(count: Int) {
    mirrored = NextFree(count: count)
    self.count = count
  }

  /// The last position at or before `position` not removed; nil when none.
  mutating func find(_ position: Int) -> Int? {
    guard let found = mirrored.find(count - 1 - position), found < count else { return nil }
    return count - 1 - found
  }

  mutating func remove(_ position: Int) { mirrored.remove(count - 1 - position) }
}
