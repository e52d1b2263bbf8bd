/// Owed decisions compared with what the issuer posted (SPEC section 7): the rows a cardholder or
/// a bank reads, and the postings that would make what was posted equal what is due.
///
/// Pure logic: the callers (the store, `batch`) gather the owed decisions, the postings and the
/// holder of each card. Holders never share a credit, so everything is worked out holder by
/// holder: decisions and credits are grouped by holder number with a counting sort, each group
/// sorted on its own (a holder has a handful), each lookup a binary search inside one group, and
/// the credits already used are skipped through path-compressed links, so no lookup walks over
/// used credits twice. Linear in the rows but for the sorts inside groups.
public struct Reconciliation: Sendable {
  /// The day reconciled as of: later transactions and postings take no part.
  public let asOf: CivilDate
  /// One row per owed decision and per unexplained posting, in the SPEC's order: holder bytes,
  /// then cycle, transaction time and id, then the postings without a transaction by date and
  /// id.
  public private(set) var rows: [ReconciliationRow]
  /// The postings the issuer must make, dated the as-of day, in the order of the rows they
  /// settle: posting them and reconciling again leaves only `paid`, `paid-late`, `forfeited`
  /// and `not-yet-due`.
  public let adjustments: [Posting]

  /// Reconciles `owed` with `postings` as of a day. `cardHolders` gives the holder a card's
  /// postings belong to (a supplementary card counted for its primary: the primary holder); a
  /// card missing from it belongs to the holder of its owed decisions, else is its own holder.
  public init(
    owed: [OwedDecision], postings: [Posting], cardHolders: [Identifier: Identifier],
    asOf: CivilDate
  ) {
    self.init(
      owed: owed, postings: postings,
      numbering: ReconciliationNumbering(owed: owed, postings: postings, cardHolders: cardHolders),
      asOf: asOf)
  }

  /// Reconciles `owed` with `postings` as of a day, their holders and cards numbered by the
  /// caller: a bank's batch has numbered them already, and hashing hundreds of thousands of ids
  /// again would cost more than the matching.
  public init(
    owed: [OwedDecision], postings: [Posting], numbering: ReconciliationNumbering,
    asOf: CivilDate
  ) {
    self.init(
      owed: owed, postings: postings, numbering: numbering, asOf: asOf,
      takenIDs: Self.adjustmentLikeIDs(postings))
  }

  /// The ids of `postings` that an adjustment's id could be: those that begin with `adj:`.
  static func adjustmentLikeIDs(_ postings: [Posting]) -> Set<Identifier> {
    var taken = Set<Identifier>()
    for posting in postings where posting.id.rawValue.utf8.starts(with: "adj:".utf8) {
      taken.insert(posting.id)
    }
    return taken
  }

