import WalletCore
import WalletStore

/// What an imagined purchase (`check`, `pay`) would do to the rewards already recorded: made
/// before a rewarded purchase of its holder, it takes that purchase's place, and the cardholder
/// is told so rather than left to find the reward gone.
enum TakenRewardWording {
  /// `It would take the cycle's reward from T6, made 2026-12-25.`, or for a place the holder's
  /// count gave (a later cycle), `It would take the reward of T6, made 2027-01-25.`; nil when
  /// it takes none. Dates are local to the promotion.
  static func sentence(
    _ taken: [TakenReward], purchaseCycle cycle: BillingCycle, promotion: Promotion
  ) -> String? {
    let zone = promotion.timeZone
    guard let first = taken.first else { return nil }
    guard taken.count == 1 else {
      let items = taken.map { taken in
        let (id, date) = (taken.transaction, taken.time.localDate(in: zone))
        return tr("\(id) (\(date))")
      }
      let list = items.dropLast().joined(separator: Language.current.listSeparator)
      let (all, last) = (list, items[items.count - 1])
      return tr("It would take the rewards of \(all) and \(last).")
    }
    let (id, date) = (first.transaction, first.time.localDate(in: zone))
    return first.cycle == cycle
      ? tr("It would take the cycle's reward from \(id), made \(date).")
      : tr("It would take the reward of \(id), made \(date).")
  }

  /// `sentence`, after the decision's own sentence.
  static func appending(
    _ taken: [TakenReward], to sentence: String, purchaseCycle cycle: BillingCycle,
    promotion: Promotion
  ) -> String {
    guard let more = self.sentence(taken, purchaseCycle: cycle, promotion: promotion) else {
      return sentence
    }
    return sentence + Language.current.sentenceSeparator + more
  }
}
