import Testing
import WalletCore

@testable import WalletStore

/// The readers that hand rows over as they are read (`forEachTransaction`, `forEachReward`,
/// `forEachDecision`): the same rows in the same order as the queries that gather them, and
/// they stop when asked to.
struct StreamingTests {
  static func store(seed: UInt64) throws -> WalletStore {
    let wallet = RandomWallet(seed: seed, transactions: 300)
    let store = try WalletStore.inMemory()
    _ = try store.importCards(wallet.cards, policy: ImportPolicy())
    _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
    _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
    return store
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func theSameRowsAsGathered(seed: UInt64) throws {
    let store = try Self.store(seed: seed)
    let promotion = Promotion.bocomApplePayMonthly.id

    var transactions: [Transaction] = []
    try store.forEachTransaction {
      transactions.append($0)
      return true
    }
    #expect(transactions == (try store.transactions(WalletStore.TransactionFilter())))
    #expect(transactions.count == 300)

    for includingForfeited in [false, true] {
      var rewards: [RewardLine] = []
      try store.forEachReward(promotion: promotion, includingForfeited: includingForfeited) {
        rewards.append($0)
        return true
      }
      let gathered = try store.rewards(
        promotion: promotion, includingForfeited: includingForfeited)
      #expect(rewards == gathered)
      #expect(!gathered.isEmpty)
    }

    var decisions: [Decision] = []
    try store.forEachDecision(promotion: promotion) {
      decisions.append($0)
      return true
    }
    #expect(decisions == (try store.decisions(promotion: promotion)))
    #expect(decisions.count == 300)

    for holder in [nil, Identifier("H1")] {
      var cards: [Card] = []
      try store.forEachCard(holder: holder) {
        cards.append($0)
        return true
      }
      #expect(cards == (try store.cards(holder: holder)))
      #expect(!cards.isEmpty)
    }
    for card in [nil, Identifier("C3")] {
      var enrollments: [Enrollment] = []
      try store.forEachEnrollment(card: card) {
        enrollments.append($0)
        return true
      }
      #expect(enrollments == (try store.enrollments(card: card)))
      #expect(!enrollments.isEmpty)
    }
  }

  @Test func eachStopsWhenAsked() throws {
    let store = try Self.store(seed: 4)
    let promotion = Promotion.bocomApplePayMonthly.id
    var counts = [0, 0, 0]
    try store.forEachTransaction {
      _ = $0
      counts[0] += 1
      return counts[0] < 5
    }
    try store.forEachReward(promotion: promotion) {
      _ = $0
      counts[1] += 1
      return counts[1] < 2
    }
    try store.forEachDecision(promotion: promotion) {
      _ = $0
      counts[2] += 1
      return counts[2] < 7
    }
    var cards = 0
    try store.forEachCard {
      _ = $0
      cards += 1
      return cards < 3
    }
    var enrollments = 0
    try store.forEachEnrollment {
      _ = $0
      enrollments += 1
      return enrollments < 4
    }
    #expect(counts == [5, 2, 7])
    #expect(cards == 3 && enrollments == 4)
    // A query run inside another's loop, even the same one, does not disturb it.
    var outer = 0
    try store.forEachDecision(promotion: promotion) { _ in
      outer += 1
      var inner = 0
      try store.forEachDecision(promotion: promotion) { _ in
        inner += 1
        return inner < 3
      }
      return outer < 4
    }
    #expect(outer == 4)
  }
}
