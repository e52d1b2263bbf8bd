import Foundation

/// A temporary folder removed at the end of a test.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("wallet-ingest-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  func read(_ name: String) -> String? {
    (try? Data(contentsOf: url.appendingPathComponent(name))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}

/// A small deterministic generator (SplitMix64), so that a failing case can be rerun.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// The seed of a randomised test: `WALLET_TEST_SEED` when set, so that a failure can be
  /// replayed, else the clock, so that each run tries new cases. Tests print it and put it in
  /// every expectation's comment, which is where a failure's seed is read from.
  static func testSeed(_ test: String) throws -> UInt64 {
    let seed: UInt64
    if let text = ProcessInfo.processInfo.environment["WALLET_TEST_SEED"] {
      guard let value = UInt64(text) else { throw TestSeedError(text: text) }
      seed = value
    } else {
      seed = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    }
    print("\(test): WALLET_TEST_SEED=\(seed)")
    return seed
  }
}

/// `WALLET_TEST_SEED` set to something that is not a seed.
struct TestSeedError: Error, CustomStringConvertible {
  let text: String
  var description: String { "WALLET_TEST_SEED=\(text) is not a whole number 0…\(UInt64.max)" }
}
