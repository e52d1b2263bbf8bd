import CFuzzing
import WalletCore

/// The libFuzzer harness for `Instant.parse(utf8:naiveIn:)`: every input is parsed as an instant
/// in Asia/Shanghai and in UTC, from its bytes and (when it is UTF-8) from a `String`, and each
/// instant read is written out again and read back, which must give the same instant. Any
/// disagreement stops the process with a message.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzTime {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzTime(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzTime)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTime(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let text = String(validating: bytes, as: UTF8.self)
  for zone in zones {
    checkInstant(bytes, text: text, naiveIn: zone)
  }
  if let text { checkDate(text) }
  return 0
}

/// The zones every input is read in: the SPEC's default, and one without transitions.
private let zones: [TimeZoneRules] = {
  do {
    return [.shanghai, try TimeZoneRules(identifier: "UTC")]
  } catch {
    fail("no UTC zone: \(error)")
  }
}()

/// Parses `bytes` as an instant both ways, and round-trips what they give.
private func checkInstant(
  _ bytes: UnsafeBufferPointer<UInt8>, text: String?, naiveIn zone: TimeZoneRules
) {
  let parsed = Result { () throws(TimeParseError) in try Instant.parse(utf8: bytes, naiveIn: zone) }
  if let text {
    let fromString = Result { () throws(TimeParseError) in try Instant.parse(text, naiveIn: zone) }
    require(fromString == parsed, "parse(String) gives \(fromString), parse(utf8:) \(parsed)")
  }
  switch parsed {
  case .success(let instant):
    for outputZone in zones { roundTrip(instant, in: outputZone) }
  case .failure:
    // A refusal is a typed case; the command line words each one (its tests check all).
    break
  }
}

/// Formats `instant` in `zone` and reads the text back: as written (the instant to the whole
/// second), with the fraction of a second put back (the very instant), and without its offset
/// (the first instant at that local time in `zone`).
private func roundTrip(_ instant: Instant, in zone: TimeZoneRules) {
  let text = instant.formatted(in: zone)
  let written = Array(text.utf8)
  let reparsed = Result { () throws(TimeParseError) in try Instant.parse(text, naiveIn: zone) }
  guard let whole = Instant(secondsSinceEpoch: instant.secondsSinceEpoch) else {
    // The first fraction of a second of the range: its whole second is before it.
    require(reparsed == .failure(.outOfRange), "\(text) read as \(reparsed)")
    return
  }
  require(
    reparsed == .success(whole),
    "\(instant.nanosecondsSinceEpoch) ns written in \(zone) as \(text), read back as \(reparsed)")
  require(
    instant.localDate(in: zone).description == String(decoding: written[..<10], as: UTF8.self),
    "\(text) is not on the local date \(instant.localDate(in: zone))")

  // `YYYY-MM-DDTHH:MM:SS` is 19 bytes: every representable year has four digits.
  require(written.count > 19, "\(text) is too short")
  let nanoseconds = instant.nanosecondsSinceEpoch - whole.nanosecondsSinceEpoch
  let fraction = String(nanoseconds)
  let padded = String(repeating: "0", count: 9 - fraction.count) + fraction
  let exact = Array(written[..<19]) + Array(".\(padded)".utf8) + Array(written[19...])
  let exactText = String(decoding: exact, as: UTF8.self)
  let exactParsed = Result { () throws(TimeParseError) in
    try Instant.parse(exactText, naiveIn: zone)
  }
  require(exactParsed == .success(instant), "\(exactText) read back as \(exactParsed)")

  let local = String(decoding: written[..<19], as: UTF8.self)
  let naive = Result { () throws(TimeParseError) in try Instant.parse(local, naiveIn: zone) }
  guard case .success(let first) = naive else {
    fail("\(local) in \(zone), written for \(text), read back as \(naive)")
  }
  require(
    first <= whole && first.formatted(in: zone).utf8.prefix(19).elementsEqual(written[..<19]),
    "\(local) in \(zone), written for \(text), read back as \(first.formatted(in: zone))")
}

/// Parses a date and reads its output form back.
private func checkDate(_ text: String) {
  guard let date = try? CivilDate.parse(text) else { return }
  require(date.description == text, "\(text) read as \(date)")
  let days = date.daysSinceEpoch
  require(CivilDate(daysSinceEpoch: days) == date, "\(text) is day \(days), not back")
}

/// Stops the process with `message` unless `condition` holds. Unlike `precondition`, it keeps the
/// message in an optimised build, so that a crash says what disagreed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

/// Stops the process with `message`, which an optimised build keeps.
private func fail(_ message: String) -> Never {
  fatalError(message)
}
