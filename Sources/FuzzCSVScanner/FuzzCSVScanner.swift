import CFuzzing
import WalletIngest

/// The libFuzzer harness for `CSVScanner`, the vectorised fast path of reading CSV: every input
/// is read by `CSVReader` and by the scanner at several chunk sizes (so that records cross the
/// ends of its buffer, or outgrow it), which must give the same records, lines, fields and
/// error (`CSVScannerAgreement`). Any disagreement stops the process with a message.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzCSVScanner {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzCSVScanner(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzCSVScanner)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // The whole input in one chunk (as the default, much larger chunk reads it, but cheaper),
  // then chunks that records cross or outgrow.
  for chunkSize in [size + 1, 4, 5 + size % 29, 16 + size % 61] {
    if let disagreement = CSVScannerAgreement.firstDisagreement(in: bytes, chunkSize: chunkSize) {
      fatalError("\(chunkSize)-byte chunks: \(disagreement), for \(bytes)")
    }
  }
  return 0
}
