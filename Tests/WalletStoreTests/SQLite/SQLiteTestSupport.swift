import Foundation
import WalletTestSupport

/// A fresh directory in the tests' scratch space, removed after `body` returns.
func withSQLiteTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let directory = ScratchSpace.path("walletstore-sqlite")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try body(directory)
}

/// The permission bits of a file, from `stat`.
func sqlitePermissions(of path: String) throws -> Int {
  var info = stat()
  guard stat(path, &info) == 0 else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
  }
  return Int(info.st_mode & 0o777)
}
