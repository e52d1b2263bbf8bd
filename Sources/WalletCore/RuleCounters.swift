// SPEC 8's stateful checks made fast: the threshold's spend and every limit's count or sum kept
// in flat arrays, one slot per holder or card, holding only the period the walk is in. The
// rules themselves are stated in PromotionDecision.swift; `decideReadably` is what this is held
// to.

/// A promotion's SPEC 8 rules as the ordered pass applies them: amounts in fen, limits in the
/// order they are checked, each with the reason it gives.
struct CompiledRules: Sendable {
  /// One limit, or the threshold, as a slot of counters.
  struct Window: Sendable {
    /// The kind of period it counts in.
    var period: PromotionPeriod
    /// Whether each card counts apart (else each holder).
    var byCard: Bool
  }

  /// A limit on rewards.
  struct Limit: Sendable {
    var window: Window
    /// Whether it counts rewards (else it sums them).
    var countsRewards: Bool
    /// The count or the sum in fen it allows.
    var bound: Int64
    /// The stored code of the reason a count limit gives when reached.
    var reason: UInt8
  }

  /// What each reward pays before any limit.
  enum Pay: Sendable {
    /// By ordinal: entry n - 1 for the n-th reward, per channel.
    case tiers(bankApp: [Int64], wallet: [Int64])
    /// A fixed sum per channel.
    case fixed(bankApp: Int64, wallet: Int64)
    /// Hundredths of a percent of the base, rounded down, at most `cap` (`Int64.max` for none).
    case percent(hundredths: Int64, cap: Int64)
  }

  let pay: Pay
  /// The count limits in the order they are checked (coarsest first, holder before card), then
  /// the amount limits in the file's order: a limit's slot is its position here.
  let limits: [Limit]
  /// How many of `limits` are count limits.
  let countLimitCount: Int
  /// The threshold: its window, its spend in fen, and whether the whole period counts.
  let threshold: (window: Window, spend: Int64, countsAll: Bool)?
  let cycleStartDay: Int
  /// Whether a limit or the threshold counts per month, quarter or cycle, which need the
  /// calendar date.
  let needsCalendarDate: Bool

  /// The keys of the periods of each kind that hold one day (`periodKey` for each kind).
  struct PeriodKeys: Sendable {
    var day: Int64
    var week: Int64
    var month: Int64 = 0
    var quarter: Int64 = 0
    var cycle: Int64 = 0

    @inline(__always)
    subscript(period: PromotionPeriod) -> Int64 {
      switch period {
      case .day: day
      case .week: week
      case .month: month
      case .quarter: quarter
      case .cycle: cycle
      case .campaign: 0
      }
    }
  }

  /// The rules of `promotion`.
  init(_ promotion: Promotion) {
    switch promotion.reward {
    case .tiers(let tiers):
      pay = .tiers(
        bankApp: tiers.bankApp.map(\.minorUnits), wallet: tiers.wallet.map(\.minorUnits))
    case .fixed(let fixed):
      pay = .fixed(bankApp: fixed[.bankApp].minorUnits, wallet: fixed[.wallet].minorUnits)
    case .percent(let percentage, let cap):
      pay = .percent(
        hundredths: Int64(percentage.hundredths), cap: cap?.minorUnits ?? Int64.max)
    }
    var limits: [Limit] = []
    for limit in RewardLimit.checkingOrder(promotion.limits) {
      guard case .count(let count) = limit.bound else { continue }
      limits.append(
        Limit(
          window: Window(period: limit.period, byCard: limit.scope == .card), countsRewards: true,
          bound: Int64(count), reason: limit.period.countReason.storedCode))
    }
    countLimitCount = limits.count
    for limit in promotion.limits {
      guard case .amount(let most) = limit.bound else { continue }
      limits.append(
        Limit(
          window: Window(period: limit.period, byCard: limit.scope == .card),
          countsRewards: false, bound: most.minorUnits,
          reason: ReasonCode.amountCapReached.storedCode))
    }
    self.limits = limits
    threshold = promotion.threshold.map {
      (Window(period: $0.period, byCard: $0.scope == .card), $0.spend.minorUnits, $0.counts == .all)
    }
    cycleStartDay = promotion.cycleStartDay
    let periods = limits.map(\.window.period) + (promotion.threshold.map { [$0.period] } ?? [])
    needsCalendarDate = periods.contains { $0 == .month || $0 == .quarter || $0 == .cycle }
  }

