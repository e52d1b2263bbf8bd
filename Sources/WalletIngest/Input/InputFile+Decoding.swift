#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension InputFile {
  /// The file as UTF-8 text, and the encoding it was written in (SPEC 4): the file itself when
  /// it is UTF-8 (a leading byte order mark, which the CSV reader skips, included), else its
  /// text converted from GB18030, which reads GBK, into a work file that no folder lists and
  /// that goes when it is closed. Every reader then reads UTF-8, once a file, not row by row.
  ///
  /// A file that is neither, or that starts with a byte order mark and is not UTF-8, is an
  /// error at the line and field of the damage (see `StatementText.damage`). Standard input
  /// and other files that cannot be read twice are copied to a work file first. The file
  /// returned keeps this one's path for messages, and asks this one whether it changed.
  package func decoded() throws(FileError) -> (file: InputFile, encoding: StatementEncoding) {
    let text = try isRegularFile ? self : copiedToWorkFile(after: prefix)
    var scan = UTF8Scan()
    var startsWithByteOrderMark = false
    var failure: Int?
    try text.forEachPiece { offset, piece in
      if offset == 0 { startsWithByteOrderMark = piece.starts(with: [0xEF, 0xBB, 0xBF]) }
      failure = scan.scan(piece)
      return failure == nil
    }
    guard let failure = failure ?? scan.finish() else {
      return (text, startsWithByteOrderMark ? .utf8WithByteOrderMark : .utf8)
    }
    func refused(_ problem: StatementReadError, at offset: Int) throws(FileError) -> FileError {
      let (line, column) = try text.place(of: offset)
      return .invalidInput(
        InputError(file: path, line: line, column: column, problem: .statement(problem)))
    }
    if startsWithByteOrderMark {
      throw try refused(.invalidUTF8AfterByteOrderMark, at: failure)
    }
    let (converted, notGB18030) = try text.convertedFromGB18030()
    guard let converted else {
      throw try refused(
        .neitherUTF8NorGB18030, at: StatementText.damage(notUTF8: failure, notGB18030: notGB18030))
    }
    return (converted, .gb18030)
  }

  /// `decoded()` for a reader that checks UTF-8 itself as it reads, as the CSV reader does:
  /// a file whose first piece is UTF-8 is taken to be UTF-8 without being read twice, which a
  /// batch of millions of rows would feel; any other is `decoded()` whole. Should a later byte
  /// not be UTF-8 after all, the reader stops there (`FileError.pathNotUTF8`), and the caller
  /// reads the file again through `decoded()`, if it can (`canBeReadAgain`).
  ///
  /// A pipe is judged by what its first read gives, and then read on as it comes: what writes
  /// to it may wait for the reader to have begun.
  package func decodedAtFirstSight() throws(FileError) -> (
    file: InputFile, encoding: StatementEncoding
  ) {
    guard isRegularFile else { return try firstPieceOfPipe() }
    var scan = UTF8Scan()
    var first: (utf8: Bool, byteOrderMark: Bool) = (true, false)
    try forEachPiece(size: 64 << 10) { _, piece in
      // A character cut by the piece's end is no sign: only a byte that is wrong already.
      first = (scan.scan(piece) == nil, piece.starts(with: [0xEF, 0xBB, 0xBF]))
      return false
    }
    guard first.utf8 else { return try decoded() }
    return (self, first.byteOrderMark ? .utf8WithByteOrderMark : .utf8)
  }

  /// A pipe's text: read on as it comes when its first read is UTF-8, else copied whole and
  /// `decoded()`.
  private func firstPieceOfPipe() throws(FileError) -> (
    file: InputFile, encoding: StatementEncoding
  ) {
    var first = [UInt8](repeating: 0, count: 64 << 10)
    var count = -1
    while count < 0 {
      count = first.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno != EINTR { throw .readFailed(path: path, errno: errno) }
    }
    first.removeSubrange(count...)
    var scan = UTF8Scan()
    guard first.withUnsafeBytes({ scan.scan($0) }) == nil else {
      return try copiedToWorkFile(after: first).decoded()
    }
    let duplicate = dup(descriptor)
    guard duplicate >= 0 else { throw .readFailed(path: path, errno: errno) }
    let encoding: StatementEncoding =
      first.starts(with: [0xEF, 0xBB, 0xBF]) ? .utf8WithByteOrderMark : .utf8
    return (InputFile(path: path, descriptor: duplicate, source: self, prefix: first), encoding)
  }

  /// Whether the file can be read again from its start: a regular file can, a pipe cannot.
  package var canBeReadAgain: Bool { isRegularFile }

  /// Whether the descriptor is a regular file, which can be read twice.
  private var isRegularFile: Bool {
    var status = stat()
    return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  /// Calls `body` with each piece of the file in order and its offset, from the start whatever
  /// the descriptor's position (which stays where it is), until `body` returns false.
  private func forEachPiece(
    size: Int = 1 << 20, _ body: (_ offset: Int, UnsafeRawBufferPointer) throws(FileError) -> Bool
  ) throws(FileError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    var offset = 0
    while true {
      let count = pread(descriptor, buffer.baseAddress, size, off_t(offset))
      if count < 0 {
        if errno == EINTR { continue }
        throw .readFailed(path: path, errno: errno)
      }
      if count == 0 { return }
      guard try body(offset, UnsafeRawBufferPointer(rebasing: buffer[..<count])) else { return }
      offset += count
    }
  }

  /// The line and field (from 1) of the byte at `offset`, as the CSV reader counts them: the
  /// line its field starts on, and the field's place in its record. Quotes, commas and line
  /// ends are the same bytes in UTF-8 and GB18030, and never part of another character.
  private func place(of offset: Int) throws(FileError) -> (line: Int, column: Int) {
    var place = CSVPlace()
    try forEachPiece { start, piece in
      for index in 0..<max(0, min(piece.count, offset - start)) { place.advance(piece[index]) }
      return start + piece.count < offset
    }
    return place.ofNextByte
  }

  /// The file's text converted from GB18030 to UTF-8 in a work file; nil when it is not
  /// GB18030, with where the first character that is not begins.
  private func convertedFromGB18030() throws(FileError) -> (InputFile?, notGB18030: Int?) {
    guard let converter = GB18030Converter() else { return (nil, nil) }
    let work = try WorkFile()
    var converted = true
    try forEachPiece { (_, piece) throws(FileError) in
      converted = try converter.convert(piece, isLast: false, into: work.append)
      return converted
    }
    // A file that ends inside a character is no more GB18030 than one with a stray byte.
    let end = UnsafeRawBufferPointer(start: nil, count: 0)
    guard converted, try converter.convert(end, isLast: true, into: work.append) else {
      return (nil, converter.failure)
    }
    return (InputFile(path: path, descriptor: try work.rewound(), source: self), nil)
  }

  /// The file's bytes, read to its end after `first`, which was read before, in a work file:
  /// for standard input and pipes.
  private func copiedToWorkFile(after first: [UInt8]) throws(FileError) -> InputFile {
    let work = try WorkFile()
    try work.append(first[...])
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .readFailed(path: path, errno: errno)
      }
      if count == 0 { break }
      try work.append(chunk[..<count])
    }
    return InputFile(path: path, descriptor: try work.rewound(), source: self)
  }
}

