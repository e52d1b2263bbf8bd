import Foundation
import Testing
import WalletTestSupport

@testable import WalletCore

/// A shipped promotion of `data/promotions/` and purchases written for its terms, each with the
/// outcome worked out by hand from them: a table that any decision can be held to (the readable
/// reference here; the fast engine, batch and `wallet sql` when they decide SPEC 8).
///
/// Times are local times in the promotion's own zone and amounts in its own currency unless a
/// transaction says otherwise; `zone` and `currency` repeat the file's, and a test checks that
/// they agree.
struct RealPromotionCase: Sendable, CustomTestStringConvertible {
  /// The file's name in `data/promotions/`.
  var promotionFile: String
  /// The promotion's time zone, in which the purchases' local times are written.
  var zone: String
  /// The promotion's currency, the purchases' unless one says otherwise.
  var currency: Currency
  var cards: [Card]
  var enrollments: [Enrollment]
  var transactions: [Transaction]
  /// The outcome of every transaction, by transaction id.
  var expected: [String: Expected]

  var testDescription: String { promotionFile }

  /// The shipped file's bytes.
  var fileBytes: [UInt8] {
    get throws {
      Array(try Data(contentsOf: RealPromotionCase.folder.appendingPathComponent(promotionFile)))
    }
  }

  /// The shipped promotion, read as every command reads a promotion file.
  func promotion() throws -> Promotion {
    try Promotion.decode(json: try fileBytes)
  }

  /// What differs between `decisions` and the table, one line each, in the order of the ids'
  /// bytes; empty when every transaction, and no other, got its expected outcome.
  func mismatches(_ decisions: [Decision]) -> [String] {
    var decided: [String: Expected] = [:]
    var lines: [String] = []
    for decision in decisions {
      let id = decision.transaction.rawValue
      if decided.updateValue(Expected(decision.outcome), forKey: id) != nil {
        lines.append("\(id): decided twice")
      }
    }
    let ids = Set(decided.keys).union(expected.keys).sorted {
      Array($0.utf8).lexicographicallyPrecedes($1.utf8)
    }
    for id in ids {
      switch (expected[id], decided[id]) {
      case (let wanted?, let got?) where wanted != got:
        lines.append("\(id): expected \(wanted), decided \(got)")
      case (_?, nil): lines.append("\(id): not decided")
      case (nil, let got?): lines.append("\(id): decided \(got), not in the table")
      default: break
      }
    }
    return lines
  }

  /// `data/promotions/`.
  static let folder = WalletProcess.packageRoot.appendingPathComponent("data/promotions")
}

/// Builds a table's cards, enrollments and purchases in a promotion's zone and currency.
struct LocalTerms {
  let zone: TimeZoneRules
  let currency: Currency

  init(_ zone: String, _ currency: String) {
    do {
      self.zone = try TimeZoneRules(identifier: zone)
    } catch {
      preconditionFailure("bad zone \(zone)")
    }
    self.currency = Currency(parsing: currency)!
  }

  /// An instant written as a local time in the zone, or with its own offset.
  func at(_ text: String) -> Instant {
    do {
      return try Instant.parse(text, naiveIn: zone)
    } catch {
      preconditionFailure("bad time \(text): \(error)")
    }
  }

  func card(
    _ id: String, holder: String, _ network: Network, _ type: CardType = .credit,
    role: CardRole = .primary, issuer: String?
  ) -> Card {
    Card(
      id: Identifier(id), holder: Identifier(holder), network: network, type: type, role: role,
      issuer: issuer)
  }

  /// A binding in Apple Wallet (none of these promotions pays by channel).
  func enrollment(_ id: String, card: String, at time: String) -> Enrollment {
    Enrollment(id: Identifier(id), card: Identifier(card), channel: .wallet, enrolledAt: at(time))
  }

  func purchase(
    _ id: String, card: String = "C1", at time: String, _ amount: String,
    merchant: String? = nil, currency: String? = nil, method: PaymentMethod = .applePay,
    status: TransactionStatus = .settled, refunded: String = "0"
  ) -> Transaction {
    Transaction(
      id: Identifier(id), card: Identifier(card), time: at(time), amount: Fixture.yuan(amount),
      currency: currency.map { Currency(parsing: $0)! } ?? self.currency, method: method,
      status: status, refunded: Fixture.yuan(refunded), merchant: merchant)
  }

  /// A table for `file`, whose expectations are written in the order of the purchases.
  func table(
    _ file: String, cards: [Card], enrollments: [Enrollment], transactions: [Transaction],
    expected: [(String, Expected)]
  ) -> RealPromotionCase {
    RealPromotionCase(
      promotionFile: file, zone: zone.identifier, currency: currency, cards: cards,
      enrollments: enrollments, transactions: transactions,
      expected: Dictionary(expected, uniquingKeysWith: { first, _ in first }))
  }
}
