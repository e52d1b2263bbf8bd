import Foundation
import Testing
import WalletTestSupport

@testable import WalletIngest

/// `CSVScanner` reads what `CSVReader` reads, on plain and unusual input alike, and reads plain
/// input itself rather than handing it all to the reader.
struct CSVScannerTests {
  /// Inputs the scanner reads itself up to the end or hands over somewhere: every special byte,
  /// at the start, the middle and the end of records and of the input.
  static let inputs: [String] = [
    "id,card,amount\nT1,C1,10.00\nT2,C2,20.00\n",
    "id,card,amount\nT1,C1,10.00\nT2,C2,20.00",
    "\u{FEFF}id,card\nT1,C1\n",
    "\u{FEFF}",
    "",
    "\n\n\n",
    "a,b\n\n\nc,d\n\n",
    "a,b\r\nc,d\r\n",
    "a,b\nc,d\re,f\n",
    "a,\"Joe's \"\"Best\"\" Noodles\",c\nd,\"x,y\",\"\"\n",
    "a,\"quoted at the end\"",
    "a,\"\"",
    "a,\"unterminated\n",
    "a,\"multi\nline\",b\nc,d\n",
    "a,b\"c,d\n",
    "a,\"b\"c,d\n",
    "a,\"b\" ,d\n",
    "  padded  ,\t tab\t,\n",
    "商户,备注\n星巴克,\"咖啡, 大杯\"\n",
    "a,b\nc,\u{0}d\n",
    "a,b\nc,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,1,2,3,4,5,6,7,8,9\n",
    "a,b,\n,\n,,\n",
    "\"\"\"\"\n\"\",\"\"\n",
    "x,y\n\"a\"\"\",b\n",
  ]

  @Test(arguments: inputs, [4, 5, 16, 17, 64, CSVScanner.defaultChunkSize])
  func agreesWithTheReader(input: String, chunkSize: Int) {
    let disagreement = CSVScannerAgreement.firstDisagreement(
      in: Array(input.utf8), chunkSize: chunkSize)
    #expect(disagreement == nil, "\(input.debugDescription), \(chunkSize)-byte chunks")
  }

  /// Bytes that are not UTF-8, a field longer than a field may be, and a record longer than
  /// the scanner's buffer.
  @Test(arguments: [
    [0x61, 0x2C, 0xC3, 0x28, 0x0A, 0x62, 0x0A],
    [0x61, 0x0A, 0xE4, 0xB8, 0x2C, 0x0A],
    // A sequence cut short by a closing quote, in a field whose doubled quote, unescaped, would
    // leave its last byte twice and complete it (`"""x` E6 8B `",y`).
    [0x61, 0x0A, 0x22, 0x22, 0x22, 0x78, 0xE6, 0x8B, 0x22, 0x2C, 0x79, 0x0A],
    [0x61, 0x2C, 0x62, 0x0A] + [UInt8](repeating: 0x41, count: CSVReader.maximumFieldLength + 1)
      + [0x0A],
    [UInt8](repeating: 0x41, count: 200) + [0x2C, 0x42, 0x0A, 0x43, 0x0A],
  ])
  func agreesOnWhatTheReaderRefuses(input: [UInt8]) {
    // Only its size in a message: one input is 65 kB.
    for chunkSize in [16, 64, CSVScanner.defaultChunkSize] {
      let disagreement = CSVScannerAgreement.firstDisagreement(in: input, chunkSize: chunkSize)
      #expect(disagreement == nil, "\(input.count) bytes, \(chunkSize)-byte chunks")
    }
  }

