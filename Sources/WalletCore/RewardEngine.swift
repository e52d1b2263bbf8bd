import Dispatch

/// Decides, for every transaction, whether it earns under one promotion and why.
///
/// The SPEC's decision is one pass over all transactions in order of time (ties by id bytes),
/// carrying each holder's reward count and the promotion's quota. Checks 1–12 depend only on the
/// transaction, its card and its enrollments, so they are computed first, in parallel; the
/// stateful checks 13–15 then run in one ordered pass over the transactions that passed them,
/// or, without a quota (when only a holder's own transactions bear on each other), over each
/// holder's transactions apart, on two threads (grouped by a counting sort, each holder's few
/// sorted by time). The ordered pass's sort dominates: O(n log n).
public struct RewardEngine: Sendable {
  /// The promotion whose rules are applied.
  public let promotion: Promotion

  /// How many transactions the ordered pass needs before it sorts them in two halves at once,
  /// one per core, and merges them as it goes: below it, one sort on one core is as fast.
  public static let sortsInHalvesFrom = 65_536

  /// `sortsInHalvesFrom`, or a smaller number with which tests take the two-halves path on
  /// ledgers small enough to check against the reference quickly.
  let halvesFrom: Int

  /// An engine for one promotion.
  public init(promotion: Promotion) {
    self.init(promotion: promotion, sortingInHalvesFrom: Self.sortsInHalvesFrom)
  }

  /// An engine that sorts in two halves from `count` transactions on.
  init(promotion: Promotion, sortingInHalvesFrom count: Int) {
    precondition(count >= 2, "two halves need two transactions")
    self.promotion = promotion
    self.halvesFrom = count
  }

  /// One decision per transaction, in the order the transactions are given.
  ///
  /// Every transaction's card, and every enrollment a transaction names, must be among those
  /// given, and ids must be unique: loaders check that and report it as bad input. `state`
  /// carries what earlier transactions, not given, already earned: a store recomputing only the
  /// transactions from some instant on starts from the rewards paid before it.
  public func decide(
    cards: [Card], enrollments: [Enrollment], transactions: [Transaction],
    startingFrom state: RewardProgress = RewardProgress()
  ) -> [Decision] {
    let ledger = Ledger(cards: cards, enrollments: enrollments, transactions: transactions)
    let decided = decide(ledger, recordingProgress: true, startingFrom: state)
    return transactions.indices.map { decided.decision(at: $0, in: ledger) }
  }

  /// Decides every transaction of a ledger. With `recordingProgress`, each decision also keeps
  /// the holder's and the promotion's counts before it, as `explain` shows them.
  public func decide(
    _ ledger: Ledger, recordingProgress: Bool = false,
    startingFrom state: RewardProgress = RewardProgress()
  ) -> LedgerDecisions {
    decide(ledger, recordingProgress: recordingProgress, startingFrom: state, quotaSettled: nil)
  }

  /// Decides the transactions of some holders where the quota, over every holder's, was settled
  /// beforehand (`QuotaSettlement`): a transaction after the last place the quota had finds it
  /// exhausted, whatever this ledger alone has paid. The decisions are those of the whole
  /// ledger for these holders' transactions, since nothing else of other holders bears on them.
  package func decide(
    _ ledger: Ledger, quotaSettled: QuotaSettlement, recordingProgress: Bool = false
  ) -> LedgerDecisions {
    decide(
      ledger, recordingProgress: recordingProgress, startingFrom: RewardProgress(),
      quotaSettled: quotaSettled)
  }

  /// Decides the transactions of a ledger whose cards and enrollments are those `cards` was
  /// prepared from (`PreparedCards`), under the quota settled beforehand when there is one
  /// (`quotaSettled`): what the cards and enrollments alone decide is worked out once for every
  /// part of a batch decided a part at a time, not once per part.
  package func decide(
    _ ledger: Ledger, cards: PreparedCards, quotaSettled: QuotaSettlement?
  ) -> LedgerDecisions {
    decide(
      ledger, recordingProgress: false, startingFrom: RewardProgress(), quotaSettled: quotaSettled,
      prepared: cards)
  }

