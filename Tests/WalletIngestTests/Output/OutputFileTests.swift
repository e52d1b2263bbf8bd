import Testing
import WalletCore

@testable import WalletIngest

/// The rewards and decisions files: a batch's, formatted from its ledger in blocks, two halves at
/// once, must be what the rows give written one by one, however the rows are cut into blocks.
struct OutputFileTests {
  static func ledger() -> Ledger {
    let zone = Promotion.bocomApplePayMonthly.timeZone
    let cards = (0..<7).map {
      Card(
        id: Identifier("C\($0)"), holder: Identifier(["H2", "H1", "h1", "H, 3"][$0 % 4]),
        network: .unionpay, type: .credit, role: .primary, issuer: "bocom")
    }
    let enrollments = cards.enumerated().map { index, card in
      Enrollment(
        id: Identifier("E\(index)"), card: card.id, channel: index % 2 == 0 ? .bankApp : .wallet,
        enrolledAt: (try? Instant.parse("2025-01-01T00:00:00", naiveIn: zone))
          ?? Instant(nanosecondsSinceEpoch: 0))
    }
    let transactions = (0..<90).map { index in
      Transaction(
        id: Identifier("T\(index)"), card: cards[index % cards.count].id,
        time: Instant(
          nanosecondsSinceEpoch: 1_760_000_000_000_000_000 + Int64(index) * 86_400_000_000_000),
        amount: Money(minorUnits: Int64(5_000 + index * 731 % 20_000)))
    }
    return Ledger(cards: cards, enrollments: enrollments, transactions: transactions)
  }

  @Test(arguments: [1, 2, 3, 17])
  func blocksDoNotShow(rowsPerHalfBlock: Int) throws {
    let ledger = Self.ledger()
    let promotion = Promotion.bocomApplePayMonthly
    let decisions = RewardEngine(promotion: promotion).decide(ledger)
    let rewards = try RowsOneByOne.text {
      try RewardsFile.write(decisions, ledger: ledger, promotion: promotion, to: $0)
    }
    let decided = try RowsOneByOne.text {
      try DecisionsFile.write(decisions, ledger: ledger, to: $0)
    }
    #expect(rewards.split(separator: "\r\n").count > 10)
    #expect(decided.split(separator: "\r\n").count == 91)
    #expect(rewards.contains("\"H, 3\""))
    let rewardsInBlocks = try RowsOneByOne.text {
      try RewardsFile.write(
        decisions, ledger: ledger, promotion: promotion, to: $0,
        rowsPerHalfBlock: rowsPerHalfBlock)
    }
    let decidedInBlocks = try RowsOneByOne.text {
      try DecisionsFile.write(
        decisions, ledger: ledger, to: $0, rowsPerHalfBlock: rowsPerHalfBlock)
    }
    #expect(rewardsInBlocks == rewards)
    #expect(decidedInBlocks == decided)
  }

  /// A batch's files, from its ledger, hold exactly the rows that `fields(of:)` gives for each
  /// decision and reward: the columnar writers add nothing of their own.
  @Test func theLedgersFilesAreTheRowsWrittenOneByOne() throws {
    let files = try RowsOneByOne.files(of: Self.ledger(), under: .bocomApplePayMonthly)
    #expect(files.decisions == files.decisionsOneByOne)
    #expect(files.rewardCount > 10)
    #expect(files.rewards == files.rewardsOneByOne)
  }
}
