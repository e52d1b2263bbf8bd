/// Values kept until the process exits, never freed: the system takes back a large batch's
/// millions of values at once, faster than freeing them one by one. For a job's last step, on
/// the thread that runs it: what is kept is never given back.
package enum KeptUntilExit {
  nonisolated(unsafe) private static var values: [Any] = []

  /// Keeps `value` alive until the process exits.
  package static func keep(_ value: Any) {
    values.append(value)
  }
}
