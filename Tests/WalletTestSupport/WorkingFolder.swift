import Foundation

/// The test process's working folder, which a run given a folder of its own changes for
/// everyone: such a run holds it alone (`changed(to:_:)`), while whatever reads relative paths
/// or starts a process, which inherits the folder, shares it (`shared(_:)`). Starting the
/// binary while another test had moved the folder once failed with "the file doesn't exist".
public enum WorkingFolder {
  /// The folder the tests started in, to return to after each change.
  private static let home = FileManager.default.currentDirectoryPath
  private static let lock = ReadersWriterLock()

  /// Runs `body` with the working folder as the tests started, beside other sharers.
  public static func shared<T>(_ body: () throws -> T) rethrows -> T {
    try lock.shared(body)
  }

  /// Runs `body` alone, with `folder` as the process's working folder; throws, as a test's
  /// failure and not the whole run's crash, when the folder cannot be entered.
  public static func changed<T>(to folder: URL, _ body: () throws -> T) throws -> T {
    try lock.exclusively {
      // Read before the first change: a static is set when first read.
      let home = Self.home
      guard chdir(folder.path) == 0 else { throw WorkingFolderError(folder: folder.path) }
      defer { precondition(chdir(home) == 0, "cannot return to \(home)") }
      return try body()
    }
  }
}

/// A folder a run was to work in that cannot be entered.
public struct WorkingFolderError: Error, CustomStringConvertible {
  /// The folder.
  public let folder: String
  /// The failure in words.
  public var description: String { "cannot enter \(folder)" }
}

/// A lock that many readers share and one writer holds alone.
private final class ReadersWriterLock: @unchecked Sendable {
  private let lock: UnsafeMutablePointer<pthread_rwlock_t>

  init() {
    lock = .allocate(capacity: 1)
    precondition(pthread_rwlock_init(lock, nil) == 0, "cannot make a lock")
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  func shared<T>(_ body: () throws -> T) rethrows -> T {
    pthread_rwlock_rdlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }

  func exclusively<T>(_ body: () throws -> T) rethrows -> T {
    pthread_rwlock_wrlock(lock)
    defer { pthread_rwlock_unlock(lock) }
    return try body()
  }
}

extension Process {
  /// `run()`, tried again when the start fails. On Linux, Foundation asks the child to close,
  /// one by one, every descriptor the test process had open when it looked; with commands
  /// running in-process beside it, one closed meanwhile fails the start (reported through a
  /// stale errno, as "the file doesn't exist"). The child inherits the working folder, so it
  /// starts while no test has moved it.
  public func runRetryingStart() throws {
    var attempt = 1
    while true {
      do {
        return try WorkingFolder.shared { try run() }
      } catch  where attempt < 5 {
        attempt += 1
        usleep(20_000)
      }
    }
  }
}
