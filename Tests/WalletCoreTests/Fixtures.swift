@testable import WalletCore

/// Builders that keep the engine tests short; every value is the SPEC's default unless given.
enum Fixture {
  static func at(_ text: String) -> Instant {
    do {
      return try Instant.parse(text, naiveIn: .shanghai)
    } catch {
      preconditionFailure("bad fixture time \(text): \(error)")
    }
  }

  /// Seconds since the epoch of a time written with its offset.
  static func utcSeconds(_ text: String) -> Int64 {
    at(text).secondsSinceEpoch
  }

  static func yuan(_ text: String) -> Money {
    do {
      return try Money.parse(text)
    } catch {
      preconditionFailure("bad fixture amount \(text)")
    }
  }

  static func card(
    _ id: String, holder: String = "H1", network: Network = .unionpay, type: CardType = .credit,
    role: CardRole = .primary, issuer: String? = "bocom"
  ) -> Card {
    Card(
      id: Identifier(id), holder: Identifier(holder), network: network, type: type, role: role,
      issuer: issuer)
  }

  static func enrollment(
    _ id: String, card: String = "C1", channel: Channel = .bankApp,
    at enrolled: String = "2026-01-01T00:00", removed: String? = nil
  ) -> Enrollment {
    Enrollment(
      id: Identifier(id), card: Identifier(card), channel: channel, enrolledAt: at(enrolled),
      removedAt: removed.map(at))
  }

  static func purchase(
    _ id: String, card: String = "C1", at time: String, amount: String = "150.00",
    currency: Currency = Transaction.Defaults.currency,
    method: PaymentMethod = Transaction.Defaults.method,
    status: TransactionStatus = Transaction.Defaults.status, refunded: String = "0",
    enrollment: String? = nil,
    mcc: String? = nil
  ) -> Transaction {
    Transaction(
      id: Identifier(id), card: Identifier(card), time: at(time), amount: yuan(amount),
      currency: currency, method: method, status: status, refunded: yuan(refunded),
      enrollment: enrollment.map(Identifier.init), mcc: mcc.flatMap(MerchantCategoryCode.init))
  }
}

/// A promotion, cards, enrollments and transactions, decided together.
struct Scenario {
  var promotion = Promotion.bocomApplePayMonthly
  var cards = [Fixture.card("C1")]
  var enrollments = [Fixture.enrollment("E1")]
  var transactions: [Transaction] = []

  func decide() -> [Decision] {
    RewardEngine(promotion: promotion).decide(
      cards: cards, enrollments: enrollments, transactions: transactions)
  }

  func decision(_ id: String) -> Decision? {
    decide().first { $0.transaction == Identifier(id) }
  }

  func outcome(_ id: String) -> Outcome? { decision(id)?.outcome }
}