  /// Random inputs made of the bytes that matter, in records of a few fields.
  @Test func agreesOnRandomInput() throws {
    let seed = try SeededGenerator.testSeed("CSVScannerTests.agreesOnRandomInput")
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("12.50".utf8), Array(",".utf8), Array(",".utf8), Array("\n".utf8),
      Array("\n".utf8), Array("\"".utf8), Array("\"\"".utf8), Array("\r".utf8), Array(" ".utf8),
      Array("星".utf8), [0xE4], [0], Array("\u{FEFF}".utf8), Array("abcdefghijklmnopq".utf8),
    ]
    for _ in 0..<3000 {
      var input: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        input += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let chunkSize = [4, 7, 16, 33, CSVScanner.defaultChunkSize].randomElement(using: &random)!
      let disagreement = CSVScannerAgreement.firstDisagreement(in: input, chunkSize: chunkSize)
      #expect(disagreement == nil, "seed \(seed), \(chunkSize)-byte chunks, input \(input)")
      if disagreement != nil { return }
    }
  }

  /// A plain file, quoted merchants and Chinese text included, is scanned record by record,
  /// not handed to the reader; and its fields are the reader's.
  @Test func scansPlainInputItself() throws {
    var text = "id,card,time,amount,merchant\n"
    for row in 1...500 {
      let merchant = row % 3 == 0 ? "\"Joe's \"\"Best\"\", Noodles\"" : "大众点评"
      text += "T\(row),C\(row % 7),2026-11-\(10 + row % 9)T12:00:00+08:00,\(row).25,\(merchant)\n"
    }
    let bytes = Array(text.utf8)
    for chunkSize in [256, CSVScanner.defaultChunkSize] {
      #expect(CSVScannerAgreement.firstDisagreement(in: bytes, chunkSize: chunkSize) == nil)
      let scanner = CSVScanner(bytes: bytes, chunkSize: chunkSize)
      var records = 0
      var merchants: [String] = []
      while let fields = try scanner.next() {
        records += 1
        merchants.append(String(decoding: fields[4], as: UTF8.self))
      }
      #expect(records == 501)
      #expect(scanner.recordsScanned == 501, "\(chunkSize)-byte chunks")
      #expect(merchants[3] == "Joe's \"Best\", Noodles")
      #expect(merchants[1] == "大众点评")
    }
  }

  /// Records of many fields (past the room the scanner starts with, some quoted, some blank
  /// around) and records longer than a field may be, whose fields are not, are the scanner's
  /// own, and the same as the reader's.
  @Test(arguments: [63, 64, 65, 200, 1000])
  func scansWideAndLongRecordsItself(fields: Int) throws {
    let wide = (0..<fields).map {
      $0 % 5 == 0 ? "\"q,\($0)\"" : $0 % 7 == 0 ? " \($0)\t" : "f\($0)"
    }
    let values = (0..<fields).map { $0 % 5 == 0 ? "q,\($0)" : $0 % 7 == 0 ? "\($0)" : "f\($0)" }
    let half = String(repeating: "x", count: CSVReader.maximumFieldLength / 2 + fields)
    let text = wide.joined(separator: ",") + "\n" + "\(half),\(half)\n" + "a,b\n"
    let bytes = Array(text.utf8)
    for chunkSize in [CSVReader.maximumFieldLength * 2, CSVScanner.defaultChunkSize] {
      #expect(CSVScannerAgreement.firstDisagreement(in: bytes, chunkSize: chunkSize) == nil)
      let scanner = CSVScanner(bytes: bytes, chunkSize: chunkSize)
      let first = try #require(try scanner.next())
      #expect((0..<first.count).map { String(decoding: first[$0], as: UTF8.self) } == values)
      #expect(try scanner.next()?.count == 2)
      #expect(try scanner.next()?.count == 2)
      #expect(try scanner.next() == nil)
      #expect(scanner.recordsScanned == 3, "\(chunkSize)-byte chunks")
    }
  }

  /// A part of a file (as a batch reads a large one in parts) is read from its range only, and
  /// a carriage return hands the rest to the reader, which counts the lines on.
  @Test func readsARangeOfAFileAndHandsOverAtACarriageReturn() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      UniqueName.make())
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("part.csv").path
    let text = "skipped,row\na,b\nc,d\r\ne,f\ng,h\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let scanner = CSVScanner(fileDescriptor: descriptor, range: 12..<text.utf8.count)
    var lines: [Int] = []
    var values: [String] = []
    while let fields = try scanner.next() {
      lines.append(scanner.currentRecord().line)
      values.append(String(decoding: fields[0], as: UTF8.self))
    }
    #expect(values == ["a", "c", "e", "g"])
    #expect(lines == [1, 2, 3, 4])
    #expect(scanner.recordsScanned == 1)
  }
}
