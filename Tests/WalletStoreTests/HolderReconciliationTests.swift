import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// The reads behind one holder's reconciliation (`explain`, `reconcile --holder`) and behind a
/// what-if under a quota look up only what concerns them (issue 30), and must answer as the
/// reads of everything did.
struct HolderReconciliationTests {
  /// A store of a random wallet, with ties in time, under the built-in promotion, one with a
  /// quota that takes rewards back on refunds, and one whose quota the rewards use up.
  static func store() throws -> (WalletStore, RandomWallet) {
    let store = try WalletStore.inMemory()
    var limited = Promotion.bocomApplePayMonthly
    limited.id = Identifier("limited")
    limited.quota = 40
    limited.refunds = .clawback
    try store.installPromotion(limited)
    var exhausted = Promotion.bocomApplePayMonthly
    exhausted.id = Identifier("exhausted")
    exhausted.quota = 6
    try store.installPromotion(exhausted)
    let wallet = RandomWallet(seed: 23, transactions: 240)
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
    return (store, wallet)
  }

  /// One holder's owed decisions are that holder's share of everyone's, in the same order (time,
  /// then id bytes), forfeited ones included; the card holders looked up are the holder's cards.
  @Test func oneHoldersOwedDecisionsAreTheirShareOfEveryones() throws {
    let (store, wallet) = try Self.store()
    let holders = Set(wallet.cards.map(\.holder))
    var forfeited = 0
    for promotion in try store.installedPromotions() {
      let everyone = try store.owedDecisions(promotion: promotion)
      #expect(!everyone.isEmpty)
      forfeited += everyone.count { $0.kind == .forfeited }
      for holder in holders {
        #expect(
          try store.owedDecisions(promotion: promotion, holder: holder)
            == everyone.filter { $0.holder == holder }, "\(holder) \(promotion.id)")
      }
    }
    #expect(forfeited > 0, "the clawback promotion should take a reward back")
    let allCards = try store.cardHolders()
    for holder in holders {
      #expect(try store.cardHolders(of: holder) == allCards.filter { $0.value == holder })
    }
  }

  /// The quota's count and the place that used it up, read from the rewards alone, are what
  /// every decision in time order (ties by id bytes) says.
  @Test func theQuotaIsReadFromTheRewardsAlone() throws {
    let (store, wallet) = try Self.store()
    let times = Dictionary(uniqueKeysWithValues: wallet.transactions.map { ($0.id, $0.time) })
    for promotion in try store.installedPromotions() {
      guard let quota = promotion.quota else { continue }
      // decisions(promotion:) is in time order, then id bytes.
      let places = try store.decisions(promotion: promotion.id).filter { $0.outcome.place != nil }
      let expected: QuotaSettlement =
        if places.count < quota {
          .notReached
        } else {
          .exhaustedAfter(
            time: try #require(times[places[quota - 1].transaction]).nanosecondsSinceEpoch,
            id: Array(places[quota - 1].transaction.rawValue.utf8))
        }
      #expect(try store.quotaSettlement(promotion) == expected, "\(promotion.id)")
      for transaction in wallet.transactions.prefix(80) {
        let paid = places.count {
          let time = times[$0.transaction] ?? transaction.time
          return time < transaction.time
            || (time == transaction.time && $0.transaction < transaction.id)
        }
        #expect(
          try store.progress(
            before: transaction.time, transaction: transaction.id, promotion: promotion
          ).quotaPaid == paid, "\(promotion.id) \(transaction.id)")
      }
    }
    let exhausted = try #require(try store.installed(Identifier("exhausted"))).promotion
    #expect(try store.quotaSettlement(exhausted) != .notReached, "a quota of 6 should be used up")
  }

  /// Rewards at one instant are ordered by id bytes, whatever their holders: the index the
  /// places are read through orders them by holder first, so the read must not be taken in
  /// that order. `TA` of holder `H9` takes the first of the quota's two places, and `TB` of
  /// holder `H1` the last.
  @Test func aTieInTimeGoesToTheSmallerIdWhateverTheHolder() throws {
    let store = try WalletStore.inMemory()
    var single = Promotion.bocomApplePayMonthly
    single.id = Identifier("single")
    single.quota = 2
    try store.installPromotion(single)
    let at = instant("2026-03-05T12:00")
    for (card, holder) in [("C1", "H1"), ("C9", "H9")] {
      try store.addCard(
        Card(
          id: Identifier(card), holder: Identifier(holder), network: .unionpay, type: .credit,
          issuer: "bocom"))
      _ = try store.importEnrollments(
        [
          Enrollment(
            id: Identifier("E-\(card)"), card: Identifier(card), channel: .wallet,
            enrolledAt: instant("2026-01-01T00:00"))
        ], policy: ImportPolicy())
    }
    _ = try store.importTransactions(
      [
        Transaction(
          id: Identifier("TB"), card: Identifier("C1"), time: at, amount: Money(minorUnits: 20_000)),
        Transaction(
          id: Identifier("TA"), card: Identifier("C9"), time: at, amount: Money(minorUnits: 20_000)),
      ], policy: ImportPolicy())
    let decided = try store.decisions(promotion: single.id)
    #expect(decided.map { $0.outcome.place != nil } == [true, true], "\(decided)")
    #expect(
      try store.quotaSettlement(single)
        == .exhaustedAfter(time: at.nanosecondsSinceEpoch, id: Array("TB".utf8)))
  }
}
