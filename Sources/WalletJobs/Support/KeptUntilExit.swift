import Foundation

/// Values kept until the process exits, never freed: the system takes back a large batch's
/// millions of values at once, faster than freeing them one by one. For a job's last step:
/// what is kept is never given back.
package enum KeptUntilExit {
  /// Guarded by `lock`: jobs run at once in one process (a library's caller, the tests) keep
  /// values at once.
  nonisolated(unsafe) private static var values: [Any] = []
  private static let lock = NSLock()

  /// Keeps `value` alive until the process exits.
  package static func keep(_ value: Any) {
    lock.lock()
    defer { lock.unlock() }
    values.append(value)
  }
}
