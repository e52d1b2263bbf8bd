import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An output file that appears whole or not at all: written to a temporary file beside the
/// target, flushed to disk, then renamed over it. A crash or an error leaves any previous file
/// intact and no half-written one. The temporary file's name says which process writes it
/// (`.NAME.tmp-PID.START-XXXXXX`, `Leftovers`): an interrupt removes it, and one left by a
/// process killed outright is removed by the next output file made in the same folder.
///
/// Targets that are not regular files are written in place, because renaming over them would
/// destroy them: `-` means standard output, and a device, FIFO or socket (`/dev/stdout`, a named
/// pipe) is opened and written as it goes. A symbolic link is followed, so the file it points to
/// is replaced (or made, when the link dangles) and the link stays. A replaced file keeps its
/// permission bits and, where the system allows, its owner and group, so that a private file
/// stays private; a new one gets the usual mode for new files (the umask's).
package final class AtomicOutputFile {
  /// The path as the user gave it.
  package let path: String
  /// Where to write.
  let descriptor: Int32
  private let temporaryPath: String?
  private let finalPath: String
  private let ownsDescriptor: Bool
  private var finished = false

  /// Creates the temporary file, or opens a target that is not a regular file.
  package init(path: String) throws(FileError) {
    self.path = path
    if path == "-" {
      descriptor = 1
      temporaryPath = nil
      finalPath = path
      ownsDescriptor = false
      return
    }
    let target = OutputPath.finalTarget(path)
    finalPath = target
    var status = stat()
    let exists = stat(target, &status) == 0
    if exists, (status.st_mode & S_IFMT) != S_IFREG {
      guard (status.st_mode & S_IFMT) != S_IFDIR else {
        throw FileError.outputIsDirectory(path: path)
      }
      let descriptor = open(target, O_WRONLY | O_TRUNC | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw FileError.cannotWrite(path: path, errno: errno)
      }
      self.descriptor = descriptor
      temporaryPath = nil
      ownsDescriptor = true
      return
    }
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
    // The temporary file's name says which process writes it: one a run killed outright left
    // here is removed now, and a live run's is left alone (`Leftovers`).
    Leftovers.removeDeadRuns(in: directory)
    var template = Array(
      "\(directory).\(base).tmp-\(Leftovers.ownerPart)XXXXXX".utf8CString)
    var descriptor: Int32 = -1
    var failure: Int32 = 0
    let made = Leftovers.make(.file) {
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else {
        failure = errno
        return nil
      }
      return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    guard let temporaryPath = made else {
      throw FileError.cannotWrite(path: path, errno: failure)
    }
    // mkstemp makes the file 0600. A file being replaced lends it its mode and owner, so that
    // renaming it into place changes nothing but the contents; a new file gets the usual mode.
    if exists {
      // Only root may give a file away; anyone else's copy stays theirs, with the same mode.
      _ = fchown(descriptor, status.st_uid, status.st_gid)
      // The permission bits only: a set-id bit on a data file is a mistake not to copy.
      fchmod(descriptor, status.st_mode & 0o777)
    } else {
      let mask = umask(0)
      umask(mask)
      fchmod(descriptor, 0o666 & ~mask)
    }
    self.descriptor = descriptor
    ownsDescriptor = true
    self.temporaryPath = temporaryPath
  }

  /// Whether two output paths name the same file, however they are spelt.
  package static func sameFile(_ first: String, _ second: String) -> Bool {
    if first == second { return true }
    let location = FileLocation(path: first)
    return location != .nowhere && location == FileLocation(path: second)
  }

  /// A CSV writer into this file. Into a temporary file (a regular file being replaced) it asks
  /// the system to start writing to disk every few megabytes as it goes, so that `commit`'s
  /// flush waits for the last of them rather than for the whole file, after the work is done.
  package func csvWriter() -> CSVWriter {
    let descriptor = self.descriptor
    guard temporaryPath != nil else {
      // Written in place: a pipe whose reader has seen enough (`--out /dev/stdout | head`)
      // takes no more, and that is no failure.
      var closed = false
      return CSVWriter { bytes in
        guard !closed else { return }
        do {
          try CSVWriter.writeAll(bytes, to: descriptor)
        } catch let error as CSVWriteError where error.code == EPIPE {
          closed = true
        }
      }
    }
    guard let startWriteback = Self.startWriteback else {
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
  package func commit() throws(FileError) {
    precondition(!finished, "output file committed twice")
    finished = true
    guard let temporaryPath else {
      if ownsDescriptor { close(descriptor) }
      return
    }
    defer {
      close(descriptor)
      Leftovers.gone(temporaryPath)
    }
    // Renamed as a step an interrupt finds either not begun or done (`CommitGate`).
    guard fsync(descriptor) == 0, CommitGate.pass({ rename(temporaryPath, finalPath) }) == 0
    else {
      let failure = errno
      unlink(temporaryPath)
      throw FileError.cannotWrite(path: path, errno: failure)
    }
  }

  /// Removes the temporary file; the target is untouched.
  package func discard() {
    guard !finished else { return }
    finished = true
    if ownsDescriptor { close(descriptor) }
    if let temporaryPath {
      unlink(temporaryPath)
      Leftovers.gone(temporaryPath)
    }
  }

  deinit { discard() }
}