  /// Reconciles as above; `takenIDs` are the ids of the postings read (of every holder) that
  /// begin with `adj:`, which no adjustment may reuse.
  init(
    owed: [OwedDecision], postings: [Posting], numbering: ReconciliationNumbering,
    asOf: CivilDate, takenIDs: Set<Identifier>
  ) {
    precondition(
      numbering.decisionHolder.count == owed.count
        && numbering.postingHolder.count == postings.count
        && numbering.postingCard.count == postings.count,
      "a number for every decision's holder and every posting's holder and card")
    self.asOf = asOf
    var owed = owed
    var postings = postings
    var numbering = numbering
    // Copied only when something is left out: a bank's batch passes hundreds of thousands.
    if !owed.allSatisfy({ $0.localDate <= asOf }) {
      let kept = owed.indices.filter { owed[$0].localDate <= asOf }
      owed = kept.map { owed[$0] }
      numbering.decisionHolder = kept.map { numbering.decisionHolder[$0] }
    }
    if !postings.allSatisfy({ $0.date <= asOf }) {
      let kept = postings.indices.filter { postings[$0].date <= asOf }
      postings = kept.map { postings[$0] }
      numbering.postingHolder = kept.map { numbering.postingHolder[$0] }
      numbering.postingCard = kept.map { numbering.postingCard[$0] }
    }
    var matcher = Matcher(owed: owed, postings: postings, numbering: numbering, asOf: asOf)
    matcher.match()
    let (rows, rowHolders) = matcher.rows()
    self.rows = rows
    var taken = takenIDs
    var adjustments: [Posting] = []
    var adjustmentHolders: [Int32] = []
    Self.addAdjustments(
      for: rows, holders: rowHolders, on: asOf, to: &adjustments, holders: &adjustmentHolders,
      taken: &taken)
    // Adjustments that pay a reward taken back leave the credit it took back free, and pass D
    // may give it to a later reward of the same amount whose window holds it, which is not due
    // yet and so got no adjustment: that one would be clawed-back once the adjustments are
    // posted. Reconciled again with them, what still needs attention gets adjustments too,
    // until nothing does (SPEC 7: reconciling again gives only settled statuses). Only a
    // reward not yet due can be moved so, so without one there is nothing to check.
    if !adjustments.isEmpty, rows.contains(where: { $0.status == .notYetDue }) {
      var cardNumber: [Identifier: Int32] = [:]
      for (index, posting) in postings.enumerated() where cardNumber[posting.card] == nil {
        cardNumber[posting.card] = numbering.postingCard[index]
      }
      var nextCard = (numbering.postingCard.max() ?? -1) + 1
      var adjustmentCards: [Int32] = []
      // Each round pays at least one more reward with a credit that names it; a bound all the
      // same, so that no input can make it loop.
      for _ in 0..<Self.settlingRounds {
        for posting in adjustments[adjustmentCards.count...] {
          if let known = cardNumber[posting.card] {
            adjustmentCards.append(known)
          } else {
            cardNumber[posting.card] = nextCard
            adjustmentCards.append(nextCard)
            nextCard += 1
          }
        }
        var again = Matcher(
          owed: owed, postings: postings + adjustments,
          numbering: ReconciliationNumbering(
            holders: numbering.holders, decisionHolder: numbering.decisionHolder,
            postingHolder: numbering.postingHolder + adjustmentHolders,
            postingCard: numbering.postingCard + adjustmentCards),
          asOf: asOf)
        again.match()
        let (rowsAgain, holdersAgain) = again.rows()
        let before = adjustments.count
        Self.addAdjustments(
          for: rowsAgain, holders: holdersAgain, on: asOf, to: &adjustments,
          holders: &adjustmentHolders, taken: &taken)
        if adjustments.count == before { break }
      }
      // In holder order, each holder's by round: what reconciling holders apart then joining
      // them gives too.
      if adjustmentHolders.indices.dropFirst().contains(where: {
        adjustmentHolders[$0 - 1] > adjustmentHolders[$0]
      }) {
        let order = adjustments.indices.sorted {
          adjustmentHolders[$0] != adjustmentHolders[$1]
            ? adjustmentHolders[$0] < adjustmentHolders[$1] : $0 < $1
        }
        adjustments = order.map { adjustments[$0] }
      }
    }
    self.adjustments = adjustments
  }

  /// How many times at most the adjustments are checked by reconciling again with them.
  static let settlingRounds = 16

  /// Appends the adjustments for the rows that need attention, each with its row's holder
  /// number, their ids made free: an id the postings read or an earlier adjustment already has
  /// gets `:2`, else `:3`, and so on (SPEC 7: adjustments must not reuse a posting's id).
  private static func addAdjustments(
    for rows: [ReconciliationRow], holders rowHolders: [Int32], on date: CivilDate,
    to adjustments: inout [Posting], holders: inout [Int32], taken: inout Set<Identifier>
  ) {
    let first = adjustments.count
    for (row, holder) in zip(rows, rowHolders) where row.status.needsAttention {
      let made = Self.adjustments(for: row, on: date)
      adjustments.append(contentsOf: made)
      holders.append(contentsOf: repeatElement(holder, count: made.count))
    }
    // The ids of one round's adjustments differ from one another (each names its own
    // transaction or posting): only earlier ones and postings can collide with them.
    if taken.isEmpty && first == 0 { return }
    var colliding: [Int] = []
    for index in first..<adjustments.count where !taken.insert(adjustments[index].id).inserted {
      colliding.append(index)
    }
    for index in colliding {
      let base = adjustments[index].id.rawValue
      var next = 2
      while !taken.insert(Identifier("\(base):\(next)")).inserted { next += 1 }
      adjustments[index].id = Identifier("\(base):\(next)")
    }
  }

