import Dispatch

/// Runs `first` and `second` at the same time, one per core, and returns both results: for two
/// pieces of work that touch nothing in common but what they only read, such as flushing the
/// output to disk while the summary is counted, or copying two sets of columns.
///
/// `first` runs on the calling thread and `second` on a thread of a queue made for it, rather
/// than both inside `DispatchQueue.concurrentPerform`: libdispatch runs a `concurrentPerform`
/// nested in another one on a single thread (it shares the cores out among the outer
/// iterations), and the engine's parallel loops run inside `first` (batch decides while it
/// reads postings). A queue of its own also always gets a thread, however busy the shared pool
/// is, so two calls waiting on each other cannot starve.
public func bothAtOnce<First, Second>(_ first: () -> First, _ second: () -> Second) -> (
  First, Second
) {
  var secondResult: Second?
  let firstResult = withoutActuallyEscaping(second) { second in
    withUnsafePointer(to: second) { second in
      withUnsafeMutablePointer(to: &secondResult) { secondResult in
        let done = DispatchSemaphore(value: 0)
        // The other thread reaches the closure and its result through pointers alone, so
        // nothing of the closure outlives this call; it writes only its own result.
        let work = UnsafeSendable((second, secondResult))
        DispatchQueue(label: "wallet.both-at-once").async {
          let (second, secondResult) = work.value
          secondResult.pointee = second.pointee()
          done.signal()
        }
        let result = first()
        done.wait()
        return result
      }
    }
  }
  guard let secondResult else { preconditionFailure("the second part did not run") }
  return (firstResult, secondResult)
}
