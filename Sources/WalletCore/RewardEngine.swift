/// Decides, for every transaction, whether it earns under one promotion and why.
///
/// The SPEC's decision is one pass over all transactions in order of time (ties by id bytes),
/// carrying each holder's reward count and the promotion's quota. The checks that depend only on
/// the transaction and its card (1–12) are computed first, independently per transaction; the
/// stateful checks (13–15) then run in one ordered pass. Sorting dominates: O(n log n).
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
  /// given, and ids must be unique: loaders check that and report it as bad input.
  ///
  /// `state` carries what earlier transactions, not given, already earned: a store recomputing
  /// only the transactions from some instant on starts from the rewards paid before it.
  public func decide(
    cards: [Card], enrollments: [Enrollment], transactions: [Transaction],
    startingFrom state: RewardProgress = RewardProgress()
  ) -> [Decision] {
    let book = CardBook(cards: cards, enrollments: enrollments, promotion: promotion)
    let order = RewardEngine.chronologicalOrder(transactions)
    var holderState = [HolderState](repeating: HolderState(), count: book.holderCount)
    for (holder, index) in book.holderIDs where state.holders[holder] != nil {
      let progress = state.holders[holder] ?? HolderProgress()
      holderState[index] = HolderState(
        rewards: progress.rewards, cycleSequence: progress.lastCycle?.sequenceNumber ?? Int.min,
        rewardsInCycle: progress.rewardsInLastCycle)
    }
    var quotaPaid = state.quotaPaid
    var decisions = [Decision?](repeating: nil, count: transactions.count)

    for index in order {
      let transaction = transactions[index]
      guard let cardIndex = book.cardIndex[transaction.card] else {
        preconditionFailure("transaction \(transaction.id) names an unknown card")
      }
      let card = cards[cardIndex]
      let holderIndex = book.holderIndex[cardIndex]
      let localDate = transaction.time.localDate(in: promotion.timeZone)
      let cycle = BillingCycle(containing: localDate, startDay: promotion.cycleStartDay)
      let enrollment = book.enrollment(for: transaction, cardIndex: cardIndex)
      var state = holderState[holderIndex]
      if state.cycleSequence != cycle.sequenceNumber {
        state.cycleSequence = cycle.sequenceNumber
        state.rewardsInCycle = 0
      }

      let outcome: Outcome
      if let reason = staticReason(
        transaction, cardReason: book.cardReason[cardIndex], localDate: localDate,
        enrollment: enrollment)
      {
        outcome = .notRewarded(reason)
      } else if state.rewards >= promotion.maxRewardsPerHolder {
        outcome = .notRewarded(.rewardCapReached)
      } else if state.rewardsInCycle >= promotion.rewardsPerCycle {
        outcome = .notRewarded(.cycleAlreadyRewarded)
      } else if let quota = promotion.quota, quotaPaid >= quota {
        outcome = .notRewarded(.quotaExhausted)
      } else if let enrollment {
        let ordinal = state.rewards + 1
        outcome = .rewarded(
          Reward(
            ordinal: ordinal, channel: enrollment.channel, enrollment: enrollment.id,
            amount: promotion.tiers[enrollment.channel][ordinal - 1]))
      } else {
        preconditionFailure("a transaction passed the enrollment check without an enrollment")
      }

      decisions[index] = Decision(
        transaction: transaction.id, holder: card.holder, card: card.id, cycle: cycle,
        outcome: outcome, enrollment: enrollment?.id, holderRewardsBefore: state.rewards,
        cycleRewardsBefore: state.rewardsInCycle,
        quotaPaidBefore: promotion.quota == nil ? nil : quotaPaid)
      if outcome.reward != nil {
        state.rewards += 1
        state.rewardsInCycle += 1
        quotaPaid += 1
      }
      holderState[holderIndex] = state
    }
    return decisions.map { decision in
      guard let decision else { preconditionFailure("a transaction was not decided") }
      return decision
    }
  }

  /// The first of checks 1–12 that fails, or nil; none of them depends on other transactions.
  func staticReason(
    _ transaction: Transaction, cardReason: ReasonCode?, localDate: CivilDate,
    enrollment: Enrollment?
  ) -> ReasonCode? {
    if transaction.status == .declined { return .declined }
    if transaction.status == .refunded || transaction.status == .reversed
      || transaction.refunded >= transaction.amount
    {
      return .refunded
    }
    if transaction.method != .applePay { return .notApplePay }
    if let cardReason { return cardReason }
    if transaction.currency != promotion.currency { return .foreignCurrency }
    if let start = promotion.campaignStart, localDate < start { return .outsideCampaign }
    if let end = promotion.campaignEnd, localDate > end { return .outsideCampaign }
    if enrollment == nil { return .notEnrolled }
    if let mcc = transaction.mcc, promotion.excludedMCCs.contains(mcc) { return .excludedMerchant }
    if transaction.netAmount < promotion.minimumSpend { return .belowMinimum }
    return nil
  }

  /// Indices of `transactions` by time, ties broken by id compared as UTF-8 bytes.
  public static func chronologicalOrder(_ transactions: [Transaction]) -> [Int] {
    var order = Array(transactions.indices)
    order.sort { left, right in
      let leftTime = transactions[left].time
      let rightTime = transactions[right].time
      if leftTime != rightTime { return leftTime < rightTime }
      return transactions[left].id < transactions[right].id
    }
    return order
  }

  /// Indices of the rewarded decisions in the order of the rewards file: holder, then ordinal.
  public static func statementOrder(_ decisions: [Decision]) -> [Int] {
    var rewarded = decisions.indices.filter { decisions[$0].outcome.reward != nil }
    rewarded.sort { left, right in
      let leftDecision = decisions[left]
      let rightDecision = decisions[right]
      if leftDecision.holder != rightDecision.holder {
        return leftDecision.holder < rightDecision.holder
      }
      return (leftDecision.outcome.reward?.ordinal ?? 0)
        < (rightDecision.outcome.reward?.ordinal ?? 0)
    }
    return rewarded
  }
}

