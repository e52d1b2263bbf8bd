import Foundation

/// The working folder of a run given a folder of its own (`changed(to:_:)`), which must not be
/// seen by anything else the tests do at the same time: reading relative paths, or starting a
/// process, which inherits the folder. Starting the binary while another test had moved the
/// folder once failed with "the file doesn't exist".
///
/// On Linux the change is the calling thread's alone (`unshare(CLONE_FS)` gives the thread its
/// own working folder), so runs in folders of their own go side by side with everything else.
/// Elsewhere the folder is the process's: such a run holds it alone, while whatever reads
/// relative paths or starts a process shares it (`shared(_:)`).
public enum WorkingFolder {
  /// The folder the tests started in, to return to after each change.
  private static let home = FileManager.default.currentDirectoryPath

  /// Runs `body` with the working folder as the tests started, beside other sharers.
  public static func shared<T>(_ body: () throws -> T) rethrows -> T {
    #if os(Linux)
      // No thread ever moves the process's folder (see `changed(to:_:)`).
      try body()
    #else
      try lock.shared(body)
    #endif
  }

  /// Runs `body` with `folder` as the working folder, returning to the tests' own afterwards;
  /// throws, as a test's failure and not the whole run's crash, when the folder cannot be
  /// entered.
  public static func changed<T>(to folder: URL, _ body: () throws -> T) throws -> T {
    // Read before the first change: a static is set when first read.
    let home = Self.home
    #if os(Linux)
      return try ThreadFolder.entering(folder.path, returningTo: home, body)
    #else
      return try lock.exclusively {
        guard chdir(folder.path) == 0 else { throw WorkingFolderError(folder: folder.path) }
        defer { precondition(chdir(home) == 0, "cannot return to \(home)") }
        return try body()
      }
    #endif
  }

  #if !os(Linux)
    private static let lock = ReadersWriterLock()
  #endif
}

/// A folder a run was to work in that cannot be entered.
public struct WorkingFolderError: Error, CustomStringConvertible {
  /// The folder.
  public let folder: String
  /// The failure in words.
  public var description: String { "cannot enter \(folder)" }
}

#if os(Linux)
  /// A working folder for the calling thread alone.
  private enum ThreadFolder {
    /// `unshare(2)`, which Swift does not import (it is a GNU extension of <sched.h>).
    private static let unshare: @convention(c) (Int32) -> Int32 = {
      guard let symbol = dlsym(nil, "unshare") else { preconditionFailure("no unshare in libc") }
      return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
    /// `CLONE_FS` from <linux/sched.h>: the root, working folder and umask.
    private static let cloneFS: Int32 = 0x200

    /// Runs `body` with `folder` as the calling thread's working folder. A thread's `body` runs
    /// on that thread throughout (it is synchronous), and so does every child process it starts,
    /// which copies the thread's folder. Once unshared, the thread keeps a folder of its own,
    /// set back to `home` on the way out; a thread it starts shares that one.
    static func entering<T>(_ folder: String, returningTo home: String, _ body: () throws -> T)
      throws -> T
    {
      precondition(unshare(cloneFS) == 0, "cannot give the thread a folder of its own: \(errno)")
      guard chdir(folder) == 0 else { throw WorkingFolderError(folder: folder) }
      defer { precondition(chdir(home) == 0, "cannot return to \(home)") }
      return try body()
    }
  }
#else
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
#endif

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
