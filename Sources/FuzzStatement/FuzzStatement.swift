import CFuzzing
import WalletCore
import WalletIngest

/// The libFuzzer harness for `StatementReader`: every input is read as a statement of any
/// built-in format, as `wallet import statement` reads a file it was given. Whatever the bytes,
/// reading must end in rows or an `InputError`, and neither may carry a full card number
/// (SPEC 6): a preamble's `卡号` is never echoed, and a cell holding one is refused unshown.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzStatement {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzStatement(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzStatement)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStatement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let file = try StatementReader.read(
      bytes: bytes, file: "fuzz.csv", format: nil, formats: StatementFormat.builtIn, rules: nil,
      defaultMethod: .applePay)
    for row in file.rows {
      check(row)
    }
  } catch {
    // A refusal is a typed case with the values as read; the command line masks card numbers
    // when it words one (its tests check that), so a refusal here is an expected outcome.
  }
  return 0
}

/// A row is what the store would keep: a positive amount unless left out, and no card number.
private func check(_ row: StatementRow) {
  if case .leftOut = row.kind {
  } else if row.amount <= .zero {
    fatalError("line \(row.line): a \(row.kind) of \(row.amount)")
  }
  for text in [row.description, row.merchant ?? "", row.last4 ?? ""]
  where CardNumberGuard.containsCardNumber(text) {
    fatalError("line \(row.line) keeps a full card number")
  }
  if let last4 = row.last4, last4.count != 4 || !last4.allSatisfy(\.isASCII) {
    fatalError("line \(row.line): last four '\(last4.unicodeScalars.count)' characters")
  }
}
