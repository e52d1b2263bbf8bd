#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks that text is UTF-8 a piece at a time, as it is read, so that a file of any size is
/// checked without being held whole. Runs of ASCII, most of any CSV file, go eight bytes at a
/// time: checking a UTF-8 file costs a small part of reading it.
struct UTF8Scan {
  /// Continuation bytes the current character still needs.
  private var needed = 0
  /// The range the next continuation byte must be in: narrower after E0, ED, F0 and F4, which
  /// rules out overlong forms, surrogates and code points past U+10FFFF.
  private var low: UInt8 = 0x80
  private var high: UInt8 = 0xBF
  /// Where the current character began, counted from the start of the text.
  private var characterStart = 0
  /// The bytes scanned before the current piece.
  private var scanned = 0

  /// Scans the next piece of the text; returns where (counted from the start of the text) the
  /// first character that is not UTF-8 begins, or nil when the text is UTF-8 so far.
  mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let end = bytes.count
    var index = 0
    while index < end {
      if needed == 0 {
        while index + 8 <= end,
          bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          index += 8
        }
        guard index < end else { break }
        let byte = bytes[index]
        index += 1
        if byte < 0x80 { continue }
        characterStart = scanned + index - 1
        switch byte {
        case 0xC2...0xDF: (needed, low, high) = (1, 0x80, 0xBF)
        case 0xE0: (needed, low, high) = (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (needed, low, high) = (2, 0x80, 0xBF)
        case 0xED: (needed, low, high) = (2, 0x80, 0x9F)
        case 0xF0: (needed, low, high) = (3, 0x90, 0xBF)
        case 0xF1...0xF3: (needed, low, high) = (3, 0x80, 0xBF)
        case 0xF4: (needed, low, high) = (3, 0x80, 0x8F)
        default: return characterStart
        }
      } else {
        let byte = bytes[index]
        guard low <= byte && byte <= high else { return characterStart }
        (needed, low, high) = (needed - 1, 0x80, 0xBF)
        index += 1
      }
    }
    scanned += end
    return nil
  }

  /// At the end of the text: where a character cut short by the end begins, or nil.
  func finish() -> Int? {
    needed > 0 ? characterStart : nil
  }
}

/// Converts GB18030 (the superset of GBK) to UTF-8 a piece at a time, with iconv. A character
/// split between two pieces is completed by the next one.
final class GB18030Converter {
  private let converter: iconv_t
  /// The start of a character the last piece ended in the middle of.
  private var carried: [UInt8] = []
  /// The bytes of the pieces converted so far, `carried` included.
  private var fed = 0
  /// Where (counted from the start of the text) the first character that is not GB18030
  /// begins, once one was met.
  private(set) var failure: Int?

  /// A converter, or nil when the system has no GB18030 converter.
  init?() {
    converter = iconv_open("UTF-8", "GB18030")
    guard converter != iconv_t(bitPattern: -1) else { return nil }
  }

  deinit { iconv_close(converter) }

  /// Converts the next piece of the text, handing the UTF-8 to `sink`; `isLast` when nothing
  /// follows it. Returns false when the bytes are not GB18030 (nothing more can be converted).
  func convert<Failure: Error>(
    _ piece: UnsafeRawBufferPointer, isLast: Bool,
    into sink: (ArraySlice<UInt8>) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    var input = carried
    input.append(contentsOf: piece)
    let start = fed - carried.count
    fed += piece.count
    carried = []
    // A GB18030 character of two bytes is at most three in UTF-8, one of four at most four.
    var output = [UInt8](repeating: 0, count: input.count * 2 + 8)
    var inputOffset = 0
    while inputOffset < input.count {
      var outcome: (read: Int, written: Int, error: Int32?) = (0, 0, nil)
      input.withUnsafeMutableBufferPointer { inputBuffer in
        output.withUnsafeMutableBufferPointer { outputBuffer in
          let start = UnsafeMutableRawPointer(inputBuffer.baseAddress!) + inputOffset
          var inputPointer: UnsafeMutablePointer<CChar>? = start.assumingMemoryBound(
            to: CChar.self)
          var inputLeft = inputBuffer.count - inputOffset
          var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
            outputBuffer.baseAddress!
          ).assumingMemoryBound(to: CChar.self)
          var outputLeft = outputBuffer.count
          let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
          outcome = (
            inputBuffer.count - inputOffset - inputLeft, outputBuffer.count - outputLeft,
            result == -1 ? errno : nil
          )
        }
      }
      inputOffset += outcome.read
      try sink(output[..<outcome.written])
      switch outcome.error {
      case nil, E2BIG: continue
      case EINVAL where !isLast:
        // The piece ends inside a character: the next piece completes it.
        carried = Array(input[inputOffset...])
        return true
      default:
        failure = start + inputOffset
        return false
      }
    }
    return true
  }
}
