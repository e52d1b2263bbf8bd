import WalletCore

/// An open-addressing hash index from byte strings to dense integer indices, for looking up
/// millions of ids straight from CSV bytes without building a `String` or `Identifier` each.
///
/// The index keeps only hashes and entry numbers; the caller keeps the bytes and says whether an
/// entry matches, so transaction ids are stored once, in the ledger. Each slot holds the entry's
/// number beside 32 bits of its hash, so a probe costs one memory access and the caller's
/// comparison runs only on a likely match.
struct ByteStringIndex {
  /// 0 for an empty slot, else `hashTag << 32 | (entry + 1)`.
  private var slots: [UInt64]
  private var entryHashes: [UInt64] = []

  init(expectedCount: Int = 16) {
    var size = 16
    while size < expectedCount * 2 { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
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
    let tag = hash >> 32
    var slot = Int(truncatingIfNeeded: hash) & mask
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let value = slots[slot]
        if value == 0 { return nil }
        if value >> 32 == tag {
          let entry = Int32(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
          if matches(entry) { return entry }
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Adds the next entry (numbered `count`) unless a matching one exists; returns the existing
  /// entry, or nil when added.
  mutating func insert(hash: UInt64, matches: (Int32) -> Bool) -> Int32? {
    if let existing = find(hash: hash, matches: matches) { return existing }
    append(hash: hash)
    return nil
  }

  /// Adds the next entry (numbered `count`), which the caller knows is not there yet.
  mutating func append(hash: UInt64) {
    let entry = Int32(entryHashes.count)
    entryHashes.append(hash)
    if entryHashes.count * 2 > slots.count {
      grow()
    } else {
      place(entry, hash: hash)
    }
  }

  private mutating func place(_ entry: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    slots.withUnsafeMutableBufferPointer { slots in
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = (hash >> 32) << 32 | UInt64(entry + 1)
    }
  }

  private mutating func grow() {
    slots = [UInt64](repeating: 0, count: slots.count * 2)
    for (entry, hash) in entryHashes.enumerated() { place(Int32(entry), hash: hash) }
  }
}

extension UnsafeRawBufferPointer {
  /// Whether the bytes are exactly this ASCII text: an inlined loop over a few bytes (the
  /// codes compared on every row of a file), where `memcmp` cost a library call and
  /// `elementsEqual` on a string's UTF-8 view went through generic code.
  @inline(__always)
  func equals(_ text: StaticString) -> Bool {
    guard count == text.utf8CodeUnitCount else { return false }
    let expected = text.utf8Start
    for index in 0..<count where self[index] != expected[index] { return false }
    return true
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
