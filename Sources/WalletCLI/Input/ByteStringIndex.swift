/// An open-addressing hash index from byte strings to dense integer indices, for looking up
/// millions of ids straight from CSV bytes without building a `String` or `Identifier` each.
///
/// The index keeps only hashes and entry numbers; the caller keeps the bytes and says whether an
/// entry matches, so transaction ids are stored once, in the ledger.
struct ByteStringIndex {
  private var slots: [Int32]
  private var entryHashes: [UInt64] = []

  init(expectedCount: Int = 16) {
    var size = 16
    while size < expectedCount * 2 { size *= 2 }
    slots = [Int32](repeating: -1, count: size)
    entryHashes.reserveCapacity(expectedCount)
  }

  /// The number of entries.
  var count: Int { entryHashes.count }

  /// FNV-1a, then a final mix so that similar ids spread over the table.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    return hash ^ (hash >> 33)
  }

  /// The entry with this hash for which `matches` holds, if any.
  func find(hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry < 0 { return nil }
      if entryHashes[Int(entry)] == hash && matches(entry) { return entry }
      slot = (slot + 1) & mask
    }
  }

  /// Adds the next entry (numbered `count`) unless a matching one exists; returns the existing
  /// entry, or nil when added.
  mutating func insert(hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
    if let existing = find(hash: hash, matches: matches) { return existing }
    let entry = Int32(entryHashes.count)
    entryHashes.append(hash)
    if entryHashes.count * 2 > slots.count {
      grow()
    } else {
      place(entry, hash: hash)
    }
    return nil
  }

  private mutating func place(_ entry: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = entry
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    for (entry, hash) in entryHashes.enumerated() { place(Int32(entry), hash: hash) }
  }
}
