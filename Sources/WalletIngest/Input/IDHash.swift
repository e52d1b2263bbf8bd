import WalletCore

/// The hash of an id's UTF-8 bytes: one function for looking ids up (`IDLookup`) and for finding
/// repeated ids (`RepeatedIDs`).
///
/// The first 16 bytes, which hold the whole of nearly every id, are read as two words and mixed
/// with the length by multiplication; bytes past them (rare) go through FNV-1a; a final mix
/// spreads similar ids over every bit, the top ones included, by which `RepeatedHashes` groups.
enum IDHash {
  /// How many of an id's first bytes are read as words.
  static let wordBytes = 16

  /// An id's first 16 bytes, zero-padded, as two integers.
  @inline(__always)
  static func words(_ bytes: UnsafeRawBufferPointer) -> (head: UInt64, tail: UInt64) {
    let inline = min(bytes.count, wordBytes)
    var words = (UInt64(0), UInt64(0))
    if inline > 0 {
      withUnsafeMutableBytes(of: &words) {
        $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<inline]))
      }
    }
    return (words.0, words.1)
  }

  /// The hash of the id with these bytes, whose `words` the caller has already read.
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer, words: (head: UInt64, tail: UInt64))
    -> UInt64
  {
    var hash = (words.head &* 0x9E37_79B9_7F4A_7C15) ^ (words.tail &* 0xC2B2_AE3D_27D4_EB4F)
    hash ^= UInt64(bytes.count) &* 0x1656_67B1_9E37_79F9
    if bytes.count > wordBytes {
      for byte in bytes[wordBytes...] { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    return hash ^ (hash >> 33)
  }

  /// The hash of the id with these bytes.
  @inline(__always)
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    hash(bytes, words: words(bytes))
  }

  /// Appends the hash of each id of `ids` to `hashes`, in order.
  static func append(hashesOf ids: IdentifierArena, to hashes: inout [UInt64]) {
    ids.bytes.withUnsafeBytes { bytes in
      ids.ends.withUnsafeBufferPointer { ends in
        var start = 0
        for end in ends {
          hashes.append(of(UnsafeRawBufferPointer(rebasing: bytes[start..<end])))
          start = end
        }
      }
    }
  }
}
