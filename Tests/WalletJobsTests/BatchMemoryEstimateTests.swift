import Testing
import WalletJobs

/// How `batch --memory` turns the input files' sizes into a number of parts.
struct BatchMemoryEstimateTests {
  static let mebibyte = 1 << 20

  @Test func partsGrowWithTheTransactionsAndShrinkWithTheRoomLeft() throws {
    let shared = BatchMemory.shared(cardsBytes: 10 * Self.mebibyte, enrollmentsBytes: 0)
    let limit = shared + 100 * Self.mebibyte
    func parts(_ transactionsBytes: Int, limit: Int = limit) -> Int? {
      BatchMemory.partsNeeded(
        cardsBytes: 10 * Self.mebibyte, enrollmentsBytes: 0,
        transactionsBytes: transactionsBytes, limit: limit)
    }
    // Each part's transactions, with a quarter to spare, fit the 100 MiB beside the cards.
    for transactions in [1, 100, 1_000, 10_000].map({ $0 * Self.mebibyte }) {
      let count = try #require(parts(transactions))
      let perPart =
        transactions * BatchMemory.quartersPerTransactionByte / 4 * 5 / 4 / count
      #expect(perPart <= 100 * Self.mebibyte, "\(transactions) bytes in \(count) parts")
      #expect(count >= 2)
      if count > 2 {
        let fewer = transactions * BatchMemory.quartersPerTransactionByte / 4 * 5 / 4 / (count - 1)
        #expect(fewer > 100 * Self.mebibyte, "\(count - 1) parts would have done")
      }
    }
    #expect(parts(10_000 * Self.mebibyte)! > 128)
    #expect(parts(1, limit: shared) == nil)
    #expect(parts(1, limit: shared - 1) == nil)
  }
}
