/// Whether a card can pay with Apple Pay at an instant: the offline analogue of PassKit's
/// `canMakePayments(usingNetworks:capabilities:)`, which asks that the card be bound now, be on
/// a network the merchant accepts and be of a type it accepts.
public struct ApplePayReadiness: Hashable, Sendable {
  /// The card's bindings active at the instant, in the order given.
  public let activeBindings: [Enrollment]
  /// Whether the card is on one of the networks asked for; true when none were asked for.
  public let matchesNetworks: Bool
  /// Whether the card is of one of the types asked for; true when none were asked for.
  public let matchesCapabilities: Bool

  /// How ready `card`, with its bindings `enrollments`, is to pay at `instant` where the merchant
  /// accepts `networks` and card types `capabilities` (nil: any).
  public init(
    card: Card, enrollments: [Enrollment], at instant: Instant, networks: Set<Network>?,
    capabilities: Set<CardType>?
  ) {
    activeBindings = enrollments.filter { $0.isActive(at: instant) }
    matchesNetworks = networks?.contains(card.network) ?? true
    matchesCapabilities = capabilities?.contains(card.type) ?? true
  }

  /// Whether some binding of the card is active.
  public var isEnrolled: Bool { !activeBindings.isEmpty }

  /// The channels the card is bound through now.
  public var activeChannels: Set<Channel> { Set(activeBindings.map(\.channel)) }

  /// PassKit's answer: bound now, on an accepted network, of an accepted type.
  public var canMakePayments: Bool { isEnrolled && matchesNetworks && matchesCapabilities }
}
