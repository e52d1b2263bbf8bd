import Foundation

/// A value worked out once, the first time it is read, by whichever thread reads it first; the
/// others wait for it. What works it out is let go once it has, with anything it holds.
///
/// `package`, so that the modules share one such box: the command line's declarations (each
/// command's arguments, worked out only for the command run) and batch's enrollments' lookup
/// (made only when a row first names an enrollment).
package final class Deferred<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  /// What works the value out, until it has; guarded by `lock`.
  private var make: (@Sendable () -> Value)?
  /// The value, once worked out; guarded by `lock`.
  private var made: Value?

  /// A value `make` works out when first read.
  package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  /// A value known already.
  package init(_ value: Value) { made = value }

  /// Whether the value is worked out already.
  package var isMade: Bool {
    lock.lock()
    defer { lock.unlock() }
    return made != nil
  }

  /// The value, worked out now if it was not yet.
  package var value: Value {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let value = make!()
    made = value
    make = nil
    return value
  }
}
