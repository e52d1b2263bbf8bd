import CFuzzing
import WalletCore

/// The libFuzzer harness for `Promotion.decode(json:)`: every input is decoded as a promotion
/// file; one that decodes is encoded again (`jsonText`), which must decode to an equal promotion
/// and encode to the same text; one that does not must be refused at a place, naming no card
/// number in its field. Any disagreement stops the process with a message.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzPromotion {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzPromotion(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzPromotion)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPromotion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  checkPromotion(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// Decodes `bytes`, and round-trips the promotion they give.
private func checkPromotion(_ bytes: [UInt8]) {
  let promotion: Promotion
  do {
    promotion = try Promotion.decode(json: bytes)
  } catch {
    // The command line words the error; what it words is checked here: the error points at a
    // place, and its field's path, which a message shows as it is, holds no card number.
    require(error.position != nil, "\(error) has no position")
    if let field = error.field {
      require(!CardNumberGuard.containsCardNumber(field), "a field's path shows a card number")
    }
    return
  }
  let text = promotion.jsonText
  let again: Promotion
  do {
    again = try Promotion.decode(json: Array(text.utf8))
  } catch {
    fail("the encoding of a decoded promotion does not decode: \(error)\n\(text)")
  }
  require(again == promotion, "the encoding decodes to another promotion:\n\(text)")
  let textAgain = again.jsonText
  require(textAgain == text, "the encoding changes when encoded again:\n\(text)\n\(textAgain)")
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