  private func decide(
    _ ledger: Ledger, recordingProgress: Bool, startingFrom state: RewardProgress,
    quotaSettled: QuotaSettlement?, prepared: PreparedCards? = nil
  ) -> LedgerDecisions {
    let count = ledger.transactionCount
    let cardFacts =
      prepared.map { $0.facts.with(currencies: ledger.currencies, promotion: promotion) }
      ?? CardFacts(ledger: ledger, promotion: promotion)
    var result = LedgerDecisions(
      count: count, promotion: promotion, recordingProgress: recordingProgress,
      holderCards: cardFacts.holderCards, holderOfCard: cardFacts.holderOfCard)

    // Checks 1–12, independent per transaction: in parallel chunks. Each also makes the
    // transaction's key for the ordered pass of checks 13–15, which carries the holder and
    // whether checks 1–12 passed, so that the pass walks memory in order instead of jumping to
    // every transaction's row; 16-byte keys keep the sort lean.
    //
    // While billing cycles follow the order of time, a transaction that failed checks 1–12
    // changes nothing the pass decides for another one (a holder's count in a cycle is still the
    // rewards earned in it so far), so only its progress, when recorded, needs a key: without
    // that, the pass sorts only the transactions that can earn, often a third of them. Where
    // the promotion's clocks turned back across midnight within the ledger's time, every
    // transaction keeps its key and the one ordered pass runs, as the store's does.
    let clocksStepBack =
      ledger.timeSpan.map { span in
        promotion.timeZone.localDateStepsBack(
          afterUTCSeconds: Instant(nanosecondsSinceEpoch: span.lowerBound).secondsSinceEpoch,
          through: Instant(nanosecondsSinceEpoch: span.upperBound).secondsSinceEpoch + 1)
      } ?? false
    let keepEveryKey = recordingProgress || clocksStepBack
    // SPEC 8's limits and threshold, when the promotion has more than section 2's two counts,
    // or when a cycle can come back (clocks turned back across midnight): a period left is
    // remembered, which only the one ordered pass that such a ledger takes does, where a
    // holder's count per cycle would start again. (A store resuming from counts of rewards
    // keeps the holder's counts.)
    let counters =
      Self.decidesAsSectionTwo(promotion) && !(clocksStepBack && state.holders.isEmpty)
      ? nil
      : RuleCounters(
        CompiledRules(promotion), holders: cardFacts.holderCards.count, cards: ledger.cards.count,
        enrollmentChannels: ledger.enrollmentChannelPositions, remembersPeriods: clocksStepBack)
    precondition(
      counters == nil || state.holders.isEmpty, "SPEC 8's counts resumed from section 2's progress")
    let days = LocalDays(promotion: promotion, span: ledger.timeSpan, rules: counters?.rules)
    // Without a quota each holder is decided apart, on two threads, each taking the holders of
    // one parity (which share out the holders of a part of a batch as evenly as all of them):
    // each chunk keeps the keys of either apart, so that a thread reads its own keys alone.
    let apart = promotion.quota == nil && quotaSettled == nil && !keepEveryKey
    let sides = apart ? 2 : 1
    let chunks = max(1, min(count / 65_536, 16))
    let chunkSize = (count + chunks - 1) / max(chunks, 1)
    var chunkKeys = [[PassKey]](repeating: [], count: chunks * sides)
    result.reason.withUnsafeMutableBufferPointer { reason in
      result.enrollment.withUnsafeMutableBufferPointer { enrollment in
        chunkKeys.withUnsafeMutableBufferPointer { chunkKeys in
          let reason = UnsafeSendable(reason)
          let enrollment = UnsafeSendable(enrollment)
          let chunkKeys = UnsafeSendable(chunkKeys)
          DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
            var keys = [PassKey]()
            var oddKeys = [PassKey]()
            // Each transaction's card record is a likely cache miss, and so is the record of
            // the enrollment it names: they are read a few dozen at a time in one tight loop,
            // so that the misses overlap, before any is checked. The loop only loads and stores
            // (no call, no growing array between the loads), or the processor waits for each
            // miss in turn.
            let records = UnsafeMutableBufferPointer<CardFacts.CardRecord>.allocate(
              capacity: RewardEngine.gatherSize)
            defer { records.deallocate() }
            let named = UnsafeMutableBufferPointer<CardFacts.EnrollmentRecord>.allocate(
              capacity: RewardEngine.gatherSize)
            defer { named.deallocate() }
            named.initialize(
              repeating: CardFacts.EnrollmentRecord(enrolledAt: 0, removedAt: 0, card: -1))
            for index in range {
              let offset = (index - range.lowerBound) % RewardEngine.gatherSize
              if offset == 0 {
                let ahead = index..<min(range.upperBound, index + RewardEngine.gatherSize)
                cardFacts.records.withUnsafeBufferPointer { all in
                  ledger.transactionCard.withUnsafeBufferPointer { cards in
                    for position in ahead {
                      records[position - index] = all[Int(cards[position])]
                    }
                  }
                }
                // A row naming none reads the first record, which stays in the cache.
                if !cardFacts.enrollmentRecords.isEmpty {
                  cardFacts.enrollmentRecords.withUnsafeBufferPointer { all in
                    ledger.namedEnrollment.withUnsafeBufferPointer { names in
                      for position in ahead {
                        named[position - index] = all[max(Int(names[position]), 0)]
                      }
                    }
                  }
                }
              }
              let (code, chosen, holder) = staticCheck(
                index, card: records[offset], named: named[offset], ledger: ledger,
                cards: cardFacts)
              reason.value[index] = code
              enrollment.value[index] = chosen
              if code == 0 || keepEveryKey {
                let key = PassKey(
                  time: ledger.time[index], index: Int32(index),
                  holderAndCheck: code == 0 ? holder : ~holder)
                if apart && holder & 1 == 1 { oddKeys.append(key) } else { keys.append(key) }
              }
            }
            chunkKeys.value[chunk * sides] = keys
            if apart { chunkKeys.value[chunk * sides + 1] = oddKeys }
          }
        }
      }
    }
    if let counters, counters.rules.threshold?.countsAll == true {
      // A threshold over whole periods needs each period's spend before the pass.
      for chunk in chunkKeys {
        for key in chunk where key.holderAndCheck >= 0 {
          let index = Int(key.index)
          counters.addToWholePeriods(
            holder: key.holderAndCheck, card: ledger.transactionCard[index],
            day: days.day(at: key.time), base: base(of: index, in: ledger))
        }
      }
    }
    if apart {
      // The chunks' keys are grouped by holder straight from the chunks, without joining them.
      decideEachHolderApart(
        chunkKeys, ledger: ledger, days: days, counters: counters, into: &result
      ) { holder in
        initialState(of: holder, from: state, cards: cardFacts, ledger: ledger)
      }
      return result
    }
    var keys = [PassKey]()
    keys.reserveCapacity(chunkKeys.reduce(0) { $0 + $1.count })
    for chunk in chunkKeys.indices {
      keys.append(contentsOf: chunkKeys[chunk])
      chunkKeys[chunk] = []
    }
    let middle = RewardEngine.sortHalves(&keys, from: halvesFrom, ids: ledger.transactionIDs)
    var holders = [HolderState](repeating: HolderState(), count: cardFacts.holderCards.count)
    for holder in holders.indices where !state.holders.isEmpty {
      holders[holder] = initialState(of: holder, from: state, cards: cardFacts, ledger: ledger)
    }
    var quotaPaid = state.quotaPaid
    let quota = promotion.quota ?? Int.max
    RewardEngine.forEachInOrder(keys, halvesSplitAt: middle, ids: ledger.transactionIDs) { key in
      let index = Int(key.index)
      let passed = key.holderAndCheck >= 0
      let holder = Int(passed ? key.holderAndCheck : ~key.holderAndCheck)
      var holderState = holders[holder]
      let day = days.day(at: key.time)
      holderState.enter(cycle: days.cycle(onDay: day))
      if recordingProgress {
        result.holderRewardsBefore[index] = Int32(holderState.rewards)
        result.cycleRewardsBefore[index] = Int32(holderState.rewardsInCycle)
        result.quotaPaidBefore[index] = Int32(clamping: quotaPaid)
      }
      guard passed else {
        holders[holder] = holderState
        return
      }
      let quotaLeft =
        switch quotaSettled {
        case nil: quotaPaid < quota
        case .notReached: true
        case .exhaustedFromStart: false
        case .exhaustedAfter(let time, let id):
          key.time != time
            ? key.time < time
            : ledger.transactionIDs.withBytes(at: index) {
              !id.lexicographicallyPrecedes($0)
            }
        }
      let (reason, reward) = settle(
        index, holder: key.holderAndCheck, day: day, days: days, state: &holderState,
        quotaLeft: quotaLeft, counters: counters, ledger: ledger, chosen: result.enrollment)
      if reason == 0 {
        if !result.rewardAmount.isEmpty { result.rewardAmount[index] = reward }
        quotaPaid += 1
        result.ordinal[index] = Int32(holderState.rewards)
        if clawback && forfeits(index, in: ledger) {
          result.reason[index] = ReasonCode.refunded.storedCode
        } else {
          result.rewardsPaid.append(
            RewardedTransaction(holder: Int32(holder), index: Int32(index)))
        }
      } else {
        result.reason[index] = reason
      }
      holders[holder] = holderState
    }
    return result
  }

  /// Transactions whose scattered card records are read at once.
  static let gatherSize = 32

  /// What the holder ranked `holder` had earned before these transactions.
  private func initialState(
    of holder: Int, from state: RewardProgress, cards: CardFacts, ledger: Ledger
  ) -> HolderState {
    guard !state.holders.isEmpty,
      let progress = state.holders[ledger.cards[Int(cards.holderCards[holder])].holder]
    else { return HolderState() }
    return HolderState(
      rewards: progress.rewards, cycleSequence: progress.lastCycle?.sequenceNumber ?? Int.min,
      rewardsInCycle: progress.rewardsInLastCycle)
  }

  /// Checks 13–15 without a quota: then only each holder's own transactions, in time order,
  /// bear on one, so the keys (of transactions that passed checks 1–12) are split between two
  /// threads by the parity of the holder's rank, as the chunks of `chunks` already keep them
  /// (even ranks' keys, then odd ranks', chunk by chunk). Each thread groups its keys by holder,
  /// sorts each holder's by time, and walks them with one holder's state at a time: memory in
  /// order, both cores. Rewards are listed by holder, then time, which is also the rewards
  /// file's order.
  private func decideEachHolderApart(
    _ chunks: [[PassKey]], ledger: Ledger, days: LocalDays, counters: RuleCounters?,
    into result: inout LedgerDecisions, initialState: (Int) -> HolderState
  ) {
    // Each thread groups its keys by holder with a counting sort over the ranks its keys hold
    // (sweeps over its own keys, in order; a part of a batch holds a narrow range of ranks),
    // sorts each holder's few keys by time, and walks them. A comparison sort of all the keys
    // cost n log n comparisons through a closure.
    let sideCounts = (0..<2).map { side in
      stride(from: side, to: chunks.count, by: 2).reduce(0) { $0 + chunks[$1].count }
    }
    let count = sideCounts[0] + sideCounts[1]
    var rewarded = [[RewardedTransaction]](repeating: [], count: 2)
    let grouped = UnsafeMutableBufferPointer<PassKey>.allocate(capacity: count)
    defer { grouped.deallocate() }
    let chosen = result.enrollment
    ledger.transactionIDs.withUnsafeView { ids in
      withoutActuallyEscaping(initialState) { initialState in
        let initialState = UnsafeSendable(initialState)
        result.rewardAmount.withUnsafeMutableBufferPointer { rewardAmount in
          let rewardAmount = UnsafeSendable(rewardAmount)
          result.reason.withUnsafeMutableBufferPointer { reason in
            result.ordinal.withUnsafeMutableBufferPointer { ordinal in
              rewarded.withUnsafeMutableBufferPointer { rewarded in
                let reason = UnsafeSendable(reason)
                let ordinal = UnsafeSendable(ordinal)
                let grouped = UnsafeSendable(grouped)
                let rewarded = UnsafeSendable(rewarded)
                DispatchQueue.concurrentPerform(iterations: 2) { side in
                  let own = stride(from: side, to: chunks.count, by: 2)
                  var lowest = Int32.max
                  var highest = Int32.min
                  for chunk in own {
                    for key in chunks[chunk] {
                      lowest = min(lowest, key.holderAndCheck)
                      highest = max(highest, key.holderAndCheck)
                    }
                  }
                  guard lowest <= highest else { return }
                  precondition(lowest >= 0, "a key that failed checks 1-12")
                  // This side's ranks, one parity, from `lowest` on: slot (rank - lowest) / 2.
                  let slots = Int(highest - lowest) / 2 + 1
                  var start = [Int](repeating: 0, count: slots + 1)
                  for chunk in own {
                    for key in chunks[chunk] {
                      start[Int(key.holderAndCheck - lowest) / 2 + 1] += 1
                    }
                  }
                  // The even ranks' keys start the buffer; the odd ranks' follow.
                  start[0] = side == 0 ? 0 : sideCounts[0]
                  for slot in 0..<slots { start[slot + 1] += start[slot] }
                  var next = start
                  for chunk in own {
                    for key in chunks[chunk] {
                      let slot = Int(key.holderAndCheck - lowest) / 2
                      grouped.value.initializeElement(at: next[slot], to: key)
                      next[slot] += 1
                    }
                  }
                  for slot in 0..<slots where start[slot + 1] - start[slot] > 1 {
                    let group = start[slot]..<start[slot + 1]
                    InPlaceSort.sort(UnsafeMutableBufferPointer(rebasing: grouped.value[group])) {
                      RewardEngine.precedes($0, $1, ids: ids)
                    }
                  }
                  var paid: [RewardedTransaction] = []
                  var holder = Int32(-1)
                  var holderState = HolderState()
                  // SPEC 8's counters read each key's card, base and enrollment, at random places
                  // in columns of millions: they are read a few dozen keys ahead in one tight
                  // loop, whose cache misses overlap, as the static checks read the card records.
                  let facts = UnsafeMutableBufferPointer<SettleFacts>.allocate(
                    capacity: RewardEngine.gatherSize)
                  defer { facts.deallocate() }
                  let walked = start[0]..<start[slots]
                  for position in walked {
                    let key = grouped.value[position]
                    let offset = (position - walked.lowerBound) % RewardEngine.gatherSize
                    if counters != nil && offset == 0 {
                      let ahead =
                        position..<min(walked.upperBound, position + RewardEngine.gatherSize)
                      gatherSettleFacts(
                        grouped.value[ahead], ledger: ledger, chosen: chosen,
                        into: UnsafeMutableBufferPointer(rebasing: facts[0..<ahead.count]))
                    }
                    if key.holderAndCheck != holder {
                      holder = key.holderAndCheck
                      holderState = initialState.value(Int(holder))
                    }
                    let index = Int(key.index)
                    let day = days.day(at: key.time)
                    holderState.enter(cycle: days.cycle(onDay: day))
                    let (code, reward) = settle(
                      index, holder: holder, day: day, days: days, state: &holderState,
                      quotaLeft: true, counters: counters, ledger: ledger, chosen: chosen,
                      gathered: counters == nil ? nil : facts[offset])
                    if code == 0 {
                      if !rewardAmount.value.isEmpty { rewardAmount.value[index] = reward }
                      ordinal.value[index] = Int32(holderState.rewards)
                      if clawback && forfeits(index, in: ledger) {
                        reason.value[index] = ReasonCode.refunded.storedCode
                      } else {
                        paid.append(RewardedTransaction(holder: holder, index: key.index))
                      }
                    } else {
                      reason.value[index] = code
                    }
                  }
                  rewarded.value[side] = paid
                }
              }
            }
          }
        }
      }
    }
    result.rewardsPaid = RewardEngine.mergedByHolder(rewarded[0], rewarded[1])
  }

  /// The rewards of two lists, each by holder then time, as one list by holder then time.
  private static func mergedByHolder(
    _ first: [RewardedTransaction], _ second: [RewardedTransaction]
  ) -> [RewardedTransaction] {
    var merged: [RewardedTransaction] = []
    merged.reserveCapacity(first.count + second.count)
    var left = 0
    var right = 0
    // A holder's rewards all come from one list: ties between the lists never happen.
    while left < first.count && right < second.count {
      if second[right].holder < first[left].holder {
        merged.append(second[right])
        right += 1
      } else {
        merged.append(first[left])
        left += 1
      }
    }
    merged.append(contentsOf: first[left...])
    merged.append(contentsOf: second[right...])
    return merged
  }

  /// What SPEC 8's counters read of a transaction (`settle`), read ahead of the walk.
  private struct SettleFacts {
    var base: Int64
    var card: Int32
    var enrollment: Int32
  }

  /// Reads what SPEC 8's counters need of the transactions of `keys` into `facts`: loads and
  /// stores alone, so that the cache misses overlap.
  private func gatherSettleFacts(
    _ keys: UnsafeMutableBufferPointer<PassKey>.SubSequence, ledger: Ledger, chosen: [Int32],
    into facts: UnsafeMutableBufferPointer<SettleFacts>
  ) {
    ledger.amount.withUnsafeBufferPointer { amount in
      ledger.refunded.withUnsafeBufferPointer { refunded in
        ledger.transactionCard.withUnsafeBufferPointer { cards in
          chosen.withUnsafeBufferPointer { chosen in
            for (offset, key) in keys.enumerated() {
              let index = Int(key.index)
              facts[offset] = SettleFacts(
                base: clawback ? amount[index] : amount[index] - refunded[index],
                card: cards[index], enrollment: chosen[index])
            }
          }
        }
      }
    }
  }

  /// The first of checks 1–12 that fails (0 when none), the enrollment the transaction counts
  /// under (-1 when none is active), and its card's holder; `card` is its card's record and
  /// `named` the record of the enrollment it names (any when none).
  private func staticCheck(
    _ index: Int, card: CardFacts.CardRecord, named: CardFacts.EnrollmentRecord, ledger: Ledger,
    cards: CardFacts
  ) -> (UInt8, Int32, Int32) {
    let cardIndex = Int(ledger.transactionCard[index])
    let time = ledger.time[index]
    let enrollment = cards.enrollment(
      named: ledger.namedEnrollment[index], namedRecord: named, card: cardIndex, record: card,
      at: time)
    let status = ledger.status[index]
    func fail(_ reason: ReasonCode) -> (UInt8, Int32, Int32) {
      (reason.storedCode, enrollment, card.holder)
    }
    if status == .declined { return fail(.declined) }
    if clawback {
      // A reversal means the purchase never happened; a refund only takes the reward back,
      // which the pass decides once the purchase has its place.
      if status == .reversed { return fail(.refunded) }
    } else if status == .refunded || status == .reversed
      || ledger.refunded[index] >= ledger.amount[index]
    {
      return fail(.refunded)
    }
    if ledger.method[index] != .applePay { return fail(.notApplePay) }
    if card.reason != 0 { return (card.reason, enrollment, card.holder) }
    if !cards.currencyMatches[Int(ledger.currencyIndex[index])] {
      return fail(.foreignCurrency)
    }
    // A campaign without bounds (the built-in promotion's) needs no local date.
    if cards.campaignFirstDay != Int.min || cards.campaignLastDay != Int.max
      || cards.weekdayBits != 0xFE || cards.monthDayBits != 0xFFFF_FFFE
    {
      let day = Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(in: promotion.timeZone)
      if day < cards.campaignFirstDay || day > cards.campaignLastDay {
        return fail(.outsideCampaign)
      }
      if !cards.isListedDay(day) { return fail(.outsideDays) }
    }
    if enrollment < 0 { return fail(.notEnrolled) }
    if !cards.channelQualifies.isEmpty && !cards.channelQualifies[Int(enrollment)] {
      return fail(.ineligibleChannel)
    }
    let mcc = ledger.mcc[index]
    if mcc >= 0, cards.excludedMCC[Int(mcc)] { return fail(.excludedMerchant) }
    if !cards.listedMCC.isEmpty && !cards.isListedMerchant(index, in: ledger) {
      return fail(.notListedMerchant)
    }
    // Under clawback the purchase as made is judged; refunds come into it only in `forfeits`.
    let judged = clawback ? ledger.amount[index] : ledger.amount[index] - ledger.refunded[index]
    if judged < promotion.minimumSpend.minorUnits { return fail(.belowMinimum) }
    return (0, enrollment, card.holder)
  }

  /// Whether the promotion's reward and limits are section 2's and it has no threshold: then a
  /// holder's running counts (`HolderState`) decide, as fast as before SPEC 8; otherwise SPEC
  /// 8's counters (`RuleCounters`) do.
  package static func decidesAsSectionTwo(_ promotion: Promotion) -> Bool {
    promotion.hasSectionTwoRewardAndLimits && promotion.threshold == nil
  }

  /// The amount (minor units) below which a purchase neither earns nor changes what another
  /// earns under `promotion`, when there is such an amount: under section 2's rules (without a
  /// threshold) every running count is of rewards, and a purchase below the minimum spend
  /// fails check 12, before any count, whatever its refunds (it is judged at most at its
  /// amount). Nil otherwise: a threshold counts every purchase's spend. A batch that writes
  /// only the rewards need not keep such purchases once each is read and checked.
  package static func leastAmountThatCanEarn(under promotion: Promotion) -> Int64? {
    guard decidesAsSectionTwo(promotion), promotion.minimumSpend.minorUnits > 0 else {
      return nil
    }
    return promotion.minimumSpend.minorUnits
  }

  /// The stateful checks for a transaction that passed the others, at `index`, of the holder
  /// ranked `holder`, on the local day `day`, whose running state is `state`, counting under
  /// the enrollment `chosen` gives it: 0 and the reward (SPEC 8's, when `counters` decide) when
  /// it takes a place, else the reason's code.
  /// `gathered`, when given, holds what is read of the transaction for the counters.
  @inline(__always)
  private func settle(
    _ index: Int, holder: Int32, day: Int, days: LocalDays, state: inout HolderState,
    quotaLeft: Bool, counters: RuleCounters?, ledger: Ledger, chosen: [Int32],
    gathered: SettleFacts? = nil
  ) -> (UInt8, Int64) {
    guard let counters else { return (state.settle(under: promotion, quotaLeft: quotaLeft), 0) }
    let facts =
      gathered
      ?? SettleFacts(
        base: base(of: index, in: ledger), card: ledger.transactionCard[index],
        enrollment: chosen[index])
    let (code, reward) = counters.settle(
      holder: holder, card: facts.card, periods: days.periodKeys(onDay: day), base: facts.base,
      channel: counters.channel(ofEnrollment: Int(facts.enrollment)), ordinal: state.rewards + 1,
      quotaLeft: quotaLeft)
    if code == 0 { state.take() }
    return (code, reward)
  }

  /// What the reward of the transaction at `index` is reckoned on: `amount - refunded`, or the
  /// whole amount under clawback.
  private func base(of index: Int, in ledger: Ledger) -> Int64 {
    clawback ? ledger.amount[index] : ledger.amount[index] - ledger.refunded[index]
  }

  /// Under `refunds: clawback`, whether the reward a transaction has just taken the place of is
  /// taken back: it was refunded (by its status, or in full: with no minimum spend, as SPEC 8's
  /// promotions have by default, nothing else would say so), or refunds brought it below the
  /// minimum spend. Read only for the transactions that took a place, and only under clawback,
  /// so the net pass never looks.
  private func forfeits(_ index: Int, in ledger: Ledger) -> Bool {
    ledger.status[index] == .refunded || ledger.refunded[index] >= ledger.amount[index]
      || ledger.amount[index] - ledger.refunded[index] < promotion.minimumSpend.minorUnits
  }

  /// Whether the promotion takes rewards back on refund rather than judging purchases net.
  private var clawback: Bool { promotion.refunds == .clawback }

  /// Indices of a ledger's transactions by time, ties broken by id bytes.
  public static func chronologicalOrder(_ ledger: Ledger) -> [Int32] {
    chronologicalOrder(ledger, sortingInHalvesFrom: sortsInHalvesFrom)
  }

  /// `chronologicalOrder(_:)`, sorting in two halves from `halvesFrom` transactions on.
  static func chronologicalOrder(_ ledger: Ledger, sortingInHalvesFrom halvesFrom: Int)
    -> [Int32]
  {
    var keys = [PassKey]()
    keys.reserveCapacity(ledger.transactionCount)
    for (index, time) in ledger.time.enumerated() {
      keys.append(PassKey(time: time, index: Int32(index), holderAndCheck: 0))
    }
    let middle = sortHalves(&keys, from: halvesFrom, ids: ledger.transactionIDs)
    var order = [Int32]()
    order.reserveCapacity(keys.count)
    forEachInOrder(keys, halvesSplitAt: middle, ids: ledger.transactionIDs) {
      order.append($0.index)
    }
    return order
  }

  /// Whether the transaction `id` at `time` is decided before the transaction `other` at
  /// `otherTime`: by time, ties broken by id bytes, the order of the pass and of
  /// `chronologicalOrder`. For a caller holding two transactions rather than a ledger, such as
  /// `explain` finding the rewards that came before one.
  public static func decides(
    _ id: Identifier, at time: Instant, before other: Identifier, at otherTime: Instant
  ) -> Bool {
    time != otherTime ? time < otherTime : id < other
  }

  /// Whether `left` comes before `right`: by time, ties broken by id bytes. Only equal times,
  /// which are rare, look at the ids.
  private static func precedes(
    _ left: PassKey, _ right: PassKey, ids: IdentifierArena.UnsafeView
  ) -> Bool {
    if left.time != right.time { return left.time < right.time }
    return ids.precedes(Int(left.index), Int(right.index))
  }

  /// Sorts the two halves of `keys` at once, one per core, and returns where the second starts.
  /// Sorting keys kept side by side touches memory in order.
  fileprivate static func sortHalves(
    _ keys: inout [PassKey], from halvesFrom: Int, ids arena: IdentifierArena
  ) -> Int {
    arena.withUnsafeView { ids in sortHalves(&keys, from: halvesFrom, ids: ids) }
  }

  private static func sortHalves(
    _ keys: inout [PassKey], from halvesFrom: Int, ids: IdentifierArena.UnsafeView
  ) -> Int {
    // Keys are unique (ids are), so an unstable sort orders them exactly, and in place: the
    // standard library's stable sort would allocate as much again.
    let count = keys.count
    guard count >= halvesFrom else {
      keys.withUnsafeMutableBufferPointer { keys in
        InPlaceSort.sort(keys) { precedes($0, $1, ids: ids) }
      }
      return count
    }
    let middle = count / 2
    keys.withUnsafeMutableBufferPointer { keys in
      let halves = UnsafeSendable(keys)
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        let range = half == 0 ? 0..<middle : middle..<count
        InPlaceSort.sort(UnsafeMutableBufferPointer(rebasing: halves.value[range])) {
          precedes($0, $1, ids: ids)
        }
      }
    }
    return middle
  }

  /// Calls `body` with every key in order, merging the two sorted halves as it goes rather than
  /// into a second array of them.
  fileprivate static func forEachInOrder(
    _ keys: [PassKey], halvesSplitAt middle: Int, ids arena: IdentifierArena,
    _ body: (PassKey) -> Void
  ) {
    arena.withUnsafeView { ids in forEachInOrder(keys, halvesSplitAt: middle, ids: ids, body) }
  }

  private static func forEachInOrder(
    _ keys: [PassKey], halvesSplitAt middle: Int, ids: IdentifierArena.UnsafeView,
    _ body: (PassKey) -> Void
  ) {
    let count = keys.count
    var left = 0
    var right = middle
    while left < middle && right < count {
      // On a tie (impossible, as ids are unique) the first half goes first.
      if precedes(keys[right], keys[left], ids: ids) {
        body(keys[right])
        right += 1
      } else {
        body(keys[left])
        left += 1
      }
    }
    for key in keys[left..<middle] { body(key) }
    for key in keys[right..<count] { body(key) }
  }
}

