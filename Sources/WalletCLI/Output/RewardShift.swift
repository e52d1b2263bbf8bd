import WalletCore
import WalletStore

/// A holder's rewards before a change, so that the change can say what happened to the rewards
/// of the holder's other purchases: a reward that moves to another purchase (after a refund or
/// a removal) is reported, never left for the cardholder to discover.
struct RewardShift {
  /// The holder whose rewards are compared.
  let holder: Identifier
  /// By promotion, then by transaction: each reward place (paid or forfeited) before the change.
  private let before: [Identifier: [Identifier: RewardLine]]

  /// Reads the holder's rewards now, before the change.
  init(holder: Identifier, store: WalletStore) throws {
    self.holder = holder
    before = try Self.read(holder: holder, store: store)
  }

  private static func read(
    holder: Identifier, store: WalletStore
  ) throws -> [Identifier: [Identifier: RewardLine]] {
    var places: [Identifier: [Identifier: RewardLine]] = [:]
    for installed in try store.promotions() {
      let id = installed.promotion.id
      let lines = try store.rewards(promotion: id, holder: holder, includingForfeited: true)
      places[id] = Dictionary(lines.map { ($0.transaction, $0) }) { first, _ in first }
    }
    return places
  }

  /// One sentence per other purchase of the holder whose reward changed, under each promotion:
  /// gained, lost, or moved to another place. `changed` is the purchase the command changed,
  /// whose own decision the command reports itself.
  func lines(excluding changed: Identifier, store: WalletStore) throws -> [String] {
    let after = try Self.read(holder: holder, store: store)
    var lines: [String] = []
    for installed in try store.promotions() {
      let promotion = installed.promotion
      let old = before[promotion.id] ?? [:]
      let new = after[promotion.id] ?? [:]
      let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
      let touched = Set(old.keys).union(new.keys).subtracting([changed]).sorted {
        (new[$0]?.ordinal ?? old[$0]?.ordinal ?? 0, $0) < (
          new[$1]?.ordinal ?? old[$1]?.ordinal ?? 0, $1
        )
      }
      for transaction in touched {
        let was = old[transaction]
        let now = new[transaction]
        let id = promotion.id
        switch (was, now) {
        case (nil, let now?):
          let (reward, ordinal) = (money(now.reward), now.ordinal)
          lines.append(
            "  "
              + tr(
                """
                \(id): transaction \(transaction) is now rewarded \(reward) (the holder's reward \
                \(ordinal)) in its place.
                """))
        case (let was?, nil):
          let (reward, ordinal) = (money(was.reward), was.ordinal)
          lines.append(
            "  "
              + tr(
                """
                \(id): transaction \(transaction) is no longer rewarded (it was the holder's \
                reward \(ordinal), \(reward)).
                """))
        case (let was?, let now?)
        where was.ordinal != now.ordinal || was.reward != now.reward
          || was.forfeited != now.forfeited:
          let (ordinal, reward) = (now.ordinal, money(now.reward))
          let (oldOrdinal, oldReward) = (was.ordinal, money(was.reward))
          lines.append(
            "  "
              + tr(
                """
                \(id): transaction \(transaction) is now the holder's reward \(ordinal), \
                \(reward) (it was reward \(oldOrdinal), \(oldReward)).
                """))
        default:
          continue
        }
      }
    }
    return lines
  }
}
