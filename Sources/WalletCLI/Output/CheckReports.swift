import WalletCore

/// What `wallet check CARD` found: whether the card can pay with Apple Pay at an instant, and
/// how each installed promotion would treat a purchase of its minimum spend.
struct CardCheck {
  /// One promotion's answer for the imagined purchase.
  struct PromotionCheck {
    /// The purchase imagined: the promotion's minimum spend, in its currency.
    let purchase: Transaction
    /// The real engine's decision about it.
    let decision: Decision
    /// The facts behind the decision.
    let facts: ReasonFacts

    var promotion: Promotion { facts.promotion }

    /// The rewards the holder has had and has left, and what the next would pay.
    var allowance: RewardAllowance {
      RewardAllowance(promotion: promotion, used: decision.holderRewardsBefore)
    }

    /// The channel the purchase would count under, when the card is bound.
    var channel: Channel? { facts.enrollment.counted?.channel }

    /// Whether the imagined purchase would earn.
    var earns: Bool { decision.outcome.reward != nil }

    /// Whether the card can ever earn under the promotion: not when the reason is the card
    /// itself (another bank's, a debit card, another network, a supplementary card), which no
    /// enrollment, time or amount changes.
    var cardCanEarn: Bool {
      guard let reason = decision.outcome.reason else { return true }
      return !CardCheck.cardReasons.contains(reason)
    }
  }

  /// The reasons that are facts of the card, so that it can never earn under the promotion.
  static let cardReasons: Set<ReasonCode> = [
    .otherIssuer, .ineligibleCardType, .ineligibleNetwork, .supplementaryCard,
  ]

  /// Whether a purchase of some promotion's minimum spend at the instant would earn: the
  /// answer of `check CARD --earn`.
  var earns: Bool { promotions.contains(where: \.earns) }

  let card: Card
  let at: Instant
  /// The store's zone, in which the instant and the enrollments are shown.
  let zone: TimeZoneRules
  let enrollments: [Enrollment]
  /// `--networks`, when given.
  let networks: Set<Network>?
  /// `--capabilities`, when given.
  let capabilities: Set<CardType>?
  let promotions: [PromotionCheck]

  /// PassKit's answer, and the facts behind it.
  var readiness: ApplePayReadiness {
    ApplePayReadiness(
      card: card, enrollments: enrollments, at: at, networks: networks,
      capabilities: capabilities)
  }

  /// `C1 can pay with Apple Pay at …` or why it cannot.
  func verdict(style: Style) -> String {
    let time = at.formatted(in: zone)
    let readiness = self.readiness
    if readiness.canMakePayments {
      let channels = readiness.activeChannels
        .sorted(by: ReasonWording.canonicalOrder).map(\.rawValue).joined(separator: ", ")
      return style.positive("\(card.id) can pay with Apple Pay at \(time) (\(channels)).")
    }
    var problems: [String] = []
    if !readiness.isEnrolled { problems.append("it has no active Apple Pay enrollment") }
    if let networks, !readiness.matchesNetworks {
      let asked = ReasonWording.list(networks.sorted(by: ReasonWording.canonicalOrder))
      problems.append("its network is \(card.network), not \(asked)")
    }
    if let capabilities, !readiness.matchesCapabilities {
      let asked = ReasonWording.list(capabilities.sorted(by: ReasonWording.canonicalOrder))
      problems.append("it is a \(card.type) card, not \(asked)")
    }
    return style.negative(
      "\(card.id) cannot pay with Apple Pay at \(time): \(problems.joined(separator: "; ")).")
  }

