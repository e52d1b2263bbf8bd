import WalletCore

/// The escaping of everything wallet shows a person: control characters become visible text.
///
/// The characters are `ShownValue`'s (C0 controls, DEL, C1 controls, the line and paragraph
/// separators and the bidirectional overrides and isolates), written as `ShownValue` writes them
/// (`\u{1B}`), so that a value reads the same in a message, a table and a sentence. The line feed
/// is kept: it ends the lines of what is shown (values in sentences are escaped before, so that
/// none can start a line of its own). Data shown on a terminal keeps CSV's CRLF line ends too;
/// a carriage return anywhere else could draw over the line. Only `Console` calls this; it works
/// on UTF-8 bytes, and a text with nothing to escape (nearly all of it) is passed on as it is.
enum TerminalText {
  /// `text` with every character that needs it escaped. With `keepingStyle`, the colour escapes
  /// that `Style` writes (and only those, byte for byte) are kept.
  static func escaped(_ text: String, keepingStyle: Bool, keepingCRLF: Bool = false) -> String {
    var text = text
    return text.withUTF8 { bytes in
      guard firstToEscape(in: bytes) != nil else { return String(decoding: bytes, as: UTF8.self) }
      var shown: [UInt8] = []
      shown.reserveCapacity(bytes.count + 32)
      var carry: [UInt8] = []
      append(
        bytes, keepingStyle: keepingStyle, keepingCRLF: keepingCRLF, carry: &carry, to: &shown)
      // What waits for a next piece that will not come: a carriage return ending the text is
      // a lone one, and escaped.
      for byte in carry {
        if byte == 0x0D { appendEscape(UInt32(byte), to: &shown) } else { shown.append(byte) }
      }
      return String(decoding: shown, as: UTF8.self)
    }
  }

  /// Escapes one piece of a longer stream into `shown`. A piece may end inside a C1 control or
  /// a separator (a chunk boundary); those first bytes wait in `carry` for the next piece, so
  /// that no control passes raw because it was cut in two.
  static func append(
    _ piece: UnsafeBufferPointer<UInt8>, keepingStyle: Bool, keepingCRLF: Bool = false,
    carry: inout [UInt8], to shown: inout [UInt8]
  ) {
    var bytes = carry
    carry.removeAll()
    bytes.append(contentsOf: piece)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F {
        if byte == 0x0A {
          shown.append(byte)
        } else if byte == 0x0D && keepingCRLF && index + 1 == bytes.count {
          carry = [byte]
          return
        } else if byte == 0x0D && keepingCRLF && bytes[index + 1] == 0x0A {
          shown += [0x0D, 0x0A]
          index += 2
          continue
        } else if keepingStyle, let length = styleEscapeLength(bytes, at: index) {
          shown += bytes[index..<index + length]
          index += length
          continue
        } else {
          appendEscape(UInt32(byte), to: &shown)
        }
        index += 1
      } else if byte == 0xC2 || byte == 0xE2 {
        let length = byte == 0xC2 ? 2 : 3
        guard index + length <= bytes.count else {
          carry = Array(bytes[index...])
          return
        }
        if let scalar = escapedScalar(bytes, at: index) {
          appendEscape(scalar, to: &shown)
          index += length
        } else {
          shown.append(byte)
          index += 1
        }
      } else {
        shown.append(byte)
        index += 1
      }
    }
  }

  /// Where the first byte that may need escaping is, or nil: the fast path.
  private static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for index in bytes.indices {
      let byte = bytes[index]
      if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { return index }
      if (byte == 0xC2 || byte == 0xE2) && escapedScalar(bytes, at: index) != nil { return index }
    }
    return nil
  }

  /// The scalar of the two- or three-byte sequence at `index` when `ShownValue` escapes it.
  private static func escapedScalar<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes, at index: Bytes.Index
  ) -> UInt32? {
    let first = bytes[index]
    let second = bytes.index(after: index)
    guard second < bytes.endIndex else { return nil }
    if first == 0xC2 {
      let scalar = UInt32(bytes[second] & 0x3F) | 0x80
      return (0x80...0x9F).contains(bytes[second]) ? scalar : nil
    }
    let third = bytes.index(after: second)
    guard first == 0xE2, third < bytes.endIndex, bytes[second] & 0xC0 == 0x80,
      bytes[third] & 0xC0 == 0x80
    else { return nil }
    let scalar = 0x2000 | UInt32(bytes[second] & 0x3F) << 6 | UInt32(bytes[third] & 0x3F)
    guard let value = Unicode.Scalar(scalar), ShownValue.mustEscape(value) else { return nil }
    return scalar
  }

  private static func styleEscapeLength(_ bytes: [UInt8], at index: Int) -> Int? {
    for sequence in Style.escapeSequences
    where bytes.count - index >= sequence.count
      && bytes[index..<index + sequence.count].elementsEqual(sequence)
    {
      return sequence.count
    }
    return nil
  }

  private static func appendEscape(_ scalar: UInt32, to shown: inout [UInt8]) {
    shown += Array("\\u{\(String(scalar, radix: 16, uppercase: true))}".utf8)
  }
}