/// Where a byte is in CSV text, counted as the CSV reader counts: fields from 1 in their
/// record, lines from 1 (LF, CR and CR LF each end one), a field's line the one it starts on.
private struct CSVPlace {
  private var line = 1
  private var field = 1
  private var fieldLine = 1
  private var quoted = false
  private var atFieldStart = true
  private var afterCarriageReturn = false

  /// The line and field of the byte to come.
  var ofNextByte: (line: Int, column: Int) {
    (atFieldStart ? line : fieldLine, field)
  }

  /// Moves past `byte`.
  mutating func advance(_ byte: UInt8) {
    let lineFeedOfCRLF = afterCarriageReturn && byte == 0x0A
    afterCarriageReturn = byte == 0x0D
    if byte == 0x0A || byte == 0x0D {
      if !lineFeedOfCRLF { line += 1 }
      if !quoted { (field, atFieldStart) = (1, true) }
      return
    }
    if atFieldStart {
      (fieldLine, atFieldStart) = (line, false)
    }
    switch byte {
    case UInt8(ascii: "\""): quoted.toggle()
    case UInt8(ascii: ",") where !quoted: (field, atFieldStart) = (field + 1, true)
    default: break
    }
  }
}

/// A file for one run's own use, in `TMPDIR` (else `/tmp`), readable by its owner alone, that
/// no folder lists: it is unlinked as soon as it is made, so that it goes when its descriptor
/// is closed, however the run ends.
private final class WorkFile {
  private let path: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []

  init() throws(FileError) {
    let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    var template = Array(((folder ?? "/tmp") + "/.wallet-text-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard made >= 0 else { throw .cannotWriteWorkFile(path: path, errno: errno) }
    descriptor = made
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    unlink(path)
    buffer.reserveCapacity(1 << 20)
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Adds `bytes` at the end of the file.
  func append(_ bytes: ArraySlice<UInt8>) throws(FileError) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// The descriptor, its every byte written and its position at the start, for the caller
  /// to own from now on.
  func rewound() throws(FileError) -> Int32 {
    try flush()
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw .cannotReadWorkFile(path: path, errno: errno)
    }
    defer { descriptor = -1 }
    return descriptor
  }

  private func flush() throws(FileError) {
    var written = 0
    while written < buffer.count {
      let count = buffer.withUnsafeBytes { bytes in
        write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotWriteWorkFile(path: path, errno: errno)
      }
      written += count
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