  /// Two reconciliations as of one day, of holders whose ids all sort before the second's, as
  /// one.
  init(joining first: consuming Reconciliation, _ second: consuming Reconciliation) {
    precondition(first.asOf == second.asOf, "reconciled as of one day")
    asOf = first.asOf
    // The first half's rows taken over rather than copied: hundreds of thousands of rows.
    var rows: [ReconciliationRow] = []
    swap(&rows, &first.rows)
    rows.append(contentsOf: second.rows)
    self.rows = rows
    adjustments = first.adjustments + second.adjustments
  }

  /// Whether any row needs a person's attention (exit status 1).
  public var needsAttention: Bool { rows.contains { $0.status.needsAttention } }

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

/// Indices grouped by a number (a holder, a card) with a counting sort: group `g` is
/// `members[start[g]..<start[g + 1]]`, in the order given until sorted within groups.
private struct Groups {
  /// Where each group starts in `members`, and (last) where they all end.
  private(set) var start: [Int]
  /// The indices, group after group.
  private(set) var members: [Int]

  /// `indices` grouped into `count` groups by `group`, a number below `count`.
  init(_ indices: [Int], count: Int, group: (Int) -> Int) {
    var start = [Int](repeating: 0, count: count + 1)
    for index in indices { start[group(index) + 1] += 1 }
    for number in 0..<count { start[number + 1] += start[number] }
    var next = start
    var members = [Int](repeating: 0, count: indices.count)
    for index in indices {
      let number = group(index)
      members[next[number]] = index
      next[number] += 1
    }
    self.start = start
    self.members = members
  }

  /// How many groups there are.
  var count: Int { start.count - 1 }

  /// The positions in `members` of group `number`.
  func positions(of number: Int) -> Range<Int> { start[number]..<start[number + 1] }

  /// Sorts each group by `less`, a strict total order on the indices: insertion sort for the
  /// few of one holder or card, which are often in order already.
  mutating func sortEach(by less: (Int, Int) -> Bool) {
    let start = start
    members.withUnsafeMutableBufferPointer { members in
      for number in 0..<start.count - 1 {
        let group = start[number]..<start[number + 1]
        if group.count <= InPlaceSort.insertionSortLimit {
          for position in group.dropFirst() {
            let moving = members[position]
            var hole = position
            while hole > group.lowerBound && less(moving, members[hole - 1]) {
              members[hole] = members[hole - 1]
              hole -= 1
            }
            members[hole] = moving
          }
        } else {
          InPlaceSort.sort(UnsafeMutableBufferPointer(rebasing: members[group]), by: less)
        }
      }
    }
  }
}

/// The working state of one reconciliation: decisions and postings by index, holders and cards
/// by number, and what each posting has become.
private struct Matcher {
  let owed: [OwedDecision]
  let postings: [Posting]
  let asOf: CivilDate
  /// Each holder number's id.
  let holders: [Identifier]
  /// Each decision's holder, as a number.
  let decisionHolder: [Int32]
  /// Each posting's holder, as a number.
  let postingHolder: [Int32]
  /// Each posting's card, as a number.
  let postingCard: [Int32]
  /// Each posting's date, as days since the epoch, and amount in minor units.
  let postingDay: [Int]
  let postingAmount: [Int64]
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
  let decisionAmount: [Int64]
  /// The decisions by holder, each holder's by purchase time, then transaction id: the order
  /// in which they take credits.
  let decisionsByHolder: Groups

