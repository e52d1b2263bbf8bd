import WalletCore

/// Ids to dense entry numbers, by their UTF-8 bytes: how every transaction row of a bank's batch
/// finds its card, straight from the CSV bytes.
///
/// An open-addressing table whose slots hold the first 16 bytes of their id, so that a lookup
/// of an id that short (almost all are) reads one slot and nothing else. With millions of
/// lookups spread over hundreds of thousands of cards, each memory access is a likely cache
/// miss: a slot that only pointed at the id's bytes cost three of them. Longer ids compare their
/// remaining bytes against a copy of every id kept beside the table.
struct IDLookup: Sendable {
  /// An id's first 16 bytes (zero-padded), its length and entry number; `entryPlusOne` is 0 in
  /// an empty slot.
  private struct Slot {
    var head = UInt64(0)
    var tail = UInt64(0)
    var length = UInt32(0)
    var entryPlusOne = UInt32(0)
  }

  private var slots: [Slot]
  private var ids = IdentifierArena()

  /// An empty lookup with room for `expectedCount` ids before it grows.
  init(expectedCount: Int = 16) {
    slots = [Slot](repeating: Slot(), count: Self.tableSize(for: expectedCount))
    ids.reserveCapacity(expectedCount, averageLength: 12)
  }

  /// A lookup of `ids`, numbered in order, or nil when one repeats.
  init?(unique ids: some Sequence<Identifier>, expectedCount: Int) {
    self.init(expectedCount: expectedCount)
    for id in ids where insert(id) != nil { return nil }
  }

  /// The number of ids.
  var count: Int { ids.count }

  /// The entry of the id with these bytes, if any.
  func entry(of bytes: UnsafeRawBufferPointer) -> Int32? {
    let key = Key(bytes)
    return slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      var position = key.slot(mask: mask)
      while true {
        let slot = slots[position]
        if slot.entryPlusOne == 0 { return nil }
        let entry = Int(slot.entryPlusOne) - 1
        if slot.head == key.head && slot.tail == key.tail && slot.length == key.length
          && (key.length <= Key.inlineBytes || ids.equals(entry, bytes))
        {
          return Int32(entry)
        }
        position = (position + 1) & mask
      }
    }
  }

  /// The entry of `id`, if any.
  func entry(of id: String) -> Int32? {
    var id = id
    return id.withUTF8 { entry(of: UnsafeRawBufferPointer($0)) }
  }

  /// Adds `id` as entry `count` and returns nil, or returns the entry it already has.
  mutating func insert(_ id: Identifier) -> Int32? {
    var text = id.rawValue
    return text.withUTF8 { insert(UnsafeRawBufferPointer($0)) }
  }

  /// Adds the id with these bytes as entry `count` and returns nil, or returns the entry it
  /// already has.
  mutating func insert(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    if let existing = entry(of: bytes) { return existing }
    precondition(ids.count < Int(UInt32.max - 1), "too many ids for one lookup")
    ids.append(bytes)
    if ids.count * 2 > slots.count {
      slots = [Slot](repeating: Slot(), count: slots.count * 2)
      for entry in 0..<ids.count {
        ids.withBytes(at: entry) { place(UnsafeRawBufferPointer($0), entry: entry) }
      }
    } else {
      place(bytes, entry: ids.count - 1)
    }
    return nil
  }

  private mutating func place(_ bytes: UnsafeRawBufferPointer, entry: Int) {
    let key = Key(bytes)
    slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      var position = key.slot(mask: mask)
      while slots[position].entryPlusOne != 0 { position = (position + 1) & mask }
      slots[position] = Slot(
        head: key.head, tail: key.tail, length: key.length, entryPlusOne: UInt32(entry + 1))
    }
  }

  /// A power of two at least twice `count`, so that probes stay short.
  private static func tableSize(for count: Int) -> Int {
    var size = 16
    while size < count * 2 { size *= 2 }
    return size
  }

  /// What a slot holds of an id, and where its probe starts.
  private struct Key {
    static let inlineBytes: UInt32 = 16
    var head = UInt64(0)
    var tail = UInt64(0)
    let length: UInt32
    let hash: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
      precondition(bytes.count < Int(UInt32.max), "id too long")
      length = UInt32(bytes.count)
      let inline = min(bytes.count, Int(Self.inlineBytes))
      var words = (UInt64(0), UInt64(0))
      if inline > 0 {
        withUnsafeMutableBytes(of: &words) {
          $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<inline]))
        }
      }
      head = words.0
      tail = words.1
      // Multiply-xorshift of both words and the length; bytes past the first 16 only vary the
      // hash through FNV-1a, as such ids are rare.
      var hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F)
      hash ^= UInt64(length) &* 0x1656_67B1_9E37_79F9
      if bytes.count > inline {
        for byte in bytes[inline...] { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
      }
      hash ^= hash >> 33
      hash = hash &* 0xFF51_AFD7_ED55_8CCD
      self.hash = hash ^ (hash >> 33)
    }

    func slot(mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }
  }
}
