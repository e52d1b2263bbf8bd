/// Hands pointers to the threads of a parallel loop, each of which touches only its own part of
/// what they point at (its indices of a buffer, its own values): what makes the sharing safe.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
