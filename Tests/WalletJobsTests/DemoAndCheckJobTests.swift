import Testing
import WalletCore
import WalletJobs
import WalletStore
import WalletTestSupport

/// The demo's store holds the whole sample, and a check decides one purchase per promotion.
struct DemoAndCheckJobTests {
  @Test func theDemoStoreHoldsTheWholeSample() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("wallet.sqlite")
    let report = try DemoStoreJob.build(
      at: path,
      from: DemoSampleFiles(
        cards: WalletProcess.sample("cards.csv"),
        enrollments: WalletProcess.sample("enrollments.csv"),
        transactions: WalletProcess.sample("transactions.csv"),
        postings: WalletProcess.sample("postings.csv")))
    #expect((report.cards, report.enrollments, report.transactions) == (7, 9, 25))
    #expect(report.postings > 0)
    var clawback = Promotion.bocomApplePayMonthly
    clawback.id = Identifier("demo-clawback")
    try DemoStoreJob.install(clawback, at: path)
    let store = try WalletStore.open(path: path, create: false)
    #expect(try store.promotions().map(\.promotion.id).contains(clawback.id))
    #expect(store.timeZone == WalletStore.defaultTimeZone)

    let card = try #require(try store.card(Identifier("C-ZW-BOCOM")))
    let at = try Instant.parse("2026-11-28T12:00:00+08:00", naiveIn: store.timeZone)
    let checks = try CheckJob.card(card, at: at, store: store)
    #expect(checks.map(\.promotion.id) == (try store.promotions().map(\.promotion.id)))
    #expect(checks.allSatisfy { $0.purchase.amount >= $0.promotion.minimumSpend })
    let purchases = try CheckJob.purchase(
      of: Money(minorUnits: 15_000), currency: .cny, at: at,
      on: try store.cards(holder: Identifier("H003")), store: store)
    #expect(purchases.allSatisfy { $0.cards.count == 3 })
  }
}
