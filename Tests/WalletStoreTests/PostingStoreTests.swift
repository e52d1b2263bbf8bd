import Testing
import WalletCore

@testable import WalletStore

/// Postings in the store: added once, refused when they conflict, replaced when asked, listed by
/// holder and card, removed, and gone with their card.
struct PostingStoreTests {
  let store: WalletStore

  init() throws {
    store = try WalletStore.inMemory()
    try store.addCard(
      Card(id: Identifier("C1"), holder: Identifier("H1"), network: .unionpay, type: .credit))
    try store.addCard(
      Card(
        id: Identifier("C2"), holder: Identifier("H1"), network: .unionpay, type: .credit,
        role: .supplementary))
    try store.addCard(
      Card(id: Identifier("C3"), holder: Identifier("H2"), network: .visa, type: .credit))
  }

  static func posting(
    _ id: String, card: String = "C1", date: String = "2026-01-05", kind: Posting.Kind = .credit,
    fen: Int64 = 2_000, transaction: String? = nil
  ) throws -> Posting {
    Posting(
      id: Identifier(id), card: Identifier(card), date: try CivilDate.parse(date), kind: kind,
      amount: Money(minorUnits: fen), transaction: transaction.map { Identifier($0) })
  }

  @Test func addingTheSamePostingTwiceChangesNothing() throws {
    let posting = try Self.posting("P1", transaction: "T1")
    #expect(try store.addPosting(posting) == .inserted)
    #expect(try store.addPosting(posting) == .unchanged)
    #expect(try store.postings() == [posting])
    #expect(try store.posting(Identifier("P1")) == posting)
  }

  @Test func otherDetailsUnderTheSameIDAreAConflictUnlessReplaced() throws {
    try store.addPosting(try Self.posting("P1"))
    let changed = try Self.posting("P1", kind: .clawback)
    #expect(throws: StoreError.conflict(kind: .posting, id: Identifier("P1"))) {
      try store.addPosting(changed)
    }
    #expect(try store.postings().map(\.kind) == [.credit])
    #expect(try store.addPosting(changed, replace: true) == .replaced)
    #expect(try store.postings() == [changed])
  }

  @Test func aPostingOnACardTheStoreLacksIsRefused() throws {
    #expect(throws: StoreError.unknownCard(Identifier("C9"))) {
      try store.addPosting(try Self.posting("P1", card: "C9"))
    }
  }

  @Test func anImportIsAllOrNothingAndTwiceChangesNothing() throws {
    let good = [try Self.posting("P1"), try Self.posting("P2", card: "C3")]
    let report = try store.importPostings(good, policy: ImportPolicy())
    #expect(report.inserted == 2)
    let again = try store.importPostings(good, policy: ImportPolicy())
    #expect((again.inserted, again.unchanged, again.replaced) == (0, 2, 0))

    let bad = [try Self.posting("P3"), try Self.posting("P4", card: "C9")]
    #expect(throws: ImportError.self) { try store.importPostings(bad, policy: ImportPolicy()) }
    #expect(try store.postings().map(\.id.rawValue) == ["P1", "P2"])

    let skipped = try store.importPostings(bad, policy: ImportPolicy(skipInvalid: true))
    #expect(skipped.inserted == 1)
    #expect(skipped.rejected.map(\.index) == [1])
  }

  @Test func listsFilterByHolderAndCardInDateThenIDOrder() throws {
    try store.addPosting(try Self.posting("P2", card: "C2", date: "2026-01-05"))
    try store.addPosting(try Self.posting("P1", card: "C1", date: "2026-01-05"))
    try store.addPosting(try Self.posting("P0", card: "C1", date: "2026-02-01"))
    try store.addPosting(try Self.posting("P9", card: "C3", date: "2026-01-01"))
    func ids(_ filter: WalletStore.PostingFilter) throws -> [String] {
      try store.postings(filter).map(\.id.rawValue)
    }
    #expect(try ids(.init()) == ["P9", "P1", "P2", "P0"])
    #expect(try ids(.init(holder: Identifier("H1"))) == ["P1", "P2", "P0"])
    #expect(try ids(.init(card: Identifier("C1"))) == ["P1", "P0"])
    #expect(try ids(.init(holder: Identifier("H2"), card: Identifier("C1"))) == [])
  }

  @Test func removingAPostingLeavesTheOthers() throws {
    let kept = try Self.posting("P2")
    try store.addPosting(try Self.posting("P1"))
    try store.addPosting(kept)
    #expect(try store.removePosting(Identifier("P1"))?.id == Identifier("P1"))
    #expect(try store.removePosting(Identifier("P1")) == nil)
    #expect(try store.postings() == [kept])
  }

  @Test func removingACardRemovesItsPostings() throws {
    try store.addTransaction(
      Transaction(
        id: Identifier("T1"), card: Identifier("C1"),
        time: try Instant.parse("2026-01-02T10:00:00+08:00", naiveIn: .shanghai),
        amount: Money(minorUnits: 20_000)))
    try store.addPosting(try Self.posting("P1", transaction: "T1"))
    try store.addPosting(try Self.posting("P3", card: "C3"))
    #expect(throws: StoreError.cardHasTransactions(Identifier("C1"), count: 1)) {
      try store.removeCard(Identifier("C1"), force: false)
    }
    #expect(try store.postings().count == 2)
    let removal = try store.removeCard(Identifier("C1"), force: true)
    // Counted, so that the command can say so: nothing is dropped silently.
    #expect(removal.postings == 1)
    #expect(try store.postings().map(\.id.rawValue) == ["P3"])
  }
}
