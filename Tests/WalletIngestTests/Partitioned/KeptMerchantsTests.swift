import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletIngest

/// A batch keeps each transaction's merchant when its promotion lists merchants, and only
/// then: a section 2 batch's ledgers and work files hold no merchant bytes, as before SPEC 8.
struct KeptMerchantsTests {
  static let listing = MerchantBatchRows.promotion(
    merchants: MerchantBatchRows.listedMerchants, mccs: nil)
  static let categoriesOnly = MerchantBatchRows.promotion(merchants: nil, mccs: [5411])

  @Test func onlyAMerchantsListKeepsMerchants() {
    #expect(!BatchInput.keepsMerchants(under: .bocomApplePayMonthly))
    #expect(!BatchInput.keepsMerchants(under: Self.categoriesOnly))
    #expect(BatchInput.keepsMerchants(under: Self.listing))
  }

  /// The three files of `rows` in a new folder.
  static func files(_ rows: MerchantBatchRows) throws -> (TemporaryFolder, [String]) {
    let folder = try TemporaryFolder()
    return (
      folder,
      [
        try folder.write("cards.csv", rows.cardsText),
        try folder.write("enrollments.csv", rows.enrollmentsText),
        try folder.write("transactions.csv", rows.transactionsText),
      ]
    )
  }

  /// Whether `ledger` keeps exactly the merchants of `rows` (or, not keeping them, none).
  static func check(_ ledger: Ledger, keeps: Bool, _ rows: MerchantBatchRows, _ comment: String) {
    #expect(ledger.keepsMerchants == keeps, "\(comment)")
    #expect(ledger.merchants.count == (keeps ? ledger.transactionCount : 0), "\(comment)")
    #expect(ledger.transactionCount == rows.transactions.count, "\(comment)")
    guard keeps else { return }
    let merchants = (0..<ledger.transactionCount).map { ledger.merchant(at: $0) }
    #expect(merchants == rows.transactions.map(\.merchant), "\(comment)")
  }

  /// In memory, row by row and in parts at once, with and without a repeated id to leave out.
  @Test(arguments: [false, true], [false, true])
  func aLedgerInMemoryKeepsMerchantsOnlyUnderAList(inPieces: Bool, repeated: Bool) throws {
    let rows = MerchantBatchRows(count: 300, seed: 3, repeatingAnID: repeated)
    let (folder, paths) = try Self.files(rows)
    defer { withExtendedLifetime(folder) {} }
    for promotion in [Promotion.bocomApplePayMonthly, Self.categoriesOnly, Self.listing] {
      let keeps = BatchInput.keepsMerchants(under: promotion)
      let input = try BatchInput.load(
        cards: paths[0], enrollments: paths[1], transactions: paths[2], naiveIn: .shanghai,
        skipInvalid: repeated, keepingMerchants: keeps,
        smallestFileInParts: inPieces ? 1 : FileParts.minimumFileSize, progress: { _ in nil })
      #expect(input.skipped.count == (repeated ? 1 : 0))
      Self.check(input.ledger, keeps: keeps, rows, "\(promotion.merchants == nil ? "" : "listing")")
    }
  }

  /// The transactions of `rows` read in parts at once (`TransactionParts.load`), from files in a
  /// folder of their own.
  static func readInParts(
    _ rows: MerchantBatchRows, keepingMerchants keeps: Bool, leavingOutBelow minimum: Int64? = nil
  ) throws -> (ledger: Ledger, leftOut: Int)? {
    let (folder, paths) = try files(rows)
    defer { withExtendedLifetime(folder) {} }
    let (input, loader, file) = try BatchInput.loadCardsAndEnrollments(
      cards: paths[0], enrollments: paths[1], transactions: paths[2], naiveIn: .shanghai,
      skipInvalid: false, keepingMerchants: keeps)
    return TransactionParts.load(
      file: file, smallest: 1, reader: loader.transactionReader(columns:), ledger: input.ledger,
      leavingOutBelow: minimum, progress: nil, rowsRead: loader.forgetLookups)
  }