  init(
    owed: [OwedDecision], postings: [Posting], numbering: ReconciliationNumbering,
    asOf: CivilDate
  ) {
    self.owed = owed
    self.postings = postings
    self.asOf = asOf
    holders = numbering.holders
    decisionHolder = numbering.decisionHolder
    postingHolder = numbering.postingHolder
    postingCard = numbering.postingCard
    postingDay = postings.map(\.date.daysSinceEpoch)
    postingAmount = postings.map(\.amount.minorUnits)
    settled = [Bool](repeating: false, count: postings.count)
    cancelled = settled
    takenBy = [Int32](repeating: -1, count: postings.count)
    status = [ReconciliationStatus?](repeating: nil, count: owed.count)
    credit = [Int32](repeating: -1, count: owed.count)
    decisionTime = owed.map(\.time.nanosecondsSinceEpoch)
    firstDay = owed.map(\.localDate.daysSinceEpoch)
    dueDay = owed.map(\.due.daysSinceEpoch)
    decisionAmount = owed.map(\.amount.minorUnits)
    let holderOf = numbering.decisionHolder
    var byHolder = Groups(Array(owed.indices), count: holders.count) { Int(holderOf[$0]) }
    let time = decisionTime
    byHolder.sortEach { left, right in
      time[left] != time[right]
        ? time[left] < time[right] : owed[left].transaction < owed[right].transaction
    }
    decisionsByHolder = byHolder
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
    undoing.withUnsafeMutableBufferPointer { InPlaceSort.sort($0, by: precedes) }
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
    clawbacks.withUnsafeMutableBufferPointer { InPlaceSort.sort($0, by: precedes) }
    // The credits by card, each card's by amount, date and id: a clawback's candidates are one
    // run inside its card's group.
    let cardCount = Int(postingCard.max() ?? -1) + 1
    let card = postingCard
    var credits = Groups(
      postings.indices.filter { postings[$0].kind == .credit && !settled[$0] }, count: cardCount
    ) { Int(card[$0]) }
    let amounts = postingAmount
    credits.sortEach { left, right in
      amounts[left] != amounts[right] ? amounts[left] < amounts[right] : precedes(left, right)
    }
    let members = credits.members
    // Credits a clawback names, found among the credits of the cards of such clawbacks only.
    var creditByID: [Identifier: Int] = [:]
    var searchedCards = Set<Int32>()
    for clawback in clawbacks where postings[clawback].reverses != nil {
      guard searchedCards.insert(postingCard[clawback]).inserted else { continue }
      for place in credits.positions(of: Int(postingCard[clawback])) {
        let id = postings[members[place]].id
        if creditByID[id] == nil { creditByID[id] = place }
      }
    }
    var later = NextFree(count: members.count)
    var earlier = PreviousFree(count: members.count)
    for clawback in clawbacks {
      let amount = postingAmount[clawback]
      let cardPlaces = credits.positions(of: Int(postingCard[clawback]))
      let runStart = partitionPoint(cardPlaces) { amounts[members[$0]] >= amount }
      let run =
        runStart..<partitionPoint(runStart..<cardPlaces.upperBound) {
          amounts[members[$0]] > amount
        }
      var chosen: Int?
      if let named = postings[clawback].reverses.flatMap({ creditByID[$0] }), run.contains(named),
        !cancelled[members[named]]
      {
        chosen = named
      } else if !run.isEmpty {
        let day = postingDay[clawback]
        let after = partitionPoint(run) { postingDay[members[$0]] > day }
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
      cancelled[members[chosen]] = true
      later.remove(chosen)
      earlier.remove(chosen)
    }
  }

  /// Step 2: the passes A–E in which owed decisions take credits, then step 3 for those left.
  /// Holders never share a credit, so the decisions go holder by holder, each holder's in order
  /// of time, which gives what one walk over all of them in order of time would.
  mutating func takeCredits() {
    var pool = CreditPool(matcher: self)
    // Each pass is one kind of decision, the credits it may take, and the status they give.
    typealias Pass = (
      kind: OwedDecision.Kind, cancelled: Bool, sameAmount: Bool, late: Bool,
      status: ReconciliationStatus
    )
    // Pass D applies whether or not the reward is due yet (SPEC 7): a reward paid and taken
    // back inside its window is clawed-back as soon as the clawback is posted.
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
    let asOfDay = asOf.daysSinceEpoch
    var waiting = decisionsByHolder.members
    for walk in walks {
      var stillWaiting = 0
      for decision in waiting {
        let kind = owed[decision].kind
        guard let pass = walk.first(where: { $0.kind == kind }) else {
          waiting[stillWaiting] = decision
          stillWaiting += 1
          continue
        }
        let due = dueDay[decision]
        let window = pass.late ? (due + 1)...Int.max : firstDay[decision]...due
        guard
          let taken = pool.take(
            for: decision, of: self, cancelled: pass.cancelled,
            amount: pass.sameAmount ? decisionAmount[decision] : nil, days: window)
        else {
          waiting[stillWaiting] = decision
          stillWaiting += 1
          continue
        }
        status[decision] = pass.status
        credit[decision] = Int32(taken)
        takenBy[taken] = Int32(decision)
      }
      waiting.removeLast(waiting.count - stillWaiting)
    }
    for decision in waiting {
      switch owed[decision].kind {
      case .rewarded: status[decision] = asOfDay > dueDay[decision] ? .missing : .notYetDue
      case .forfeited: status[decision] = .forfeited
      }
    }
  }

  /// Steps 1 and 2: clawbacks cancel credits, decisions take credits.
  mutating func match() {
    settleUndoneClawbacks()
    cancelCredits()
    takeCredits()
  }

  /// The rows in the SPEC's order, with each row's holder number.
  func rows() -> (rows: [ReconciliationRow], holders: [Int32]) {
    let cycleDay = owed.map(\.cycleStart.daysSinceEpoch)
    var decisionRows = decisionsByHolder
    // Already by time: sorted again only where a clock turned back across a cycle's start.
    decisionRows.sortEach { left, right in
      cycleDay[left] != cycleDay[right]
        ? cycleDay[left] < cycleDay[right] : decisionPrecedes(left, right)
    }
    var unexplained = unmatchedClawbacks
    for index in postings.indices
    where postings[index].kind == .credit && !settled[index] && !cancelled[index]
      && takenBy[index] < 0
    {
      unexplained.append(index)
    }
    let holderOf = postingHolder
    var postingRows = Groups(unexplained, count: holders.count) { Int(holderOf[$0]) }
    postingRows.sortEach(by: precedes)
    var rows: [ReconciliationRow] = []
    rows.reserveCapacity(owed.count + unexplained.count)
    var rowHolders: [Int32] = []
    rowHolders.reserveCapacity(owed.count + unexplained.count)
    // A holder's decision rows, then its posting rows.
    for holder in holders.indices {
      for place in decisionRows.positions(of: holder) {
        let decision = decisionRows.members[place]
        let taken = credit[decision]
        rows.append(
          ReconciliationRow(
            holder: owed[decision].holder, decision: owed[decision],
            posting: taken < 0 ? nil : postings[Int(taken)], status: status[decision]!))
      }
      for place in postingRows.positions(of: holder) {
        let index = postingRows.members[place]
        rows.append(
          ReconciliationRow(
            holder: holders[holder], decision: nil, posting: postings[index],
            status: postings[index].kind == .credit ? .unexpected : .unmatchedClawback))
      }
      rowHolders.append(
        contentsOf: repeatElement(Int32(holder), count: rows.count - rowHolders.count))
    }
    return (rows, rowHolders)
  }
}

/// Whether credits are cancelled (not cancelled first) and an amount (0 for any), in the order
/// the pool sorts a holder's credits: the key of a run of credits a pass may offer a decision.
private struct CreditKey: Comparable {
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
private struct CreditPool {
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
private struct HolderTransaction: Hashable {
  var holder: Int32
  var transaction: Identifier
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
