import WalletCore

/// A time zone's offsets for a span of years, as the two small tables the compiled query joins:
/// one that maps a UTC second to the offset in force, one that maps a local wall-clock second
/// to the offset that reads it (its first occurrence when clocks repeat it, none in a gap).
///
/// Neither Spark nor DuckDB nor SQLite can be trusted with a named zone's rules to the second
/// (nor refuse a local time in a gap), so the query carries them, computed here from the same
/// rules the engine uses. Outside the years given, the first and last rows extend the offsets
/// in force at the span's ends, which is exact for a zone that no longer changes its clocks.
public struct ZoneTable: Sendable {
  /// A stretch of time with one offset: `[from, to)` in UTC seconds (utc table) or local
  /// seconds (local table); `offset` nil in a local gap.
  public struct Stretch: Equatable, Sendable {
    /// Its first second.
    public var from: Int64
    /// The second after its last.
    public var to: Int64
    /// The offset from UTC, in seconds; nil for local times the zone skips.
    public var offset: Int?
  }

  /// The zone.
  public let zone: TimeZoneRules
  /// The first and last years whose changes of offset the tables hold.
  public let years: ClosedRange<Int>
  /// By UTC second.
  public let utc: [Stretch]
  /// By local wall-clock second.
  public let local: [Stretch]
  /// Whether the zone changes its offset before the first year, or after the last: then times
  /// outside the years are not converted exactly, and the validation query reports them.
  public let changesOutsideYears: (before: Bool, after: Bool)
  /// Whether local dates step back a day somewhere in the years (clocks turned back across
  /// midnight): then billing cycles are not in the order of time, and the query follows the
  /// engine's ordered pass, whose cycle count restarts whenever the cycle changes.
  public let localDateStepsBack: Bool

  /// Smaller and larger than any second an instant of the engine can hold.
  static let past: Int64 = -100_000_000_000
  static let future: Int64 = 100_000_000_000

  /// The tables of `zone` for `years`.
  public init(zone: TimeZoneRules, years: ClosedRange<Int>) {
    self.zone = zone
    self.years = years
    let start = Int64(CivilDate(year: years.lowerBound, month: 1, day: 1).daysSinceEpoch) * 86_400
    let end =
      Int64(CivilDate(year: years.upperBound + 1, month: 1, day: 1).daysSinceEpoch) * 86_400
    let (initial, changes) = zone.offsetChanges(from: start, to: end)
    var utc: [Stretch] = []
    var local: [Stretch] = []
    var offset = initial
    var utcFrom = ZoneTable.past
    var localFrom = ZoneTable.past
    for change in changes {
      utc.append(Stretch(from: utcFrom, to: change.utcSeconds, offset: offset))
      utcFrom = change.utcSeconds
      let after = change.offsetAfter
      // The wall clock reads `change + offset` when the change comes. Forward: the local
      // times up to `change + after` never happen. Back: those from `change + after` happen
      // twice, and the first time (the old offset) is the one meant, so the old offset
      // reads them until `change + offset`.
      local.append(Stretch(from: localFrom, to: change.utcSeconds + Int64(offset), offset: offset))
      if after > offset {
        local.append(
          Stretch(
            from: change.utcSeconds + Int64(offset), to: change.utcSeconds + Int64(after),
            offset: nil))
        localFrom = change.utcSeconds + Int64(after)
      } else {
        localFrom = change.utcSeconds + Int64(offset)
      }
      offset = after
    }
    utc.append(Stretch(from: utcFrom, to: ZoneTable.future, offset: offset))
    local.append(Stretch(from: localFrom, to: ZoneTable.future, offset: offset))
    self.utc = utc
    self.local = local
    changesOutsideYears = (
      !zone.offsetChanges(from: ZoneTable.past, to: start).changes.isEmpty,
      !zone.offsetChanges(from: end, to: ZoneTable.future).changes.isEmpty
    )
    localDateStepsBack = zone.localDateStepsBack(afterUTCSeconds: start, through: end)
    firstSecond = start
    endSecond = end
  }

  /// The first UTC second of the first year.
  public let firstSecond: Int64
  /// The first UTC second after the last year.
  public let endSecond: Int64

  /// The offset the table gives a UTC second.
  public func offset(atUTCSeconds seconds: Int64) -> Int? {
    utc.first { $0.from <= seconds && seconds < $0.to }?.offset
  }

  /// The UTC second the table gives a local wall-clock second, nil in a gap.
  public func utcSeconds(forLocalSeconds seconds: Int64) -> Int64? {
    guard let stretch = local.first(where: { $0.from <= seconds && seconds < $0.to }),
      let offset = stretch.offset
    else { return nil }
    return seconds - Int64(offset)
  }

  /// The two tables as entries of a `WITH` list: `zone_utc(utc_from, utc_to, offset_seconds)`
  /// and `zone_local(local_from, local_to, offset_seconds)`.
  func tables(in dialect: SQLDialect) -> [String] {
    func rows(_ stretches: [Stretch]) -> [[String]] {
      stretches.map {
        [
          dialect.bigint($0.from), dialect.bigint($0.to),
          $0.offset.map { dialect.bigint(Int64($0)) } ?? "CAST(NULL AS BIGINT)",
        ]
      }
    }
    return [
      dialect.inlineTable(
        "zone_utc", columns: ["utc_from", "utc_to", "offset_seconds"], rows: rows(utc)),
      dialect.inlineTable(
        "zone_local", columns: ["local_from", "local_to", "offset_seconds"], rows: rows(local)),
    ]
  }
}
