/// Hands a value the compiler cannot prove safe to share (a buffer pointer, a closure, a pointer
/// to a result) to the threads of a parallel loop such as `DispatchQueue.concurrentPerform`.
///
/// Sound only because every use keeps one rule the compiler cannot see: each thread writes a
/// range of its own (its indices of a buffer, its own result), disjoint from every other
/// thread's, and what the threads share they only read; the loop returns only when every thread
/// is done, so nothing outlives the memory pointed at. A use that cannot say which part each
/// thread writes must not use this.
///
/// `package`, so that the other modules of wallet share this one wrapper rather than each
/// writing its own.
package struct UnsafeSendable<Value>: @unchecked Sendable {
  /// The wrapped value.
  package let value: Value

  /// Wraps `value` for threads that each write only their own part of what it points at.
  @inlinable
  package init(_ value: Value) { self.value = value }
}
