#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fast path of `CSVReader`: the same records from the same input, found 16 bytes at a time
/// with vector compares, and handed out where they lie in the input buffer, without a copy.
///
/// Nearly every row of a bank's file is plain: fields without line breaks, carriage returns or
/// NUL bytes, each either unquoted or quoted whole. For those, one compare per special byte
/// over 16 bytes gives one bit mask of the commas, line feeds, quotes, carriage returns and NULs,
/// the byte at each set bit says which (nearly always a comma), and the fields are the runs
/// between them; the bytes of a record with any byte of 0x80 or more are checked as UTF-8 in
/// one run. At the first record that is anything else (a carriage return, a line
/// break inside quotes, a stray quote, invalid UTF-8, a field too long, a record longer than the
/// buffer), the scanner hands the rest of the input, from that record's first byte and line, to
/// a `CSVReader`, which reads it or throws exactly the error it always has. So the records, their
/// lines and columns, and the errors are `CSVReader`'s on every input (`.ci/fuzz`'s
/// FuzzCSVScanner checks this).
///
/// Fields are given as `CSVRawFields`, valid until the next call to `next()`.
package final class CSVScanner {
  /// Bytes read at a time; a record longer than this goes to `CSVReader`.
  package static let defaultChunkSize = 1 << 20

  /// Bytes loaded by one vector compare.
  private static let lane = 16
  /// Bytes after the buffer's end that a vector load may read (and ignore).
  private static let padding = 64

  private let fileDescriptor: Int32?
  /// The input without a file (tests, the fuzzer).
  private let memory: [UInt8]
  /// The part of the file (or of `memory`) not yet in the buffer.
  private var remaining: Range<Int>
  /// Whether the input starts a file, where a byte order mark is skipped.
  private let startsInput: Bool
  private let chunkSize: Int
  private let buffer: UnsafeMutablePointer<UInt8>
  /// Offset in the input of `buffer[0]`.
  private var bufferOffset: Int
  /// The first byte not yet handed out.
  @exclusivity(unchecked) private var position = 0
  /// One past the last valid byte of `buffer`.
  @exclusivity(unchecked) private var end = 0
  /// Whether the input has no bytes left beyond `end`.
  @exclusivity(unchecked) private var exhausted = false
  /// Set once the first bytes are read (and a byte order mark skipped).
  @exclusivity(unchecked) private var started = false
  /// The 1-based line of the next record.
  @exclusivity(unchecked) private var line = 1
  /// The current record's fields, as offsets in `buffer`.
  @exclusivity(unchecked) private var spans: UnsafeMutablePointer<CSVFieldSpan>
  @exclusivity(unchecked) private var spanCapacity = 64
  @exclusivity(unchecked) private var fieldCount = 0
  /// The line of the current record.
  @exclusivity(unchecked) private var recordLine = 0
  /// Set once the rest of the input is `CSVReader`'s.
  @exclusivity(unchecked) private var handedOver: CSVReader?
  /// The record `handedOver` gave last.
  @exclusivity(unchecked) private var handedOverRecord: CSVRecord?
  /// The first error, thrown again by every later call.
  @exclusivity(unchecked) private var failure: CSVSyntaxError?
  /// Input bytes taken so far (ahead of the records handed out by up to a chunk).
  package var bytesRead: Int { bytesScanned + (handedOver?.bytesRead ?? 0) }
  private var bytesScanned = 0
  /// Records scanned here rather than by `CSVReader` (for tests and measurements).
  @exclusivity(unchecked) package private(set) var recordsScanned = 0

  /// Reads the bytes `range` of an open file with `pread`, leaving its offset alone, as
  /// `CSVReader(fileDescriptor:range:)` does: a byte order mark is looked for only when the range
  /// starts the file, and lines count from the range's start.
  package init(fileDescriptor: Int32, range: Range<Int>, chunkSize: Int = defaultChunkSize) {
    self.fileDescriptor = fileDescriptor
    memory = []
    remaining = range
    startsInput = range.lowerBound == 0
    bufferOffset = range.lowerBound
    self.chunkSize = max(chunkSize, 4)
    buffer = .allocate(capacity: self.chunkSize + Self.padding)
    // Vector loads read past the bytes in use (and ignore what they read there): every byte
    // they can reach is initialised.
    buffer.initialize(repeating: 0, count: self.chunkSize + Self.padding)
    spans = .allocate(capacity: spanCapacity)
  }

  /// Reads bytes in memory, as `CSVReader(bytes:chunkSize:)` does.
  package init(bytes: [UInt8], chunkSize: Int = defaultChunkSize) {
    fileDescriptor = nil
    memory = bytes
    remaining = 0..<bytes.count
    startsInput = true
    bufferOffset = 0
    self.chunkSize = max(chunkSize, 4)
    buffer = .allocate(capacity: self.chunkSize + Self.padding)
    // Vector loads read past the bytes in use (and ignore what they read there): every byte
    // they can reach is initialised.
    buffer.initialize(repeating: 0, count: self.chunkSize + Self.padding)
    spans = .allocate(capacity: spanCapacity)
  }

  deinit {
    buffer.deallocate()
    spans.deallocate()
  }

  /// The next record's fields (trimmed, as `CSVRecord.withRawFields` gives them), valid until
  /// the next call; nil at the end of the input. Throws what `CSVReader` would, and again on
  /// every later call.
  package func next() throws(CSVSyntaxError) -> CSVRawFields? {
    if let failure { throw failure }
    do {
      if handedOver == nil, try scanRecord() {
        recordsScanned += 1
        return CSVRawFields(bytes: buffer, spans: spans, count: fieldCount)
      }
      guard let reader = handedOver else { return nil }
      handedOverRecord = nil
      guard let record = try reader.next() else { return nil }
      handedOverRecord = record
      return CSVRawFields(
        bytes: record.storage.bytes, spans: record.storage.fields, count: record.count)
    } catch {
      failure = error
      throw error
    }
  }

  /// The next record as a `CSVRecord` (a copy of its fields), or nil at the end: for a header,
  /// and for what only the ordinary row parser reads.
  package func nextRecord() throws(CSVSyntaxError) -> CSVRecord? {
    guard try next() != nil else { return nil }
    return currentRecord()
  }

  /// The record `next()` returned last, as a `CSVRecord`: its fields untrimmed, with their
  /// lines and columns.
  package func currentRecord() -> CSVRecord {
    if let handedOverRecord { return handedOverRecord }
    var bytes = 0
    for index in 0..<fieldCount { bytes += spans[index].end - spans[index].start }
    let storage = CSVRecordStorage(byteCapacity: bytes, fieldCapacity: fieldCount)
    storage.line = recordLine
    for index in 0..<fieldCount {
      let span = spans[index]
      let count = span.end - span.start
      (storage.bytes + storage.byteCount).update(from: buffer + span.start, count: count)
      storage.byteCount += count
      storage.appendField(
        start: storage.byteCount - count, end: storage.byteCount, line: span.line)
    }
    return CSVRecord(storage: storage)
  }

  // MARK: - Scanning

  /// Scans the next record into `spans`; false at the end of the input or once it is handed
  /// over (`handedOver` then set).
  private func scanRecord() throws(CSVSyntaxError) -> Bool {
    if !started {
      started = true
      // At least the three bytes of a byte order mark, however small the chunks.
      repeat { try fill() } while end < 3 && !exhausted
      if startsInput && end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
        position = 3
      }
    }
    while true {
      switch scanBuffered() {
      case .record:
        return true
      case .blankLine:
        continue
      case .unusual:
        try handOver()
        return false
      case .needMore:
        if exhausted {
          if position == end { return false }
          // The last record, without a line break.
          switch finishLastRecord() {
          case .record: return true
          default:
            try handOver()
            return false
          }
        }
        guard position > 0 || end < chunkSize else {
          // A record longer than the buffer.
          try handOver()
          return false
        }
        try fill()
      }
    }
  }

  private enum Scan {
    case record, blankLine, unusual, needMore
  }

  /// Scans one record starting at `position`, if it lies wholly in the buffer.
  ///
  /// The hot loop. What it changes lives in locals, written back once, so that the optimiser
  /// keeps it in registers and no access to the class's properties is checked per field.
  @inline(__always)
  private func scanBuffered() -> Scan {
    let start = position
    let buffer = self.buffer
    let end = self.end
    guard start < end else { return .needMore }
    if buffer[start] == CSVByte.lineFeed {
      position = start + 1
      line += 1
      return .blankLine
    }
    let line = self.line
    var spans = self.spans
    var capacity = spanCapacity
    var count = 0
    defer {
      self.spans = spans
      spanCapacity = capacity
      fieldCount = count
    }
    // Fields with a `""` inside, by index: their bytes are unescaped once the record is whole.
    var doubledQuotes: UInt64 = 0
    var fieldStart = start
    // Where the first byte of 0x80 or more may be (a block's start, or a quoted field's), or
    // `Int.max`: the UTF-8 check starts there, as the bytes before are ASCII.
    var firstHighBit = Int.max
    var block = start
    while block < end {
      let vector = UnsafeRawPointer(buffer + block).loadUnaligned(as: SIMD16<UInt8>.self)
      let valid: UInt64 = end - block >= Self.lane ? 0xFFFF : (1 << UInt64(end - block)) - 1
      // Every byte that ends a plain field or makes the record unusual: one mask, and the byte
      // itself tells which, as nearly every stop is a comma.
      var stops =
        Self.bits(
          (vector .== SIMD16(repeating: CSVByte.comma))
            .| (vector .== SIMD16(repeating: CSVByte.lineFeed))
            .| (vector .== SIMD16(repeating: CSVByte.quote))
            .| (vector .== SIMD16(repeating: CSVByte.carriageReturn))
            .| (vector .== SIMD16(repeating: 0))) & valid
      // The UTF-8 check starts at the first block with a high bit anywhere in its 16 bytes:
      // bytes of it outside the record are not checked, and ASCII ones in it pass.
      if firstHighBit == Int.max && Self.hasHighBit(vector) { firstHighBit = block }
      // One block adds at most a field per byte.
      if count + Self.lane > capacity {
        (spans, capacity) = Self.grow(spans, count: count, to: 2 * (count + Self.lane))
      }
      while stops != 0 {
        let at = block + stops.trailingZeroBitCount
        let byte = buffer[at]
        if byte == CSVByte.comma {
          (spans + count).initialize(to: CSVFieldSpan(start: fieldStart, end: at, line: line))
          count += 1
          fieldStart = at + 1
          stops &= stops - 1
          continue
        }
        if byte == CSVByte.lineFeed {
          (spans + count).initialize(to: CSVFieldSpan(start: fieldStart, end: at, line: line))
          count += 1
          return finishRecord(
            start: start, next: at + 1, spans: spans, count: count,
            doubledQuotes: doubledQuotes, firstHighBit: firstHighBit)
        }
        // A carriage return or NUL before the record's line feed is unusual (one after it
        // belongs to the next record), and so is a quote inside a field.
        guard byte == CSVByte.quote, at == fieldStart else { return .unusual }
        // A whole quoted field: `"…"` then a comma or line break.
        var doubled = false
        let close: Int
        switch quotedFieldEnd(from: at + 1, doubled: &doubled) {
        case .closed(let found): close = found
        case .needMore: return .needMore
        case .unusual: return .unusual
        }
        let terminator: UInt8
        if close + 1 >= end {
          guard exhausted else { return .needMore }
          terminator = CSVByte.lineFeed
        } else {
          terminator = buffer[close + 1]
          guard terminator == CSVByte.comma || terminator == CSVByte.lineFeed else {
            return .unusual
          }
        }
        if doubled {
          guard count < 64 else { return .unusual }
          doubledQuotes |= 1 << UInt64(count)
        }
        // The field's bytes past this block were not looked at for a high bit.
        firstHighBit = min(firstHighBit, at)
        (spans + count).initialize(to: CSVFieldSpan(start: at + 1, end: close, line: line))
        count += 1
        // The next field starts past the closing quote and its terminator.
        let next = close + 2
        if terminator == CSVByte.lineFeed {
          return finishRecord(
            start: start, next: next, spans: spans, count: count, doubledQuotes: doubledQuotes,
            firstHighBit: firstHighBit)
        }
        fieldStart = next
        // Go on after the quoted field, whose room in `spans` was taken from this block's:
        // this block's masks are stale.
        block = next - Self.lane
        break
      }
      block += Self.lane
    }
    // Ran out of buffered input inside the record.
    count = 0
    return .needMore
  }

  /// `spans`, holding `count` fields, moved to room for `capacity`; kept out of line, as
  /// records rarely outgrow it.
  @inline(never)
  private static func grow(
    _ spans: UnsafeMutablePointer<CSVFieldSpan>, count: Int, to capacity: Int
  ) -> (UnsafeMutablePointer<CSVFieldSpan>, Int) {
    let grown = UnsafeMutablePointer<CSVFieldSpan>.allocate(capacity: capacity)
    grown.moveInitialize(from: spans, count: count)
    spans.deallocate()
    return (grown, capacity)
  }

  /// Completes a record that the input ends without a line break, if it is plain.
  private func finishLastRecord() -> Scan {
    // Scan again with a line feed appended in the padding, which the loads may read.
    buffer[end] = CSVByte.lineFeed
    let savedEnd = end
    end += 1
    let result = scanBuffered()
    end = savedEnd
    if result == .record {
      // The line feed appended was not input: the record ends the input.
      position = min(position, end)
      return .record
    }
    return .unusual
  }

  /// Ends the record `buffer[start..<next]`, whose fields are `spans[0..<count]`: checks its
  /// fields' lengths (only a record longer than a field may be has one too long), checks it as
  /// UTF-8 from `firstHighBit` (a valid sequence cannot start on an ASCII byte before it),
  /// unescapes its doubled quotes, and moves on to the next line.
  @inline(__always)
  private func finishRecord(
    start: Int, next: Int, spans: UnsafeMutablePointer<CSVFieldSpan>, count: Int,
    doubledQuotes: UInt64, firstHighBit: Int
  ) -> Scan {
    if next - start > CSVReader.maximumFieldLength
      && (0..<count).contains(where: {
        spans[$0].end - spans[$0].start > CSVReader.maximumFieldLength
      })
    {
      return .unusual
    }
    position = min(next, end)
    // Checked as written: unescaping moves a field's bytes over a doubled quote and leaves its
    // last byte twice, which could complete a sequence cut short by the closing quote.
    if firstHighBit < position
      && CSVReader.problem(in: buffer + firstHighBit, count: position - firstHighBit) != nil
    {
      position = start
      return .unusual
    }
    if doubledQuotes != 0 { unescape(doubledQuotes, spans: spans) }
    recordLine = line
    line += 1
    return .record
  }

  /// Where a quoted field whose text starts at `from` ends.
  private enum QuotedEnd {
    /// The closing quote's offset.
    case closed(Int)
    /// The buffer ends first: more input is needed to tell.
    case needMore
    /// The field holds a line break or a NUL: `CSVReader`'s to read.
    case unusual
  }

  /// Finds the quote that closes a quoted field whose text starts at `from`, noting in
  /// `doubled` a `""` inside.
  @inline(__always)
  private func quotedFieldEnd(from: Int, doubled: inout Bool) -> QuotedEnd {
    var index = from
    while index < end {
      let byte = buffer[index]
      if byte == CSVByte.quote {
        if index + 1 < end && buffer[index + 1] == CSVByte.quote {
          doubled = true
          index += 2
          continue
        }
        if index + 1 == end && !exhausted { return .needMore }
        return .closed(index)
      }
      if byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn || byte == 0 {
        return .unusual
      }
      index += 1
    }
    return exhausted ? .unusual : .needMore
  }

  /// Turns each `""` of the fields whose bits `fields` sets into `"`, in place: the bytes are
  /// this record's own, and the scan is done with them.
  private func unescape(_ fields: UInt64, spans: UnsafeMutablePointer<CSVFieldSpan>) {
    var left = fields
    while left != 0 {
      let index = left.trailingZeroBitCount
      left &= left - 1
      var read = spans[index].start
      var write = read
      let stop = spans[index].end
      while read < stop {
        let byte = buffer[read]
        buffer[write] = byte
        write += 1
        read += byte == CSVByte.quote ? 2 : 1
      }
      spans[index].end = write
    }
  }

  /// The bits of `mask`'s lanes, lane 0 lowest: each lane's high bit gathered with a multiply.
  @inline(__always)
  private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    let gather: UInt64 = 0x0002_0408_1020_4081
    let low = ((words[0] & 0x8080_8080_8080_8080) &* gather) >> 56
    let high = ((words[1] & 0x8080_8080_8080_8080) &* gather) >> 56
    return low | high << 8
  }

  /// Whether any lane of `vector` holds a byte of 0x80 or more.
  @inline(__always)
  private static func hasHighBit(_ vector: SIMD16<UInt8>) -> Bool {
    let words = unsafeBitCast(vector, to: SIMD2<UInt64>.self)
    return (words[0] | words[1]) & 0x8080_8080_8080_8080 != 0
  }

  // MARK: - Input

  /// Moves the unscanned bytes to the front of the buffer and reads after them.
  private func fill() throws(CSVSyntaxError) {
    let kept = end - position
    if position > 0 {
      buffer.update(from: buffer + position, count: kept)
      bufferOffset += position
      position = 0
      end = kept
    }
    let count = min(chunkSize - end, remaining.count)
    guard count > 0 else {
      exhausted = remaining.isEmpty
      return
    }
    var copied = 0
    if let fileDescriptor {
      while true {
        copied = pread(fileDescriptor, buffer + end, count, off_t(remaining.lowerBound))
        if copied >= 0 { break }
        let code = errno
        if code != EINTR {
          throw CSVSyntaxError(line: line, column: 1, kind: .readFailed(errno: code))
        }
      }
    } else {
      copied = count
      let from = remaining.lowerBound
      let destination = buffer + end
      memory.withUnsafeBufferPointer {
        destination.update(from: $0.baseAddress! + from, count: count)
      }
    }
    if copied == 0 {
      // The file is shorter than the range: its end is the input's.
      remaining = remaining.lowerBound..<remaining.lowerBound
    } else {
      remaining = (remaining.lowerBound + copied)..<remaining.upperBound
    }
    end += copied
    bytesScanned += copied
    exhausted = remaining.isEmpty
  }

  /// Hands the input from `position` on to a `CSVReader`, starting at the current line.
  private func handOver() throws(CSVSyntaxError) {
    let from = bufferOffset + position
    let rest = from..<(remaining.upperBound)
    if let fileDescriptor {
      handedOver = CSVReader(
        fileDescriptor: fileDescriptor, range: rest, firstLine: line, lookingForByteOrderMark: false
      )
    } else {
      handedOver = CSVReader(
        bytes: Array(memory[rest]), firstLine: line, lookingForByteOrderMark: false)
    }
    position = end
  }
}
