import WalletCore

/// The warning `card add` and `import cards` give for a card that no installed promotion could
/// ever reward (issue 30): a new user's card of the wrong issuer, network, type or role, or with
/// no issuer at all, otherwise only shows up as "not rewarded" on every purchase.
///
/// Only the card's own facts are judged (checks 4–7): a binding or a purchase can still be
/// added later, but nothing changes the card. Every installed promotion is asked, and a store
/// always has the built-in ones, which cannot be removed: so a store whose promotions all want
/// `bocom` warns of a `cmb` card, while one with a promotion for any issuer does not. It is a
/// warning, not an error: the card is kept, and the exit status stays 0.
enum CardEarningWarning {
  /// The most cards named one by one: a bank's file of debit cards would otherwise bury the
  /// import's summary under a line per card.
  static let namedCards = 20

  /// One line per card that no promotion of `promotions` could ever reward, saying why, then
  /// for more than ``namedCards`` such cards one line counting the rest; none without
  /// promotions, as there is nothing to judge by.
  static func lines(for cards: [Card], promotions: [Promotion]) -> [String] {
    guard !promotions.isEmpty else { return [] }
    // Cards share a handful of issuer, type, network and role combinations: each is judged once.
    var judged: [Combination: String?] = [:]
    var lines: [String] = []
    var unnamed = 0
    for card in cards {
      let combination = Combination(card)
      let why: String?
      if let known = judged[combination] {
        why = known
      } else {
        why = reasons(card, promotions)
        judged[combination] = why
      }
      guard let why else { continue }
      if lines.count < namedCards {
        let id = card.id
        lines.append(tr("Warning: no installed promotion can ever reward card \(id): \(why)"))
      } else {
        unnamed += 1
      }
    }
    if unnamed > 0 {
      let count = ProgressReporter.grouped(unnamed)
      lines.append(
        tr("Warning: and \(count) more cards that no installed promotion can ever reward."))
    }
    return lines
  }

  /// Why `card` earns under none of `promotions`: one sentence when each gives the same,
  /// else each promotion's, after its id; nil when one of them may reward it.
  private static func reasons(_ card: Card, _ promotions: [Promotion]) -> String? {
    var sentences: [(id: Identifier, sentence: String)] = []
    for promotion in promotions {
      guard let reason = promotion.cardReason(card) else { return nil }
      sentences.append(
        (promotion.id, ReasonWording.cardSentence(for: reason, card: card, promotion: promotion)))
    }
    if Set(sentences.map(\.sentence)).count == 1 { return sentences[0].sentence }
    return sentences.map { "\($0.id): \($0.sentence)" }.joined(separator: " ")
  }

  /// What the judgement of a card depends on.
  private struct Combination: Hashable {
    let issuer: String?
    let type: CardType
    let network: Network
    let role: CardRole

    init(_ card: Card) {
      (issuer, type, network, role) = (card.issuer, card.type, card.network, card.role)
    }
  }
}
