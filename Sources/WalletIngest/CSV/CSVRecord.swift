/// One record read by `CSVReader`: a random-access collection of its fields.
///
/// A record is an immutable snapshot. Its bytes live in a buffer that the reader reuses for the
/// next record only when no `CSVRecord` or `CSVField` still refers to it, so a loop that drops
/// each record before asking for the next allocates nothing per record, while a caller that keeps
/// records simply keeps their buffers.
package struct CSVRecord: RandomAccessCollection {
  /// The bytes and field boundaries; never mutated once a record refers to it.
  let storage: CSVRecordStorage

  /// The 1-based physical line on which the record starts.
  package var line: Int { storage.line }

  /// The first field's index, always 0.
  package var startIndex: Int { 0 }

  /// The number of fields.
  package var endIndex: Int { storage.fieldCount }

  /// The field at `index` (0-based; its `column` is `index + 1`).
  package subscript(index: Int) -> CSVField {
    precondition(index >= 0 && index < storage.fieldCount, "CSV field index out of range")
    let span = storage.fields[index]
    return CSVField(
      storage: storage, start: span.start, end: span.end, line: span.line, column: index + 1)
  }
}

/// One field of a `CSVRecord`: its unescaped bytes (quotes removed, `""` turned into `"`, nothing
/// trimmed) as a random-access collection of `UInt8`, plus where it starts.
///
/// The reader has already checked that the bytes are UTF-8 without NUL, so turning them into a
/// `String` cannot fail. `isEmpty` is about the raw bytes; a value that the SPEC treats as empty
/// after trimming is `field.trimmed().isEmpty`.
package struct CSVField: RandomAccessCollection {
  /// Keeps the bytes alive; shared with the record.
  let storage: CSVRecordStorage
  /// Offset of the first byte within `storage.bytes`.
  let start: Int
  /// Offset one past the last byte within `storage.bytes`.
  let end: Int

  /// The 1-based physical line on which the field starts.
  package let line: Int
  /// The 1-based index of the field within its record.
  package let column: Int

  /// Always 0: a field is indexed from its own start, not from the record's.
  package var startIndex: Int { 0 }

  /// The number of bytes.
  package var endIndex: Int { end - start }

  /// The byte at `index`.
  package subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < end - start, "CSV field byte index out of range")
    return storage.bytes[start + index]
  }

  /// Calls `body` with the field's bytes, which are valid only during the call.
  package func withUnsafeBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withExtendedLifetime(storage) { () throws(Failure) -> Result in
      try body(UnsafeRawBufferPointer(start: storage.bytes + start, count: end - start))
    }
  }

  /// Lets generic algorithms (`elementsEqual`, `Array.init`) copy or compare without indexing.
  package func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try withExtendedLifetime(storage) {
      try body(UnsafeBufferPointer(start: storage.bytes + start, count: end - start))
    }
  }

  /// The same field without surrounding ASCII spaces and tabs, which the SPEC strips from every
  /// value; no bytes are copied.
  package func trimmed() -> CSVField {
    let bytes = storage.bytes
    var low = start
    var high = end
    while low < high && CSVByte.isBlank(bytes[low]) { low += 1 }
    while high > low && CSVByte.isBlank(bytes[high - 1]) { high -= 1 }
    return CSVField(storage: storage, start: low, end: high, line: line, column: column)
  }

  /// The field as text, untrimmed.
  package var string: String {
    withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// The field as text without surrounding spaces and tabs: the value the SPEC means.
  package var trimmedString: String { trimmed().string }
}

/// Where one field lies in `CSVRecordStorage.bytes`.
struct CSVFieldSpan {
  /// Offset of the first byte.
  var start: Int
  /// Offset one past the last byte.
  var end: Int
  /// The 1-based physical line on which the field starts.
  var line: Int
}

/// The reusable buffers behind a record, managed by hand so that the parser's inner loop can write
/// through a raw pointer without `Array`'s per-append uniqueness and capacity checks.
final class CSVRecordStorage {
  /// Unescaped bytes of all fields, back to back.
  private(set) var bytes: UnsafeMutablePointer<UInt8>
  /// Allocated size of `bytes`.
  private(set) var byteCapacity: Int
  /// Bytes in use; the parser advances it after writing through `bytes`.
  var byteCount = 0
  /// Completed fields, in order.
  private(set) var fields: UnsafeMutablePointer<CSVFieldSpan>
  /// Allocated size of `fields`.
  private(set) var fieldCapacity: Int
  /// Completed fields in use.
  private(set) var fieldCount = 0
  /// The 1-based physical line on which the record starts.
  var line = 0

  /// Allocates buffers of the given sizes (at least 1 each).
  init(byteCapacity: Int, fieldCapacity: Int) {
    self.byteCapacity = max(byteCapacity, 1)
    self.fieldCapacity = max(fieldCapacity, 1)
    bytes = .allocate(capacity: self.byteCapacity)
    fields = .allocate(capacity: self.fieldCapacity)
  }

  deinit {
    bytes.deallocate()
    fields.deallocate()
  }

  /// Empties the storage for the next record, keeping its capacity.
  func removeAll() {
    byteCount = 0
    fieldCount = 0
  }

