#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The character encodings that exported statements come in.
package enum StatementEncoding: String, Sendable, CustomStringConvertible {
  /// UTF-8 without a byte order mark.
  case utf8 = "UTF-8"
  /// UTF-8 that began with a byte order mark, which was removed.
  case utf8WithByteOrderMark = "UTF-8 with BOM"
  /// GB18030, the superset of GBK that Chinese banks and Alipay write.
  case gb18030 = "GB18030"

  /// The name reported to the user, e.g. `UTF-8 with BOM`.
  package var description: String { rawValue }
}

/// A statement file's text as UTF-8 bytes, and the encoding it was written in.
///
/// Kept as bytes rather than a `String` because the CSV reader works on bytes, and a file of a
/// hundred thousand rows need not be held twice.
package struct StatementText: Sendable {
  /// The text in UTF-8, without a byte order mark.
  package let utf8: [UInt8]
  /// What the file was written in.
  package let encoding: StatementEncoding

  /// Decodes a file: UTF-8 when it is valid UTF-8 (a leading byte order mark removed), else
  /// GB18030. Bytes valid in neither are an error at the first line that fails, never replaced.
  package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> StatementText {
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    if bytes.starts(with: byteOrderMark) {
      let rest = Array(bytes.dropFirst(3))
      guard String(validating: rest, as: UTF8.self) != nil else {
        throw InputError(
          file: file, line: firstInvalidUTF8Line(rest), column: 1,
          problem: .statement(.invalidUTF8AfterByteOrderMark))
      }
      return StatementText(utf8: rest, encoding: .utf8WithByteOrderMark)
    }
    if String(validating: bytes, as: UTF8.self) != nil {
      return StatementText(utf8: bytes, encoding: .utf8)
    }
    guard let converted = convertFromGB18030(bytes) else {
      throw InputError(
        file: file, line: firstInvalidUTF8Line(bytes), column: 1,
        problem: .statement(.neitherUTF8NorGB18030))
    }
    return StatementText(utf8: converted, encoding: .gb18030)
  }

  /// The line holding the first byte that is not UTF-8: near where the damage is, without
  /// claiming to know where GB18030 went wrong.
  private static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
    var line = 1
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      if String(validating: bytes[start..<index], as: UTF8.self) == nil { return line }
      line += 1
      start = index + 1
    }
    return line
  }

  /// The bytes converted from GB18030 to UTF-8 by iconv, or nil when they are not GB18030.
  private static func convertFromGB18030(_ bytes: [UInt8]) -> [UInt8]? {
    let converter = iconv_open("UTF-8", "GB18030")
    guard converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    // GB18030 takes one to four bytes a character and UTF-8 at most four, so twice the input
    // always fits (two-byte Chinese characters become three UTF-8 bytes).
    var output = [UInt8](repeating: 0, count: bytes.count * 2 + 4)
    var input = bytes
    let written: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          inputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
        var inputLeft = inputBuffer.count
        var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          outputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
        var outputLeft = outputBuffer.count
        let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
        guard result != -1, inputLeft == 0 else { return nil }
        return outputBuffer.count - outputLeft
      }
    }
    guard let written else { return nil }
    output.removeSubrange(written...)
    // A NUL is no more text in GB18030 than in UTF-8; refuse it here as the CSV reader would.
    guard !output.contains(0) else { return nil }
    return output
  }
}
