import Dispatch

/// Runs `first` and `second` at the same time, one per core, and returns both results: for two
/// pieces of work that touch nothing in common but what they only read, such as flushing the
/// output to disk while the summary is counted, or copying two sets of columns.
public func bothAtOnce<First, Second>(_ first: () -> First, _ second: () -> Second) -> (
  First, Second
) {
  var firstResult: First?
  var secondResult: Second?
  withoutActuallyEscaping(first) { first in
    withoutActuallyEscaping(second) { second in
      withUnsafeMutablePointer(to: &firstResult) { firstResult in
        withUnsafeMutablePointer(to: &secondResult) { secondResult in
          // Each thread calls its own closure and writes its own result, and nothing else.
          let work = UnsafeSendable((first, second, firstResult, secondResult))
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
