import Testing
import WalletCore

@testable import WalletIngest

/// Rows assembled from pieces (`RowBuffer`, `EncodedPieces`) must hold exactly the bytes that
/// `CSVWriter` writes field by field: a field that needs quotes still gets them.
struct RowPiecesTests {
  /// Ids a bank's file may hold, each awkward in its own way for a CSV writer.
  static let awkward = [
    "T1", "a,b", "say \"hi\"", "\"", "\"\"x\"", " leading", "trailing ", "\tT", "T\t", "a b",
    "line\nbreak", "carriage\rreturn", "中文卡号", "交通银行, 上海", "\u{FEFF}T9", "T\u{FEFF}",
    "x\"", String(repeating: "長", count: 40) + "\"", String(repeating: "0123456789", count: 9),
  ]

  /// `field` as `CSVWriter.writeField` writes it between two other fields, without them.
  static func writerBytes(_ field: String) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let writer = CSVWriter(chunkSize: 7) { bytes.append(contentsOf: $0) }
    try writer.writeRecord(["<", field, ">"])
    try writer.flush()
    return Array(bytes.dropFirst(2).dropLast(4))
  }

  @Test(arguments: awkward + [""])
  func aRowFieldIsQuotedAsTheWriterQuotesIt(field: String) throws {
    var rows = RowBuffer(capacity: 8)
    defer { rows.deallocate() }
    var text = field
    text.withUTF8 { utf8 in
      rows.reserve(RowBuffer.room(forField: utf8.count))
      rows.appendField(utf8)
    }
    #expect(Array(rows.bytes) == (try Self.writerBytes(field)))
  }

  @Test(arguments: awkward + [""])
  func aPieceFieldIsQuotedAsTheWriterQuotesIt(field: String) throws {
    let pieces = EncodedPieces { builder in
      builder.field(field)
      builder.end()
    }
    let piece = pieces[0]
    #expect(
      Array(UnsafeBufferPointer(start: piece.start, count: piece.count))
        == (try Self.writerBytes(field)))
  }

  /// Pieces of every length up to a few words, copied a word at a time one after another into
  /// a buffer that grows: each holds its own bytes, and nothing the copies overwrote is lost,
  /// whether the pieces are kept in slots of 16, 32 or 64 bytes or back to back.
  @Test(arguments: [15, 31, 40, 63, 64, 100])
  func piecesOfEveryLengthAreCopiedWhole(longest: Int) {
    let texts = (0...longest).map { length in
      String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + ($0 + length) % 26))) })
    }
    let pieces = EncodedPieces { builder in
      for text in texts {
        builder.raw(text)
        builder.end()
      }
    }
    #expect(pieces.count == texts.count)
    #expect(pieces.longest == longest)
    var rows = RowBuffer(capacity: 16)
    defer { rows.deallocate() }
    var expected: [UInt8] = []
    for round in 0..<3 {
      for index in (0..<texts.count).reversed() where (index + round) % 3 != 0 {
        rows.reserve(pieces.longest)
        rows.append(pieces[index])
        expected.append(contentsOf: texts[index].utf8)
      }
    }
    #expect(Array(rows.bytes) == expected)
    #expect(rows.capacity >= expected.count)
  }

  /// Records made in memory and handed over whole reach the sink unchanged and in order,
  /// large ones as one chunk, after what the writer had buffered.
  @Test func encodedRecordsGoToTheSinkWhole() throws {
    var chunks: [[UInt8]] = []
    let writer = CSVWriter(chunkSize: 16) { chunks.append(Array($0)) }
    try writer.writeRecord(["a", "b"])
    let large = Array(repeating: UInt8(ascii: "x"), count: 40) + [13, 10]
    try large.withUnsafeBufferPointer { try writer.writeEncodedRecords($0) }
    let small: [UInt8] = Array("y\r\n".utf8)
    try small.withUnsafeBufferPointer { try writer.writeEncodedRecords($0) }
    try writer.flush()
    #expect(chunks.joined().elementsEqual(Array("a,b\r\n".utf8) + large + small))
    #expect(chunks.contains(large))
    #expect(chunks.allSatisfy { $0.count <= 16 || $0 == large })
  }

  /// A ledger of awkward ids, with times every few hours around `around` (local, in the
  /// promotion's zone) and at the edges of its billing cycles.
  static func ledger(promotion: Promotion, around: String) throws -> Ledger {
    let zone = promotion.timeZone
    let cards = (0..<awkward.count).map {
      Card(
        id: Identifier(awkward[($0 + 3) % awkward.count]), holder: Identifier(awkward[$0 / 2]),
        network: .unionpay, type: .credit, role: .primary, issuer: "bocom")
    }
    let enrollments = cards.enumerated().map { index, card in
      Enrollment(
        id: Identifier("E\(index)"), card: card.id, channel: index % 3 == 0 ? .bankApp : .wallet,
        enrolledAt: Instant(nanosecondsSinceEpoch: 0))
    }
    let middle = try Instant.parse(around, naiveIn: zone).nanosecondsSinceEpoch
    let hour: Int64 = 3_600_000_000_000
    var times = (-200..<200).map { middle + Int64($0) * 5 * hour + Int64($0 % 7) }
    // Each cycle's first instant, and the nanosecond before it.
    for month in -3...3 {
      let start = BillingCycle(
        containing: Instant(nanosecondsSinceEpoch: middle + Int64(month) * 730 * hour).localDate(
          in: zone), startDay: promotion.cycleStartDay
      ).start
      // Where clocks went forward at midnight, the day begins at one.
      let midnight = try? Instant.parse("\(start)T00:00:00", naiveIn: zone)
      let first = try (midnight ?? Instant.parse("\(start)T01:00:00", naiveIn: zone))
        .nanosecondsSinceEpoch
      times += [first - 1, first, first + 1]
    }
    let transactions = times.enumerated().map { index, time in
      Transaction(
        id: Identifier(index % 5 == 0 ? awkward[index % awkward.count] + "#\(index)" : "T\(index)"),
        card: cards[index % cards.count].id, time: Instant(nanosecondsSinceEpoch: time),
        amount: Money(minorUnits: Int64(5_000 + index * 7_919 % 40_000)))
    }
    return Ledger(cards: cards, enrollments: enrollments, transactions: transactions)
  }

  /// A promotion in `zone` whose cycles start on `day`, with no campaign dates, so that rows
  /// around any date are rewarded.
  static func promotion(zone: String, cycleStartDay day: Int) throws -> Promotion {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.timeZone = try TimeZoneRules(identifier: zone)
    promotion.cycleStartDay = day
    promotion.campaignStart = nil
    promotion.campaignEnd = nil
    promotion.quota = nil
    return promotion
  }

  /// Awkward ids, and times at the edges of billing cycles in zones where local dates go in
  /// time's order, where midnight is skipped (Sao Paulo's clocks went forward at midnight), and
  /// where clocks were turned back across midnight (St John's in 2009): the files from the
  /// ledger are the rows written one by one, with their own dates and quotes.
  @Test(arguments: [
    ("Asia/Shanghai", 22, "2025-11-22T00:00:00"),
    ("America/Sao_Paulo", 4, "2018-11-04T01:00:00"),
    ("America/St_Johns", 1, "2009-11-01T00:30:00"),
  ])
  func theFilesAreTheRowsWrittenOneByOne(zone: String, cycleStartDay: Int, around: String)
    throws
  {
    let promotion = try Self.promotion(zone: zone, cycleStartDay: cycleStartDay)
    let ledger = try Self.ledger(promotion: promotion, around: around)
    for rowsPerHalfBlock in [1, 7, LedgerRowBlocks.defaultRowsPerHalfBlock] {
      let files = try RowsOneByOne.files(
        of: ledger, under: promotion, rowsPerHalfBlock: rowsPerHalfBlock)
      #expect(files.decisions == files.decisionsOneByOne)
      #expect(files.rewardCount > 20)
      #expect(files.rewards == files.rewardsOneByOne)
      #expect(files.decisions.contains("\"交通银行, 上海\""))
      #expect(files.decisions.contains("\"say \"\"hi\"\"\""))
    }
  }

  /// Where local dates go in the order of time a row's cycle comes from its start instants,
  /// and they are where the cycles' first days begin; where clocks were turned back across
  /// midnight there are none, and each row's date decides.
  @Test func cyclesStartWhereTheirFirstDaysBegin() throws {
    let shanghai = try Self.promotion(zone: "Asia/Shanghai", cycleStartDay: 22)
    let ledger = try Self.ledger(promotion: shanghai, around: "2025-11-22T00:00:00")
    let names = RowNames(
      decisions: RewardEngine(promotion: shanghai).decide(ledger), ledger: ledger)
    #expect(names.cyclesInTimeOrder)
    #expect(names.cycleStarts.count == names.cycles.count - 1)
    for (index, start) in names.cycleStarts.enumerated() {
      let first = try Instant.parse(
        "\(names.cycles[index + 1].start)T00:00:00", naiveIn: shanghai.timeZone)
      #expect(start == first.nanosecondsSinceEpoch)
      #expect(names.cycleIndex(atTime: start) == index + 1)
      #expect(names.cycleIndex(atTime: start - 1) == index)
    }

    let stJohns = try Self.promotion(zone: "America/St_Johns", cycleStartDay: 1)
    let turnedBack = try Self.ledger(promotion: stJohns, around: "2009-11-01T00:30:00")
    let backNames = RowNames(
      decisions: RewardEngine(promotion: stJohns).decide(turnedBack), ledger: turnedBack)
    #expect(!backNames.cyclesInTimeOrder)
  }
}
