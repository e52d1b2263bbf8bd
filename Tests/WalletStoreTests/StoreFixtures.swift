import Foundation
import WalletCore
import WalletTestSupport

@testable import WalletStore

func instant(_ text: String) -> Instant {
  do {
    return try Instant.parse(text, naiveIn: .shanghai)
  } catch {
    preconditionFailure("bad fixture time \(text)")
  }
}

/// Random SPEC-valid cards, enrollments and transactions over a few holders.
struct RandomWallet {
  var cards: [Card] = []
  var enrollments: [Enrollment] = []
  var transactions: [Transaction] = []

  init(seed: UInt64, transactions count: Int) {
    var random = SeededGenerator(seed: seed)
    let base = instant("2026-01-01T00:00").nanosecondsSinceEpoch
    let day: Int64 = 86_400_000_000_000
    func time() -> Instant {
      Instant(nanosecondsSinceEpoch: base + Int64.random(in: 0..<300, using: &random) * day / 4)
    }
    for index in 0..<10 {
      cards.append(
        Card(
          id: Identifier("C\(index)"), holder: Identifier("H\(index % 4)"),
          network: index % 2 == 0 ? .unionpay : .visa, type: index == 9 ? .debit : .credit,
          role: index % 3 == 2 ? .supplementary : .primary, issuer: index == 8 ? "cmb" : "bocom",
          last4: nil))
    }
    for index in 0..<14 {
      let enrolled = time()
      enrollments.append(
        Enrollment(
          id: Identifier("E\(index)"), card: Identifier("C\(index % 10)"),
          channel: Bool.random(using: &random) ? .bankApp : .wallet, enrolledAt: enrolled,
          removedAt: Bool.random(using: &random)
            ? nil : Instant(nanosecondsSinceEpoch: enrolled.nanosecondsSinceEpoch + 60 * day)))
    }
    for index in 0..<count {
      let amount = Money(minorUnits: Int64.random(in: 5_000...30_000, using: &random))
      transactions.append(
        Transaction(
          id: Identifier("T\(index)"),
          card: Identifier("C\(Int.random(in: 0..<10, using: &random))"),
          time: time(), amount: amount,
          status: Int.random(in: 0..<10, using: &random) == 0 ? .declined : .settled,
          refunded: Int.random(in: 0..<6, using: &random) == 0
            ? Money(minorUnits: amount.minorUnits / 2) : .zero,
          enrollment: Int.random(in: 0..<5, using: &random) == 0
            ? Identifier("E\(Int.random(in: 0..<14, using: &random))") : nil))
    }
  }
}

extension WalletStore {
  /// Checks that the materialised decisions equal what the engine decides from scratch on
  /// everything in the store, for every installed promotion; returns the differences.
  func materialisedDifferences() throws -> [String] {
    var differences: [String] = []
    let cards = try cards()
    let enrollments = try enrollments()
    let transactions = try transactions()
    for promotion in try installedPromotions() {
      let expected = RewardEngine(promotion: promotion).decide(
        cards: cards, enrollments: enrollments, transactions: transactions)
      let stored = Dictionary(
        uniqueKeysWithValues: try decisions(promotion: promotion.id).map { ($0.transaction, $0) })
      if stored.count != expected.count {
        differences.append("\(promotion.id): \(stored.count) stored, \(expected.count) expected")
      }
      for decision in expected where stored[decision.transaction] != decision {
        differences.append(
          "\(promotion.id) \(decision.transaction): stored \(String(describing: stored[decision.transaction])), expected \(decision)"
        )
      }
    }
    return differences
  }
}
