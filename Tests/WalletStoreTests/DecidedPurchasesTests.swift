import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// What `check`, `statement` and `explain` read to say where a holder stands under a SPEC 8
/// promotion: that holder's decisions, each with its transaction, and no one else's.
struct DecidedPurchasesTests {
  @Test func aHoldersDecidedPurchasesAreTheirShareOfEveryDecision() throws {
    let store = try WalletStore.inMemory()
    var promotion = Promotion.bocomApplePayMonthly
    promotion.id = Identifier("five-percent")
    promotion.reward = .percent(Percentage(hundredths: 500)!, cap: nil)
    promotion.limits = [RewardLimit(.amount(Money(minorUnits: 3_000)), per: .month)]
    promotion.minimumSpend = .zero
    try store.installPromotion(promotion)
    let wallet = RandomWallet(seed: 5, transactions: 200)
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
    let transactions = Dictionary(
      uniqueKeysWithValues: try store.transactions().map { ($0.id, $0) })
    let decisions = try store.decisions(promotion: promotion.id)
    #expect(decisions.contains { $0.outcome.reward != nil })
    for holder in Set(wallet.cards.map(\.holder)) {
      let expected = try decisions.filter { $0.holder == holder }.map { decision in
        DecidedPurchase(try #require(transactions[decision.transaction]), decision: decision)
      }
      let read = try store.decidedPurchases(promotion: promotion.id, holder: holder)
      #expect(Set(read) == Set(expected), "\(holder)")
      #expect(read.count == expected.count)
    }
  }

  /// One holder's rows through `decisions_by_holder`, never every decision of the promotion.
  @Test func theQuerySearchesTheHoldersIndex() throws {
    let store = try WalletStore.inMemory()
    let plan = try store.db.fetchAll(
      "EXPLAIN QUERY PLAN " + WalletStore.decidedPurchasesSQL, ["p", "h"]
    ) { $0.string(at: 3) }
    #expect(plan.contains { $0.contains("decisions_by_holder (promotion=? AND holder=?)") })
    #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
  }
}