  /// The number naming the period of kind `period` that holds the local day `day`: equal for
  /// two days exactly when they fall in the same period.
  @inline(__always)
  func periodKey(_ period: PromotionPeriod, day: Int) -> Int64 {
    switch period {
    case .day: return Int64(day)
    case .week:
      // 1970-01-01 was a Thursday: days since the epoch plus 3 count from a Monday.
      let sinceMonday = ((day + 3) % 7 + 7) % 7
      return Int64(day - sinceMonday)
    case .month:
      let date = CivilDate(daysSinceEpoch: day)
      return Int64(date.year * 12 + date.month - 1)
    case .quarter:
      let date = CivilDate(daysSinceEpoch: day)
      return Int64(date.year * 4 + (date.month - 1) / 3)
    case .cycle:
      return Int64(
        BillingCycle.sequenceNumber(
          containing: CivilDate(daysSinceEpoch: day), startDay: cycleStartDay))
    case .campaign: return 0
    }
  }

  /// The keys of every kind of period that holds the local day `day`, worked out once per
  /// transaction: the calendar date is found once for the month, quarter and cycle alike.
  @inline(__always)
  func periodKeys(day: Int) -> PeriodKeys {
    let sinceMonday = ((day + 3) % 7 + 7) % 7
    var keys = PeriodKeys(day: Int64(day), week: Int64(day - sinceMonday))
    if needsCalendarDate {
      let date = CivilDate(daysSinceEpoch: day)
      keys.month = Int64(date.year * 12 + date.month - 1)
      keys.quarter = Int64(date.year * 4 + (date.month - 1) / 3)
      keys.cycle = Int64(BillingCycle.sequenceNumber(containing: date, startDay: cycleStartDay))
    }
    return keys
  }

  /// What a qualifying transaction would earn before any limit, as the `ordinal`-th reward of
  /// its holder through `channel`, on `base` fen.
  @inline(__always)
  func reward(ordinal: Int, channel: Channel, base: Int64) -> Int64 {
    switch pay {
    case .tiers(let bankApp, let wallet):
      let schedule = channel == .bankApp ? bankApp : wallet
      precondition(ordinal <= schedule.count, "a tiers reward without its campaign count limit")
      return schedule[ordinal - 1]
    case .fixed(let bankApp, let wallet):
      return channel == .bankApp ? bankApp : wallet
    case .percent(let hundredths, let cap):
      let share = Int128(base) * Int128(hundredths) / 10_000
      return min(Int64(share), cap)
    }
  }

  /// Whether the reward before any limit is zero fen (SPEC 8's first step): a percentage
  /// rounded down, or a schedule with a zero entry (any entry: this comes before the count
  /// limits that say which).
  @inline(__always)
  func paysZero(channel: Channel, base: Int64) -> Bool {
    switch pay {
    case .tiers(let bankApp, let wallet):
      return (channel == .bankApp ? bankApp : wallet).contains(0)
    case .fixed(let bankApp, let wallet):
      return (channel == .bankApp ? bankApp : wallet) == 0
    case .percent:
      return reward(ordinal: 0, channel: channel, base: base) == 0
    }
  }
}

/// The running counts of SPEC 8's limits and threshold over one ordered pass: for each limit
/// (and the threshold) and each holder or card, the period the pass was last in and what was
/// counted in it. A pass in order of time leaves a period for good when it enters the next, so
/// one period per slot is enough; where the promotion's clocks turned back across midnight a
/// period can come back, and then the periods left are remembered (`remembersPeriods`).
///
/// Two threads may settle transactions at once only for different holders: a card belongs to
/// one holder, so they touch different slots. Periods are remembered only by a one-thread pass.
final class RuleCounters: @unchecked Sendable {
  let rules: CompiledRules
  /// Slot `s` (a limit's position in `rules.limits`, the threshold last) keeps its entities'
  /// periods at `period[s]` and counts at `counted[s]`.
  private let period: [UnsafeMutableBufferPointer<Int64>]
  private let counted: [UnsafeMutableBufferPointer<Int64>]
  private let thresholdSlot: Int
  private let remembersPeriods: Bool
  /// What was counted in the periods left, when they can come back.
  private var left: [PeriodOfSlot: Int64] = [:]
  /// The threshold's spend over whole periods, when it counts all of a period
  /// (`addToWholePeriods` fills it before the pass).
  private var wholePeriods: [PeriodOfSlot: Int64] = [:]

  /// A period of one slot's entity.
  struct PeriodOfSlot: Hashable {
    var slot: Int32
    var entity: Int32
    var period: Int64
  }

  /// Each enrollment's channel, read for every qualifying transaction, as its position in
  /// `Channel.allCases` (`Ledger.enrollmentChannelPositions`): a column, not the enrollments'
  /// values with their ids.
  private let enrollmentChannels: [UInt8]
  private let channels = Channel.allCases

  /// The channel of the enrollment at `index`.
  @inline(__always)
  func channel(ofEnrollment index: Int) -> Channel { channels[Int(enrollmentChannels[index])] }

