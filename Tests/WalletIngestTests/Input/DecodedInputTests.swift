import Foundation
import Testing
import WalletTestSupport

@testable import WalletIngest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// wallet's own CSV files read as statements are (SPEC 4): UTF-8, with or without a byte order
/// mark, as it is; anything else as GB18030, converted once, up front; bytes of neither an
/// error at their line.
struct DecodedInputTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  static let text = "card,holder,network,type,issuer\n卡一,张三,unionpay,credit,交通银行\n"

  /// The bytes a decoded file gives its readers, from the start.
  static func contents(_ file: InputFile) throws -> [UInt8] {
    try file.readAll(limit: 1 << 30)
  }

  /// The problem and line of what `decoded()` threw.
  static func refusal(_ body: () throws -> Void) -> (StatementReadError, Int)? {
    do {
      try body()
    } catch let error as FileError {
      guard case .invalidInput(let input) = error, case .statement(let problem) = input.problem
      else { return nil }
      return (problem, input.line)
    } catch {
      return nil
    }
    return nil
  }

  @Test func utf8IsReadAsItIsFromTheSameFile() throws {
    let file = try InputFile(path: folder.write("cards.csv", Self.text))
    let (text, encoding) = try file.decoded()
    #expect(encoding == .utf8 && text === file)
    #expect(try Self.contents(text) == Array(Self.text.utf8))
  }

  @Test func aByteOrderMarkIsUTF8() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array(Self.text.utf8)
    let file = try InputFile(path: folder.write("cards.csv", bytes: bytes))
    let (text, encoding) = try file.decoded()
    #expect(encoding == .utf8WithByteOrderMark && text === file)
  }

  @Test func gbkIsConvertedOnceAndKeepsTheFilesName() throws {
    let path = try folder.write("cards.csv", bytes: GBK.bytes(Self.text))
    let (text, encoding) = try InputFile(path: path).decoded()
    #expect(encoding == .gb18030)
    #expect(text.path == path)
    #expect(try Self.contents(text) == Array(Self.text.utf8))
    #expect(text.size == Self.text.utf8.count)
    // The work file is in no folder: nothing is left behind however the run ends.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["cards.csv"])
  }

  /// Files of several pieces, with characters across the pieces' ends, in both encodings.
  @Test(arguments: [0, 1, 2])
  func largeFilesAreReadPieceByPiece(shift: Int) throws {
    let seed = try SeededGenerator.testSeed("largeFilesAreReadPieceByPiece")
    var random = SeededGenerator(seed: seed)
    let words = ["交通银行", "张三", "某咖啡店", "刷卡金", "abc", "12.50", "李四"]
    var lines = [String(repeating: "x", count: shift)]
    var size = 0
    while size < 2_500_000 {
      let line = (0..<6).map { _ in words.randomElement(using: &random) ?? "" }.joined(
        separator: ",")
      size += line.utf8.count + 1
      lines.append(line)
    }
    let text = lines.joined(separator: "\n") + "\n"
    let utf8 = try InputFile(path: folder.write("u.csv", text)).decoded()
    #expect(utf8.encoding == .utf8, "seed \(seed)")
    let gbk = try InputFile(path: folder.write("g.csv", bytes: GBK.bytes(text))).decoded()
    #expect(gbk.encoding == .gb18030, "seed \(seed)")
    #expect(try Self.contents(gbk.file) == Array(text.utf8), "seed \(seed)")
  }

  @Test func bytesOfNeitherAreAnErrorAtTheirLine() throws {
    // 0x80 starts no GB18030 character; the third line holds it.
    let path = try folder.write("bad.csv", bytes: Array("a,b\nc,d\n".utf8) + [0x65, 0x80, 0x0A])
    let refusal = Self.refusal { _ = try InputFile(path: path).decoded() }
    #expect(refusal?.0 == .neitherUTF8NorGB18030 && refusal?.1 == 3)
    // Past the first piece read, the line is still counted from the start.
    let long = String(repeating: "a,b\n", count: 400_000)
    let far = try folder.write("far.csv", bytes: Array(long.utf8) + [0xFF, 0x0A])
    let farRefusal = Self.refusal { _ = try InputFile(path: far).decoded() }
    #expect(farRefusal?.0 == .neitherUTF8NorGB18030 && farRefusal?.1 == 400_001)
    // A GBK character cut short by the end of the file.
    let cut = try folder.write("cut.csv", bytes: GBK.bytes("a,张三\n") + [0xD5])
    #expect(Self.refusal { _ = try InputFile(path: cut).decoded() }?.0 == .neitherUTF8NorGB18030)
  }

  /// The damage in a file of neither is where it is, whichever of the two the rest is in:
  /// the line and field of the stray byte, counted as the CSV reader counts.
  @Test(arguments: [true, false])
  func theDamageIsFoundInEitherEncoding(isGBK: Bool) throws {
    let head = "card,holder,issuer\n卡一,张三,交通银行\n\"多行\n字段\",李四,"
    let text = isGBK ? GBK.bytes(head) : Array(head.utf8)
    let path = try folder.write("bad.csv", bytes: text + [0x61, 0xFF, 0x0D, 0x0A, 0x62, 0x0A])
    let (problem, line, column) = try #require(
      { () -> (StatementReadError, Int, Int)? in
        do {
          _ = try InputFile(path: path).decoded()
        } catch let error as FileError {
          guard case .invalidInput(let input) = error, case .statement(let problem) = input.problem
          else { return nil }
          return (problem, input.line, input.column)
        } catch {
          return nil
        }
        return nil
      }())
    #expect(problem == .neitherUTF8NorGB18030)
    // The quoted field starts on line 3; the stray byte is in the third field, on line 4.
    #expect(line == 4 && column == 3)
    let inMemory = #expect(throws: InputError.self) {
      try StatementText.decode(text + [0x61, 0xFF, 0x0D, 0x0A, 0x62, 0x0A], file: "a")
    }
    #expect(inMemory?.line == 4)
  }

  @Test func aByteOrderMarkBeforeTextThatIsNotUTF8IsAnError() throws {
    let bytes = [0xEF, 0xBB, 0xBF] + Array("a\n".utf8) + GBK.bytes("张三\n")
    let path = try folder.write("bom.csv", bytes: bytes)
    let refusal = Self.refusal { _ = try InputFile(path: path).decoded() }
    #expect(refusal?.0 == .invalidUTF8AfterByteOrderMark && refusal?.1 == 2)
  }

  @Test(arguments: [true, false])
  func standardInputIsReadWholeFirst(isGBK: Bool) throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let bytes = isGBK ? GBK.bytes(Self.text) : Array(Self.text.utf8)
    #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
    close(ends[1])
    defer { close(ends[0]) }
    let file = try InputFile.openAllowingStandardInput("-", standardInput: ends[0])
    let (text, encoding) = try file.decoded()
    #expect(encoding == (isGBK ? .gb18030 : .utf8))
    #expect(text.path == "stdin")
    #expect(try Self.contents(text) == Array(Self.text.utf8))
  }

  /// batch's look at a pipe: its first read decides, and the rest is read as it comes.
  @Test func aPipeIsJudgedByItsFirstRead() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    func send(_ bytes: [UInt8]) {
      #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
    }
    let (start, rest) = ("card,holder,network,type\n", "卡一,张三,unionpay,credit\n")
    send(Array(start.utf8))
    let input = try InputFile.openAllowingStandardInput("-", standardInput: ends[0])
    let (text, encoding) = try input.decodedAtFirstSight()
    // Written only now: the reader had what was there, and did not wait for the end.
    send(Array(rest.utf8))
    close(ends[1])
    #expect(encoding == .utf8 && text.prefix == Array(start.utf8) && !text.canBeReadAgain)
    let reader = CSVReader(fileDescriptor: text.descriptor, prefix: text.prefix)
    var rows: [[String]] = []
    while let record = try reader.next() { rows.append(record.map(\.string)) }
    #expect(rows == [["card", "holder", "network", "type"], ["卡一", "张三", "unionpay", "credit"]])

    var gbkEnds: [Int32] = [0, 0]
    #expect(pipe(&gbkEnds) == 0)
    defer { close(gbkEnds[0]) }
    let gbk = GBK.bytes(start + rest)
    #expect(gbk.withUnsafeBytes { write(gbkEnds[1], $0.baseAddress, $0.count) } == gbk.count)
    close(gbkEnds[1])
    let converted = try InputFile.openAllowingStandardInput("-", standardInput: gbkEnds[0])
      .decodedAtFirstSight()
    #expect(converted.encoding == .gb18030)
    #expect(try Self.contents(converted.file) == Array((start + rest).utf8))
  }

  @Test func aConvertedFileStillSaysWhenItsSourceChanged() throws {
    let path = try folder.write("cards.csv", bytes: GBK.bytes(Self.text))
    let (text, _) = try InputFile(path: path).decoded()
    try text.checkUnchanged()
    try folder.write("cards.csv", bytes: GBK.bytes(Self.text + "卡二,李四,visa,debit,\n"))
    #expect(throws: FileError.self) { try text.checkUnchanged() }
  }

  /// The scan agrees with the standard library on random bytes cut in random pieces, and
  /// everything before the place it refuses is UTF-8.
  @Test func theScanAgreesWithTheStandardLibrary() throws {
    let seed = try SeededGenerator.testSeed("theScanAgreesWithTheStandardLibrary")
    var random = SeededGenerator(seed: seed)
    let samples = ["a", "é", "交", "😀", "\n", ","].map { Array($0.utf8) }
    for _ in 0..<TestSize.choose(quick: 2_000, full: 20_000) {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...24, using: &random) {
        bytes += samples.randomElement(using: &random) ?? []
      }
      // Now and then a byte changed, cut or added: most of them break the text.
      if !bytes.isEmpty && Bool.random(using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
        case 1: bytes.remove(at: index)
        default: bytes.insert(UInt8.random(in: 0x80...0xFF, using: &random), at: index)
        }
      }
      var scan = UTF8Scan()
      var failure: Int?
      var start = 0
      while start < bytes.count && failure == nil {
        let end = min(bytes.count, start + Int.random(in: 1...9, using: &random))
        failure = bytes[start..<end].withUnsafeBytes { scan.scan($0) }
        start = end
      }
      failure = failure ?? scan.finish()
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((failure == nil) == valid, "seed \(seed): \(bytes)")
      if let failure {
        #expect(String(validating: bytes[..<failure], as: UTF8.self) != nil, "seed \(seed)")
        #expect(bytes[failure] >= 0x80, "seed \(seed): \(bytes) at \(failure)")
      }
    }
  }

  /// A text converted in pieces, cut anywhere (inside characters too), is the text converted
  /// whole.
  @Test func theConverterJoinsCharactersAcrossPieces() throws {
    let seed = try SeededGenerator.testSeed("theConverterJoinsCharactersAcrossPieces")
    var random = SeededGenerator(seed: seed)
    let text = "交易日期,记账日期,交易说明\n2025-01-03,消费 某咖啡店,CNY 123.18\n€ 刷卡金返还 😀\n"
    let gbk = Self.gb18030(text)
    for _ in 0..<200 {
      let converter = try #require(GB18030Converter())
      var output: [UInt8] = []
      var start = 0
      while start < gbk.count {
        let end = min(gbk.count, start + Int.random(in: 1...5, using: &random))
        let converted = gbk[start..<end].withUnsafeBytes { piece in
          converter.convert(piece, isLast: false) { output += $0 }
        }
        #expect(converted, "seed \(seed)")
        start = end
      }
      let end = UnsafeRawBufferPointer(start: nil, count: 0)
      #expect(converter.convert(end, isLast: true) { output += $0 })
      #expect(output == Array(text.utf8), "seed \(seed)")
    }
  }

  /// `text` in GB18030 (which has a form for €, unlike GBK), by the system's iconv.
  static func gb18030(_ text: String) -> [UInt8] { GBK.gb18030(text) }
}
