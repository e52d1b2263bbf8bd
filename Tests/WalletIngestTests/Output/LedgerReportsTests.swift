import Testing
import WalletCore

@testable import WalletIngest

/// The rewards and decisions files are formatted in blocks, two halves at once; how the rows are
/// cut into blocks must never show in the output.
struct LedgerReportsTests {
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

  static func text(_ write: (CSVWriter) throws -> Void) throws -> String {
    var bytes: [UInt8] = []
    let writer = CSVWriter(chunkSize: 64) { bytes.append(contentsOf: $0) }
    try write(writer)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [1, 2, 3, 17])
  func blocksDoNotShow(rowsPerHalfBlock: Int) throws {
    let ledger = Self.ledger()
    let promotion = Promotion.bocomApplePayMonthly
    let decisions = RewardEngine(promotion: promotion).decide(ledger)
    let rewards = try Self.text {
      try LedgerReports.writeRewards(decisions, ledger: ledger, promotion: promotion, to: $0)
    }
    let decided = try Self.text {
      try LedgerReports.writeDecisions(decisions, ledger: ledger, to: $0)
    }
    #expect(rewards.split(separator: "\r\n").count > 10)
    #expect(decided.split(separator: "\r\n").count == 91)
    #expect(rewards.contains("\"H, 3\""))
    let rewardsInBlocks = try Self.text {
      try LedgerReports.writeRewards(
        decisions, ledger: ledger, promotion: promotion, to: $0,
        rowsPerHalfBlock: rowsPerHalfBlock)
    }
    let decidedInBlocks = try Self.text {
      try LedgerReports.writeDecisions(
        decisions, ledger: ledger, to: $0, rowsPerHalfBlock: rowsPerHalfBlock)
    }
    #expect(rewardsInBlocks == rewards)
    #expect(decidedInBlocks == decided)
  }
}
