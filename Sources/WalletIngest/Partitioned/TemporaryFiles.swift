#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory of work files made for one run and removed with everything in it afterwards:
/// where a batch too large for memory keeps its partitions. Its name says which process made
/// it (`Leftovers`): until it is removed, an interrupt removes it, and when the process is
/// killed outright, the next run to make one in the same place removes it.
final class TemporaryDirectory {
  /// The directory's path.
  let path: String

  /// Makes a new directory, readable by its owner alone, inside `parent`, after removing the
  /// work directories there of runs that are no longer alive.
  init(in parent: String) throws(FileError) {
    Leftovers.removeDeadRuns(in: parent)
    // Named from the root: the work files are opened on other threads too (parts read in
    // pieces, a part read while the one before is decided), and a thread may have a working
    // folder of its own (`unshare(CLONE_FS)` on Linux, as the tests' harness gives each test).
    var base = parent
    if !parent.hasPrefix("/"), let folder = getcwd(nil, 0) {
      base = String(cString: folder) + "/" + parent
      free(folder)
    }
    var template = Array(
      (base + "/.wallet-batch-" + Leftovers.ownerPart + "XXXXXX").utf8CString)
    var failure: Int32 = 0
    let made = Leftovers.make(.folder) {
      guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
        failure = errno
        return nil
      }
      return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    guard let made else {
      throw FileError.cannotMakeWorkDirectory(parent: parent, errno: failure)
    }
    path = made
  }

  /// The path of the work file `name`.
  func file(_ name: String) -> String { path + "/" + name }

  /// Removes the directory and every file in it.
  func remove() {
    Leftovers.removeFolder(path)
    Leftovers.gone(path)
  }

  /// Removes every file in the directory, leaving it empty.
  func removeFiles() { Leftovers.removeFiles(in: path) }
}

/// Appends bytes to a work file through a buffer. A failed write is kept, and every later one
/// does nothing, so that a reading loop that cannot throw it goes on and `close` reports it.
///
/// Partitioning appends two or three small values per transaction, millions of times, so the
/// buffer is plain memory and an append that fits is a copy and an addition.
final class WorkFileWriter {
  private let descriptor: Int32
  private let path: String
  private let buffer: UnsafeMutableRawPointer
  private let capacity: Int
  /// The bytes in `buffer`.
  private var buffered = 0
  /// The bytes handed to the file (or lost to a failed write).
  private var sent = 0
  /// The first write that failed.
  private(set) var failure: FileError?

  /// The bytes written so far.
  var size: Int { sent + buffered }

  /// Room for the largest plain value appended at once (`append(value:)`).
  private static let smallestCapacity = 256

  /// Creates (or empties) the file at `path`, buffering `capacity` bytes.
  init(path: String, capacity: Int = 1 << 16) throws(FileError) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw Self.failure(path) }
    self.path = path
    self.capacity = max(capacity, Self.smallestCapacity)
    buffer = .allocate(byteCount: self.capacity, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    if descriptor >= 0 { close(descriptor) }
  }

  private static func failure(_ path: String) -> FileError {
    FileError.cannotWriteWorkFile(path: path, errno: errno)
  }

  /// Appends `bytes`.
  @inline(__always)
  func append(_ bytes: UnsafeRawBufferPointer) {
    let count = bytes.count
    guard buffered + count <= capacity else { return appendPastTheBuffer(bytes) }
    if count > 0 {
      Self.copy(bytes.baseAddress!, count: count, to: buffer + buffered)
    }
    buffered += count
  }

  /// Copies `count` bytes (at least 1) from `source` to `destination`: up to 16 in line, as
  /// two words (or two halves of a word) that may overlap, reading and writing no byte outside
  /// either run; longer runs through `memmove`. An id is a few bytes, copied for every row,
  /// where a call per copy cost more than the copy.
  @inline(__always)
  static func copy(
    _ source: UnsafeRawPointer, count: Int, to destination: UnsafeMutableRawPointer
  ) {
    switch count {
    case 8...16:
      let head = source.loadUnaligned(as: UInt64.self)
      let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      destination.storeBytes(of: head, as: UInt64.self)
      destination.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      destination.storeBytes(of: head, as: UInt32.self)
      destination.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
      for index in 0..<count {
        destination.storeBytes(
          of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index,
          as: UInt8.self)
      }
    default:
      destination.copyMemory(from: source, byteCount: count)
    }
  }

  /// Room for the next `count` bytes, counted as appended: the caller stores them at once.
  @inline(__always)
  func appendRoom(_ count: Int) -> UnsafeMutableRawPointer {
    precondition(count <= Self.smallestCapacity, "room larger than a work file's buffer")
    if buffered + count > capacity { drain() }
    let room = buffer + buffered
    buffered += count
    return room
  }

  /// Appends the bytes of a plain value.
  @inline(__always)
  func append<Value: BitwiseCopyable>(value: Value) {
    let count = MemoryLayout<Value>.size
    precondition(count <= Self.smallestCapacity, "a value larger than a work file's buffer")
    if buffered + count > capacity { drain() }
    buffer.storeBytes(of: value, toByteOffset: buffered, as: Value.self)
    buffered += count
  }

  private func appendPastTheBuffer(_ bytes: UnsafeRawBufferPointer) {
    drain()
    if bytes.count >= capacity {
      send(bytes)
    } else {
      append(bytes)
    }
  }

  private func drain() {
    send(UnsafeRawBufferPointer(start: buffer, count: buffered))
    buffered = 0
  }

  private func send(_ bytes: UnsafeRawBufferPointer) {
    sent += bytes.count
    guard failure == nil, var start = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = write(descriptor, start, left)
      if written < 0 {
        if errno == EINTR { continue }
        failure = Self.failure(path)
        return
      }
      start += written
      left -= written
    }
  }

  /// Writes what is buffered and throws the first failure, if any.
  func finish() throws(FileError) {
    drain()
    if let failure { throw failure }
  }
}

