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

  /// An engine for one promotion.
  public init(promotion: Promotion) {
    self.promotion = promotion
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
    let count = ledger.transactionCount
    let cardFacts = CardFacts(ledger: ledger, promotion: promotion)
    var result = LedgerDecisions(
      count: count, promotion: promotion, recordingProgress: recordingProgress,
      holderCount: cardFacts.holderCards.count)

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
    let keepEveryKey =
      recordingProgress
      || ledger.timeSpan.map { span in
        promotion.timeZone.localDateStepsBack(
          afterUTCSeconds: Instant(nanosecondsSinceEpoch: span.lowerBound).secondsSinceEpoch,
          through: Instant(nanosecondsSinceEpoch: span.upperBound).secondsSinceEpoch + 1)
      } ?? false
    let chunks = max(1, min(count / 65_536, 16))
    let chunkSize = (count + chunks - 1) / max(chunks, 1)
    var chunkKeys = [[PassKey]](repeating: [], count: chunks)
    result.reason.withUnsafeMutableBufferPointer { reason in
      result.enrollment.withUnsafeMutableBufferPointer { enrollment in
        chunkKeys.withUnsafeMutableBufferPointer { chunkKeys in
          let reason = UnsafeSendable(reason)
          let enrollment = UnsafeSendable(enrollment)
          let chunkKeys = UnsafeSendable(chunkKeys)
          DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
            var keys = [PassKey]()
            // Each transaction's card record is a likely cache miss: they are read a few dozen
            // at a time in one tight loop, so that the misses overlap, before any is checked.
            // The loop only loads and stores (no call, no growing array between the loads), or
            // the processor waits for each miss in turn.
            let records = UnsafeMutableBufferPointer<CardFacts.CardRecord>.allocate(
              capacity: RewardEngine.gatherSize)
            defer { records.deallocate() }
            for index in range {
              let offset = (index - range.lowerBound) % RewardEngine.gatherSize
              if offset == 0 {
                let ahead = index..<min(range.upperBound, index + RewardEngine.gatherSize)
                cardFacts.records.withUnsafeBufferPointer { all in
                  ledger.transactionCard.withUnsafeBufferPointer { cards in
                    for position in ahead {
                      records.initializeElement(
                        at: position - index, to: all[Int(cards[position])])
                    }
                  }
                }
              }
              let (code, chosen, holder) = staticCheck(
                index, card: records[offset], ledger: ledger, cards: cardFacts)
              reason.value[index] = code
              enrollment.value[index] = chosen
              if code == 0 || keepEveryKey {
                keys.append(
                  PassKey(
                    time: ledger.time[index], index: Int32(index),
                    holderAndCheck: code == 0 ? holder : ~holder))
              }
            }
            chunkKeys.value[chunk] = keys
          }
        }
      }
    }
    if promotion.quota == nil && !keepEveryKey {
      // The chunks' keys are grouped by holder straight from the chunks, without joining them.
      decideEachHolderApart(
        chunkKeys, ledger: ledger, holders: cardFacts.holderCards.count, into: &result
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
    let middle = RewardEngine.sortHalves(&keys, ids: ledger.transactionIDs)
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
      holderState.enter(cycle: cycleSequence(at: key.time))
      if recordingProgress {
        result.holderRewardsBefore[index] = Int32(holderState.rewards)
        result.cycleRewardsBefore[index] = Int32(holderState.rewardsInCycle)
        result.quotaPaidBefore[index] = Int32(clamping: quotaPaid)
      }
      guard passed else {
        holders[holder] = holderState
        return
      }
      let reason = holderState.settle(under: promotion, quotaLeft: quotaPaid < quota)
      result.reason[index] = reason
      if reason == 0 {
        quotaPaid += 1
        result.ordinal[index] = Int32(holderState.rewards)
        result.rewardsPaid.append(
          RewardedTransaction(holder: Int32(holder), index: Int32(index)))
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
  /// threads by holder rank, and each sorts its share by holder, then time, and walks it with
  /// one holder's state at a time: memory in order, both cores. Rewards are listed by holder,
  /// then time, which is also the rewards file's order.
  private func decideEachHolderApart(
    _ chunks: [[PassKey]], ledger: Ledger, holders: Int, into result: inout LedgerDecisions,
    initialState: (Int) -> HolderState
  ) {
    // Each thread takes the holders of one half of the ranks: it groups their keys by holder
    // with a counting sort (two sweeps over all the keys, in order), sorts each holder's few
    // keys by time, and walks them. A comparison sort of all the keys cost n log n comparisons
    // through a closure.
    let count = chunks.reduce(0) { $0 + $1.count }
    let splitHolder = holders / 2
    var rewarded = [[RewardedTransaction]](repeating: [], count: 2)
    let ids = ledger.transactionIDs
    let grouped = UnsafeMutableBufferPointer<PassKey>.allocate(capacity: count)
    defer { grouped.deallocate() }
    withoutActuallyEscaping(initialState) { initialState in
      let initialState = UnsafeSendable(initialState)
      result.reason.withUnsafeMutableBufferPointer { reason in
        result.ordinal.withUnsafeMutableBufferPointer { ordinal in
          rewarded.withUnsafeMutableBufferPointer { rewarded in
            let reason = UnsafeSendable(reason)
            let ordinal = UnsafeSendable(ordinal)
            let grouped = UnsafeSendable(grouped)
            let rewarded = UnsafeSendable(rewarded)
            DispatchQueue.concurrentPerform(iterations: 2) { part in
              let ranks = part == 0 ? 0..<splitHolder : splitHolder..<holders
              var start = [Int](repeating: 0, count: ranks.count + 1)
              for chunk in chunks {
                for key in chunk {
                  precondition(key.holderAndCheck >= 0, "a key that failed checks 1-12")
                  if ranks.contains(Int(key.holderAndCheck)) {
                    start[Int(key.holderAndCheck) - ranks.lowerBound + 1] += 1
                  }
                }
              }
              // The first half's keys start the buffer; the second's end it.
              start[0] = part == 0 ? 0 : count - start.reduce(0, +)
              for rank in 0..<ranks.count { start[rank + 1] += start[rank] }
              var next = start
              for chunk in chunks {
                for key in chunk where ranks.contains(Int(key.holderAndCheck)) {
                  let rank = Int(key.holderAndCheck) - ranks.lowerBound
                  grouped.value.initializeElement(at: next[rank], to: key)
                  next[rank] += 1
                }
              }
              for rank in 0..<ranks.count where start[rank + 1] - start[rank] > 1 {
                let group = start[rank]..<start[rank + 1]
                InPlaceSort.sort(UnsafeMutableBufferPointer(rebasing: grouped.value[group])) {
                  RewardEngine.precedes($0, $1, ids: ids)
                }
              }
              var paid: [RewardedTransaction] = []
              var holder = Int32(-1)
              var holderState = HolderState()
              for key in grouped.value[start[0]..<start[ranks.count]] {
                if key.holderAndCheck != holder {
                  holder = key.holderAndCheck
                  holderState = initialState.value(Int(holder))
                }
                let index = Int(key.index)
                holderState.enter(cycle: cycleSequence(at: key.time))
                let code = holderState.settle(under: promotion, quotaLeft: true)
                reason.value[index] = code
                if code == 0 {
                  ordinal.value[index] = Int32(holderState.rewards)
                  paid.append(RewardedTransaction(holder: holder, index: key.index))
                }
              }
              rewarded.value[part] = paid
            }
          }
        }
      }
    }
    result.rewardsPaid = rewarded[0] + rewarded[1]
  }

  /// The first of checks 1–12 that fails (0 when none), the enrollment the transaction counts
  /// under (-1 when none is active), and its card's holder; `card` is its card's record.
  private func staticCheck(
    _ index: Int, card: CardFacts.CardRecord, ledger: Ledger, cards: CardFacts
  ) -> (UInt8, Int32, Int32) {
    let cardIndex = Int(ledger.transactionCard[index])
    let time = ledger.time[index]
    let enrollment = cards.enrollment(
      named: ledger.namedEnrollment[index], card: cardIndex, record: card, at: time)
    let status = ledger.status[index]
    func fail(_ reason: ReasonCode) -> (UInt8, Int32, Int32) {
      (reason.storedCode, enrollment, card.holder)
    }
    if status == .declined { return fail(.declined) }
    if status == .refunded || status == .reversed || ledger.refunded[index] >= ledger.amount[index]
    {
      return fail(.refunded)
    }
    if ledger.method[index] != .applePay { return fail(.notApplePay) }
    if card.reason != 0 { return (card.reason, enrollment, card.holder) }
    if !cards.currencyMatches[Int(ledger.currencyIndex[index])] {
      return fail(.foreignCurrency)
    }
    // A campaign without bounds (the built-in promotion's) needs no local date.
    if cards.campaignFirstDay != Int.min || cards.campaignLastDay != Int.max {
      let day = Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(in: promotion.timeZone)
      if day < cards.campaignFirstDay || day > cards.campaignLastDay {
        return fail(.outsideCampaign)
      }
    }
    if enrollment < 0 { return fail(.notEnrolled) }
    let mcc = ledger.mcc[index]
    if mcc >= 0, cards.excludedMCC[Int(mcc)] { return fail(.excludedMerchant) }
    if ledger.amount[index] - ledger.refunded[index] < promotion.minimumSpend.minorUnits {
      return fail(.belowMinimum)
    }
    return (0, enrollment, card.holder)
  }

  /// The sequence number of the billing cycle holding the local day `day`.
  private func cycleSequence(onLocalDay day: Int) -> Int {
    BillingCycle.sequenceNumber(
      containing: CivilDate(daysSinceEpoch: day), startDay: promotion.cycleStartDay)
  }

  /// The sequence number of the billing cycle holding the instant `time` (nanoseconds).
  private func cycleSequence(at time: Int64) -> Int {
    cycleSequence(
      onLocalDay: Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(in: promotion.timeZone))
  }

  /// Indices of a ledger's transactions by time, ties broken by id bytes.
  public static func chronologicalOrder(_ ledger: Ledger) -> [Int32] {
    var keys = [PassKey]()
    keys.reserveCapacity(ledger.transactionCount)
    for (index, time) in ledger.time.enumerated() {
      keys.append(PassKey(time: time, index: Int32(index), holderAndCheck: 0))
    }
    let middle = sortHalves(&keys, ids: ledger.transactionIDs)
    var order = [Int32]()
    order.reserveCapacity(keys.count)
    forEachInOrder(keys, halvesSplitAt: middle, ids: ledger.transactionIDs) {
      order.append($0.index)
    }
    return order
  }

  /// Whether `left` comes before `right`: by time, ties broken by id bytes. Only equal times,
  /// which are rare, look at the ids.
  private static func precedes(_ left: PassKey, _ right: PassKey, ids: IdentifierArena) -> Bool {
    if left.time != right.time { return left.time < right.time }
    return ids.precedes(Int(left.index), Int(right.index))
  }

  /// Sorts the two halves of `keys` at once, one per core, and returns where the second starts.
  /// Sorting keys kept side by side touches memory in order.
  fileprivate static func sortHalves(_ keys: inout [PassKey], ids: IdentifierArena) -> Int {
    // Keys are unique (ids are), so an unstable sort orders them exactly, and in place: the
    // standard library's stable sort would allocate as much again.
    let count = keys.count
    guard count >= 65_536 else {
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
    _ keys: [PassKey], halvesSplitAt middle: Int, ids: IdentifierArena,
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
    rewards += 1
    rewardsInCycle += 1
    return 0
  }
}

/// Hands pointers to the threads of a parallel loop, each of which touches only its own part of
/// what they point at (its indices of a buffer, its own values): what makes the sharing safe.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// What the engine needs of cards and enrollments, worked out once rather than per transaction:
/// each card's holder and own eligibility (checks 4–7), and its enrollments in the order the
/// SPEC infers them (earliest enrolled, then smaller id).
///
/// A transaction's checks read one `CardRecord`, 32 bytes, which holds all of that for a card
/// with at most one enrollment: over hundreds of thousands of cards each read is likely a cache
/// miss, and one array per fact cost one miss each.
struct CardFacts: @unchecked Sendable {
  /// One card's facts, as the per-transaction checks need them; fields in this order make 32
  /// bytes, two records to a cache line.
  struct CardRecord {
    /// The holder's rank among holders in the order of their id bytes.
    var holder: Int32 = 0
    /// The card's earliest-enrolled enrollment, or -1 when it has none.
    var firstEnrollment: Int32 = -1
    /// How many enrollments the card has.
    var enrollmentCount: Int32 = 0
    /// The stored code of the card's own reason not to earn (checks 4–7), or 0.
    var reason: UInt8 = 0
    /// When that enrollment began, in nanoseconds.
    var firstEnrolledAt: Int64 = 0
    /// When it was removed, in nanoseconds (`Int64.max` when never).
    var firstRemovedAt: Int64 = 0
  }

  let records: [CardRecord]
  /// A card of each holder, by the holder's rank among holders in the order of their id bytes,
  /// which is the order of the rewards file: sorting it by holder sorts integers.
  let holderCards: [Int32]
  let campaignFirstDay: Int
  let campaignLastDay: Int
  /// Whether each merchant category code, 0–9999, is excluded: an array, not a set, as every
  /// transaction with a code asks.
  let excludedMCC: [Bool]
  /// Whether each of the ledger's currencies is the promotion's, by `currencyIndex`.
  let currencyMatches: [Bool]
  /// Where each card's enrollments start in `sorted`, and (last) where they all end: card `c`
  /// owns `sorted[enrollmentStarts[c]..<enrollmentStarts[c + 1]]`. Only cards with more than
  /// one enrollment look here; their record holds the rest.
  let enrollmentStarts: [Int]
  /// Every card's enrollments, flattened, each card's in the order the SPEC infers them.
  let sorted: [Int32]
  let sortedEnrolledAt: [Int64]
  let sortedRemovedAt: [Int64]
  /// When each enrollment began, by its index, for transactions that name one.
  let enrolledAt: [Int64]
  /// When each was removed (`Int64.max` when never).
  let removedAt: [Int64]
  /// Each enrollment's card.
  let enrollmentCard: [Int32]
  /// For cards with many enrollments, a tree of the latest removal time per range, so that the
  /// earliest active enrollment is found in logarithmic time.
  let removalTrees: [Int: RemovalTree]

  init(ledger: Ledger, promotion: Promotion) {
    let cards = ledger.cards
    let (holderOfCard, holderCards) = CardFacts.rankHolders(cards)
    self.holderCards = holderCards
    campaignFirstDay = promotion.campaignStart?.daysSinceEpoch ?? Int.min
    campaignLastDay = promotion.campaignEnd?.daysSinceEpoch ?? Int.max
    var excluded = [Bool](repeating: false, count: 10_000)
    for code in promotion.excludedMCCs { excluded[Int(code.value)] = true }
    excludedMCC = excluded
    currencyMatches = ledger.currencies.map { $0 == promotion.currency }

    let enrollments = ledger.enrollments
    enrolledAt = enrollments.map(\.enrolledAt.nanosecondsSinceEpoch)
    removedAt = enrollments.map { $0.removedAt?.nanosecondsSinceEpoch ?? Int64.max }
    enrollmentCard = ledger.enrollmentCard
    var counts = [Int](repeating: 0, count: cards.count + 1)
    for card in ledger.enrollmentCard { counts[Int(card) + 1] += 1 }
    for index in 1..<counts.count { counts[index] += counts[index - 1] }
    var next = counts
    var sorted = [Int32](repeating: 0, count: enrollments.count)
    for (index, card) in ledger.enrollmentCard.enumerated() {
      sorted[next[Int(card)]] = Int32(index)
      next[Int(card)] += 1
    }
    for card in 0..<cards.count where counts[card + 1] - counts[card] > 1 {
      sorted[counts[card]..<counts[card + 1]].sort { left, right in
        let a = enrollments[Int(left)]
        let b = enrollments[Int(right)]
        return a.enrolledAt != b.enrolledAt ? a.enrolledAt < b.enrolledAt : a.id < b.id
      }
    }
    self.sorted = sorted
    enrollmentStarts = counts
    sortedEnrolledAt = sorted.map { [enrolledAt] in enrolledAt[Int($0)] }
    sortedRemovedAt = sorted.map { [removedAt] in removedAt[Int($0)] }
    var trees: [Int: RemovalTree] = [:]
    for card in 0..<cards.count where counts[card + 1] - counts[card] > 8 {
      trees[card] = RemovalTree(Array(sortedRemovedAt[counts[card]..<counts[card + 1]]))
    }
    removalTrees = trees

    // Two halves at once; cards share a handful of issuer, type, network and role combinations,
    // so each half judges each combination once.
    let sortedEnrolledAt = self.sortedEnrolledAt
    let sortedRemovedAt = self.sortedRemovedAt
    let enrollmentStarts = counts
    let sortedEnrollments = sorted
    records = [CardRecord](unsafeUninitializedCapacity: cards.count) { records, initialized in
      let shared = UnsafeSendable(records)
      let middle = cards.count / 2
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var reasons: [EligibilityKey: UInt8] = [:]
        // Neighbouring cards mostly share their combination: the last one is compared before
        // the table is hashed.
        var last: (key: EligibilityKey, reason: UInt8)?
        for index in half == 0 ? 0..<middle : middle..<cards.count {
          let card = cards[index]
          let key = EligibilityKey(
            issuer: card.issuer, type: card.type, network: card.network, role: card.role)
          var record = CardRecord()
          record.holder = holderOfCard[index]
          if let last, last.key == key {
            record.reason = last.reason
          } else if let known = reasons[key] {
            record.reason = known
            last = (key, known)
          } else {
            record.reason = CardFacts.reason(for: card, promotion: promotion)?.storedCode ?? 0
            reasons[key] = record.reason
            last = (key, record.reason)
          }
          let start = enrollmentStarts[index]
          record.enrollmentCount = Int32(enrollmentStarts[index + 1] - start)
          if record.enrollmentCount > 0 {
            record.firstEnrollment = sortedEnrollments[start]
            record.firstEnrolledAt = sortedEnrolledAt[start]
            record.firstRemovedAt = sortedRemovedAt[start]
          }
          (shared.value.baseAddress! + index).initialize(to: record)
        }
      }
      initialized = cards.count
    }
  }

  /// Each card's holder as a rank among the holders' ids in byte order, and a card of each
  /// holder by rank. Cards are sorted by the first 16 bytes of their holder's id, packed
  /// big-endian into two integers, and its length; only longer ids that share those bytes
  /// compare as text, so the sort and the ranking rarely go back to the cards.
  static func rankHolders(_ cards: [Card]) -> (holderOfCard: [Int32], holderCards: [Int32]) {
    struct HolderKey {
      /// The id's first 8 bytes, big-endian, zero-padded.
      var head: UInt64
      /// Its next 8.
      var tail: UInt64
      /// Its length in bytes.
      var length: Int
      /// The card whose holder this is.
      var card: Int32
    }
    var keys = cards.indices.map { index -> HolderKey in
      var id = cards[index].holder.rawValue
      return id.withUTF8 { bytes in
        var head = UInt64(0)
        var tail = UInt64(0)
        for (position, byte) in bytes.prefix(16).enumerated() {
          if position < 8 {
            head |= UInt64(byte) << (56 - 8 * position)
          } else {
            tail |= UInt64(byte) << (56 - 8 * (position - 8))
          }
        }
        return HolderKey(head: head, tail: tail, length: bytes.count, card: Int32(index))
      }
    }
    /// Negative, zero or positive as `left`'s holder sorts before, is, or sorts after `right`'s.
    func compare(_ left: HolderKey, _ right: HolderKey) -> Int {
      if left.head != right.head { return left.head < right.head ? -1 : 1 }
      if left.tail != right.tail { return left.tail < right.tail ? -1 : 1 }
      if left.length > 16 && right.length > 16 {
        let leftID = cards[Int(left.card)].holder
        let rightID = cards[Int(right.card)].holder
        return leftID == rightID ? 0 : leftID < rightID ? -1 : 1
      }
      return left.length - right.length
    }
    keys.withUnsafeMutableBufferPointer { keys in
      InPlaceSort.sort(keys) {
        let order = compare($0, $1)
        return order != 0 ? order < 0 : $0.card < $1.card
      }
    }
    var holderOfCard = [Int32](repeating: 0, count: cards.count)
    var holderCards: [Int32] = []
    for (position, key) in keys.enumerated() {
      if position == 0 || compare(keys[position - 1], key) != 0 { holderCards.append(key.card) }
      holderOfCard[Int(key.card)] = Int32(holderCards.count - 1)
    }
    return (holderOfCard, holderCards)
  }

  /// What a card's own eligibility (checks 4–7) depends on.
  private struct EligibilityKey: Hashable {
    /// The card's issuer code, as written.
    var issuer: String?
    /// Its type.
    var type: CardType
    /// Its network.
    var network: Network
    /// Primary or supplementary.
    var role: CardRole
  }

  static func reason(for card: Card, promotion: Promotion) -> ReasonCode? {
    if let issuer = promotion.issuer, !(card.issuer.map { sameIgnoringCase($0, issuer) } ?? false) {
      return .otherIssuer
    }
    if let types = promotion.cardTypes, !types.contains(card.type) { return .ineligibleCardType }
    if let networks = promotion.networks, !networks.contains(card.network) {
      return .ineligibleNetwork
    }
    if card.role == .supplementary && promotion.supplementaryCards == .exclude {
      return .supplementaryCard
    }
    return nil
  }

  /// Whether two issuer codes are equal ignoring case, without making lower-cased copies for the
  /// common all-ASCII case: hundreds of thousands of cards are checked.
  static func sameIgnoringCase(_ left: String, _ right: String) -> Bool {
    let leftBytes = left.utf8
    let rightBytes = right.utf8
    guard leftBytes.allSatisfy({ $0 < 0x80 }) && rightBytes.allSatisfy({ $0 < 0x80 }) else {
      return left.lowercased() == right.lowercased()
    }
    func folded(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    return leftBytes.count == rightBytes.count
      && zip(leftBytes, rightBytes).allSatisfy { folded($0) == folded($1) }
  }

  /// The enrollment a transaction counts under: the one it names if that one is this card's and
  /// active, else the card's earliest-enrolled active one; -1 when the card is not enrolled.
  @inline(__always)
  func enrollment(named: Int32, card: Int, record: CardRecord, at time: Int64) -> Int32 {
    // Most cards have one enrollment and most rows name none: that case is inlined in the
    // checks of millions of rows, the rest is not.
    if named < 0 && record.enrollmentCount <= 1 {
      return record.enrollmentCount == 1 && record.firstEnrolledAt <= time
        && time < record.firstRemovedAt ? record.firstEnrollment : -1
    }
    return enrollmentOtherwise(named: named, card: card, record: record, at: time)
  }

  /// `enrollment(named:card:record:at:)` when a row names one or its card has several.
  @inline(never)
  private func enrollmentOtherwise(
    named: Int32, card: Int, record: CardRecord, at time: Int64
  ) -> Int32 {
    if named >= 0 {
      let index = Int(named)
      let active =
        Int(enrollmentCard[index]) == card && enrolledAt[index] <= time && time < removedAt[index]
      return active ? named : -1
    }
    switch record.enrollmentCount {
    case 0:
      return -1
    case 1:
      return record.firstEnrolledAt <= time && time < record.firstRemovedAt
        ? record.firstEnrollment : -1
    default:
      break
    }
    let start = enrollmentStarts[card]
    let end = enrollmentStarts[card + 1]
    // Enrolled at or before `time`: a prefix of the card's enrollments in enrollment order.
    var low = start
    var high = end
    while low < high {
      let middle = (low + high) / 2
      if sortedEnrolledAt[middle] <= time { low = middle + 1 } else { high = middle }
    }
    let prefixEnd = low
    if end - start > 8, let tree = removalTrees[card] {
      guard let offset = tree.firstIndex(before: prefixEnd - start, removedAfter: time) else {
        return -1
      }
      return sorted[start + offset]
    }
    for position in start..<prefixEnd where sortedRemovedAt[position] > time {
      return sorted[position]
    }
    return -1
  }
}

/// A segment tree of removal times: finds the first enrollment in a prefix still active at a time.
struct RemovalTree {
  private let size: Int
  private var maximum: [Int64]

  init(_ removedAt: [Int64]) {
    var size = 1
    while size < removedAt.count { size *= 2 }
    self.size = size
    maximum = [Int64](repeating: Int64.min, count: 2 * size)
    for (index, value) in removedAt.enumerated() { maximum[size + index] = value }
    for node in stride(from: size - 1, through: 1, by: -1) {
      maximum[node] = max(maximum[2 * node], maximum[2 * node + 1])
    }
  }

  /// The smallest index below `limit` whose removal time is after `time`.
  func firstIndex(before limit: Int, removedAfter time: Int64) -> Int? {
    func search(_ node: Int, _ low: Int, _ high: Int) -> Int? {
      if low >= limit || maximum[node] <= time { return nil }
      if high - low == 1 { return low }
      let middle = (low + high) / 2
      return search(2 * node, low, middle) ?? search(2 * node + 1, middle, high)
    }
    return search(1, 0, size)
  }
}

/// The engine's decisions over a ledger, kept compact: a byte for the reason, a number for the
/// ordinal, per transaction.
public struct LedgerDecisions: Sendable {
  /// 0 when rewarded, else the reason's `storedCode`.
  public internal(set) var reason: [UInt8]
  /// The reward's ordinal, 0 when not rewarded.
  public internal(set) var ordinal: [Int32]
  /// The enrollment each counts under, or -1.
  public internal(set) var enrollment: [Int32]
  /// The holder's rewards before each transaction (when recorded).
  public internal(set) var holderRewardsBefore: [Int32]
  /// The holder's rewards in the cycle before each transaction (when recorded).
  public internal(set) var cycleRewardsBefore: [Int32]
  /// The promotion's rewards before each transaction (when recorded).
  public internal(set) var quotaPaidBefore: [Int32]
  /// The promotion decided under.
  public let promotion: Promotion
  /// The number of holders.
  let holderCount: Int
  /// The rewarded transactions as the pass paid them: in time order, or by holder then time
  /// when each holder was decided apart; a holder's own are always in time order.
  var rewardsPaid: [RewardedTransaction] = []

  init(
    count: Int, promotion: Promotion, recordingProgress: Bool, holderCount: Int
  ) {
    self.holderCount = holderCount
    reason = [UInt8](repeating: 0, count: count)
    ordinal = [Int32](repeating: 0, count: count)
    enrollment = [Int32](repeating: -1, count: count)
    let progressCount = recordingProgress ? count : 0
    holderRewardsBefore = [Int32](repeating: 0, count: progressCount)
    cycleRewardsBefore = [Int32](repeating: 0, count: progressCount)
    quotaPaidBefore = [Int32](repeating: 0, count: progressCount)
    self.promotion = promotion
  }

  /// The billing cycle of the transaction at `index`, as `BillingCycle.sequenceNumber`: worked
  /// out from its time when asked rather than kept for millions of transactions.
  public func cycleSequence(at index: Int, in ledger: Ledger) -> Int {
    let day = Instant(nanosecondsSinceEpoch: ledger.time[index])
      .localDaysSinceEpoch(in: promotion.timeZone)
    return BillingCycle.sequenceNumber(
      containing: CivilDate(daysSinceEpoch: day), startDay: promotion.cycleStartDay)
  }

  /// The billing cycle of the transaction at `index`.
  public func cycle(at index: Int, in ledger: Ledger) -> BillingCycle {
    BillingCycle(
      sequenceNumber: cycleSequence(at: index, in: ledger), startDay: promotion.cycleStartDay)
  }

  /// The outcome of the transaction at `index`.
  public func outcome(at index: Int, in ledger: Ledger) -> Outcome {
    if reason[index] != 0 { return .notRewarded(ReasonCode(storedCode: reason[index])) }
    let chosen = ledger.enrollments[Int(enrollment[index])]
    let ordinal = Int(self.ordinal[index])
    return .rewarded(
      Reward(
        ordinal: ordinal, channel: chosen.channel, enrollment: chosen.id,
        amount: promotion.tiers[chosen.channel][ordinal - 1]))
  }

  /// The full decision of the transaction at `index`.
  public func decision(at index: Int, in ledger: Ledger) -> Decision {
    let card = ledger.cards[Int(ledger.transactionCard[index])]
    let recorded = !holderRewardsBefore.isEmpty
    return Decision(
      transaction: ledger.transactionIDs[index], holder: card.holder, card: card.id,
      cycle: cycle(at: index, in: ledger), outcome: outcome(at: index, in: ledger),
      enrollment: enrollment[index] < 0 ? nil : ledger.enrollments[Int(enrollment[index])].id,
      holderRewardsBefore: recorded ? Int(holderRewardsBefore[index]) : 0,
      cycleRewardsBefore: recorded ? Int(cycleRewardsBefore[index]) : 0,
      quotaPaidBefore: promotion.quota == nil || !recorded ? nil : Int(quotaPaidBefore[index]))
  }

  /// How many rewards each channel's schedule paid, and how much in all: counted from the
  /// rewards as paid, not from every transaction, so that a summary of millions of decisions
  /// costs a walk over the rewards alone.
  public func paidByChannel(in ledger: Ledger) -> [Channel: (rewards: Int, amount: Money)] {
    var paid: [Channel: (rewards: Int, amount: Money)] = [:]
    for channel in Channel.allCases { paid[channel] = (0, .zero) }
    // Rewards counted by channel and ordinal first: the dictionary is touched once per tier.
    var bankApp = [Int](repeating: 0, count: promotion.maxRewardsPerHolder + 1)
    var wallet = bankApp
    ledger.enrollments.withUnsafeBufferPointer { enrollments in
      for reward in rewardsPaid {
        let index = Int(reward.index)
        let ordinal = Int(ordinal[index])
        switch enrollments[Int(enrollment[index])].channel {
        case .bankApp: bankApp[ordinal] += 1
        case .wallet: wallet[ordinal] += 1
        }
      }
    }
    for (channel, counts) in [(Channel.bankApp, bankApp), (.wallet, wallet)] {
      for ordinal in 1..<counts.count where counts[ordinal] > 0 {
        let amount = promotion.tiers[channel][ordinal - 1]
        var total = paid[channel]!
        total.rewards += counts[ordinal]
        total.amount = total.amount + Money(minorUnits: amount.minorUnits * Int64(counts[ordinal]))
        paid[channel] = total
      }
    }
    return paid
  }

  /// Indices of the rewarded transactions in the order of the rewards file: holder (UTF-8
  /// bytes), then ordinal. Worked out from what `decide` recorded as it paid them.
  public func statementOrder() -> [Int] {
    // Holders are numbered in the order of their id bytes, and a holder's ordinals grow with
    // time, so a counting sort by holder of the rewards in the order they were paid is the
    // file's order: no scan of every transaction, no lookup of their cards.
    var start = [Int](repeating: 0, count: holderCount + 1)
    for reward in rewardsPaid { start[Int(reward.holder) + 1] += 1 }
    for holder in 0..<holderCount { start[holder + 1] += start[holder] }
    var order = [Int](repeating: 0, count: rewardsPaid.count)
    for reward in rewardsPaid {
      order[start[Int(reward.holder)]] = Int(reward.index)
      start[Int(reward.holder)] += 1
    }
    return order
  }
}

/// A rewarded transaction and its holder's rank, as the ordered pass paid it.
struct RewardedTransaction {
  /// The holder's rank among holders in the order of their id bytes.
  var holder: Int32
  /// The transaction's index in the ledger.
  var index: Int32
}

extension ReasonCode {
  /// The reason as one byte, 1…15 in the SPEC's order; 0 means rewarded.
  var storedCode: UInt8 {
    // A switch, not a search of `allCases`: the checks of every transaction end here.
    switch self {
    case .declined: 1
    case .refunded: 2
    case .notApplePay: 3
    case .otherIssuer: 4
    case .ineligibleCardType: 5
    case .ineligibleNetwork: 6
    case .supplementaryCard: 7
    case .foreignCurrency: 8
    case .outsideCampaign: 9
    case .notEnrolled: 10
    case .excludedMerchant: 11
    case .belowMinimum: 12
    case .rewardCapReached: 13
    case .cycleAlreadyRewarded: 14
    case .quotaExhausted: 15
    }
  }

  init(storedCode: UInt8) {
    self = ReasonCode.allCases[Int(storedCode) - 1]
  }
}

/// What a promotion had paid before some point: per holder, and in all.
public struct RewardProgress: Sendable, Equatable {
  /// Each holder's progress; holders not listed have earned nothing yet.
  public var holders: [Identifier: HolderProgress]
  /// Rewards the whole promotion had paid, counted against its quota.
  public var quotaPaid: Int

  /// Progress so far; nothing paid by default.
  public init(holders: [Identifier: HolderProgress] = [:], quotaPaid: Int = 0) {
    self.holders = holders
    self.quotaPaid = quotaPaid
  }
}

/// One holder's rewards so far, and in the latest cycle they were rewarded in.
public struct HolderProgress: Sendable, Equatable {
  /// Rewards earned in all.
  public var rewards: Int
  /// The latest cycle with a reward, if any.
  public var lastCycle: BillingCycle?
  /// Rewards earned in that cycle.
  public var rewardsInLastCycle: Int

  /// A holder's progress.
  public init(rewards: Int = 0, lastCycle: BillingCycle? = nil, rewardsInLastCycle: Int = 0) {
    self.rewards = rewards
    self.lastCycle = lastCycle
    self.rewardsInLastCycle = rewardsInLastCycle
  }
}
