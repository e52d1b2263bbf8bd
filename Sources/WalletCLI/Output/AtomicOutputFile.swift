#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output file that appears whole or not at all: written to a temporary file beside the
/// target, flushed to disk, then renamed over it. A crash or an error leaves any previous file
/// intact and no half-written one.
///
/// Targets that are not regular files are written in place, because renaming over them would
/// destroy them: `-` means standard output, and a device, FIFO or socket (`/dev/stdout`, a named
/// pipe) is opened and written as it goes. A symbolic link is followed, so the file it points to
/// is replaced and the link stays.
final class AtomicOutputFile {
  /// The path as the user gave it.
  let path: String
  /// Where to write.
  let descriptor: Int32
  private let temporaryPath: String?
  private let finalPath: String
  private let ownsDescriptor: Bool
  private var finished = false

  /// Creates the temporary file; failure is an I/O error (74).
  init(path: String) throws(CommandFailure) {
    self.path = path
    if path == "-" {
      descriptor = 1
      temporaryPath = nil
      finalPath = path
      ownsDescriptor = false
      return
    }
    let target = AtomicOutputFile.resolvingSymbolicLinks(path)
    finalPath = target
    var status = stat()
    if stat(target, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      guard (status.st_mode & S_IFMT) != S_IFDIR else {
        throw CommandFailure(.ioError, "cannot write \(path): it is a directory")
      }
      let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw CommandFailure(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
      }
      self.descriptor = descriptor
      temporaryPath = nil
      ownsDescriptor = true
      return
    }
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var template = Array("\(directory).\(base).tmp-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw CommandFailure(.ioError, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
    // mkstemp makes the file 0600; an output file gets the usual mode for new files.
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    self.descriptor = descriptor
    ownsDescriptor = true
    temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// The file a path finally names, following symbolic links; the path itself when it does not
  /// exist yet or cannot be resolved.
  static func resolvingSymbolicLinks(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether two output paths name the same file, however they are spelt.
  static func sameFile(_ first: String, _ second: String) -> Bool {
    if first == second { return true }
    func canonical(_ path: String) -> String {
      let resolved = resolvingSymbolicLinks(path)
      if resolved != path || path.hasPrefix("/") { return resolved }
      // A file that does not exist yet: resolve its folder instead.
      let slash = path.lastIndex(of: "/")
      let folder = slash.map { String(path[..<$0]) } ?? "."
      let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
      return resolvingSymbolicLinks(folder.isEmpty ? "/" : folder) + "/" + name
    }
    return canonical(first) == canonical(second)
  }

  /// A CSV writer into this file. Into a temporary file (a regular file being replaced) it asks
  /// the system to start writing to disk every few megabytes as it goes, so that `commit`'s
  /// flush waits for the last of them rather than for the whole file: on a bank's batch that
  /// flush had been tens of milliseconds after the work was done.
  func csvWriter() -> CSVWriter {
    let descriptor = self.descriptor
    guard temporaryPath != nil, let startWriteback = Self.startWriteback else {
      return CSVWriter(fileDescriptor: descriptor)
    }
    var unflushed = 0
    return CSVWriter { bytes in
      try CSVWriter.writeAll(bytes, to: descriptor)
      unflushed += bytes.count
      if unflushed >= Self.writebackInterval {
        // Only a request: a failure here is the same failure `commit`'s fsync reports.
        _ = startWriteback(descriptor, 0, 0, Self.syncFileRangeWrite)
        unflushed = 0
      }
    }
  }

  /// Bytes written between requests to start writing back.
  private static let writebackInterval = 4 << 20

  /// `SYNC_FILE_RANGE_WRITE` in <fcntl.h>: start writing dirty pages, without waiting.
  private static let syncFileRangeWrite: UInt32 = 2

  /// Linux's `sync_file_range`, looked up at run time as Swift's Glibc module does not declare
  /// it; nil elsewhere.
  private static let startWriteback: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
    #if os(Linux)
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let symbol = dlsym(defaultHandle, "sync_file_range") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    #else
      return nil
    #endif
  }()

  /// Flushes to disk and renames into place.
  func commit() throws(CommandFailure) {
    precondition(!finished, "output file committed twice")
    finished = true
    guard let temporaryPath else {
      if ownsDescriptor { close(descriptor) }
      return
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0, rename(temporaryPath, finalPath) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw CommandFailure(.ioError, "cannot write \(path): \(reason)")
    }
  }

  /// Removes the temporary file; the target is untouched.
  func discard() {
    guard !finished else { return }
    finished = true
    if ownsDescriptor { close(descriptor) }
    if let temporaryPath { unlink(temporaryPath) }
  }

  deinit { discard() }
}
