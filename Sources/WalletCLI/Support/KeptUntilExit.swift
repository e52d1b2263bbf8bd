/// Values kept until the process exits, never freed: a batch's ledger is hundreds of megabytes
/// in millions of values, and freeing them one by one just before exit took tens of
/// milliseconds that the system does at once when the process ends. For a command's last step,
/// on the thread that runs it, never from two threads at once: what is kept is never given
/// back.
enum KeptUntilExit {
  nonisolated(unsafe) private static var values: [Any] = []

  /// Keeps `value` alive until the process exits.
  static func keep(_ value: Any) {
    values.append(value)
  }
}
