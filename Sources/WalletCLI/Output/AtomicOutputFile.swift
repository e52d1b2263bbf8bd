#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output file that appears whole or not at all: written to a temporary file beside the
/// target, flushed to disk, then renamed over it. A crash or an error leaves any previous file
/// intact and no half-written one. `-` means standard output, written as it goes.
final class AtomicOutputFile {
  /// The path as the user gave it.
  let path: String
  /// Where to write.
  let descriptor: Int32
  private let temporaryPath: String?
  private var finished = false

  /// Creates the temporary file; failure is an I/O error (74).
  init(path: String) throws(CommandFailure) {
    self.path = path
    if path == "-" {
      descriptor = 1
      temporaryPath = nil
      return
    }
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
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
    temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Flushes to disk and renames into place.
  func commit() throws(CommandFailure) {
    precondition(!finished, "output file committed twice")
    finished = true
    guard let temporaryPath else { return }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0, rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw CommandFailure(.ioError, "cannot write \(path): \(reason)")
    }
  }

  /// Removes the temporary file; the target is untouched.
  func discard() {
    guard !finished else { return }
    finished = true
    guard let temporaryPath else { return }
    close(descriptor)
    unlink(temporaryPath)
  }

  deinit { discard() }
}
