import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// The `issuer-codes` step: a store made before issuers were kept by code holds them as they
/// were written, and its decisions were made comparing them as text. Opened for writing, its
/// known banks become codes and every decision is made again.
struct IssuerCodesMigrationTests {
  let folder = ScratchSpace.path("wallet-issuer-codes")

  /// A store as an older wallet left it: cards C1, C2… of holders H1, H2… with the issuers given,
  /// each bound in the bank's app with one purchase, a promotion `other` whose issuer is
  /// written `交通银行`, and the decisions the old comparison made (C1 and C2 of another
  /// issuer than `bocom`); the step (and the index step after it) not yet applied.
  func olderStore(at path: String, issuers: [String?]) throws {
    let store = try WalletStore.open(path: path, create: true)
    for (index, issuer) in issuers.enumerated() {
      let card = Identifier("C\(index + 1)")
      try store.addCard(
        Card(id: card, holder: Identifier("H\(index + 1)"), network: .unionpay, type: .credit))
      try store.addEnrollment(
        Enrollment(
          id: Identifier("E\(index + 1)"), card: card, channel: .bankApp,
          enrolledAt: try Instant.parse("2026-11-01T00:00+08:00", naiveIn: .shanghai)))
      try store.addTransaction(
        Transaction(
          id: Identifier("T\(index + 1)"), card: card,
          time: try Instant.parse("2026-11-25T10:00+08:00", naiveIn: .shanghai),
          amount: Money(minorUnits: 150_00)))
      try store.db.execute("UPDATE cards SET issuer = ? WHERE id = ?", [issuer, card.rawValue])
    }
    var other = Promotion.bocomApplePayMonthly
    other.id = Identifier("other")
    other.issuer = "交通银行"
    try store.installPromotion(other)
    #expect(
      try store.db.scalar("SELECT definition FROM promotions WHERE id = 'other'")?.stringValue?
        .contains("\"issuer\": \"交通银行\"") == true)
    // What the old comparison decided: a card not written `bocom` was of another issuer.
    try store.db.execute(
      """
      UPDATE decisions SET reason = 'other-issuer', ordinal = NULL, reward = NULL,
        channel = NULL, enrollment = NULL
        WHERE card IN ('C1', 'C2')
      """)
    try store.db.executeScript(
      """
      DROP INDEX waiting_refunds_by_card;
      DELETE FROM schema_migrations WHERE name IN ('issuer-codes', 'index-waiting-refunds');
      PRAGMA user_version = 5;
      """)
  }

  @Test func knownBanksBecomeCodesAndTheDecisionsAreMadeAgain() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("w.sqlite").path
    try olderStore(at: path, issuers: ["交通银行", "Bank of Communications", "Foo Bank", nil, "招行"])
    // Read-only, it is refused: the step writes.
    #expect(throws: StoreError.needsUpgrade(path: path)) {
      try WalletStore.open(path: path, create: false, readOnly: true)
    }

    let store = try WalletStore.open(path: path, create: false)
    #expect(try StoreSchema.migrator.pendingMigrations(in: store.db.database).isEmpty)
    #expect(try store.cards().map(\.issuer) == ["bocom", "bocom", "Foo Bank", nil, "cmb"])
    let definition = try store.db.scalar(
      "SELECT definition FROM promotions WHERE id = 'other'")?.stringValue
    #expect(definition?.contains("\"issuer\": \"bocom\"") == true)
    #expect(definition?.contains("\"issuer\": \"交通银行\"") == false)
    // Every decision is what deciding now gives: C1 and C2 earn, under both promotions.
    #expect(try store.materialisedDifferences().isEmpty)
    for promotion in [Promotion.bocomApplePayMonthly.id, Identifier("other")] {
      let rewarded = try store.decisions(promotion: promotion)
        .filter { $0.outcome.reward != nil }.map(\.transaction.rawValue).sorted()
      #expect(rewarded == ["T1", "T2"], "\(promotion)")
    }
    #expect(
      try store.db.scalar("SELECT 1 FROM settings WHERE key = ?", [IssuerCodes.decideAgainKey])
        == nil)
  }

  /// A store whose issuers are codes already (or unknown banks) is not marked to be decided
  /// again.
  @Test func aStoreOfCodesIsNotMarked() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("codes.sqlite").path
    do {
      let store = try WalletStore.open(path: path, create: true)
      for (id, issuer) in [("C1", "bocom"), ("C2", "Foo Bank")] {
        try store.addCard(
          Card(
            id: Identifier(id), holder: Identifier("H1"), network: .visa, type: .credit,
            issuer: issuer))
      }
    }
    let database = try Database(path: path, mode: .readWrite)
    try IssuerCodes.migrate(database)
    #expect(
      try database.scalar("SELECT 1 FROM settings WHERE key = ?", [IssuerCodes.decideAgainKey])
        == nil)
    try database.execute("UPDATE cards SET issuer = '交行' WHERE id = 'C1'")
    try IssuerCodes.migrate(database)
    #expect(
      try database.scalar("SELECT value FROM settings WHERE key = ?", [IssuerCodes.decideAgainKey])?
        .stringValue == "issuer-codes")
  }
}
