#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A streaming RFC 4180 reader that works on bytes; it replaces a third-party CSV library.
///
/// Bank files run to millions of rows, so the reader never holds the whole input: it reads chunks
/// of `chunkSize` bytes and copies each field's unescaped bytes once, into a record buffer that it
/// reuses (see `CSVRecord`). No `String` is made unless the caller asks a field for one.
///
/// Accepted input: fields separated by `,`; quoted fields with `""` for a quote and with commas and
/// line breaks inside; records ended by CRLF, LF or a lone CR, the last one optionally unended; a
/// leading UTF-8 byte order mark, which is skipped. Lines with nothing on them are skipped rather
/// than read as a record with one empty field. Every field must be UTF-8 without NUL bytes and at
/// most `maximumFieldLength` bytes long, whether or not anyone reads it, so that a corrupt file
/// is refused as a whole. Anything else throws a `CSVSyntaxError`, and so does every later call.
package final class CSVReader {
  /// The longest field accepted, in bytes after unescaping. A longer one is taken as a sign of a
  /// corrupt file (such as an unbalanced quote) rather than buffered without bound.
  package static let maximumFieldLength = 65_536

  /// Bytes asked of `read(2)` at a time: large enough to amortise the system call, small enough
  /// to stay in cache.
  package static let defaultChunkSize = 1 << 20

  /// Where the parser is within the current record.
  private enum State {
    /// Between records: line breaks here are blank lines.
    case recordStart
    /// After a comma, or at the first byte of a record.
    case fieldStart
    /// Inside a field that did not begin with a quote.
    case unquoted
    /// Inside a quoted field.
    case quoted
    /// Just after a quote inside a quoted field: either the closing quote or half of `""`.
    case afterQuote
  }

  /// The input when reading a file; `nil` when reading `memory` alone.
  private let fileDescriptor: Int32?
  /// The bytes read before the file (a pipe's first piece), or the whole input without one.
  private let memory: [UInt8]
  /// How much of `memory` has been copied into `buffer`.
  private var memoryOffset = 0
  /// Bytes moved into `buffer` per refill; tests make it tiny to split records across chunks.
  private let chunkSize: Int
  /// The current chunk of input.
  private let buffer: UnsafeMutablePointer<UInt8>
  /// Allocated size of `buffer`: `chunkSize`, but room for a byte order mark even when tiny.
  private let bufferCapacity: Int
  /// Next unparsed byte in `buffer`.
  private var position = 0
  /// End of the valid bytes in `buffer`.
  private var end = 0
  /// The byte just before `buffer[0]` in the input, to see a CRLF split across chunks.
  private var byteBeforeBuffer: UInt8 = 0
  /// Input bytes taken from the source so far (read ahead of the records handed out by up to
  /// one chunk): enough to tell how far through a file a long read is.
  private(set) var bytesRead = 0
  /// What is left to read when reading part of a file; nil when reading to its end.
  private var remainingRange: Range<Int>?
  /// Set once the source reports end of input, so that a terminal is not read past it.
  private var sourceExhausted = false
  /// Set once the start of input has been checked for a byte order mark.
  private var checkedByteOrderMark = false

  /// Parser state, kept between chunks.
  private var state = State.recordStart
  /// The 1-based physical line of the next unparsed byte.
  private var line = 1
  /// Offset in `storage.bytes` where the current field's bytes begin.
  private var fieldStart = 0
  /// The physical line on which the current field began.
  private var fieldLine = 1
  /// The record being assembled, handed out by `next()`.
  private var storage = CSVRecordStorage(byteCapacity: 256, fieldCapacity: 16)
  /// The first error, thrown again by every later `next()`: the input's position is lost.
  private var failure: CSVSyntaxError?

  /// Reads from an open file descriptor, which the caller owns and closes.
  package convenience init(fileDescriptor: Int32, chunkSize: Int = defaultChunkSize) {
    self.init(fileDescriptor: fileDescriptor, memory: [], chunkSize: chunkSize)
  }

  /// Reads the bytes `range` of a file with `pread`, leaving the descriptor's offset alone, so
  /// that two readers can take the halves of one file at once. A byte order mark is looked for
  /// only when the range starts the file; line numbers count from the range's start.
  package convenience init(
    fileDescriptor: Int32, range: Range<Int>, chunkSize: Int = defaultChunkSize
  ) {
    self.init(fileDescriptor: fileDescriptor, memory: [], chunkSize: chunkSize)
    remainingRange = range
    checkedByteOrderMark = range.lowerBound > 0
  }

  /// Reads the bytes `range` of a file as above, counting lines from `firstLine`, and looking
  /// for a byte order mark only if asked: the rest of an input that `CSVScanner` began.
  convenience init(
    fileDescriptor: Int32, range: Range<Int>, firstLine: Int, lookingForByteOrderMark: Bool
  ) {
    self.init(fileDescriptor: fileDescriptor, memory: [], chunkSize: Self.defaultChunkSize)
    remainingRange = range
    line = firstLine
    checkedByteOrderMark = !lookingForByteOrderMark
  }

  /// Reads bytes in memory as `init(bytes:chunkSize:)` does, counting lines from `firstLine`
  /// and looking for a byte order mark only if asked.
  convenience init(bytes: [UInt8], firstLine: Int, lookingForByteOrderMark: Bool) {
    self.init(fileDescriptor: nil, memory: bytes, chunkSize: Self.defaultChunkSize)
    line = firstLine
    checkedByteOrderMark = !lookingForByteOrderMark
  }

  /// Reads `prefix`, bytes already read from the open file descriptor (a pipe's first piece,
  /// looked at before), then the rest of it from the descriptor, which the caller owns.
  package convenience init(
    fileDescriptor: Int32, prefix: [UInt8], chunkSize: Int = defaultChunkSize
  ) {
    self.init(fileDescriptor: fileDescriptor, memory: prefix, chunkSize: chunkSize)
  }

  /// Reads from bytes already in memory (tests, embedded data).
  package convenience init(bytes: [UInt8], chunkSize: Int = defaultChunkSize) {
    self.init(fileDescriptor: nil, memory: bytes, chunkSize: chunkSize)
  }

  /// Shared by the initialisers above.
  private init(fileDescriptor: Int32?, memory: [UInt8], chunkSize: Int) {
    precondition(chunkSize > 0, "CSV chunk size must be positive")
    self.fileDescriptor = fileDescriptor
    self.memory = memory
    self.chunkSize = chunkSize
    bufferCapacity = max(chunkSize, 3)
    buffer = .allocate(capacity: bufferCapacity)
  }

  deinit {
    buffer.deallocate()
  }

  /// The next record, or `nil` at the end of the input.
  package func next() throws(CSVSyntaxError) -> CSVRecord? {
    if let failure { throw failure }
    do {
      return try readRecord()
    } catch {
      failure = error
      throw error
    }
  }

  /// Assembles one record into a buffer that no earlier record still uses.
  private func readRecord() throws(CSVSyntaxError) -> CSVRecord? {
    if !isKnownUniquelyReferenced(&storage) {
      // The caller kept the last record; size the new buffers after it.
      storage = CSVRecordStorage(
        byteCapacity: max(storage.byteCount, 64), fieldCapacity: max(storage.fieldCount, 4))
    }
    storage.removeAll()
    if !checkedByteOrderMark { try skipByteOrderMark() }
    while try !parseBufferedBytes() {
      guard try refill() else {
        guard try finishAtEndOfInput() else { return nil }
        break
      }
    }
    try validateFields()
    return CSVRecord(storage: storage)
  }

  /// Runs the state machine over `buffer[position..<end]`; true when a record was completed.
  ///
  /// The hot loop. State lives in locals, written back on exit, so that the optimiser keeps it in
  /// registers. Bytes are copied straight into the record buffer, in runs bounded by its free
  /// capacity so that capacity is not checked per byte. A field's length is checked wherever its
  /// run stops, before the buffer may grow, so an overlong field cannot grow it without bound.
  private func parseBufferedBytes() throws(CSVSyntaxError) -> Bool {
    let buffer = self.buffer
    let end = self.end
    let storage = self.storage
    var index = position
    var line = self.line
    var state = self.state
    var fieldStart = self.fieldStart
    var fieldLine = self.fieldLine
    defer {
      position = index
      self.line = line
      self.state = state
      self.fieldStart = fieldStart
      self.fieldLine = fieldLine
    }
    while index < end {
      let terminator: UInt8
      switch state {
      case .recordStart:
        let byte = buffer[index]
        if byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn {
          // A blank line; the LF of a CRLF was counted with its CR.
          if byte == CSVByte.carriageReturn || self.byte(before: index) != CSVByte.carriageReturn {
            line += 1
          }
          index += 1
          continue
        }
        storage.line = line
        fieldStart = 0
        fieldLine = line
        state = .fieldStart
        continue
      case .fieldStart:
        if buffer[index] == CSVByte.quote {
          index += 1
          state = .quoted
        } else {
          state = .unquoted
        }
        continue
      case .unquoted:
        if storage.byteCount == storage.byteCapacity { storage.growBytes() }
        let bytes = storage.bytes
        var count = storage.byteCount
        let limit = min(end, index + (storage.byteCapacity - count))
        var stop: UInt8?
        // One field per turn. A comma followed by another unquoted field goes round again
        // without leaving this loop: that is where nearly all the time goes.
        while true {
          // Eight bytes at a time: copy the word, then advance to its first stop byte, if any.
          while index + 8 <= limit {
            let word = UnsafeRawPointer(buffer + index).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(bytes + count).storeBytes(of: word, as: UInt64.self)
            let stops = CSVByte.unquotedStopBits(in: UInt64(littleEndian: word))
            if stops != 0 {
              let run = stops.trailingZeroBitCount >> 3
              index += run
              count += run
              break
            }
            index += 8
            count += 8
          }
          while index < limit && !CSVByte.isIn(CSVByte.unquotedStops, buffer[index]) {
            bytes[count] = buffer[index]
            count += 1
            index += 1
          }
          if count - fieldStart > Self.maximumFieldLength {
            storage.byteCount = count
            throw error(.fieldTooLong, line: fieldLine)
          }
          guard index < limit else { break }
          let byte = buffer[index]
          guard byte == CSVByte.comma, index + 1 < end, buffer[index + 1] != CSVByte.quote else {
            stop = byte
            break
          }
          storage.appendField(start: fieldStart, end: count, line: fieldLine)
          index += 1
          fieldStart = count
        }
        storage.byteCount = count
        // No stop: out of input, or of capacity, which the next pass adds.
        guard let stop else { continue }
        if stop == CSVByte.quote { throw error(.strayQuote, line: fieldLine) }
        terminator = stop
      case .quoted:
        if storage.byteCount == storage.byteCapacity { storage.growBytes() }
        let bytes = storage.bytes
        var count = storage.byteCount
        let limit = min(end, index + (storage.byteCapacity - count))
        while index < limit {
          let byte = buffer[index]
          if CSVByte.isIn(CSVByte.quotedStops, byte) {
            if byte == CSVByte.quote { break }
            if byte == CSVByte.carriageReturn || self.byte(before: index) != CSVByte.carriageReturn
            {
              line += 1
            }
          }
          bytes[count] = byte
          count += 1
          index += 1
        }
        storage.byteCount = count
        if count - fieldStart > Self.maximumFieldLength {
          throw error(.fieldTooLong, line: fieldLine)
        }
        if index < limit {
          index += 1
          state = .afterQuote
        }
        continue
      case .afterQuote:
        let byte = buffer[index]
        if byte == CSVByte.quote {
          // The second quote of a doubled pair: it is data, and the field goes on.
          if storage.byteCount - fieldStart == Self.maximumFieldLength {
            throw error(.fieldTooLong, line: fieldLine)
          }
          if storage.byteCount == storage.byteCapacity { storage.growBytes() }
          storage.bytes[storage.byteCount] = CSVByte.quote
          storage.byteCount += 1
          index += 1
          state = .quoted
          continue
        }
        guard CSVByte.isIn(CSVByte.unquotedStops, byte) else {
          throw error(.garbageAfterClosingQuote, line: fieldLine)
        }
        terminator = byte
      }
      storage.appendField(start: fieldStart, end: storage.byteCount, line: fieldLine)
      index += 1
      if terminator == CSVByte.comma {
        fieldStart = storage.byteCount
        fieldLine = line
        state = .fieldStart
        continue
      }
      line += 1
      state = .recordStart
      return true
    }
    return false
  }

  /// Completes the last record when the input ends without a line break; false if there is none.
  private func finishAtEndOfInput() throws(CSVSyntaxError) -> Bool {
    switch state {
    case .recordStart:
      return false
    case .quoted:
      throw error(.unterminatedQuote, line: fieldLine)
    case .fieldStart, .unquoted, .afterQuote:
      storage.appendField(start: fieldStart, end: storage.byteCount, line: fieldLine)
      state = .recordStart
      return true
    }
  }

  /// Rejects a record with a NUL or invalid UTF-8 in any field, naming the first such field.
  ///
  /// The record's bytes are checked as one run: Chinese merchant names put non-ASCII text on most
  /// rows of a bank's file, and a field-by-field check would cost a call per field. A run that
  /// is valid holds valid fields unless a field starts in the middle of a character (a sequence
  /// cut in two by a field boundary reads as whole across it), which is checked at each
  /// boundary; only a record that fails either way is examined field by field, to name the
  /// field.
  private func validateFields() throws(CSVSyntaxError) {
    let storage = self.storage
    if Self.problem(in: storage.bytes, count: storage.byteCount) == nil {
      var startsMidCharacter = false
      for index in 1..<max(storage.fieldCount, 1) {
        let start = storage.fields[index].start
        if start < storage.byteCount && storage.bytes[start] & 0xC0 == 0x80 {
          startsMidCharacter = true
          break
        }
      }
      if !startsMidCharacter { return }
    }
    for index in 0..<storage.fieldCount {
      let span = storage.fields[index]
      let bytes = storage.bytes + span.start
      let count = span.end - span.start
      if let kind = Self.problem(in: bytes, count: count) {
        throw CSVSyntaxError(line: span.line, column: index + 1, kind: kind)
      }
    }
  }

  /// The first NUL or ill-formed UTF-8 sequence (overlong form, surrogate, beyond U+10FFFF,
  /// truncated) in a field, or `nil`.
  ///
  /// Hand-written rather than `Unicode.UTF8.ForwardParser`, whose generic code is many times
  /// slower, and unspecialised in debug builds; Chinese bank files have non-ASCII text on most rows.
  static func problem(in bytes: UnsafePointer<UInt8>, count: Int) -> CSVSyntaxError.Kind? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let raw = UnsafeRawPointer(bytes)
    var index = 0
    while index < count {
      // Plain ASCII without NUL, eight bytes at a time: a high bit, or (the classic zero-byte
      // test) a byte that borrowed, sends the word to the byte-wise check below.
      while index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if (word | ((word &- ones) & ~word)) & highBits != 0 { break }
        index += 8
      }
      guard index < count else { break }
      let lead = bytes[index]
      if lead < 0x80 {
        if lead == 0 { return .nulByte }
        index += 1
        continue
      }
      // Most Chinese characters: a lead byte E1-EC takes any two continuation bytes.
      if lead &- 0xE1 < 0x0C, count - index >= 3, bytes[index + 1] & 0xC0 == 0x80,
        bytes[index + 2] & 0xC0 == 0x80
      {
        index += 3
        continue
      }
      // Allowed second bytes per lead byte: the Unicode Standard, table 3-7.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xED: (length, high) = (3, 0x9F)
      case 0xE1...0xEF: length = 3
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF4: (length, high) = (4, 0x8F)
      case 0xF1...0xF3: length = 4
      default: return .invalidUTF8
      }
      guard count - index >= length, bytes[index + 1] >= low, bytes[index + 1] <= high else {
        return .invalidUTF8
      }
      var next = index + 2
      while next < index + length {
        if bytes[next] & 0xC0 != 0x80 { return .invalidUTF8 }
        next += 1
      }
      index += length
    }
    return nil
  }

  /// An error about the field being parsed.
  private func error(_ kind: CSVSyntaxError.Kind, line: Int) -> CSVSyntaxError {
    CSVSyntaxError(line: line, column: storage.fieldCount + 1, kind: kind)
  }

  /// The input byte just before `buffer[index]`, which may belong to the previous chunk.
  @inline(__always)
  private func byte(before index: Int) -> UInt8 {
    index > 0 ? buffer[index - 1] : byteBeforeBuffer
  }

  /// Skips `EF BB BF` at the very start, reading up to three bytes first even from tiny chunks.
  private func skipByteOrderMark() throws(CSVSyntaxError) {
    checkedByteOrderMark = true
    while end < 3 {
      let count = try readSource(into: buffer + end, count: min(chunkSize, bufferCapacity - end))
      if count == 0 { break }
      end += count
    }
    if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
  }

  /// Replaces the parsed chunk with the next one; false at end of input.
  private func refill() throws(CSVSyntaxError) -> Bool {
    if end > 0 { byteBeforeBuffer = buffer[end - 1] }
    position = 0
    end = 0
    end = try readSource(into: buffer, count: chunkSize)
    return end > 0
  }

  /// Copies up to `count` bytes of input to `destination`; 0 at end of input.
  private func readSource(
    into destination: UnsafeMutablePointer<UInt8>, count: Int
  ) throws(CSVSyntaxError) -> Int {
    if sourceExhausted { return 0 }
    var copied = 0
    if memoryOffset < memory.count {
      // What was read before the reader (all of it, when there is no file).
      copied = min(count, memory.count - memoryOffset)
      let offset = memoryOffset
      memory.withUnsafeBufferPointer {
        destination.update(from: $0.baseAddress! + offset, count: copied)
      }
      memoryOffset += copied
    } else if let fileDescriptor, let range = remainingRange {
      while true {
        copied = pread(
          fileDescriptor, destination, min(count, range.count), off_t(range.lowerBound))
        if copied >= 0 { break }
        let code = errno
        if code != EINTR { throw error(.readFailed(errno: code), line: line) }
      }
      remainingRange = (range.lowerBound + copied)..<range.upperBound
    } else if let fileDescriptor {
      while true {
        copied = read(fileDescriptor, destination, count)
        if copied >= 0 { break }
        let code = errno
        if code != EINTR { throw error(.readFailed(errno: code), line: line) }
      }
    }
    if copied == 0 { sourceExhausted = true }
    bytesRead += copied
    return copied
  }
}
