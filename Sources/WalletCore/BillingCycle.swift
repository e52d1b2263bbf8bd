/// One billing cycle: from day D of a month to the day before day D of the next month, inclusive,
/// as local dates in the promotion's time zone.
public struct BillingCycle: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The first day, which names the cycle (`2026-11-22`).
  public let start: CivilDate
  /// The last day (`2026-12-21`).
  public let end: CivilDate

  /// The cycle that starts on `startDay` (1–28) of the given month.
  public init(year: Int, month: Int, startDay: Int) {
    precondition((1...28).contains(startDay), "cycle start day \(startDay) outside 1...28")
    start = CivilDate(year: year, month: month, day: startDay)
    let nextYear = month == 12 ? year + 1 : year
    let nextMonth = month == 12 ? 1 : month + 1
    end = CivilDate(year: nextYear, month: nextMonth, day: startDay).adding(days: -1)
  }

  /// The cycle containing a local date when cycles start on `startDay`.
  public init(containing date: CivilDate, startDay: Int) {
    if date.day >= startDay {
      self.init(year: date.year, month: date.month, startDay: startDay)
    } else if date.month == 1 {
      self.init(year: date.year - 1, month: 12, startDay: startDay)
    } else {
      self.init(year: date.year, month: date.month - 1, startDay: startDay)
    }
  }

  /// A number that grows by one from each cycle to the next; cheap to compare and store.
  public var sequenceNumber: Int { start.year * 12 + start.month - 1 }

  /// The cycle with this sequence number.
  public init(sequenceNumber: Int, startDay: Int) {
    let (year, month) = sequenceNumber.quotientAndRemainder(dividingBy: 12)
    self.init(year: year, month: month + 1, startDay: startDay)
  }

  /// The sequence number of the cycle containing a local date, without building the cycle.
  public static func sequenceNumber(containing date: CivilDate, startDay: Int) -> Int {
    let monthNumber = date.year * 12 + date.month - 1
    return date.day >= startDay ? monthNumber : monthNumber - 1
  }

  /// The cycle after this one.
  public var next: BillingCycle {
    BillingCycle(containing: end.adding(days: 1), startDay: start.day)
  }

  /// The cycle's name, its first day.
  public var description: String { start.description }

  /// Orders cycles chronologically.
  public static func < (lhs: BillingCycle, rhs: BillingCycle) -> Bool { lhs.start < rhs.start }
}