  /// Counters for `holders` holders and the given `cards` cards, all at zero; each
  /// enrollment's channel is its position in `Channel.allCases` in `enrollmentChannels`.
  init(
    _ rules: CompiledRules, holders: Int, cards: Int, enrollmentChannels: [UInt8],
    remembersPeriods: Bool
  ) {
    self.rules = rules
    self.enrollmentChannels = enrollmentChannels
    self.remembersPeriods = remembersPeriods
    var windows = rules.limits.map(\.window)
    if let threshold = rules.threshold { windows.append(threshold.window) }
    thresholdSlot = rules.limits.count
    period = windows.map { window in
      let buffer = UnsafeMutableBufferPointer<Int64>.allocate(
        capacity: window.byCard ? cards : holders)
      buffer.initialize(repeating: Int64.min)
      return buffer
    }
    counted = windows.map { window in
      let buffer = UnsafeMutableBufferPointer<Int64>.allocate(
        capacity: window.byCard ? cards : holders)
      buffer.initialize(repeating: 0)
      return buffer
    }
  }

  deinit {
    for buffer in period { buffer.deallocate() }
    for buffer in counted { buffer.deallocate() }
  }

  /// Adds a qualifying transaction's base to its threshold period's whole spend: every
  /// qualifying transaction, once, before the pass, when the threshold counts `all`.
  func addToWholePeriods(holder: Int32, card: Int32, day: Int, base: Int64) {
    guard let threshold = rules.threshold, threshold.countsAll else { return }
    let key = PeriodOfSlot(
      slot: Int32(thresholdSlot), entity: threshold.window.byCard ? card : holder,
      period: rules.periodKey(threshold.window.period, day: day))
    wholePeriods[key, default: 0] += base
  }

  /// The count of slot `slot` for `entity` in period `key`, the slot moved to that period.
  @inline(__always)
  private func count(_ slot: Int, _ entity: Int, in key: Int64) -> Int64 {
    if period[slot][entity] != key { move(slot, entity, to: key) }
    return counted[slot][entity]
  }

  private func move(_ slot: Int, _ entity: Int, to key: Int64) {
    var start: Int64 = 0
    if remembersPeriods {
      let previous = period[slot][entity]
      if previous != Int64.min {
        left[PeriodOfSlot(slot: Int32(slot), entity: Int32(entity), period: previous)] =
          counted[slot][entity]
      }
      start = left[PeriodOfSlot(slot: Int32(slot), entity: Int32(entity), period: key)] ?? 0
    }
    period[slot][entity] = key
    counted[slot][entity] = start
  }

  /// Checks SPEC 8's stateful steps for a qualifying transaction (checks 1–12 and SPEC 8's
  /// three passed) of `holder`'s `card` on the local day whose periods are `keys`
  /// (`CompiledRules.periodKeys(day:)`), with `base` fen to reckon on, through `channel`, as the
  /// holder's `ordinal`-th place if it takes one. Returns 0 and the reward when it takes a place
  /// (counted in every limit), else the reason's stored code.
  func settle(
    holder: Int32, card: Int32, periods keys: CompiledRules.PeriodKeys, base: Int64,
    channel: Channel, ordinal: Int, quotaLeft: Bool
  ) -> (code: UInt8, reward: Int64) {
    func entity(_ window: CompiledRules.Window) -> Int {
      Int(window.byCard ? card : holder)
    }
    // The spend counts every qualifying transaction, whatever the checks after say.
    var spend: Int64 = 0
    if let threshold = rules.threshold {
      let key = keys[threshold.window.period]
      let who = entity(threshold.window)
      if threshold.countsAll {
        spend =
          wholePeriods[PeriodOfSlot(slot: Int32(thresholdSlot), entity: Int32(who), period: key)]
          ?? 0
      } else {
        spend = count(thresholdSlot, who, in: key) + base
        counted[thresholdSlot][who] = spend
      }
    }
    if rules.paysZero(channel: channel, base: base) {
      return (ReasonCode.belowMinimum.storedCode, 0)
    }
    if let threshold = rules.threshold, spend < threshold.spend {
      return (ReasonCode.belowThreshold.storedCode, 0)
    }
    let limits = rules.limits
    for slot in 0..<rules.countLimitCount {
      let limit = limits[slot]
      if count(slot, entity(limit.window), in: keys[limit.window.period]) >= limit.bound {
        return (limit.reason, 0)
      }
    }
    var reward = rules.reward(ordinal: ordinal, channel: channel, base: base)
    for slot in rules.countLimitCount..<limits.count {
      let limit = limits[slot]
      let paid = count(slot, entity(limit.window), in: keys[limit.window.period])
      reward = min(reward, limit.bound - min(paid, limit.bound))
    }
    if reward == 0 { return (ReasonCode.amountCapReached.storedCode, 0) }
    guard quotaLeft else { return (ReasonCode.quotaExhausted.storedCode, 0) }
    // Every limit's slot is in this transaction's period now: the checks above moved it there.
    for slot in limits.indices {
      let limit = limits[slot]
      counted[slot][entity(limit.window)] += limit.countsRewards ? 1 : reward
    }
    return (0, reward)
  }
}
