import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// Loading in bulk (indexes dropped, rows in key order, indexes built again, foreign keys checked
/// by the store) leaves the store exactly as loading row by row does.
struct BulkLoadTests {
  enum Quota: CaseIterable { case none, tight }

  /// Two stores given the same changes, one loading everything row by row and one in bulk.
  private func storePair(quota: Quota) throws -> (rowByRow: WalletStore, bulk: WalletStore) {
    let rowByRow = try WalletStore.inMemory()
    rowByRow.bulkLoadMinimumRows = .max
    let bulk = try WalletStore.inMemory()
    bulk.bulkLoadMinimumRows = 1
    if quota == .tight {
      var limited = Promotion.bocomApplePayMonthly
      limited.id = Identifier("limited")
      limited.quota = 9
      try rowByRow.installPromotion(limited)
      try bulk.installPromotion(limited)
    }
    return (rowByRow, bulk)
  }

  /// Everything a reader can see of a store, and its indexes as SQL.
  private func contents(of store: WalletStore) throws -> [String] {
    var lines = try store.transactions().map { "\($0)" }
    for promotion in try store.installedPromotions() {
      lines += try store.decisions(promotion: promotion.id).map { "\($0)" }
    }
    lines += try store.db.fetchAll(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name"
    ) { row in "\(row.string(at: 0)): \(row.string(at: 1))" }
    return lines
  }

  private func foreignKeysEnforced(in store: WalletStore) throws -> Bool {
    try store.db.scalar("PRAGMA foreign_keys")?.int64Value == 1
  }

  @Test(
    "imports into an empty table, a full one, again, and with replacements",
    // One random wallet by default, three under `WALLET_TEST_FULL=1`.
    arguments: TestSize.choose(quick: [1], full: [1, 2, 3]) as [UInt64], Quota.allCases)
  func sameStoreEitherWay(seed: UInt64, quota: Quota) throws {
    let wallet = RandomWallet(seed: seed, transactions: 240)
    let (rowByRow, bulk) = try storePair(quota: quota)
    // 60 of 240: enough for the bulk path (a quarter of the table).
    var replaced = Array(wallet.transactions.prefix(60))
    for index in replaced.indices {
      replaced[index].amount = Money(minorUnits: 100_00 + Int64(index))
      replaced[index].refunded = .zero
    }
    for store in [rowByRow, bulk] {
      _ = try store.importCards(wallet.cards, policy: ImportPolicy())
      _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
      let first = try store.importTransactions(
        Array(wallet.transactions.prefix(140)), policy: ImportPolicy())
      #expect(first.inserted == 140)
      let second = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
      #expect(second.inserted == 100 && second.unchanged == 140)
      let third = try store.importTransactions(replaced, policy: ImportPolicy(replace: true))
      #expect(third.replaced == 60)
      // Deciding everything again under a new promotion rewrites all of its decisions.
      var other = Promotion.bocomApplePayMonthly
      other.id = Identifier("other")
      other.minimumSpend = Money(minorUnits: 150_00)
      try store.installPromotion(other)
      #expect(try store.materialisedDifferences() == [])
      #expect(try store.integrityCheck())
      #expect(try foreignKeysEnforced(in: store))
    }
    let expected = try contents(of: rowByRow)
    #expect(expected.count > 240 * 2)
    #expect(try contents(of: bulk) == expected)
  }

  @Test func theFirstBadRowInTheFileIsReportedThoughRowsGoInByID() throws {
    let wallet = RandomWallet(seed: 4, transactions: 240)
    let (_, store) = try storePair(quota: .none)
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    let indexesBefore = try contents(of: store)
    var rows = wallet.transactions
    // "T200" sorts before "T30", so in id order the later row is met first.
    rows[30].card = Identifier("no-such-card")
    rows[200].enrollment = Identifier("no-such-enrollment")
    do {
      _ = try store.importTransactions(rows, policy: ImportPolicy())
      Issue.record("an unknown card was accepted")
    } catch let rejection as ImportError {
      #expect(rejection.index == 30)
      #expect(rejection.error == .unknownCard(Identifier("no-such-card")))
    }
    // Rolled back whole: the dropped indexes are back, and foreign keys are enforced again.
    #expect(try contents(of: store) == indexesBefore)
    #expect(try foreignKeysEnforced(in: store))
    let skipping = try store.importTransactions(rows, policy: ImportPolicy(skipInvalid: true))
    #expect(skipping.inserted == rows.count - 2)
    #expect(skipping.rejected.map(\.index) == [30, 200])
    #expect(try store.materialisedDifferences() == [])
  }

  /// Skipping invalid rows, an import whose every row is refused keeps nothing, on either path:
  /// rolled back, with the indexes a bulk load dropped back in place (SPEC 4).
  @Test(arguments: Quota.allCases)
  func everyRowRefusedIsRolledBackWhole(quota: Quota) throws {
    let wallet = RandomWallet(seed: 6, transactions: 240)
    let pair = try storePair(quota: quota)
    for store in [pair.rowByRow, pair.bulk] {
      _ = try store.importCards(wallet.cards, policy: ImportPolicy())
      _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
      let before = try contents(of: store)
      var rows = wallet.transactions
      for index in rows.indices { rows[index].card = Identifier("no-such-card") }
      let report = try store.importTransactions(rows, policy: ImportPolicy(skipInvalid: true))
      #expect(report.inserted == 0)
      #expect(report.rejected.map(\.index) == Array(rows.indices))
      #expect(try contents(of: store) == before)
      #expect(try foreignKeysEnforced(in: store))
      // One row the store takes is enough for the rest to be kept.
      rows[0] = wallet.transactions[0]
      let kept = try store.importTransactions(rows, policy: ImportPolicy(skipInvalid: true))
      #expect(kept.inserted == 1 && kept.rejected.count == rows.count - 1)
      #expect(try store.transactions().count == 1)
    }
  }

  /// Reported every 1,024 rows here (every 65,536 for a user), on the bulk path and the plain.
  @Test(arguments: [1, Int.max])
  func progressSaysWhatIsLeft(bulkLoadMinimumRows: Int) throws {
    let wallet = RandomWallet(seed: 5, transactions: 3_000)
    let store = try WalletStore.inMemory()
    store.bulkLoadMinimumRows = bulkLoadMinimumRows
    store.rowsBetweenProgress = 1_024
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    var heard: [ImportProgress] = []
    _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy()) {
      heard.append($0)
    }
    #expect(
      heard == [
        .writing(rows: 1_024, of: 3_000), .writing(rows: 2_048, of: 3_000),
        .updatingIndexesAndDecisions,
      ])
  }

  @Test(
    "pays only for a load that is large and a good part of the table",
    arguments: [
      (19_999, 0, false), (20_000, 0, true), (20_000, 80_000, true), (20_000, 80_001, false),
      (1_000_000, 2_000_000, true), (.max, .max, true),
    ])
  func whenBulkLoadingPays(incoming: Int, existing: Int, pays: Bool) {
    #expect(BulkLoad.pays(incoming: incoming, existing: existing) == pays)
  }
}
