/// Rows of a CSV file assembled in one growing buffer from pieces already encoded as
/// `CSVWriter` writes them: a row reserves room for its longest form once, then copies its
/// pieces without a check per field, and the buffer goes to the file as one large write.
///
/// A value owns memory it does not free by itself: call `deallocate()` once, and copy none
/// (a class holds one).
struct RowBuffer {
  /// The bytes; `count` of them are in use.
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// Allocated size of `base`.
  private(set) var capacity: Int
  /// Bytes in use.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  /// Frees the memory; the buffer is not used again.
  func deallocate() { base.deallocate() }

  /// The bytes written so far.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Empties the buffer, keeping its room.
  mutating func removeAll() { count = 0 }

  /// Makes room for `extra` more bytes: every append after it, up to that many bytes, needs no
  /// check of its own. The room has `slack` bytes more, which a piece copied a word at a time
  /// may overwrite past its end.
  @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count + extra + Self.slack > capacity { grow(to: count + extra + Self.slack) }
  }

  /// Bytes past the room reserved that `append(_: EncodedPieces.Piece)` may overwrite.
  static let slack = 8

  private mutating func grow(to needed: Int) {
    var larger = capacity * 2
    while larger < needed { larger *= 2 }
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = larger
  }

  /// Appends `length` bytes from `start`; room was reserved.
  @inline(__always)
  mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
    assert(count + length <= capacity, "a row past the room reserved")
    (base + count).update(from: start, count: length)
    count += length
  }

  /// Appends a piece; room was reserved. Pieces are a few dozen bytes, copied a word at a time
  /// in line: a call to `memmove` per piece cost more than the copy. The last word may read
  /// past the piece (`EncodedPieces` has room after its last) and write past it (`slack`).
  @inline(__always)
  mutating func append(_ piece: EncodedPieces.Piece) {
    assert(count + piece.count + Self.slack <= capacity, "a row past the room reserved")
    let from = UnsafeRawPointer(piece.start)
    let to = UnsafeMutableRawPointer(base + count)
    var offset = 0
    while offset < piece.count {
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
        as: UInt64.self)
      offset += 8
    }
    count += piece.count
  }

  /// Appends one byte; room was reserved.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    assert(count < capacity, "a row past the room reserved")
    base[count] = byte
    count += 1
  }

  /// Appends the line break that ends a record; room was reserved.
  @inline(__always)
  mutating func endRecord() {
    append(CSVByte.carriageReturn)
    append(CSVByte.lineFeed)
  }

  /// Appends a field as `CSVWriter.writeField` writes it (quoted, inner quotes doubled, when it
  /// needs quotes), without a separator; room for `Self.room(forField:)` bytes was reserved.
  /// An id is a dozen bytes or so: they are copied and looked at in one pass, and written again
  /// quoted in the rare case that they must be.
  @inline(__always)
  mutating func appendField(_ field: UnsafeBufferPointer<UInt8>) {
    assert(count + Self.room(forField: field.count) <= capacity, "a row past the room reserved")
    var stops: UInt64 = 0
    let to = base + count
    for (offset, byte) in field.enumerated() {
      to[offset] = byte
      // Every byte that forces quotes inside a field is at most a comma (`CSVByte.isIn`).
      stops |= byte <= CSVByte.comma ? (CSVByte.unquotedStops >> UInt64(byte)) & 1 : 0
    }
    guard let first = field.first, let last = field.last else { return }
    if stops == 0, !CSVByte.isBlank(first), !CSVByte.isBlank(last),
      first != 0xEF || !CSVWriter.needsQuotes(field)
    {
      count += field.count
      return
    }
    // `CSVWriter.needsQuotes(field)`: the bytes copied are written over.
    append(CSVByte.quote)
    for byte in field {
      if byte == CSVByte.quote { append(CSVByte.quote) }
      append(byte)
    }
    append(CSVByte.quote)
  }

  /// The most bytes `appendField` writes for a field of `length` bytes: every byte a doubled
  /// quote, and the two around them.
  @inline(__always)
  static func room(forField length: Int) -> Int { 2 * length + 2 }

  /// Writes the text of `write` (at most `room` bytes) straight into the buffer: the formatters
  /// of times and amounts write into a buffer they are given, and this is the row's own.
  @inline(__always)
  mutating func appendFormatted(
    room: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int
  ) {
    reserve(room)
    let length = write(UnsafeMutableBufferPointer(start: base + count, count: room))
    assert(length <= room, "formatted text past its room")
    count += length
  }
}

/// Runs of bytes encoded once, as `CSVWriter` writes them, for rows that repeat them: a card's
/// holder and id, a billing cycle's dates, a decision's outcome, reason, ordinal and reward.
/// Immutable once made, so that both halves of a block read it at once.
final class EncodedPieces: @unchecked Sendable {
  /// Where a piece's bytes start, and how many there are.
  struct Piece {
    /// The first byte.
    let start: UnsafePointer<UInt8>
    /// The number of bytes.
    let count: Int
  }

