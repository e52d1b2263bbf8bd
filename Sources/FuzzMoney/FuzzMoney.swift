import CFuzzing
import WalletCore

/// The libFuzzer harness for `Money.parse`: every input is parsed as an amount, from its bytes and
/// (when it is UTF-8) from a `String`, and the result is checked against the SPEC's grammar, read
/// here independently of the parser. Any disagreement stops the process with a message.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzMoney {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzMoney(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzMoney)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMoney(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  checkAmount(UnsafeBufferPointer(start: data, count: size))
  return 0
}

/// The largest amount, in minor units, as decimal digits.
private let maximumDigits = Array(String(Money.maximum.minorUnits).utf8)

/// Parses `bytes` both ways and checks the outcome against `grammarMinorUnits(_:)`.
private func checkAmount(_ bytes: UnsafeBufferPointer<UInt8>) {
  let parsed = Result { () throws(MoneyError) in try Money.parse(utf8: bytes) }
  if let text = String(validating: bytes, as: UTF8.self) {
    let fromString = Result { () throws(MoneyError) in try Money.parse(text) }
    require(fromString == parsed, "parse(String) gives \(fromString), parse(utf8:) \(parsed)")
  }
  let expected = grammarMinorUnits(bytes).flatMap { digits in
    isAtMostMaximum(digits) ? digits : nil
  }
  switch parsed {
  case .success(let money):
    guard let expected else {
      fail("accepted \(Array(bytes)) as \(money); the grammar refuses it")
    }
    require(
      Array(String(money.minorUnits).utf8) == expected,
      "read \(Array(bytes)) as \(money.minorUnits) minor units, not \(expected)")
    // The output form reads back as the same amount, and has exactly two fraction digits.
    let written = money.description
    require((try? Money.parse(written)) == money, "\(written) does not read back")
    let parts = written.split(separator: ".", omittingEmptySubsequences: false)
    require(parts.count == 2 && parts[1].count == 2, "\(written) lacks two decimals")
  case .failure(let error):
    require(expected == nil, "refused \(Array(bytes)) (\(error)); the grammar accepts it")
    require((error == .empty) == bytes.isEmpty, "\(error) for \(bytes.count) bytes")
  }
}

/// The value that the SPEC's grammar, `digit+ ("." digit digit?)?`, gives `bytes`, in minor units
/// as decimal digits without leading zeros (`"0"` for zero); nil when the grammar refuses them.
private func grammarMinorUnits(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  var whole: [UInt8] = []
  var fraction: [UInt8] = []
  var index = 0
  while index < bytes.count && isDigit(bytes[index]) {
    whole.append(bytes[index])
    index += 1
  }
  guard !whole.isEmpty else { return nil }
  if index < bytes.count {
    guard bytes[index] == UInt8(ascii: ".") else { return nil }
    index += 1
    while index < bytes.count && isDigit(bytes[index]) {
      fraction.append(bytes[index])
      index += 1
    }
    guard index == bytes.count, (1...2).contains(fraction.count) else { return nil }
  }
  while fraction.count < 2 { fraction.append(UInt8(ascii: "0")) }
  let digits = (whole + fraction).drop { $0 == UInt8(ascii: "0") }
  return digits.isEmpty ? [UInt8(ascii: "0")] : Array(digits)
}

/// Whether decimal digits without leading zeros name at most `Money.maximum`'s minor units.
private func isAtMostMaximum(_ digits: [UInt8]) -> Bool {
  if digits.count != maximumDigits.count { return digits.count < maximumDigits.count }
  return !maximumDigits.lexicographicallyPrecedes(digits)
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
