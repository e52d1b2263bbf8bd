import WalletIngest
import WalletStore

extension RewardRow {
  /// A reward kept in the store, as the rewards file writes it.
  package init(_ line: RewardLine) {
    self.init(
      holder: line.holder, cycleStart: line.cycleStart, cycleEnd: line.cycleEnd,
      ordinal: line.ordinal, transaction: line.transaction, card: line.card,
      channel: line.channel, time: line.time, amount: line.amount, reward: line.reward)
  }
}
