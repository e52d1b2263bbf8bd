import Foundation

/// How much work the slowest randomised tests do. By default a quick size, still large enough
/// for each test to reach every path it is there for (every zone and refund policy, the sort
/// in two halves, a quota running out part way); with `WALLET_TEST_FULL=1`, the
/// more seeds and cases they used to run every time, for a run that has the time.
public enum TestSize {
  /// Whether `WALLET_TEST_FULL=1` asks for the full size.
  public static let isFull = ProcessInfo.processInfo.environment["WALLET_TEST_FULL"] == "1"

  /// `quick` by default, `full` under `WALLET_TEST_FULL=1`.
  public static func choose<T>(quick: T, full: T) -> T { isFull ? full : quick }
}
