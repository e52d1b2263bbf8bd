/// The card a holder should pay a purchase with: the one that earns most under all promotions
/// together (one purchase earns under each promotion it qualifies for, and all of those are in
/// the purchase's currency, or it would not earn). Ties go to the card bound to Apple Pay
/// earliest, by the binding the purchase would count under, then to the smaller card id.
public struct CardRecommendation: Hashable, Sendable {
  /// One card the purchase could be paid with, and how each promotion would decide it there.
  public struct Option: Hashable, Sendable {
    /// The card.
    public var card: Card
    /// The binding the purchase would count under on this card (its earliest-enrolled binding
    /// active then); nil when the card is not bound.
    public var binding: Enrollment?
    /// Each promotion's decision of the purchase on this card.
    public var outcomes: [Outcome]

    /// An option.
    public init(card: Card, binding: Enrollment?, outcomes: [Outcome]) {
      self.card = card
      self.binding = binding
      self.outcomes = outcomes
    }
  }

  /// The card to pay with.
  public let card: Card
  /// The binding the purchase would count under on it.
  public let binding: Enrollment?
  /// What it would earn under all promotions together.
  public let total: Money
  /// The other cards that would earn as much, in the order of the ranking; the tie went to
  /// `card`.
  public let tiedWith: [Identifier]
  /// How many cards would earn something.
  public let earning: Int

  /// The best of `options`; nil when none would earn.
  public init?(choosingAmong options: [Option]) {
    let earners = options.compactMap { option -> (option: Option, total: Money)? in
      let rewards = option.outcomes.compactMap(\.reward)
      guard !rewards.isEmpty else { return nil }
      return (option, rewards.reduce(Money.zero) { $0 + $1.amount })
    }
    let ranked = earners.sorted { left, right in
      if left.total != right.total { return left.total > right.total }
      let never = Instant(nanosecondsSinceEpoch: .max)
      let leftBound = left.option.binding?.enrolledAt ?? never
      let rightBound = right.option.binding?.enrolledAt ?? never
      if leftBound != rightBound { return leftBound < rightBound }
      return left.option.card.id < right.option.card.id
    }
    guard let best = ranked.first else { return nil }
    card = best.option.card
    binding = best.option.binding
    total = best.total
    tiedWith = ranked.dropFirst().filter { $0.total == best.total }.map(\.option.card.id)
    self.earning = ranked.count
  }

  /// The channel whose schedules pay it, when the card is bound.
  public var channel: Channel? { binding?.channel }
}