/// A transaction's time beside its index, for sorting, with what the ordered pass needs of it:
/// 16 bytes, as millions of them are sorted.
private struct PassKey {
  var time: Int64
  var index: Int32
  /// The holder's index when checks 1–12 passed, its bitwise complement (negative) when one
  /// failed.
  var holderAndCheck: Int32
}

/// A holder's running state in the ordered pass.
private struct HolderState {
  var rewards = 0
  var cycleSequence = Int.min
  var rewardsInCycle = 0

  /// Moves to the billing cycle `sequence`, if not in it already: a new cycle's count starts at
  /// 0.
  mutating func enter(cycle sequence: Int) {
    guard cycleSequence != sequence else { return }
    cycleSequence = sequence
    rewardsInCycle = 0
  }

  /// Checks 13–15 for a transaction that passed checks 1–12, in the current cycle: 0 when it
  /// earns (and is counted), else the stored code of the reason it does not.
  mutating func settle(under promotion: Promotion, quotaLeft: Bool) -> UInt8 {
    if rewards >= promotion.maxRewardsPerHolder { return ReasonCode.rewardCapReached.storedCode }
    if rewardsInCycle >= promotion.rewardsPerCycle {
      return ReasonCode.cycleAlreadyRewarded.storedCode
    }
    guard quotaLeft else { return ReasonCode.quotaExhausted.storedCode }
    take()
    return 0
  }

  /// Counts a place taken in the current cycle.
  mutating func take() {
    rewards += 1
    rewardsInCycle += 1
  }
}
