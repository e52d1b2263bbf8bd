import Dispatch

/// Runs `first` and `second` at the same time, one per core, and returns both results: for two
/// pieces of work that only read what they share, such as flushing the output to disk while the
/// summary is counted.
func bothAtOnce<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
  var firstResult: First?
  var secondResult: Second?
  withoutActuallyEscaping(first) { first in
    withoutActuallyEscaping(second) { second in
      withUnsafeMutablePointer(to: &firstResult) { firstResult in
        withUnsafeMutablePointer(to: &secondResult) { secondResult in
          // Each thread calls its own closure and writes its own result, and nothing else.
          let work = UncheckedSendable((first, second, firstResult, secondResult))
          DispatchQueue.concurrentPerform(iterations: 2) { part in
            let (first, second, firstResult, secondResult) = work.value
            if part == 0 {
              firstResult.pointee = first()
            } else {
              secondResult.pointee = second()
            }
          }
        }
      }
    }
  }
  guard let firstResult, let secondResult else { preconditionFailure("a part did not run") }
  return (firstResult, secondResult)
}

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

/// A value handed to the threads of `bothAtOnce`, which use it without sharing mutable state.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
