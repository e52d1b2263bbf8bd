import Foundation

/// Where the tests keep their temporary files and folders.
///
/// A memory-backed folder (`/dev/shm`) where the machine has one with room to spare, else the
/// system's temporary folder; `TMPDIR`, when set, is taken as it is. A run makes and removes
/// tens of thousands of small files (stores, journals, batch work files, captured streams): on
/// a disk-backed file system that took more time than the code under test, and nothing a test
/// checks depends on the kind of file system the files are on.
public enum ScratchSpace {
  /// The folder in which temporary files and folders are made.
  public static let root: URL = {
    let system = FileManager.default.temporaryDirectory
    #if os(Linux)
      if ProcessInfo.processInfo.environment["TMPDIR"] == nil, hasRoom("/dev/shm") {
        return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
      }
    #endif
    return system
  }()

  /// A new path in `root` for a file or folder, named `prefix` and a unique name.
  public static func path(_ prefix: String) -> URL {
    root.appendingPathComponent("\(prefix)-\(UniqueName.make())")
  }

  /// Whether `folder` is a folder this user may write with at least 1 GiB free, some twenty
  /// times what a whole run holds at once.
  private static func hasRoom(_ folder: String) -> Bool {
    var status = statvfs()
    guard access(folder, W_OK | X_OK) == 0, statvfs(folder, &status) == 0 else { return false }
    return UInt64(status.f_bavail) * UInt64(status.f_frsize) >= 1 << 30
  }
}