  /// The verdict, the card, its enrollments, and each promotion's answer.
  func table(style: Style) -> String {
    var sheet = FactSheet()
    sheet.append("card", card.id.rawValue)
    sheet.append("holder", card.holder.rawValue)
    sheet.append("network", card.network.rawValue)
    sheet.append("type", card.type.rawValue)
    sheet.append("role", card.role.rawValue)
    sheet.append("issuer", card.issuer ?? "")
    sheet.append("number", card.last4.map { "•••• \($0)" } ?? "")
    var text = verdict(style: style) + "\n\n" + sheet.text() + "\n"
    if enrollments.isEmpty {
      text += "No enrollments.\n"
    } else {
      var table = TextTable(header: [
        "enrollment", "channel", "enrolled_at", "removed_at", "active",
      ])
      for enrollment in enrollments {
        table.append([
          enrollment.id.rawValue, enrollment.channel.rawValue,
          enrollment.enrolledAt.formatted(in: zone),
          enrollment.removedAt?.formatted(in: zone) ?? "",
          enrollment.isActive(at: at) ? "yes" : "no",
        ])
      }
      text += table.text
    }
    for check in promotions {
      text += "\n" + DecisionText.heading(check.promotion) + "\n" + promotionSheet(check).text()
    }
    return text
  }

  private func promotionSheet(_ check: PromotionCheck) -> FactSheet {
    let promotion = check.promotion
    let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
    var sheet = FactSheet()
    let purchase = money(check.purchase.amount)
    switch check.decision.outcome {
    case .rewarded(let reward):
      sheet.append(
        "eligible",
        "yes: a purchase of \(purchase) would earn \(money(reward.amount)) (reward "
          + "\(reward.ordinal) of \(promotion.maxRewardsPerHolder), \(reward.channel))")
    case .forfeited(let reward):
      // Only a refunded purchase forfeits; a checked one is not, but the wording is ready.
      sheet.append(
        "eligible",
        "no: a purchase of \(purchase) would earn \(money(reward.amount)), then lose it to its "
          + "refund (reward \(reward.ordinal) of \(promotion.maxRewardsPerHolder), \(reward.channel))"
      )
      sheet.append("why", ReasonWording.sentence(for: check.decision.outcome, check.facts))
    case .notRewarded(let reason):
      sheet.append("eligible", "no: a purchase of \(purchase) would not earn (\(reason))")
      sheet.append("why", ReasonWording.sentence(for: reason, check.facts))
    }
    let allowance = check.allowance
    sheet.append(
      "rewards",
      "\(allowance.used) used, \(allowance.left) left, of \(promotion.maxRewardsPerHolder), "
        + "as of \(at.formatted(in: zone))")
    sheet.append("next reward", nextRewardText(check, money: money))
    let cycle = check.decision.cycle
    let paid = check.decision.cycleRewardsBefore
    let by = check.facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")
    let state =
      paid >= promotion.rewardsPerCycle
      ? "already rewarded (\(by))"
      : paid == 0
        ? "not rewarded yet" : "\(paid) of \(promotion.rewardsPerCycle) rewards paid (\(by))"
    sheet.append("this cycle", "\(ReasonWording.span(cycle)), \(state)")
    sheet.append("next cycle", "starts \(cycle.next.start)")
    return sheet
  }

  private func nextRewardText(_ check: PromotionCheck, money: (Money) -> String) -> String {
    let allowance = check.allowance
    if !check.cardCanEarn, let reason = check.decision.outcome.reason {
      return "none: this card can never earn under this promotion (\(reason))"
    }
    guard let ordinal = allowance.nextOrdinal else { return "none left" }
    if let channel = check.channel, let amount = allowance.nextReward(on: channel) {
      return "\(money(amount)) (reward \(ordinal), \(channel))"
    }
    let each = Channel.allCases.compactMap { channel in
      allowance.nextReward(on: channel).map {
        "\(money($0)) through \(ReasonWording.place(channel))"
      }
    }
    return "reward \(ordinal): \(each.joined(separator: ", ")), once the card is bound"
  }

