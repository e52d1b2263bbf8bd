import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// How an import decided a purchase's payment method is kept as values, read back as written,
/// and the English words older versions stored are turned into the same values on upgrade.
struct MethodDecisionColumnsTests {
  /// Each kind of decision, with the words a version before the step stored for it.
  static let decisions: [(decision: MethodDecision, words: String)] = [
    (.commandLine, "--method on the command line"),
    (
      .formatRule(format: "alipay", number: 2, reason: "paid through Alipay (花呗)"),
      "paid through Alipay (花呗) (rule 2 of format alipay)"
    ),
    (
      .rulesFileRule(number: 3, name: "coffee (big)", file: "my rules.json"),
      "rule 3 (coffee (big)) of the rules file my rules.json"
    ),
    (.rulesFileRule(number: 12, name: nil, file: "r.json"), "rule 12 of the rules file r.json"),
  ]

  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("wallet-method-\(UniqueName.make())")

  /// A store on disk with one imported purchase for each decision, `S0`, `S1`…
  func storeWithEveryDecision() throws -> (path: String, store: WalletStore) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("w.sqlite").path
    let store = try WalletStore.open(path: path, create: true)
    try store.addCard(
      Card(
        id: "C1", holder: "H1", network: .unionpay, type: .credit, role: .primary,
        issuer: "bocom", last4: "7449"))
    let purchases = Self.decisions.enumerated().map { index, entry in
      ImportedPurchase(
        transaction: Transaction(
          id: Identifier("S\(index)"), card: "C1", time: instant("2026-11-23T10:00"),
          amount: Money(minorUnits: 10_000 + Int64(index)), method: .applePay,
          merchant: "shop \(index)"),
        origin: ImportOrigin(
          format: "alipay", sourceKind: .appExport, file: "a.csv", line: index + 2,
          methodDecidedBy: entry.decision))
    }
    _ = try store.importStatement(StatementImport(purchases: purchases, refunds: [], postings: []))
    return (path, store)
  }

  func storedDecisions(_ store: WalletStore) throws -> [MethodDecision?] {
    try Self.decisions.indices.map {
      try store.origins(of: Identifier("S\($0)")).first?.methodDecidedBy
    }
  }

  @Test func everyDecisionReadsBackAsWritten() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (_, store) = try storeWithEveryDecision()
    #expect(try storedDecisions(store) == Self.decisions.map(\.decision))
  }

  @Test func anUpgradeReadsTheWordsOlderVersionsStored() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, store) = try storeWithEveryDecision()
    try store.db.executeScript(StoreOpeningTests.undoLastSteps)
    for (index, entry) in Self.decisions.enumerated() {
      try store.db.execute(
        "UPDATE origins SET method_decided_by = ? WHERE record = ?", [entry.words, "S\(index)"])
    }
    let upgraded = try WalletStore.open(path: path, create: false)
    #expect(try storedDecisions(upgraded) == Self.decisions.map(\.decision))
    let columns = try upgraded.db.fetchAll("SELECT name FROM pragma_table_info('origins')") {
      $0.string(at: 0)
    }
    #expect(!columns.contains("method_decided_by"))
  }

  @Test(arguments: [
    "rule x of the rules file r.json", "rule 2 [n] of the rules file r.json",
    "paid by card (rule two of format f)", "by hand",
  ])
  func anUpgradeRefusesWordsNoVersionWrote(words: String) throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (path, store) = try storeWithEveryDecision()
    try store.db.executeScript(StoreOpeningTests.undoLastSteps)
    try store.db.execute(
      "UPDATE origins SET method_decided_by = ? WHERE record = 'S1'", [words])
    #expect(
      throws: StoreError.damagedRow(
        table: "origins", row: "S1", column: "method_decided_by", value: words,
        expected: .methodSource)
    ) {
      try WalletStore.open(path: path, create: false)
    }
  }

  @Test func aSourceNoVersionWritesIsADamagedRow() throws {
    let store = try WalletStore.inMemory()
    try store.addCard(
      Card(
        id: "C1", holder: "H1", network: .unionpay, type: .credit, role: .primary,
        issuer: "bocom", last4: "7449"))
    let purchase = ImportedPurchase(
      transaction: Transaction(
        id: "S1", card: "C1", time: instant("2026-11-23T10:00"), amount: Money(minorUnits: 10_000),
        method: .applePay, merchant: nil),
      origin: ImportOrigin(
        format: "alipay", sourceKind: .appExport, file: "a.csv", line: 2,
        methodDecidedBy: .commandLine))
    _ = try store.importStatement(StatementImport(purchases: [purchase], refunds: [], postings: []))
    try store.db.execute("UPDATE origins SET method_source = 'guessed'")
    #expect(
      throws: StoreError.damagedRow(
        table: "origins", row: "S1", column: "method_source", value: "guessed",
        expected: .methodSource)
    ) {
      try store.origins(of: "S1")
    }
  }
}
