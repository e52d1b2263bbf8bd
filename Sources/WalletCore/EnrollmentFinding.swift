/// Which Apple Pay binding a purchase counts under, or why none does: the facts behind
/// `not-enrolled` and behind the channel whose schedule pays.
public enum EnrollmentFinding: Hashable, Sendable {
  /// The binding the purchase counts under: the one it names, or else the card's earliest
  /// binding active at its time.
  case counted(Enrollment, named: Bool)
  /// The purchase names no binding, and none of the card's was active at its time.
  case noneActive
  /// The binding the purchase names belongs to another card.
  case namedForAnotherCard(Enrollment)
  /// The binding the purchase names was not active at its time.
  case namedInactive(Enrollment)

  /// What the engine finds for a purchase on `card` at `time` that names the binding `named`:
  /// it counts under that binding only when the binding is the card's and active then.
  public init(naming named: Enrollment, card: Identifier, at time: Instant) {
    let problem = EnrollmentFinding.problem(
      namedBindingOfOwnCard: named.card == card,
      enrolledAt: named.enrolledAt.nanosecondsSinceEpoch,
      removedAt: named.removedAt?.nanosecondsSinceEpoch ?? Int64.max,
      at: time.nanosecondsSinceEpoch)
    switch problem {
    case nil: self = .counted(named, named: true)
    case .anotherCard: self = .namedForAnotherCard(named)
    case .inactive: self = .namedInactive(named)
    }
  }

  /// What the engine finds for a purchase that names no binding, given the binding its
  /// decision counted (`Decision.enrollment`, the card's earliest-enrolled binding active then):
  /// that one, or none.
  public init(inferred: Enrollment?) {
    self = inferred.map { .counted($0, named: false) } ?? .noneActive
  }

  /// The binding that counts, when one does.
  public var counted: Enrollment? {
    if case .counted(let enrollment, _) = self { enrollment } else { nil }
  }

  /// The binding the purchase names or counts under, whether or not it counts.
  public var enrollment: Enrollment? {
    switch self {
    case .counted(let enrollment, _), .namedForAnotherCard(let enrollment),
      .namedInactive(let enrollment):
      enrollment
    case .noneActive: nil
    }
  }
}

/// Why a binding that a purchase names does not count.
enum NamedBindingError {
  /// It binds another card.
  case anotherCard
  /// It was not active at the purchase's time.
  case inactive
}

extension EnrollmentFinding {
  /// The SPEC's rule for a binding a purchase names, nil when it counts: it must bind the
  /// purchase's own card and be active at its time. In the engine's terms (nanoseconds,
  /// `Int64.max` for a binding never removed) so that check 10 of every transaction and
  /// `init(naming:card:at:)` are one rule.
  @inline(__always)
  static func problem(
    namedBindingOfOwnCard ownCard: Bool, enrolledAt: Int64, removedAt: Int64, at time: Int64
  ) -> NamedBindingError? {
    guard ownCard else { return .anotherCard }
    return enrolledAt <= time && time < removedAt ? nil : .inactive
  }
}
