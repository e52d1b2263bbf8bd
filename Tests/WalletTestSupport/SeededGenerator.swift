import Foundation

/// The tests' one source of random numbers: SplitMix64, small and fast, the same sequence for
/// the same seed on every machine, so that a randomised test that fails can be run again.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// The seed of a randomised test: `WALLET_TEST_SEED` when set, so that a failure can be
  /// replayed, else the clock, so that each run tries new cases. Tests print it and put it in
  /// every expectation's comment, which is where a failure's seed is read from.
  /// A test whose reference may not end on every case gives `unlessSet`, seeds known to end,
  /// used when `WALLET_TEST_SEED` is not set.
  public static func testSeed(_ test: String, unlessSet fixed: UInt64? = nil) throws -> UInt64 {
    let seed: UInt64
    if let text = ProcessInfo.processInfo.environment["WALLET_TEST_SEED"] {
      guard let value = UInt64(text) else { throw TestSeedError(text: text) }
      seed = value
    } else if let fixed {
      seed = fixed
    } else {
      seed = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    }
    print("\(test): WALLET_TEST_SEED=\(seed)")
    return seed
  }
}

/// `WALLET_TEST_SEED` set to something that is not a seed.
public struct TestSeedError: Error, CustomStringConvertible {
  /// What the variable held.
  public let text: String
  /// What is wrong with it.
  public var description: String {
    "WALLET_TEST_SEED=\(text) is not a whole number 0…\(UInt64.max)"
  }
}

/// A name no other test run uses, for temporary files and folders. It holds no digits: error
/// messages show file names, and a random run of digits can look like a card number, which
/// every message masks, so a test expecting the name would fail now and then.
public enum UniqueName {
  /// A fresh name: a random UUID's hex digits written as letters.
  public static func make() -> String {
    let letters = Array("ghijklmnop")
    return String(
      UUID().uuidString.map { character in
        character.wholeNumberValue.map { letters[$0] } ?? character
      })
  }
}
