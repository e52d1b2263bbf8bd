#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names, as the system tells files apart: its device and inode. Two paths
/// name the same file exactly when their identities are equal, however they are spelt (`./a`,
/// `b/../a`, a symbolic link, a hard link).
package struct FileIdentity: Hashable, Sendable {
  /// `st_dev`.
  let device: UInt64
  /// `st_ino`.
  let inode: UInt64

  /// The file `path` names now, following symbolic links; nil when nothing is there.
  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The regular file an open descriptor writes to; nil for a terminal, a pipe or a device,
  /// which no write of ours can destroy.
  package init?(regularFileOpenAt descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

/// Where a file will be written: the file a path names, or, when there is none yet, the folder
/// it will be made in and its name there. Writing `path` may replace any file whose location
/// equals this one.
package enum FileLocation: Hashable, Sendable {
  /// An existing file.
  case existing(FileIdentity)
  /// A file not made yet: its folder and its name.
  case new(folder: FileIdentity, name: String)
  /// A path whose folder does not exist either: no file can be there, nor be made.
  case nowhere

  /// The location `path` names, after following its symbolic links, a dangling one included.
  package init(path: String) {
    let target = OutputPath.finalTarget(path)
    if let identity = FileIdentity(path: target) {
      self = .existing(identity)
      return
    }
    let (folder, name) = OutputPath.split(target)
    guard let folderIdentity = FileIdentity(path: folder) else {
      self = .nowhere
      return
    }
    self = .new(folder: folderIdentity, name: name)
  }
}

/// Paths as output files use them.
package enum OutputPath {
  /// The path a write to `path` ends at: symbolic links followed one by one, a dangling one
  /// included, so that writing through a link writes the file it names and leaves the link.
  /// A loop, or more links than the system follows, stops at the last link reached. A path
  /// that names something other than a regular file (`/dev/stdout` on a pipe, whose link reads
  /// `pipe:[…]`) is its own target: it is written in place, through the system's own lookup.
  package static func finalTarget(_ path: String) -> String {
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return path }
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
        let link = readLink(current)
      else { return current }
      current = link.hasPrefix("/") ? link : split(current).folder + "/" + link
    }
    return current
  }

  /// The folder (`.` for a bare name) and the last component of a path.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
