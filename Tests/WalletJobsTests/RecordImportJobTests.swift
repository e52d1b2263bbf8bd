import Testing
import WalletCore
import WalletIngest
import WalletJobs
import WalletStore
import WalletTestSupport

/// Record imports as one call: the counts, the rows left out at their lines, and the file's
/// transactions for what the command says about them.
struct RecordImportJobTests {
  let store: WalletStore

  init() throws {
    store = try WalletStore.inMemory()
  }

  func importSample(_ kind: InputKind, _ name: String, policy: ImportPolicy = ImportPolicy())
    throws -> RecordImportReport
  {
    try RecordImportJob.run(
      kind, file: try InputFile(path: WalletProcess.sample(name)), policy: policy, store: store)
  }

  /// The store's error of a row it refused; nil for a row the reader refused.
  static func storeError(of skipped: SkippedRecord) -> StoreError? {
    guard case .refused(let refusal) = skipped else { return nil }
    return refusal.error
  }

  @Test func theSampleImportsOnceAndThenChangesNothing() throws {
    let cards = try importSample(.cards, "cards.csv")
    #expect(cards.counts.inserted == 7 && cards.skipped.isEmpty && cards.transactions.isEmpty)
    #expect(try importSample(.cards, "cards.csv").counts.unchanged == 7)
    _ = try importSample(.enrollments, "enrollments.csv")
    var stages: [RecordImportStage] = []
    let transactions = try RecordImportJob.run(
      .transactions, file: try InputFile(path: WalletProcess.sample("transactions.csv")),
      policy: ImportPolicy(), store: store, stage: { stages.append($0) })
    #expect(transactions.counts.inserted == 25)
    #expect(transactions.transactions.count == 25)
    guard case .readAs(.utf8) = stages.first, case .storing(rows: 25) = stages.dropFirst().first,
      case .stored(rows: 25) = stages.last
    else {
      Issue.record("stages: \(stages)")
      return
    }
  }

  @Test func rowsTheStoreRefusesAreLocatedOrSkipped() throws {
    // No cards yet: every enrollment names an unknown card.
    #expect(throws: RefusedRow.self) { try importSample(.enrollments, "enrollments.csv") }
    let skipped = try importSample(
      .enrollments, "enrollments.csv", policy: ImportPolicy(skipInvalid: true))
    #expect(skipped.counts.inserted == 0)
    #expect(skipped.skipped.map(\.line) == Array(2...10))
    #expect(skipped.skipped.allSatisfy { $0.column == 2 })
    #expect(
      skipped.skipped.allSatisfy {
        guard case .unknownCard = Self.storeError(of: $0) else { return false }
        return true
      })
  }

  @Test func aConflictComesBackWithTheRowForTheCallerToWord() throws {
    _ = try importSample(.cards, "cards.csv")
    let folder = try TemporaryFolder()
    let sample = try String(contentsOfFile: WalletProcess.sample("cards.csv"), encoding: .utf8)
    let changed = try folder.write(
      "cards.csv", sample.replacingOccurrences(of: "C-ZW-BOCOM,H003", with: "C-ZW-BOCOM,H009"))
    #expect {
      try RecordImportJob.run(
        .cards, file: try InputFile(path: changed), policy: ImportPolicy(), store: store)
    } throws: { error in
      guard let refusal = error as? RefusedRow, case .conflict(.card, let id) = refusal.error,
        case .card(let card) = refusal.row
      else { return false }
      return id == card.id && card.id == Identifier("C-ZW-BOCOM")
        && card.holder == Identifier("H009")
    }
  }

  @Test func transactionsDatedAfterNowAreFound() throws {
    _ = try importSample(.cards, "cards.csv")
    _ = try importSample(.enrollments, "enrollments.csv")
    let report = try importSample(.transactions, "transactions.csv")
    let now = try Instant.parse("2026-11-01T00:00:00+08:00", naiveIn: store.timeZone)
    #expect(!report.transactions(after: now).isEmpty)
    #expect(report.transactions(after: now).allSatisfy { $0.time > now })
  }
}
