import Foundation
import Testing
import WalletCore
import WalletIngest
import WalletJobs
import WalletTestSupport

/// `wallet batch` under SPEC 8 promotions that list merchants (and categories): on every way a
/// batch reads its transactions, each one is decided as the readable reference decides the
/// rows' values, merchants spelt with quotes, commas, blanks, other cases and non-ASCII text,
/// or left empty, on rows read straight from their bytes and by the ordinary parser alike.
struct BatchMerchantsTests {
  /// How the batch reads the transactions file.
  enum Path: String, CaseIterable, CustomTestStringConvertible {
    /// In memory, row by row (a small file).
    case inMemory
    /// In memory, in parts at once, plain rows in batches (`WALLET_SPLIT_BYTES`).
    case inMemoryInPieces
    /// In parts on disk (`WALLET_BATCH_PARTITIONS`), partitioned row by row.
    case inParts
    /// In parts on disk, partitioned in pieces at once.
    case inPartsInPieces

    var testDescription: String { rawValue }
    var inPieces: Bool { self == .inMemoryInPieces || self == .inPartsInPieces }
    var inParts: Bool { self == .inParts || self == .inPartsInPieces }
  }

  /// The promotions decided under, by name: merchants alone, merchants or categories, and
  /// categories alone (whose batch keeps no merchants).
  static let promotions: [String: Promotion] = [
    "merchants": MerchantBatchRows.promotion(
      merchants: MerchantBatchRows.listedMerchants, mccs: nil),
    "merchants or mccs": MerchantBatchRows.promotion(
      merchants: MerchantBatchRows.listedMerchants, mccs: [5814]),
    "mccs": MerchantBatchRows.promotion(merchants: nil, mccs: [5411, 5814]),
  ]

  /// What the batch job writes as its decisions file, and the rows it skipped.
  static func decisionsFile(
    _ rows: MerchantBatchRows, promotion: Promotion, path: Path, skipInvalid: Bool = false
  ) throws -> (text: String, skipped: Int) {
    let folder = try TemporaryFolder()
    var request = BatchRequest(
      cards: try folder.write("cards.csv", rows.cardsText),
      enrollments: try folder.write("enrollments.csv", rows.enrollmentsText),
      transactions: try folder.write("transactions.csv", rows.transactionsText),
      rewards: folder.path("rewards.csv"))
    request.decisions = folder.path("decisions.csv")
    request.skipInvalid = skipInvalid
    request.memoryLimit = Int.max
    if path.inParts { request.forcedParts = 3 }
    if path.inPieces { request.smallestFileInPieces = 1 }
    var skipped = 0
    let events = BatchEvents(
      standardOutput: { preconditionFailure("no output goes to standard output") },
      progress: { _, _ in nil }, inputsRead: { _, rows in skipped = rows.count },
      postingsRead: { _ in })
    let plan = try BatchJob.plan(request)
    #expect((plan.parts != nil) == path.inParts)
    let report = try BatchJob.run(
      request, plan: plan, resolvePromotion: { promotion },
      asOf: { _ in preconditionFailure("no postings to reconcile") }, events: events)
    #expect(report.ranInParts == path.inParts)
    // A repeated id (the only invalid row here) sends the file to the row-by-row read.
    if path.inParts { #expect(report.readInPieces == (path.inPieces && !skipInvalid)) }
    return (try #require(folder.read("decisions.csv")), skipped)
  }

  /// The decisions file the readable reference gives for the rows' values, written row by row.
  static func expectedFile(_ decisions: [Decision]) throws -> String {
    var bytes: [UInt8] = []
    let writer = CSVWriter(chunkSize: 512) { bytes.append(contentsOf: $0) }
    try writer.writeRecord(DecisionsFile.columns)
    for decision in decisions { try writer.writeRecord(DecisionsFile.fields(of: decision)) }
    try writer.flush()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Records the first lines where `got` and `expected` differ, if any.
  static func compare(_ got: String, _ expected: String, _ comment: String) {
    let gotLines = got.split(separator: "\r\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(gotLines.count == expectedLines.count, "\(comment): line count")
    let differing = zip(gotLines, expectedLines).enumerated().filter {
      $0.element.0 != $0.element.1
    }
    for (line, (gotLine, expectedLine)) in differing.prefix(3) {
      Issue.record("\(comment), line \(line + 1): \(gotLine) ≠ \(expectedLine)")
    }
  }

  @Test(
    arguments: ["merchants", "merchants or mccs", "mccs"], Path.allCases)
  func everyDecisionIsTheReferences(promotionName: String, path: Path) throws {
    let promotion = try #require(Self.promotions[promotionName])
    let rows = MerchantBatchRows(count: 400, seed: 29)
    let readable = decideReadably(
      promotion, cards: rows.cards, enrollments: rows.enrollments,
      transactions: rows.transactions)
    // The rows reach the merchant check both ways: listed, and not.
    #expect(readable.contains { $0.outcome.reason == .notListedMerchant })
    #expect(readable.filter { $0.outcome.place != nil }.count > 20)
    if promotion.merchants != nil {
      // A merchant matched by name alone, on a row only the ordinary parser reads.
      let ordinaryRowRewarded = zip(rows.transactions, readable).contains { transaction, decision in
        decision.outcome.place != nil && transaction.mcc?.value != 5814
          && transaction.merchant?.hasPrefix("Apple 12") == true
      }
      #expect(ordinaryRowRewarded)
    }
    let got = try Self.decisionsFile(rows, promotion: promotion, path: path)
    #expect(got.skipped == 0)
    Self.compare(got.text, try Self.expectedFile(readable), "\(promotionName), \(path)")
  }

  /// A repeated id skipped as invalid: the rows are copied without it (in memory) or left out
  /// of the parts, merchants and all.
  @Test(arguments: Path.allCases)
  func aSkippedRepeatKeepsTheOthersMerchants(path: Path) throws {
    let promotion = try #require(Self.promotions["merchants"])
    let rows = MerchantBatchRows(count: 200, seed: 7, repeatingAnID: true)
    let readable = decideReadably(
      promotion, cards: rows.cards, enrollments: rows.enrollments,
      transactions: rows.transactions)
    let got = try Self.decisionsFile(rows, promotion: promotion, path: path, skipInvalid: true)
    #expect(got.skipped == 1)
    Self.compare(got.text, try Self.expectedFile(readable), "\(path)")
  }
}
