import Testing
import WalletTestSupport

@testable import WalletIngest

/// `CSVReader.problem(in:count:)`, the UTF-8 check of every field (the scanner's too), against
/// Swift's own decoding: a NUL, or bytes Swift does not take as UTF-8, and nothing else.
struct CSVUTF8CheckTests {
  /// Random runs of what a bank's file holds and what breaks it: ASCII, Chinese characters
  /// (many in a row), two- and four-byte characters, the edges of each lead byte's range
  /// (overlong forms, surrogates, past U+10FFFF), sequences cut short, and NULs.
  @Test func agreesWithSwiftsDecoding() throws {
    let seed = try SeededGenerator.testSeed("CSVUTF8CheckTests.agreesWithSwiftsDecoding")
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("12345678".utf8), Array("星巴克".utf8), Array("大众点评大众点评".utf8),
      Array("é".utf8), Array("😀".utf8), [0], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF],
      [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
      [0xC2, 0x80], [0xC1, 0xBF], [0xE4], [0xE4, 0xB8], [0x80], [0xBF], [0xFF], [0xF5],
    ]
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let swiftTakesIt = String(validating: bytes, as: UTF8.self) != nil
      let expected: CSVSyntaxError.Kind? =
        bytes.contains(0) && swiftTakesIt ? .nulByte : swiftTakesIt ? nil : .invalidUTF8
      let found = bytes.withUnsafeBufferPointer {
        CSVReader.problem(in: $0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count)
      }
      // Where both a NUL and an invalid sequence occur, whichever comes first is named.
      if expected == .invalidUTF8 && found == .nulByte { continue }
      #expect(found == expected, "seed \(seed), bytes \(bytes)")
      if found != expected { return }
    }
  }
}