  /// The documented shape; see the manual's CHECK JSON.
  var json: JSONValue {
    let readiness = self.readiness
    return .object([
      ("card", DecisionText.json(card)),
      ("at", .string(at.formatted(in: zone))),
      ("canMakePayments", .bool(readiness.canMakePayments)),
      ("earns", .bool(earns)),
      ("enrolled", .bool(readiness.isEnrolled)),
      ("matchesNetworks", .bool(readiness.matchesNetworks)),
      ("matchesCapabilities", .bool(readiness.matchesCapabilities)),
      (
        "enrollments",
        .array(
          enrollments.map { enrollment in
            .object([
              ("id", .string(enrollment.id.rawValue)),
              ("channel", .string(enrollment.channel.rawValue)),
              ("enrolledAt", .string(enrollment.enrolledAt.formatted(in: zone))),
              ("removedAt", .optional(enrollment.removedAt?.formatted(in: zone))),
              ("active", .bool(enrollment.isActive(at: at))),
            ])
          })
      ),
      ("promotions", .array(promotions.map(promotionJSON))),
    ])
  }

  private func promotionJSON(_ check: PromotionCheck) -> JSONValue {
    let promotion = check.promotion
    let cycle = check.decision.cycle
    let allowance = check.allowance
    var nextReward = JSONValue.null
    if check.cardCanEarn, let ordinal = allowance.nextOrdinal {
      let byChannel = Channel.allCases.map { channel in
        (
          channel.rawValue,
          allowance.nextReward(on: channel).map { JSONValue.string($0.description) } ?? .null
        )
      }
      nextReward = .object([
        ("ordinal", .integer(ordinal)),
        ("channel", .optional(check.channel?.rawValue)),
        ("amount", .optional(check.channel.flatMap(allowance.nextReward(on:))?.description)),
        ("byChannel", .object(byChannel)),
      ])
    }
    return .object([
      ("promotion", DecisionText.json(promotion)),
      ("purchase", .string(check.purchase.amount.description)),
      ("eligible", .bool(check.decision.outcome.reward != nil)),
      ("cardCanEarn", .bool(check.cardCanEarn)),
      ("reason", .optional(check.decision.outcome.reason?.rawValue)),
      ("explanation", .string(ReasonWording.sentence(for: check.decision.outcome, check.facts))),
      ("rewardsUsed", .integer(allowance.used)),
      ("rewardsLeft", .integer(allowance.left)),
      ("maxRewardsPerHolder", .integer(promotion.maxRewardsPerHolder)),
      ("nextReward", nextReward),
      (
        "cycle",
        .object([
          ("start", .string(cycle.start.description)),
          ("end", .string(cycle.end.description)),
          ("rewards", .integer(check.decision.cycleRewardsBefore)),
          ("rewardsPerCycle", .integer(promotion.rewardsPerCycle)),
          ("rewardedBy", .array(check.facts.cycleRewardedBy.map { .string($0.rawValue) })),
        ])
      ),
      ("nextCycleStart", .string(cycle.next.start.description)),
    ])
  }
}

/// What `wallet check --holder H --amount X` found: how each installed promotion would decide
/// the purchase on each of the holder's cards, and the card to pay with.
struct WhatIf {
  /// One card's decision under one promotion.
  struct CardDecision {
    let decision: Decision
    let facts: ReasonFacts

    var card: Card { facts.card }
    var channel: Channel? { facts.enrollment.counted?.channel }
  }

  /// Every card's decision under one promotion.
  struct PromotionDecisions {
    let promotion: Promotion
    let cards: [CardDecision]
  }

  let holder: Identifier
  let amount: Money
  let currency: Currency
  let at: Instant
  /// The store's zone, in which the instant is shown.
  let zone: TimeZoneRules
  /// The holder's cards, by id.
  let cards: [Card]
  let promotions: [PromotionDecisions]