/// A holder's running state in the ordered pass.
private struct HolderState {
  var rewards = 0
  var cycleSequence = Int.min
  var rewardsInCycle = 0
}

/// Cards, holders and enrollments indexed for the pass, with each card's own eligibility
/// (checks 4–7) worked out once rather than per transaction.
private struct CardBook {
  var cardIndex: [Identifier: Int] = [:]
  var holderIDs: [Identifier: Int] = [:]
  var holderIndex: [Int] = []
  var holderCount = 0
  var cardReason: [ReasonCode?] = []
  /// Each card's enrollments, earliest enrolled first (ties: smaller id), as the SPEC infers.
  var enrollmentsByCard: [[Enrollment]] = []
  var enrollmentByID: [Identifier: Enrollment] = [:]

  init(cards: [Card], enrollments: [Enrollment], promotion: Promotion) {
    var holders: [Identifier: Int] = [:]
    cardIndex.reserveCapacity(cards.count)
    for (index, card) in cards.enumerated() {
      precondition(cardIndex.updateValue(index, forKey: card.id) == nil, "duplicate card id")
      let holder: Int
      if let known = holders[card.holder] {
        holder = known
      } else {
        holder = holders.count
        holders[card.holder] = holder
      }
      holderIndex.append(holder)
      cardReason.append(CardBook.reason(for: card, promotion: promotion))
    }
    holderCount = holders.count
    holderIDs = holders
    enrollmentsByCard = Array(repeating: [], count: cards.count)
    for enrollment in enrollments {
      guard let card = cardIndex[enrollment.card] else {
        preconditionFailure("enrollment \(enrollment.id) names an unknown card")
      }
      precondition(
        enrollmentByID.updateValue(enrollment, forKey: enrollment.id) == nil,
        "duplicate enrollment id")
      enrollmentsByCard[card].append(enrollment)
    }
    for card in enrollmentsByCard.indices where enrollmentsByCard[card].count > 1 {
      enrollmentsByCard[card].sort { left, right in
        left.enrolledAt != right.enrolledAt
          ? left.enrolledAt < right.enrolledAt : left.id < right.id
      }
    }
  }

  static func reason(for card: Card, promotion: Promotion) -> ReasonCode? {
    if let issuer = promotion.issuer, card.issuer?.lowercased() != issuer.lowercased() {
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

  /// The enrollment a transaction counts under: the one it names if that one is this card's and
  /// active, else the card's earliest-enrolled active one; nil when the card is not enrolled.
  func enrollment(for transaction: Transaction, cardIndex: Int) -> Enrollment? {
    if let named = transaction.enrollment {
      guard let enrollment = enrollmentByID[named] else {
        preconditionFailure("transaction \(transaction.id) names an unknown enrollment")
      }
      let ownAndActive =
        enrollment.card == transaction.card && enrollment.isActive(at: transaction.time)
      return ownAndActive ? enrollment : nil
    }
    return enrollmentsByCard[cardIndex].first { $0.isActive(at: transaction.time) }
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