  /// Doubles the byte buffer; the caller must reload `bytes` afterwards.
  @inline(never)
  func growBytes() {
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity * 2)
    grown.update(from: bytes, count: byteCount)
    bytes.deallocate()
    bytes = grown
    byteCapacity *= 2
  }

  /// Records a completed field; inlined because the parser calls it for every field.
  @inline(__always)
  func appendField(start: Int, end: Int, line: Int) {
    if fieldCount == fieldCapacity { growFields() }
    (fields + fieldCount).initialize(to: CSVFieldSpan(start: start, end: end, line: line))
    fieldCount += 1
  }

  /// Doubles the field buffer; kept out of line so that `appendField` stays small.
  @inline(never)
  private func growFields() {
    let grown = UnsafeMutablePointer<CSVFieldSpan>.allocate(capacity: fieldCapacity * 2)
    grown.moveInitialize(from: fields, count: fieldCount)
    fields.deallocate()
    fields = grown
    fieldCapacity *= 2
  }
}

/// The bytes that RFC 4180 gives a meaning to, and the blanks the SPEC trims.
enum CSVByte {
  /// Separates fields.
  static let comma: UInt8 = 0x2C
  /// Opens and closes a quoted field; doubled inside one.
  static let quote: UInt8 = 0x22
  /// Carriage return; alone or before `lineFeed` it ends a line.
  static let carriageReturn: UInt8 = 0x0D
  /// Line feed; ends a line.
  static let lineFeed: UInt8 = 0x0A
  /// Trimmed, and forces quoting at the edges of a written field.
  static let space: UInt8 = 0x20
  /// Trimmed, and forces quoting at the edges of a written field.
  static let tab: UInt8 = 0x09

  /// Bit `b` is set for each byte `b` that ends an unquoted field or is not allowed in one.
  static let unquotedStops: UInt64 = 1 << 0x2C | 1 << 0x22 | 1 << 0x0D | 1 << 0x0A
  /// Bit `b` is set for each byte `b` that a quoted field cannot simply copy: the quote, and the
  /// line breaks that advance the line count.
  static let quotedStops: UInt64 = 1 << 0x22 | 1 << 0x0D | 1 << 0x0A

  /// True when bit `byte` of `mask` is set. Every special byte is at most `,` (0x2C), so digits,
  /// letters, `-`, `.` and `:` cost one compare.
  @inline(__always)
  static func isIn(_ mask: UInt64, _ byte: UInt8) -> Bool {
    byte <= comma && (mask >> UInt64(byte)) & 1 != 0
  }

  /// The high bit of each byte of `word` (in memory order, least significant first) that is a
  /// byte of `unquotedStops`. The classic zero-byte test: a byte equal to the stop becomes 0 after
  /// the XOR and borrows when 1 is subtracted. Borrows may flag bytes after a true stop, never
  /// before one, so the lowest flag is exact.
  @inline(__always)
  static func unquotedStopBits(in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 {
      (value &- ones) & ~value & 0x8080_8080_8080_8080
    }
    return zeroBytes(word ^ (ones &* UInt64(comma))) | zeroBytes(word ^ (ones &* UInt64(quote)))
      | zeroBytes(word ^ (ones &* UInt64(carriageReturn)))
      | zeroBytes(word ^ (ones &* UInt64(lineFeed)))
  }

  /// True for the space and the tab.
  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }
}

/// A record's fields as raw byte buffers, trimmed of surrounding spaces and tabs, for readers
/// that look at millions of fields and cannot afford a `CSVField` value each. Valid only inside
/// `CSVRecord.withRawFields`, or until a `CSVScanner` moves on.
package struct CSVRawFields {
  /// The bytes the spans' offsets count from.
  private let bytes: UnsafePointer<UInt8>
  /// Where each field lies in `bytes`.
  private let spans: UnsafePointer<CSVFieldSpan>
  /// The number of fields.
  package let count: Int

  /// The fields `spans[0..<count]` of `bytes`.
  init(bytes: UnsafePointer<UInt8>, spans: UnsafePointer<CSVFieldSpan>, count: Int) {
    self.bytes = bytes
    self.spans = spans
    self.count = count
  }

  /// The trimmed bytes of field `index` (0-based).
  package subscript(index: Int) -> UnsafeRawBufferPointer {
    precondition(index >= 0 && index < count, "CSV field index out of range")
    let span = spans[index]
    var low = span.start
    var high = span.end
    let bytes = self.bytes
    // Nearly every field starts and ends with a byte above the space, the largest blank.
    if low < high && bytes[low] > CSVByte.space && bytes[high - 1] > CSVByte.space {
      return UnsafeRawBufferPointer(start: bytes + low, count: high - low)
    }
    while low < high && CSVByte.isBlank(bytes[low]) { low += 1 }
    while high > low && CSVByte.isBlank(bytes[high - 1]) { high -= 1 }
    return UnsafeRawBufferPointer(start: bytes + low, count: high - low)
  }

  /// The untrimmed bytes of field `index` (0-based), as `CSVRecord`'s field has them.
  package func untrimmed(_ index: Int) -> UnsafeRawBufferPointer {
    precondition(index >= 0 && index < count, "CSV field index out of range")
    let span = spans[index]
    return UnsafeRawBufferPointer(start: bytes + span.start, count: span.end - span.start)
  }
}

extension CSVRecord {
  /// Calls `body` with the record's fields as raw buffers, which are valid only during the call.
  func withRawFields<Result, Failure: Error>(
    _ body: (CSVRawFields) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withExtendedLifetime(storage) { () throws(Failure) -> Result in
      try body(
        CSVRawFields(bytes: storage.bytes, spans: storage.fields, count: storage.fieldCount))
    }
  }
}
