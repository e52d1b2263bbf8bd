import Testing
import WalletCore
import WalletTestSupport

@testable import WalletIngest

/// A batch in memory prepares what the engine works out from the cards and enrollments alone
/// on the core that runs out of transaction parts first (`BatchInput.load(...preparing...)`);
/// decided with it, every transaction is decided as without it.
struct PreparedCardsReadingTests {
  static let promotions = [
    Promotion.bocomApplePayMonthly, KeptMerchantsTests.listing, KeptMerchantsTests.categoriesOnly,
  ]

  /// The files of `rows` loaded, in parts when `inParts`, preparing the cards under
  /// `promotion`; `repeated` rows then skipped as invalid.
  static func load(
    _ rows: MerchantBatchRows, promotion: Promotion, inParts: Bool, skipInvalid: Bool = false
  ) throws -> BatchInput {
    let (folder, paths) = try KeptMerchantsTests.files(rows)
    defer { withExtendedLifetime(folder) {} }
    return try BatchInput.load(
      cards: paths[0], enrollments: paths[1], transactions: paths[2], naiveIn: .shanghai,
      skipInvalid: skipInvalid, keepingMerchants: BatchInput.keepsMerchants(under: promotion),
      smallestFileInParts: inParts ? 1 : FileParts.minimumFileSize,
      preparingCardsFor: promotion, progress: { _ in nil })
  }

  /// Every decision of `ledger` with the prepared cards, and without.
  static func decisions(_ ledger: Ledger, promotion: Promotion, prepared: PreparedCards) -> (
    prepared: [Decision], plain: [Decision]
  ) {
    let engine = RewardEngine(promotion: promotion)
    let withPrepared = engine.decide(ledger, cards: prepared, quotaSettled: nil)
    let plain = engine.decide(ledger)
    return (
      (0..<ledger.transactionCount).map { withPrepared.decision(at: $0, in: ledger) },
      (0..<ledger.transactionCount).map { plain.decision(at: $0, in: ledger) }
    )
  }

  @Test(arguments: promotions.indices)
  func partsPrepareTheCardsAndDecideAlike(promotion index: Int) throws {
    let promotion = Self.promotions[index]
    let rows = MerchantBatchRows(count: 400, seed: 21)
    let input = try Self.load(rows, promotion: promotion, inParts: true)
    let prepared = try #require(input.preparedCards)
    #expect(input.ledger.transactionCount == rows.transactions.count)
    let (withPrepared, plain) = Self.decisions(
      input.ledger, promotion: promotion, prepared: prepared)
    #expect(withPrepared == plain)
    #expect(plain.contains { $0.outcome.reward != nil }, "some purchase earns")
  }

  /// A file read in parts that falls back to the row-by-row reading (a repeated id, skipped)
  /// keeps what was prepared: the cards and enrollments are the same.
  @Test func aFileReadAgainRowByRowKeepsThePreparedCards() throws {
    let promotion = Promotion.bocomApplePayMonthly
    let rows = MerchantBatchRows(count: 400, seed: 23, repeatingAnID: true)
    let input = try Self.load(rows, promotion: promotion, inParts: true, skipInvalid: true)
    #expect(input.skipped.count == 1)
    let prepared = try #require(input.preparedCards)
    let (withPrepared, plain) = Self.decisions(
      input.ledger, promotion: promotion, prepared: prepared)
    #expect(withPrepared == plain)
  }

  /// A file too small to cut is read on one core, with no other to prepare the cards on.
  @Test func aFileReadWholePreparesNothing() throws {
    let rows = MerchantBatchRows(count: 50, seed: 25)
    let input = try Self.load(rows, promotion: .bocomApplePayMonthly, inParts: false)
    #expect(input.preparedCards == nil)
    #expect(input.ledger.transactionCount == rows.transactions.count)
  }
}
