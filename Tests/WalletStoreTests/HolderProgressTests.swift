import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// The holder's progress is read by a query of its own (see `progress(before:promotion:holder:)`),
/// so that `statement --holder` and `check` need not count everyone's rewards.
struct HolderProgressTests {
  /// It must equal that holder's share of everyone's, under the built-in promotion and one with
  /// a quota (whose count of everyone's rewards is a query of its own), with refunds.
  @Test func oneHoldersProgressIsTheirShareOfEveryones() throws {
    let store = try WalletStore.inMemory()
    var limited = Promotion.bocomApplePayMonthly
    limited.id = Identifier("limited")
    limited.quota = 40
    try store.installPromotion(limited)
    let wallet = RandomWallet(seed: 11, transactions: 200)
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
    for transaction in wallet.transactions.prefix(10) where transaction.refunded == .zero {
      try store.refund(
        transaction.id, amount: Money(minorUnits: 100),
        at: Instant(nanosecondsSinceEpoch: transaction.time.nanosecondsSinceEpoch + 1))
    }
    for promotion in try store.installedPromotions() {
      for transaction in wallet.transactions.prefix(60) {
        let everyone = try store.progress(before: transaction.time, promotion: promotion)
        for holder in Set(wallet.cards.map(\.holder)) {
          let one = try store.progress(
            before: transaction.time, promotion: promotion, holder: holder)
          #expect(one.holders[holder] == everyone.holders[holder], "\(holder) \(promotion.id)")
          #expect(one.quotaPaid == everyone.quotaPaid)
        }
      }
    }
  }
}
