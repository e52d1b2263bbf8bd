extension LedgerDecisions {
  /// Reconciles the decisions that owe something (rewarded or forfeited) with `postings`, the
  /// card of each posting given as its index in `ledger.cards`: holders are numbered as the
  /// engine ranked them and cards by their index, so that a bank's batch hashes no id to
  /// reconcile hundreds of thousands of rewards. Holders never share a posting, so the two
  /// halves of the holders' ranks are reconciled at once, on two cores, and their rows joined.
  public func reconcile(
    _ ledger: Ledger, postings: [Posting], postingCards: [Int32], asOf: CivilDate
  ) -> Reconciliation {
    precondition(postingCards.count == postings.count, "a card for every posting")
    let split = holderCount / 2
    // The ids no adjustment may take, of both halves' postings.
    let taken = Reconciliation.adjustmentLikeIDs(postings)
    let (low, high) = bothAtOnce(
      { reconcile(ledger, postings, postingCards, holders: 0..<split, asOf: asOf, taken: taken) },
      {
        reconcile(
          ledger, postings, postingCards, holders: split..<holderCount, asOf: asOf, taken: taken)
      })
    return Reconciliation(joining: low, high)
  }

  /// The reconciliation of the holders ranked in `ranks` alone.
  private func reconcile(
    _ ledger: Ledger, _ postings: [Posting], _ postingCards: [Int32], holders ranks: Range<Int>,
    asOf: CivilDate, taken: Set<Identifier>
  ) -> Reconciliation {
    let zone = promotion.timeZone
    let first = Int32(ranks.lowerBound)
    func inRanks(_ card: Int32) -> Bool { ranks.contains(Int(holderOfCard[Int(card)])) }
    // Decisions with an ordinal owe something: the rest are passed over without building
    // anything for each of millions of transactions.
    var owing: [Int32] = []
    ordinal.withUnsafeBufferPointer { ordinal in
      for index in ordinal.indices
      where ordinal[index] != 0 && inRanks(ledger.transactionCard[index]) {
        owing.append(Int32(index))
      }
    }
    let startDay = promotion.cycleStartDay
    let postingDays = promotion.postingDays
    var owed: [OwedDecision] = []
    owed.reserveCapacity(owing.count)
    var decisionHolder: [Int32] = []
    decisionHolder.reserveCapacity(owing.count)
    for index in owing.lazy.map(Int.init) {
      let cardIndex = Int(ledger.transactionCard[index])
      let card = ledger.cards[cardIndex]
      let time = Instant(nanosecondsSinceEpoch: ledger.time[index])
      let localDate = CivilDate(daysSinceEpoch: time.localDaysSinceEpoch(in: zone))
      let cycle = BillingCycle(containing: localDate, startDay: startDay)
      // As the decision's outcome says it: under SPEC 8 an amount of its own, whose ordinal
      // may pass section 2's tiers.
      let amount = amountOfReward(
        at: index, channel: ledger.enrollments[Int(enrollment[index])].channel)
      owed.append(
        OwedDecision(
          transaction: ledger.transactionIDs[index], holder: card.holder, card: card.id,
          time: time, localDate: localDate, cycleStart: cycle.start, cycleEnd: cycle.end,
          kind: reason[index] == 0 ? .rewarded : .forfeited, amount: amount,
          postingDays: postingDays))
      decisionHolder.append(holderOfCard[cardIndex] - first)
    }
    let kept = postings.indices.filter { inRanks(postingCards[$0]) }
    let numbering = ReconciliationNumbering(
      holders: holderCards[ranks].map { ledger.cards[Int($0)].holder },
      decisionHolder: decisionHolder,
      postingHolder: kept.map { holderOfCard[Int(postingCards[$0])] - first },
      postingCard: kept.map { postingCards[$0] })
    return Reconciliation(
      owed: owed, postings: kept.count == postings.count ? postings : kept.map { postings[$0] },
      numbering: numbering, asOf: asOf, takenIDs: taken)
  }
}