  /// The card to pay with, by the rule `CardRecommendation` states; nil when no card would earn.
  var recommendation: CardRecommendation? {
    CardRecommendation(
      choosingAmong: cards.map { card in
        let entries = promotions.compactMap { promotion in
          promotion.cards.first { $0.card.id == card.id }
        }
        return CardRecommendation.Option(
          card: card, binding: entries.lazy.compactMap(\.facts.enrollment.counted).first,
          outcomes: entries.map(\.decision.outcome))
      })
  }

  private func money(_ amount: Money) -> String { MoneyText.display(amount, currency) }

  /// `Pay with C1: it earns ¥10.00.` or `No card of H1 would earn.`
  func verdict(style: Style) -> String {
    guard let best = recommendation else {
      return style.negative("No card of \(holder) would earn; see why below.")
    }
    var text = "Pay with \(best.card.id): it earns \(money(best.total))"
    if !best.tiedWith.isEmpty {
      let others = best.tiedWith.map(\.rawValue).joined(separator: ", ")
      text += ", as much as \(others), and was bound to Apple Pay first"
    } else if best.earning > 1 {
      text += ", the most of the \(best.earning) cards that would earn"
    }
    return style.positive(text + ".")
  }

  /// The question, the answer, and each promotion's decisions card by card.
  func table(style: Style) -> String {
    var text =
      "A purchase of \(money(amount)) by \(holder) at \(at.formatted(in: zone)):\n"
      + verdict(style: style) + "\n"
    for promotion in promotions {
      var table = TextTable(
        header: ["card", "channel", "earns", "reward", "reason"],
        alignments: [.left, .left, .left, .right, .left])
      var sentences = FactSheet()
      for entry in promotion.cards {
        let outcome = entry.decision.outcome
        let earns =
          switch outcome {
          case .rewarded: "yes"
          case .forfeited: "taken back"
          case .notRewarded: "no"
          }
        table.append([
          entry.card.id.rawValue, entry.channel?.rawValue ?? "none", earns,
          outcome.place.map { MoneyText.display($0.amount, promotion.promotion.currency) } ?? "",
          entry.decision.outcome.reason?.rawValue ?? "",
        ])
        sentences.append(
          entry.card.id.rawValue + ":",
          ReasonWording.sentence(for: entry.decision.outcome, entry.facts))
      }
      text +=
        "\n" + DecisionText.heading(promotion.promotion) + "\n" + table.text + "\n"
        + sentences.text()
    }
    return text
  }

  /// The documented shape; see the manual's CHECK JSON.
  var json: JSONValue {
    let best = recommendation
    return .object([
      ("holder", .string(holder.rawValue)),
      ("amount", .string(amount.description)),
      ("currency", .string(currency.code)),
      ("at", .string(at.formatted(in: zone))),
      ("earns", .bool(best != nil)),
      (
        "recommendation",
        best.map { best in
          .object([
            ("card", .string(best.card.id.rawValue)),
            ("channel", .optional(best.channel?.rawValue)),
            ("reward", .string(best.total.description)),
          ])
        } ?? .null
      ),
      (
        "promotions",
        .array(
          promotions.map { promotion in
            .object([
              ("promotion", DecisionText.json(promotion.promotion)),
              ("cards", .array(promotion.cards.map(cardJSON))),
            ])
          })
      ),
    ])
  }

  private func cardJSON(_ entry: CardDecision) -> JSONValue {
    .object([
      ("card", .string(entry.card.id.rawValue)),
      ("channel", .optional(entry.channel?.rawValue)),
      ("enrollment", .optional(entry.facts.enrollment.counted?.id.rawValue)),
      ("outcome", .string(DecisionText.outcome(entry.decision.outcome))),
      ("reason", .optional(entry.decision.outcome.reason?.rawValue)),
      ("explanation", .string(ReasonWording.sentence(for: entry.decision.outcome, entry.facts))),
      // A forfeited decision's reward is the one taken back, as in the decisions file.
      ("reward", DecisionText.json(entry.decision.outcome.place)),
    ])
  }
}