  /// The pieces' bytes: in slots of `slotSize` bytes, each a length byte and the piece, or
  /// (when a piece is too long for a slot) back to back, found by `starts`.
  private let bytes: UnsafeMutablePointer<UInt8>
  /// Where each piece starts in `bytes`, and (last) where the last one ends, when the pieces
  /// are back to back; 32 bits, to take little cache.
  private let starts: UnsafeMutablePointer<UInt32>
  /// The size of a piece's slot (16, 32 or 64 bytes, aligned to it, so that a slot is in one
  /// cache line), or 0 when the pieces are back to back. A table of hundreds of thousands of
  /// cards is read at random: a slot found from the index is one cache miss, where an offset
  /// and then the bytes it points to are two, one after the other.
  private let slotSize: Int
  /// The number of pieces.
  let count: Int
  /// The length of the longest piece.
  let longest: Int

  /// The pieces that `build` makes, in order.
  init(_ build: (inout Builder) throws -> Void) rethrows {
    var builder = Builder()
    try build(&builder)
    precondition(builder.pending == 0, "a piece not ended")
    count = builder.ends.count
    var longest = 0
    var start = 0
    for end in builder.ends {
      longest = max(longest, end - start)
      start = end
    }
    self.longest = longest
    slotSize = longest < 16 ? 16 : longest < 32 ? 32 : longest < 64 ? 64 : 0
    // A word past the last byte, which `RowBuffer` may read when it copies the last piece.
    let size = (slotSize == 0 ? builder.bytes.count : count * slotSize) + 8
    bytes = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64).initializeMemory(
      as: UInt8.self, repeating: 0, count: size)
    if slotSize == 0 {
      precondition(builder.bytes.count <= UInt32.max, "pieces past 4 GiB")
      bytes.update(from: builder.bytes, count: builder.bytes.count)
      starts = .allocate(capacity: count + 1)
      starts[0] = 0
      for (index, end) in builder.ends.enumerated() { starts[index + 1] = UInt32(end) }
    } else {
      starts = .allocate(capacity: 1)
      var start = 0
      for (index, end) in builder.ends.enumerated() {
        let slot = bytes + index * slotSize
        slot.pointee = UInt8(end - start)
        if end > start {
          builder.bytes.withUnsafeBufferPointer {
            (slot + 1).update(from: $0.baseAddress! + start, count: end - start)
          }
        }
        start = end
      }
    }
  }

  deinit {
    UnsafeMutableRawPointer(bytes).deallocate()
    starts.deallocate()
  }

  /// Piece `index`.
  @inline(__always)
  subscript(index: Int) -> Piece {
    precondition(index >= 0 && index < count, "no such piece")
    if slotSize != 0 {
      let slot = bytes + index * slotSize
      return Piece(start: UnsafePointer(slot + 1), count: Int(slot.pointee))
    }
    let start = Int(starts[index])
    return Piece(start: UnsafePointer(bytes + start), count: Int(starts[index + 1]) - start)
  }

  /// Makes the pieces, one after another: each is the bytes appended since the last `end()`.
  struct Builder {
    fileprivate var bytes: [UInt8] = []
    fileprivate var ends: [Int] = []
    /// Bytes appended to the piece not yet ended.
    fileprivate var pending = 0

    /// Appends a field as `CSVWriter.writeField` writes it, without a separator.
    mutating func field(_ field: UnsafeBufferPointer<UInt8>) {
      pending += 1
      guard CSVWriter.needsQuotes(field) else { return bytes.append(contentsOf: field) }
      bytes.append(CSVByte.quote)
      for byte in field {
        if byte == CSVByte.quote { bytes.append(CSVByte.quote) }
        bytes.append(byte)
      }
      bytes.append(CSVByte.quote)
    }

    /// Appends a text field as `CSVWriter.writeField` writes it, without a separator.
    mutating func field(_ text: String) {
      var text = text
      text.withUTF8 { field($0) }
    }

    /// Appends bytes as they are: separators, line breaks, text known to need no quotes.
    mutating func raw(_ text: String) {
      pending += 1
      bytes.append(contentsOf: text.utf8)
    }

    /// Appends the separator between fields.
    mutating func comma() {
      pending += 1
      bytes.append(CSVByte.comma)
    }

    /// Appends the line break that ends a record.
    mutating func endRecord() {
      pending += 1
      bytes.append(CSVByte.carriageReturn)
      bytes.append(CSVByte.lineFeed)
    }

    /// Ends the piece: what was appended since the last `end()`, perhaps nothing.
    mutating func end() {
      ends.append(bytes.count)
      pending = 0
    }
  }
}
