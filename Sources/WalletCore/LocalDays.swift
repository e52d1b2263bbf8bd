/// The promotion's local days over one ledger's span of time, worked out once rather than for
/// every transaction the stateful checks walk: a transaction's local day, the billing cycle that
/// holds a day and the keys of SPEC 8's periods (`CompiledRules.PeriodKeys`) are read from
/// tables over the days the ledger covers.
///
/// The answers are exactly `Instant.localDaysSinceEpoch(in:)`, `BillingCycle.sequenceNumber` and
/// `CompiledRules.periodKeys(day:)`, which this only caches: where the zone changes its offset
/// within the span, or the span covers more days than a table is worth, they are asked instead.
struct LocalDays: Sendable {
  /// The zone's offset in nanoseconds, when it holds over the whole span (nil when it changes).
  private let offsetNanoseconds: Int64?
  /// The first day of the tables, and their length (0 when there are none).
  private let firstDay: Int
  private let dayCount: Int
  /// The billing cycle holding each day, by `day - firstDay`.
  private let cycles: [Int]
  /// The period keys of each day, by `day - firstDay`; empty without `rules`.
  private let periodKeys: [CompiledRules.PeriodKeys]
  private let zone: TimeZoneRules
  private let cycleStartDay: Int
  private let rules: CompiledRules?

  /// Tables of more days than this are not made: a span of centuries is decided with the
  /// arithmetic.
  static let mostDays = 1 << 16

  /// The local days of `promotion` over `span` (nanoseconds, nil for an empty ledger), with the
  /// period keys of `rules` when they are given.
  init(promotion: Promotion, span: ClosedRange<Int64>?, rules: CompiledRules?) {
    zone = promotion.timeZone
    cycleStartDay = promotion.cycleStartDay
    self.rules = rules
    guard let span else {
      (offsetNanoseconds, firstDay, dayCount, cycles, periodKeys) = (nil, 0, 0, [], [])
      return
    }
    let start = Instant(nanosecondsSinceEpoch: span.lowerBound).secondsSinceEpoch
    let end = Instant(nanosecondsSinceEpoch: span.upperBound).secondsSinceEpoch
    let (before, changes) = zone.offsetChanges(from: start, to: end + 1)
    offsetNanoseconds = changes.isEmpty ? Int64(before) * 1_000_000_000 : nil
    let first = Instant(nanosecondsSinceEpoch: span.lowerBound).localDaysSinceEpoch(in: zone)
    let last = Instant(nanosecondsSinceEpoch: span.upperBound).localDaysSinceEpoch(in: zone)
    // Where clocks turn back, a later instant can fall on an earlier day: the tables cover both.
    let low = min(first, last) - 1
    let high = max(first, last) + 1
    guard high - low < Self.mostDays else {
      (firstDay, dayCount, cycles, periodKeys) = (0, 0, [], [])
      return
    }
    firstDay = low
    dayCount = high - low + 1
    let startDay = promotion.cycleStartDay
    cycles = (low...high).map {
      BillingCycle.sequenceNumber(containing: CivilDate(daysSinceEpoch: $0), startDay: startDay)
    }
    periodKeys = rules.map { rules in (low...high).map { rules.periodKeys(day: $0) } } ?? []
  }

  /// The local day (days since the epoch) of the instant `time` (nanoseconds).
  @inline(__always)
  func day(at time: Int64) -> Int {
    // The floor of (seconds + offset) / 86,400, with seconds the floor of time / 10⁹, is the
    // floor of (time + offset in nanoseconds) / 86,400 × 10⁹: one division for two.
    guard let offsetNanoseconds,
      case (let local, false) = time.addingReportingOverflow(offsetNanoseconds)
    else { return Instant(nanosecondsSinceEpoch: time).localDaysSinceEpoch(in: zone) }
    return Int(local.floorDivided(by: 86_400_000_000_000).quotient)
  }

  /// The sequence number of the billing cycle holding the local day `day`.
  @inline(__always)
  func cycle(onDay day: Int) -> Int {
    let offset = day &- firstDay
    guard offset >= 0 && offset < dayCount else {
      return BillingCycle.sequenceNumber(
        containing: CivilDate(daysSinceEpoch: day), startDay: cycleStartDay)
    }
    return cycles[offset]
  }

  /// The keys of SPEC 8's periods holding the local day `day`, under the rules given.
  @inline(__always)
  func periodKeys(onDay day: Int) -> CompiledRules.PeriodKeys {
    let offset = day &- firstDay
    guard offset >= 0 && offset < dayCount, !periodKeys.isEmpty else {
      guard let rules else { preconditionFailure("period keys without rules") }
      return rules.periodKeys(day: day)
    }
    return periodKeys[offset]
  }
}
