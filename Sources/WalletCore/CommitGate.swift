#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The steps that make a run's work visible (renaming finished outputs into place, a store's
/// `COMMIT`), which an interrupt must find either not begun or done: an interrupted command
/// says what was kept, and that is only true when no such step is half way.
///
/// An interrupt `close`s the gate: it waits for a step under way to end, learns how many were
/// done, and from then on a step never runs, its thread waiting for the interrupt to end the
/// process.
public enum CommitGate {
  private nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    // A step may hold others (a batch's outputs are renamed as one step).
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    return mutex
  }()
  // Guarded by `mutex`.
  private nonisolated(unsafe) static var closed = false
  private nonisolated(unsafe) static var done = 0

  /// Runs `body`, a step that makes work visible, unless an interrupt has closed the gate:
  /// then it never returns, and the interrupt ends the process.
  public static func pass<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure)
    -> T
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if closed {
      pthread_mutex_unlock(mutex)
      waitForever()
    }
    let result = try body()
    done += 1
    return result
  }

  /// The steps done so far.
  public static var stepsDone: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return done
  }

  /// Closes the gate, after the step under way if any, and returns the steps done.
  public static func close() -> Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    closed = true
    return done
  }

  /// Whether the gate is closed: an interrupt is ending the process.
  public static var isClosed: Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return closed
  }

  /// Waits until the process ends, for a thread that must do nothing more.
  public static func waitForever() -> Never {
    while true { sleep(3600) }
  }
}
