import WalletCore

/// Pieces that `wallet check` and `wallet explain` print alike, as text and as JSON, so that the
/// same thing always looks the same.
enum DecisionText {
  /// `unionpay credit card, primary, issued by bocom, •••• 1234`: never more of the number than
  /// the last four digits, which is all a card keeps.
  static func card(_ card: Card) -> String {
    let (network, type) = (ReasonWording.name(card.network), ReasonWording.name(card.type))
    let role = card.role == .primary ? tr("primary") : tr("supplementary")
    var parts = [tr("\(network) \(type) card"), role]
    if let issuer = card.issuer.map(ReasonWording.name(issuer:)) {
      parts.append(tr("issued by \(name: issuer)"))
    }
    if let last4 = card.last4 { parts.append("•••• \(last4)") }
    return parts.joined(separator: Language.current.listSeparator)
  }

  /// `E-LL-1, wallet, from 2026-06-01T08:00:00+08:00 to 2026-09-15T12:00:00+08:00`.
  static func enrollment(_ enrollment: Enrollment, zone: TimeZoneRules) -> String {
    let (id, channel) = (enrollment.id, enrollment.channel)
    let enrolled = enrollment.enrolledAt.formatted(in: zone)
    guard let removed = enrollment.removedAt?.formatted(in: zone) else {
      return tr("\(id), \(channel), from \(enrolled)")
    }
    return tr("\(id), \(channel), from \(enrolled) to \(removed)")
  }

  /// The heading of a promotion's part of a report, as `wallet statement` writes it.
  static func heading(_ promotion: Promotion) -> String {
    "\(shownName(promotion)) (\(promotion.id))"
  }

  /// The promotion's name as a sentence shows it: escaped like an id, so that a line feed in a
  /// promotion file cannot start a line of its own.
  static func shownName(_ promotion: Promotion) -> String {
    ShownValue.escaped(promotion.name, limit: ShownValue.maximumIDLength)
  }

  /// `{"id", "name", "currency", "timezone"}`, as in `wallet statement`.
  static func json(_ promotion: Promotion) -> JSONValue {
    .object([
      ("id", .string(promotion.id.rawValue)),
      ("name", .string(promotion.name)),
      ("currency", .string(promotion.currency.code)),
      ("timezone", .string(promotion.timeZone.identifier)),
    ])
  }

  /// The card with the keys of a cards file.
  static func json(_ card: Card) -> JSONValue {
    .object([
      ("card", .string(card.id.rawValue)),
      ("holder", .string(card.holder.rawValue)),
      ("network", .string(card.network.rawValue)),
      ("type", .string(card.type.rawValue)),
      ("role", .string(card.role.rawValue)),
      ("issuer", .optional(card.issuer)),
      ("last4", .optional(card.last4)),
    ])
  }

  /// The rules a decision is checked against: everything about a promotion but its name and
  /// its tiers, with lists in a fixed order.
  static func rulesJSON(_ promotion: Promotion) -> JSONValue {
    .object([
      ("issuer", .optional(promotion.issuer)),
      (
        "cardTypes",
        promotion.cardTypes.map { types in
          .array(
            types.sorted(by: ReasonWording.canonicalOrder).map { .string($0.rawValue) })
        } ?? .null
      ),
      (
        "networks",
        promotion.networks.map { networks in
          .array(
            networks.sorted(by: ReasonWording.canonicalOrder).map { .string($0.rawValue) })
        } ?? .null
      ),
      ("supplementaryCards", .string(promotion.supplementaryCards.rawValue)),
      ("campaignStart", .optional(promotion.campaignStart?.description)),
      ("campaignEnd", .optional(promotion.campaignEnd?.description)),
      (
        "excludedMCCs",
        .array(
          promotion.excludedMCCs.sorted { $0.value < $1.value }.map { .string($0.description) })
      ),
      ("minimumSpend", .string(promotion.minimumSpend.description)),
      // Without such a count limit (SPEC 8), null rather than Int.max.
      ("rewardsPerCycle", Self.countOrNull(promotion.rewardsPerCycle)),
      ("maxRewardsPerHolder", Self.countOrNull(promotion.maxRewardsPerHolder)),
      ("quota", promotion.quota.map(JSONValue.integer) ?? .null),
      ("refunds", .string(promotion.refunds.rawValue)),
    ])
  }

  /// `{"ordinal", "channel", "amount"}`, or null without a reward.
  /// A count limit's number, or null where the promotion has none (`Int.max`).
  static func countOrNull(_ count: Int) -> JSONValue {
    count == Int.max ? .null : .integer(count)
  }

  static func json(_ reward: Reward?) -> JSONValue {
    guard let reward else { return .null }
    return .object([
      ("ordinal", .integer(reward.ordinal)),
      ("channel", .string(reward.channel.rawValue)),
      ("amount", .string(reward.amount.description)),
    ])
  }

  /// `rewarded`, `not-rewarded` or `forfeited`, as in the decisions file.
  static func outcome(_ outcome: Outcome) -> String {
    outcome.name
  }
}
