#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes RFC 4180 records into a byte buffer and hands each full chunk to a sink; it replaces a
/// third-party CSV library.
///
/// Records end with CRLF. A field is quoted, with inner quotes doubled, exactly when it contains
/// `,`, `"`, CR or LF, begins or ends with a space or tab, or begins with a byte order mark (which
/// the reader would skip at the start of a file), so that `CSVReader` with trimming gives back
/// what was written. A record made of one empty field is written as `""`, because a
/// blank line would be skipped by the reader. The writer does not check that bytes are UTF-8
/// without NUL: it writes what it is given.
///
/// Nothing reaches the sink until a chunk is full or `flush()` is called, so call `flush()` at
/// the end. The sink gets chunks of at most the chunk size, except encoded records handed over
/// whole (`writeEncodedRecords`). After the sink throws, the writer's buffer is in an unknown
/// state: discard it.
package final class CSVWriter {
  /// Bytes buffered before the sink is called: few calls, bounded memory.
  package static let defaultChunkSize = 1 << 20

  /// Receives the output, one chunk at a time; the bytes are valid only during the call.
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  /// Output not yet handed to the sink.
  private let buffer: UnsafeMutablePointer<UInt8>
  /// Allocated size of `buffer`.
  private let capacity: Int
  /// Bytes in use in `buffer`.
  private var count = 0
  /// Fields written since the last `endRecord()`.
  private var fieldsInRecord = 0
  /// Whether the last field written was empty, to spot a record of one empty field.
  private var lastFieldWasEmpty = false

  /// Writes to `sink`, calling it with chunks of `chunkSize` bytes (the last one shorter; see
  /// the type's note on encoded records).
  package init(
    chunkSize: Int = defaultChunkSize, sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    precondition(chunkSize > 0, "CSV chunk size must be positive")
    self.sink = sink
    capacity = chunkSize
    buffer = .allocate(capacity: chunkSize)
  }

  /// Writes to an open file descriptor, which the caller owns and closes; a failed `write(2)`
  /// throws `CSVWriteError`.
  package convenience init(fileDescriptor: Int32, chunkSize: Int = defaultChunkSize) {
    self.init(chunkSize: chunkSize) { bytes in try Self.writeAll(bytes, to: fileDescriptor) }
  }

  /// Writes all of `bytes` to `fileDescriptor`, retrying short and interrupted writes.
  package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        throw CSVWriteError(code: code)
      }
      offset += written
    }
  }

  deinit {
    buffer.deallocate()
  }

  /// Appends a text field to the current record.
  package func writeField(_ value: String) throws {
    var value = value
    try value.withUTF8 { try writeEscaped($0) }
  }

  /// Appends a field given as contiguous bytes to the current record.
  package func writeField(bytes: UnsafeBufferPointer<UInt8>) throws {
    try writeEscaped(bytes)
  }

  /// Appends a field given as bytes to the current record.
  package func writeField(bytes: some Collection<UInt8>) throws {
    let written: Void? = try bytes.withContiguousStorageIfAvailable { try writeEscaped($0) }
    if written == nil { try Array(bytes).withUnsafeBufferPointer { try writeEscaped($0) } }
  }

  /// Writes all of `fields` as one record, then ends it.
  package func writeRecord(_ fields: some Sequence<String>) throws {
    for field in fields { try writeField(field) }
    try endRecord()
  }

  /// Appends whole records another `CSVWriter` (or a `RowBuffer`) made, between records of
  /// this one. Records of a chunk or more go to the sink as they are, after what is buffered,
  /// rather than through the buffer: a copy of megabytes less, and one large write.
  func writeEncodedRecords(_ records: UnsafeBufferPointer<UInt8>) throws {
    precondition(fieldsInRecord == 0, "encoded records written inside a record")
    guard records.count >= capacity, let start = records.baseAddress else {
      return try append(records)
    }
    try flush()
    try sink(UnsafeRawBufferPointer(start: start, count: records.count))
  }

  /// Starts the file with the UTF-8 byte order mark, by which spreadsheets recognise UTF-8 (and
  /// read 交通银行 as such rather than as mojibake); `CSVReader` skips it.
  package func writeByteOrderMark() throws {
    precondition(count == 0 && fieldsInRecord == 0, "a byte order mark starts the file")
    for byte: UInt8 in [0xEF, 0xBB, 0xBF] { try append(byte) }
  }

  /// Ends the current record with CRLF. A record without fields writes nothing.
  package func endRecord() throws {
    guard fieldsInRecord > 0 else { return }
    if fieldsInRecord == 1 && lastFieldWasEmpty {
      try append(CSVByte.quote)
      try append(CSVByte.quote)
    }
    try append(CSVByte.carriageReturn)
    try append(CSVByte.lineFeed)
    fieldsInRecord = 0
  }

  /// Hands everything buffered to the sink.
  package func flush() throws {
    guard count > 0 else { return }
    try sink(UnsafeRawBufferPointer(start: buffer, count: count))
    count = 0
  }

  /// Writes a separator if needed, then the field, quoted only when it must be.
  private func writeEscaped(_ field: UnsafeBufferPointer<UInt8>) throws {
    if fieldsInRecord > 0 { try append(CSVByte.comma) }
    fieldsInRecord += 1
    lastFieldWasEmpty = field.isEmpty
    guard Self.needsQuotes(field) else {
      try append(field)
      return
    }
    try append(CSVByte.quote)
    // Each segment ends with a quote and the next one starts with it, so it is written twice.
    var segmentStart = 0
    for index in field.indices where field[index] == CSVByte.quote {
      try append(UnsafeBufferPointer(rebasing: field[segmentStart...index]))
      segmentStart = index
    }
    try append(UnsafeBufferPointer(rebasing: field[segmentStart...]))
    try append(CSVByte.quote)
  }

  /// True when the field holds a separator, quote or line break, has blanks the reader would
  /// trim at either end, or starts with a byte order mark, which the reader would skip as the
  /// file's if the field came first.
  static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = field.first, let last = field.last else { return false }
    if CSVByte.isBlank(first) || CSVByte.isBlank(last) { return true }
    if first == 0xEF && field.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
    for byte in field where CSVByte.isIn(CSVByte.unquotedStops, byte) { return true }
    return false
  }

  /// Copies bytes into the buffer, handing it to the sink whenever it fills.
  private func append(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    var offset = 0
    while offset < bytes.count {
      if count == capacity { try flush() }
      let copied = min(bytes.count - offset, capacity - count)
      (buffer + count).update(from: bytes.baseAddress! + offset, count: copied)
      count += copied
      offset += copied
    }
  }

  /// Copies one byte into the buffer, handing it to the sink first if it is full.
  private func append(_ byte: UInt8) throws {
    if count == capacity { try flush() }
    buffer[count] = byte
    count += 1
  }
}

/// A failed `write(2)` in the sink made by `CSVWriter(fileDescriptor:)`.
package struct CSVWriteError: Error, Equatable, Sendable {
  /// The `errno` that `write(2)` reported.
  package let code: Int32

  /// Wraps an `errno` value.
  package init(code: Int32) {
    self.code = code
  }
}
