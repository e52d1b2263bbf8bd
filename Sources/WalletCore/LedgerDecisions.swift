/// The engine's decisions over a ledger, kept compact: a byte for the reason, a number for the
/// ordinal, per transaction.
public struct LedgerDecisions: Sendable {
  /// 0 when rewarded, else the reason's `storedCode`; a forfeited reward (under `refunds:
  /// clawback`) has the code of `refunded` and an ordinal.
  public internal(set) var reason: [UInt8]
  /// The ordinal of the reward whose place it took (paid or forfeited), 0 when none.
  public internal(set) var ordinal: [Int32]
  /// The reward of each place taken, in fen, when SPEC 8's counters decided (empty when a
  /// section 2 promotion did: its rewards are its tiers' entries by ordinal).
  public internal(set) var rewardAmount: [Int64]
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
  /// A card of each holder, by the holder's rank among holders in the order of their id bytes.
  let holderCards: [Int32]
  /// Each card's holder, by that rank.
  let holderOfCard: [Int32]
  /// The number of holders.
  var holderCount: Int { holderCards.count }
  /// The rewarded transactions as the pass paid them: in time order, or by holder then time
  /// when each holder was decided apart; a holder's own are always in time order.
  var rewardsPaid: [RewardedTransaction] = []

  init(
    count: Int, promotion: Promotion, recordingProgress: Bool, holderCards: [Int32],
    holderOfCard: [Int32]
  ) {
    self.holderCards = holderCards
    self.holderOfCard = holderOfCard
    reason = [UInt8](repeating: 0, count: count)
    ordinal = [Int32](repeating: 0, count: count)
    enrollment = [Int32](repeating: -1, count: count)
    rewardAmount = [Int64](
      repeating: 0, count: RewardEngine.decidesAsSectionTwo(promotion) ? 0 : count)
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
    let ordinal = Int(self.ordinal[index])
    if ordinal == 0 { return .notRewarded(ReasonCode(storedCode: reason[index])) }
    let chosen = ledger.enrollments[Int(enrollment[index])]
    let reward = Reward(
      ordinal: ordinal, channel: chosen.channel, enrollment: chosen.id,
      amount: amountOfReward(at: index, channel: chosen.channel))
    return reason[index] == 0 ? .rewarded(reward) : .forfeited(reward)
  }

  /// What the reward whose place the transaction at `index` took (paid or forfeited) pays,
  /// counted under an enrollment by `channel`: the amount SPEC 8's counters kept, else that
  /// channel's section 2 tier for its ordinal.
  func amountOfReward(at index: Int, channel: Channel) -> Money {
    precondition(ordinal[index] > 0, "no reward's place taken")
    guard rewardAmount.isEmpty else { return Money(minorUnits: rewardAmount[index]) }
    return promotion.tiers[channel][Int(ordinal[index]) - 1]
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
  public func paidByChannel(in ledger: Ledger) -> [Channel: (rewards: Int, amount: MoneyTotal)] {
    var paid: [Channel: (rewards: Int, amount: MoneyTotal)] = [:]
    for channel in Channel.allCases { paid[channel] = (0, .zero) }
    if !rewardAmount.isEmpty {
      // SPEC 8's rewards are amounts of their own, added up as they are.
      for reward in rewardsPaid {
        let index = Int(reward.index)
        let channel = ledger.enrollments[Int(enrollment[index])].channel
        var total = paid[channel]!
        total.rewards += 1
        total.amount = total.amount + MoneyTotal(Money(minorUnits: rewardAmount[index]), times: 1)
        paid[channel] = total
      }
      return paid
    }
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
        total.amount = total.amount + MoneyTotal(amount, times: counts[ordinal])
        paid[channel] = total
      }
    }
    return paid
  }

  /// How many transactions forfeited the reward whose place they took (`refunds: clawback`):
  /// a walk over every decision, for a summary, never made under `net`, which forfeits none.
  public func forfeitedCount() -> Int {
    guard promotion.refunds == .clawback else { return 0 }
    var count = 0
    for index in reason.indices where reason[index] != 0 && ordinal[index] != 0 { count += 1 }
    return count
  }

  /// Indices of the rewarded transactions in the order of the rewards file: holder (UTF-8
  /// bytes), then ordinal. Worked out from what `decide` recorded as it paid them.
  public func statementOrder() -> [Int] {
    // Holders are numbered in the order of their id bytes, and a holder's ordinals grow with
    // time, so the rewards paid by holder, as each holder decided apart pays them, are in the
    // file's order already; paid in time order, a counting sort by holder of them is, over
    // the ranks they hold (a part of a batch holds a narrow range of them): no scan of every
    // transaction, no lookup of their cards.
    var lowest = Int32.max
    var highest = Int32.min
    var byHolder = true
    var previous = Int32.min
    for reward in rewardsPaid {
      lowest = min(lowest, reward.holder)
      highest = max(highest, reward.holder)
      byHolder = byHolder && previous <= reward.holder
      previous = reward.holder
    }
    if byHolder { return rewardsPaid.map { Int($0.index) } }
    let ranks = Int(highest - lowest) + 1
    var start = [Int](repeating: 0, count: ranks + 1)
    for reward in rewardsPaid { start[Int(reward.holder - lowest) + 1] += 1 }
    for rank in 0..<ranks { start[rank + 1] += start[rank] }
    var order = [Int](repeating: 0, count: rewardsPaid.count)
    for reward in rewardsPaid {
      let rank = Int(reward.holder - lowest)
      order[start[rank]] = Int(reward.index)
      start[rank] += 1
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