/// Reads a work file from the start through a buffer.
final class WorkFileReader {
  private let descriptor: Int32
  private let path: String
  private var buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0
  private var atEnd = false

  /// Opens the work file at `path`, reading `capacity` bytes at a time.
  init(path: String, capacity: Int = 1 << 20) throws(FileError) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self.failure(path) }
    self.path = path
    buffer = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit {
    buffer.deallocate()
    if descriptor >= 0 { close(descriptor) }
  }

  private static func failure(_ path: String) -> FileError {
    FileError.cannotReadWorkFile(path: path, errno: errno)
  }

  /// Reads more after what is left unread; false at the end of the file.
  private func refill() throws(FileError) -> Bool {
    guard !atEnd else { return false }
    if start > 0 {
      let left = end - start
      if left > 0 {
        buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: left)
      }
      start = 0
      end = left
    }
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path)
      }
      if count == 0 { atEnd = true }
      end += count
      return count > 0
    }
  }

  /// The next `count` bytes (valid until the next read), or nil at the end of the file.
  func next(_ count: Int) throws(FileError) -> UnsafeRawBufferPointer? {
    if count > buffer.count {
      let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
      grown.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
      buffer.deallocate()
      buffer = grown
      end -= start
      start = 0
    }
    while end - start < count {
      guard try refill() else {
        if end > start {
          throw FileError.workFileEndsPartWay(path: path)
        }
        return nil
      }
    }
    defer { start += count }
    return UnsafeRawBufferPointer(rebasing: buffer[start..<(start + count)])
  }

  /// The next plain value, or nil at the end of the file.
  func next<Value: BitwiseCopyable>(_ type: Value.Type) throws(FileError) -> Value? {
    try next(MemoryLayout<Value>.size)?.loadUnaligned(as: Value.self)
  }

  /// Hands the next CSV record, as `CSVWriter` wrote it (ended by a line break outside quotes),
  /// to `body` a piece at a time; false at the end of the file.
  func nextRecord(_ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
    var quoted = false
    var any = false
    while true {
      if start == end {
        guard try refill() else {
          if any { throw FileError.workFileEndsPartWay(path: path) }
          return false
        }
      }
      any = true
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
      var position = 0
      while position < bytes.count {
        guard
          let found = memchr(
            bytes.baseAddress! + position, Int32(UInt8(ascii: "\n")),
            bytes.count - position)
        else {
          quoted = quotes(in: bytes[position...], after: quoted)
          position = bytes.count
          break
        }
        let lineEnd = found - UnsafeMutableRawPointer(mutating: bytes.baseAddress!) + 1
        quoted = quotes(in: bytes[position..<lineEnd], after: quoted)
        position = lineEnd
        if !quoted {
          try body(UnsafeRawBufferPointer(rebasing: bytes[0..<position]))
          start += position
          return true
        }
      }
      try body(bytes)
      start = end
    }
  }

  /// Whether a record is inside quotes after `bytes`, having been so (`quoted`) before them.
  private func quotes(in bytes: Slice<UnsafeRawBufferPointer>, after quoted: Bool) -> Bool {
    let base = bytes.base.baseAddress! + bytes.startIndex
    guard memchr(base, Int32(UInt8(ascii: "\"")), bytes.count) != nil else { return quoted }
    var inside = quoted
    for byte in bytes where byte == UInt8(ascii: "\"") { inside.toggle() }
    return inside
  }
}
