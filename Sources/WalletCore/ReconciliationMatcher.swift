/// The working state of one reconciliation: decisions and postings by index, holders and cards
/// by number, and what each posting has become.
struct Matcher {
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
