#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An input file opened for reading; closed when released.
package final class InputFile: Sendable {
  /// The path as the user gave it, used in every message about the file.
  package let path: String
  /// The open descriptor.
  let descriptor: Int32
  /// What the file was when opened (`FileState`), to tell a file changed while it was read.
  private let opened: FileState?
  /// The file this one holds the text of, converted or copied (`decoded()`): the one that may
  /// change while it is read.
  private let source: InputFile?
  /// The bytes already read from the descriptor, which a reader reads first: a pipe's first
  /// piece, looked at to tell its encoding (`decodedAtFirstSight()`).
  package let prefix: [UInt8]

  /// Opens `path` for reading; a file that is missing, unreadable or a directory cannot be
  /// opened.
  package init(path: String) throws(FileError) {
    self.path = path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FileError.cannotOpen(path: path, errno: errno)
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw FileError.inputIsDirectory(path: path)
    }
    self.descriptor = descriptor
    opened = FileState(descriptor: descriptor)
    source = nil
    prefix = []
  }

  /// The file open on `descriptor`, which it owns, named `path` in messages; `source` is the
  /// file it holds the text of, if any, and `prefix` what was read of it before.
  init(path: String, descriptor: Int32, source: InputFile? = nil, prefix: [UInt8] = []) {
    self.path = path
    self.descriptor = descriptor
    opened = nil
    self.source = source
    self.prefix = prefix
  }

  /// Throws when the file is no longer what it was when opened: its size or modification time
  /// changed (truncated, appended to, rewritten), or its path names another file now. A run
  /// that read it, in one pass or several, calls this before its work is made visible, since
  /// what it read may be half of one version and half of another. A pipe is never changed.
  package func checkUnchanged() throws(FileError) {
    if let source { return try source.checkUnchanged() }
    guard let opened else { return }
    var named = stat()
    let now = FileState(descriptor: descriptor)
    let samePath =
      stat(path, &named) == 0 && UInt64(named.st_dev) == opened.device
      && UInt64(named.st_ino) == opened.inode
    guard now == opened, samePath else {
      throw FileError.changedWhileRead(path: path)
    }
  }

  /// `path`, or standard input when it is `-` (named `stdin` in messages), for commands that
  /// read one file and so can take it from a pipe. `standardInput` is the descriptor that
  /// stands for standard input: the process's own, or one a test supplies.
  package static func openAllowingStandardInput(
    _ path: String, standardInput: Int32 = 0
  ) throws(FileError) -> InputFile {
    guard path == "-" else { return try InputFile(path: path) }
    // A duplicate, so that closing this file leaves the given standard input alone.
    let descriptor = dup(standardInput)
    guard descriptor >= 0 else {
      throw FileError.cannotOpenStandardInput(errno: errno)
    }
    return InputFile(path: "stdin", descriptor: descriptor)
  }

  deinit { close(descriptor) }

  /// The file's size in bytes, or 0 when unknown (a pipe), for sizing buffers up front.
  package var size: Int {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(status.st_size)
  }

  /// The whole file's bytes, for small files such as a promotion.
  package func readAll(limit: Int = 16 << 20) throws(FileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError.readFailed(path: path, errno: errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        throw FileError.tooLarge(path: path, limitMiB: limit >> 20)
      }
    }
  }
}

/// What identifies a regular file's version: where it is, its size and when it was last
/// modified. Nil for anything else (a pipe, a device), which cannot be read twice anyway.
struct FileState: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modifiedSeconds: Int64
  let modifiedNanoseconds: Int64

  init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(status.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
    #endif
  }
}