  /// The file read in parts at once really is: the plain rows' merchants come in batches.
  @Test(arguments: [false, true])
  func partsReadAtOnceKeepMerchantsOnlyWhenAsked(keeps: Bool) throws {
    let rows = MerchantBatchRows(count: 300, seed: 5)
    let whole = try #require(try Self.readInParts(rows, keepingMerchants: keeps)?.ledger)
    Self.check(whole, keeps: keeps, rows, "in parts")
  }

  /// Rows below a minimum left out of a file read in parts at once: the ledger holds the others,
  /// in order, each with its own merchant, and the rows left out are counted.
  @Test(arguments: [false, true])
  func rowsBelowAMinimumAreLeftOutInOrder(keeps: Bool) throws {
    let rows = MerchantBatchRows(count: 300, seed: 11)
    let minimum: Int64 = 200_00
    let read = try #require(
      try Self.readInParts(rows, keepingMerchants: keeps, leavingOutBelow: minimum))
    let kept = rows.transactions.filter { $0.amount.minorUnits >= minimum }
    #expect(kept.count > 50 && kept.count < 250, "both kinds occur")
    #expect(read.leftOut == rows.transactions.count - kept.count)
    #expect(read.ledger.transactionCount == kept.count)
    let ids = (0..<read.ledger.transactionCount).map { read.ledger.transactionIDs[$0] }
    #expect(ids == kept.map(\.id))
    #expect((0..<read.ledger.transactionCount).allSatisfy { read.ledger.amount[$0] >= minimum })
    if keeps {
      let merchants = (0..<read.ledger.transactionCount).map { read.ledger.merchant(at: $0) }
      #expect(merchants == kept.map(\.merchant))
    }
  }

  /// In parts on disk: a section 2 batch's work files hold each record and its id, no more;
  /// a batch under a list reads every merchant back into its parts' ledgers.
  @Test(arguments: [false, true])
  func partsOnDiskKeepMerchantsOnlyUnderAList(inPieces: Bool) throws {
    let rows = MerchantBatchRows(count: 300, seed: 11)
    let (folder, paths) = try Self.files(rows)
    let idBytes = rows.transactions.reduce(0) { $0 + $1.id.rawValue.utf8.count }
    // Each merchant's length (four bytes) and its bytes.
    let merchantBytes = rows.transactions.reduce(0) { $0 + 4 + ($1.merchant?.utf8.count ?? 0) }
    for promotion in [Promotion.bocomApplePayMonthly, Self.listing] {
      var batch = PartitionedBatch(
        promotion: promotion, partitions: 3, workParent: folder.url.path, skipInvalid: false)
      if inPieces { batch.smallestFileInPieces = 1 }
      let keeps = batch.keepsMerchants
      #expect(keeps == (promotion.merchants != nil))
      let (base, loader, file) = try BatchInput.loadCardsAndEnrollments(
        cards: paths[0], enrollments: paths[1], transactions: paths[2], naiveIn: .shanghai,
        skipInvalid: false, keepingMerchants: keeps)
      let directory = try TemporaryDirectory(in: folder.url.path)
      defer { directory.remove() }
      let parts = try batch.partition(
        file, base: base, loader: loader,
        partOfCard: base.ledger.cards.indices.map { UInt8($0 % 3) }, in: directory,
        progress: nil)
      #expect((parts.pieces.count > 1) == inPieces)
      #expect(
        parts.bytes.reduce(0, +)
          == rows.transactions.count * MemoryLayout<TransactionRecord>.size + idBytes
          + (keeps ? merchantBytes : 0))
      var merchantOfID: [String: String] = [:]
      for part in 0..<3 {
        let ledger = try parts.ledger(part, base: base.ledger)
        #expect(ledger.keepsMerchants == keeps)
        #expect(ledger.merchants.count == (keeps ? ledger.transactionCount : 0))
        for index in 0..<ledger.transactionCount {
          merchantOfID[ledger.transactionIDs[index].rawValue] = ledger.merchant(at: index) ?? ""
        }
      }
      #expect(merchantOfID.count == rows.transactions.count)
      let expected = Dictionary(
        uniqueKeysWithValues: rows.transactions.map {
          ($0.id.rawValue, keeps ? $0.merchant ?? "" : "")
        })
      #expect(merchantOfID == expected)
    }
  }
}
