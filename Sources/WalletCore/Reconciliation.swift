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
