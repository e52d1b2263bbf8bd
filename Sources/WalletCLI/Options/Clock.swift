import Foundation
import WalletCore
import WalletIngest

/// "Now", which `WALLET_NOW` replaces so that tests and the demo give the same answers any day.
enum Clock {
  static func now(_ context: CommandContext, zone: TimeZoneRules) throws -> Instant {
    if let text = context.environment["WALLET_NOW"], !text.isEmpty {
      do {
        return try Instant.parse(text, naiveIn: zone)
      } catch {
        let shown = ShownID.quotedValue(text, in: .current)
        let reason = ErrorWording.words(error, in: .current)
        throw CommandError(.usage, tr("WALLET_NOW \(shown): \(reason)"))
      }
    }
    let seconds = Date().timeIntervalSince1970
    return Instant(nanosecondsSinceEpoch: Int64(seconds * 1_000_000_000))
  }

  /// The zone in which a time's form is checked before the store's zone is known.
  static let utc: TimeZoneRules = {
    do {
      return try TimeZoneRules(identifier: "UTC")
    } catch {
      preconditionFailure("the system time zone database lacks UTC")
    }
  }()

  /// The time `at` (an option's) names in `zone`, or now when it was left out; a time that
  /// does not exist in the zone is a usage error about the option.
  static func instant(
    _ at: GivenArgument<TimeArgument?>, context: CommandContext, zone: TimeZoneRules
  ) throws -> Instant {
    if let value = try at.convert({ try $0.instant(in: zone) }) { return value }
    return try now(context, zone: zone)
  }

  /// The time `at` names in `zone`, or now; a time after now, usually a mistyped year, is a
  /// usage error unless `future` (the command's `--future` flag) allows it, so that a typo
  /// never takes a reward's place or hides a real one.
  static func instant(
    _ at: GivenArgument<TimeArgument?>, context: CommandContext, zone: TimeZoneRules,
    allowingFuture future: Bool
  ) throws -> Instant {
    let now = try now(context, zone: zone)
    guard let value = try at.convert({ try $0.instant(in: zone) }) else { return now }
    if value > now && !future {
      let (given, current) = (value.formatted(in: zone), now.formatted(in: zone))
      throw ValidationError(
        tr(
          """
          --at \(given) is after now (\(current)); check the date, or give --future to record it \
          anyway
          """))
    }
    return value
  }
}
