/// The character encodings that exported statements, and wallet's own CSV files, come in
/// (SPEC 4).
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
  /// The same detection as `InputFile.decoded()`, which reads wallet's own files, on bytes
  /// already in memory.
  package static func decode(_ bytes: [UInt8], file: String) throws(InputError) -> StatementText {
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    var scan = UTF8Scan()
    let failure = bytes.withUnsafeBytes { scan.scan($0) } ?? scan.finish()
    func refused(_ problem: StatementReadError, at offset: Int) -> InputError {
      InputError(
        file: file, line: line(at: offset, in: bytes), column: 1, problem: .statement(problem))
    }
    if bytes.starts(with: byteOrderMark) {
      if let failure { throw refused(.invalidUTF8AfterByteOrderMark, at: failure) }
      return StatementText(utf8: Array(bytes.dropFirst(3)), encoding: .utf8WithByteOrderMark)
    }
    guard let failure else { return StatementText(utf8: bytes, encoding: .utf8) }
    let (converted, notGB18030) = convertFromGB18030(bytes)
    guard let converted else {
      throw refused(
        .neitherUTF8NorGB18030, at: damage(notUTF8: failure, notGB18030: notGB18030))
    }
    return StatementText(utf8: converted, encoding: .gb18030)
  }

  /// Where a text that is neither UTF-8 nor GB18030 is damaged, from where each reading of it
  /// fails: the later of the two. The text before the damage is one of them: a GBK file with
  /// a stray byte is GB18030 up to it and not UTF-8 from its first Chinese character, and a
  /// UTF-8 file the other way round.
  static func damage(notUTF8: Int, notGB18030: Int?) -> Int {
    max(notUTF8, notGB18030 ?? notUTF8)
  }

  /// The line (from 1) of the byte at `offset`.
  static func line(at offset: Int, in bytes: [UInt8]) -> Int {
    1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// The bytes converted from GB18030 to UTF-8; nil when they are not GB18030, with where the
  /// first character that is not begins (nil for a NUL, which the CSV reader refuses anyway).
  private static func convertFromGB18030(_ bytes: [UInt8]) -> ([UInt8]?, notGB18030: Int?) {
    guard let converter = GB18030Converter() else { return (nil, nil) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 3 / 2 + 4)
    let converted = bytes.withUnsafeBytes { piece in
      converter.convert(piece, isLast: true) { output.append(contentsOf: $0) }
    }
    // A NUL is no more text in GB18030 than in UTF-8; refuse it here as the CSV reader would.
    guard converted, !output.contains(0) else { return (nil, converter.failure) }
    return (output, nil)
  }
}
