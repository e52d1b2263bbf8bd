import WalletCore
import WalletStore

/// Gathers from the store the facts behind a decision, for `wallet explain` (a recorded
/// purchase) and `wallet check` (one only imagined), so that both word reasons alike.
package enum DecisionFacts {
  /// The id of the purchase `wallet check` imagines; it never reaches the store.
  package static let hypotheticalID = Identifier("(what-if)")

  /// The facts of `transaction` on `card` as `decision` saw them under `promotion`.
  ///
  /// `hypothetical` says the purchase is not in the store: the rewards that came before it are
  /// then those strictly earlier in time, as `WalletStore.whatIf` counts them; a recorded one is
  /// preceded also by rewards at the same instant with a smaller id, as the SPEC orders them.
  package static func gather(
    _ transaction: Transaction, card: Card, decision: Decision, promotion: Promotion,
    store: WalletStore, hypothetical: Bool
  ) throws -> ReasonFacts {
    let earlier = try store.rewards(
      promotion: promotion.id, holder: decision.holder, cycleStart: decision.cycle.start,
      // A forfeited reward still fills its cycle's place.
      includingForfeited: true
    ).filter { line in
      hypothetical
        ? line.time < transaction.time
        : RewardEngine.decides(
          line.transaction, at: line.time, before: transaction.id, at: transaction.time)
    }
    return ReasonFacts(
      promotion: promotion, card: card, holder: decision.holder, time: transaction.time,
      status: transaction.status, method: transaction.method, currency: transaction.currency,
      amount: transaction.amount, refunded: transaction.refunded, mcc: transaction.mcc,
      enrollment: try enrollment(of: transaction, decision: decision, store: store),
      holderRewardsBefore: decision.holderRewardsBefore, cycle: decision.cycle,
      cycleRewardsBefore: decision.cycleRewardsBefore,
      cycleRewardedBy: earlier.map(\.transaction), quotaPaidBefore: decision.quotaPaidBefore)
  }

  /// The binding the purchase counts under, or why none does, as the engine finds it: the
  /// engine's rule for the binding the purchase names, else the binding its decision counted.
  package static func enrollment(
    of transaction: Transaction, decision: Decision, store: WalletStore
  ) throws -> EnrollmentFinding {
    if let named = transaction.enrollment {
      guard let enrollment = try store.enrollment(named) else {
        throw StoreError.unknownEnrollment(named)
      }
      return EnrollmentFinding(naming: enrollment, card: transaction.card, at: transaction.time)
    }
    return EnrollmentFinding(inferred: try decision.enrollment.flatMap(store.enrollment))
  }
}
