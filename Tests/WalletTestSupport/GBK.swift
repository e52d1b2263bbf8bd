#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text written in GBK, as Chinese banks and Alipay write their files: for tests of files that
/// are not UTF-8. Converted by the system's iconv, not by the code under test.
public enum GBK {
  /// `text` in GBK; every character of it must have a GBK form.
  public static func bytes(_ text: String) -> [UInt8] { encoded(text, as: "GBK") }

  /// `text` in GB18030, which has a form for every character (€ included, unlike GBK).
  public static func gb18030(_ text: String) -> [UInt8] { encoded(text, as: "GB18030") }

  /// `text` in the iconv encoding `charset`; every character of it must have a form there.
  static func encoded(_ text: String, as charset: String) -> [UInt8] {
    let converter = iconv_open(charset, "UTF-8")
    precondition(converter != iconv_t(bitPattern: -1), "no \(charset) converter")
    defer { iconv_close(converter) }
    var input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: input.count * 2 + 8)
    let written = input.withUnsafeMutableBufferPointer { inputBuffer in
      output.withUnsafeMutableBufferPointer { outputBuffer in
        var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          inputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
        var inputLeft = inputBuffer.count
        var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
          outputBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
        var outputLeft = outputBuffer.count
        let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
        precondition(result != -1 && inputLeft == 0, "text without a \(charset) form")
        return outputBuffer.count - outputLeft
      }
    }
    return Array(output[..<written])
  }
}
