import WalletCore
import WalletJobs
import WalletStore

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
    /// Where the holder stands under a SPEC 8 promotion's threshold and limits, for this card;
    /// nil for section 2's form.
    let standing: RuleStanding?
    /// The holder's recorded purchases whose rewards it would take.
    let takes: [TakenReward]

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
      return style.positive(tr("\(card.id) can pay with Apple Pay at \(time) (\(channels))."))
    }
    var problems: [String] = []
    if !readiness.isEnrolled { problems.append(tr("it has no active Apple Pay enrollment")) }
    if let networks, !readiness.matchesNetworks {
      let asked = ReasonWording.list(
        networks.sorted(by: ReasonWording.canonicalOrder).map(ReasonWording.name))
      let network = ReasonWording.name(card.network)
      problems.append(tr("its network is \(network), not \(asked)"))
    }
    if let capabilities, !readiness.matchesCapabilities {
      let asked = ReasonWording.list(
        capabilities.sorted(by: ReasonWording.canonicalOrder).map(ReasonWording.name))
      let type = ReasonWording.name(card.type)
      problems.append(tr("it is a \(type) card, not \(asked)"))
    }
    let all = problems.joined(separator: Language.current.clauseSeparator)
    return style.negative(tr("\(card.id) cannot pay with Apple Pay at \(time): \(all)."))
  }

  /// The verdict, the card, its enrollments, and each promotion's answer.
  func table(style: Style) -> String {
    var sheet = FactSheet()
    sheet.append(tr("card"), card.id.rawValue)
    sheet.append(tr("holder"), card.holder.rawValue)
    sheet.append(tr("network"), ReasonWording.name(card.network))
    sheet.append(tr("type"), ReasonWording.name(card.type))
    sheet.append(tr("role"), card.role == .primary ? tr("primary") : tr("supplementary"))
    sheet.append(tr("issuer"), card.issuer.map(ReasonWording.name(issuer:)) ?? "")
    sheet.append(tr("number"), card.last4.map { "•••• \($0)" } ?? "")
    var text = verdict(style: style) + "\n\n" + sheet.text() + "\n"
    if enrollments.isEmpty {
      text += tr("No enrollments.") + "\n"
    } else {
      var table = TextTable(header: [
        tr("enrollment"), tr("channel"), tr("enrolled_at"), tr("removed_at"), tr("active"),
      ])
      for enrollment in enrollments {
        table.append([
          enrollment.id.rawValue, enrollment.channel.rawValue,
          enrollment.enrolledAt.formatted(in: zone),
          enrollment.removedAt?.formatted(in: zone) ?? "",
          enrollment.isActive(at: at) ? tr("yes") : tr("no"),
        ])
      }
      text += table.text(fittingWithin: style.tableWidth)
    }
    for check in promotions {
      text += "\n" + DecisionText.heading(check.promotion) + "\n"
      if let standing = check.standing {
        text += standingSheet(check).text()
        // A card that can never earn under the promotion has nothing to stand under.
        if check.cardCanEarn {
          text += StandingText.table(standing, promotion: check.promotion, style: style)
        }
      } else {
        text += promotionSheet(check).text()
      }
    }
    return text
  }

  /// A SPEC 8 promotion's answer: the purchase's decision, and the threshold and limits as they
  /// stand (the table that follows), in place of section 2's rewards and cycle.
  private func standingSheet(_ check: PromotionCheck) -> FactSheet {
    let money = { (amount: Money) in MoneyText.display(amount, check.promotion.currency) }
    var sheet = FactSheet()
    let purchase = money(check.purchase.amount)
    switch check.decision.outcome {
    case .rewarded(let reward), .forfeited(let reward):
      // Only a refunded purchase forfeits, and a checked one is not.
      let (amount, channel) = (money(reward.amount), reward.channel)
      sheet.append(
        tr("eligible"), tr("yes: a purchase of \(purchase) would earn \(amount) (\(channel))"))
      appendTaken(check, to: &sheet)
    case .notRewarded(let reason):
      sheet.append(tr("eligible"), tr("no: a purchase of \(purchase) would not earn (\(reason))"))
      sheet.append(tr("why"), ReasonWording.sentence(for: reason, check.facts))
    }
    if check.cardCanEarn { sheet.append(tr("rules"), tr("as of \(at.formatted(in: zone)):")) }
    return sheet
  }

  private func promotionSheet(_ check: PromotionCheck) -> FactSheet {
    let promotion = check.promotion
    let money = { (amount: Money) in MoneyText.display(amount, promotion.currency) }
    var sheet = FactSheet()
    let purchase = money(check.purchase.amount)
    switch check.decision.outcome {
    case .rewarded(let reward):
      let maximum = promotion.maxRewardsPerHolder
      sheet.append(
        tr("eligible"),
        tr(
          """
          yes: a purchase of \(purchase) would earn \(money(reward.amount)) (reward \
          \(reward.ordinal) of \(maximum), \(reward.channel))
          """))
      appendTaken(check, to: &sheet)
    case .forfeited(let reward):
      // Only a refunded purchase forfeits; a checked one is not, but the wording is ready.
      let maximum = promotion.maxRewardsPerHolder
      sheet.append(
        tr("eligible"),
        tr(
          """
          no: a purchase of \(purchase) would earn \(money(reward.amount)), then lose it to its \
          refund (reward \(reward.ordinal) of \(maximum), \(reward.channel))
          """))
      sheet.append(tr("why"), ReasonWording.sentence(for: check.decision.outcome, check.facts))
    case .notRewarded(let reason):
      sheet.append(tr("eligible"), tr("no: a purchase of \(purchase) would not earn (\(reason))"))
      sheet.append(tr("why"), ReasonWording.sentence(for: reason, check.facts))
    }
    let allowance = check.allowance
    let (used, left, maximum) = (allowance.used, allowance.left, promotion.maxRewardsPerHolder)
    let asOf = at.formatted(in: zone)
    sheet.append(tr("rewards"), tr("\(used) used, \(left) left, of \(maximum), as of \(asOf)"))
    sheet.append(tr("next reward"), nextRewardText(check, money: money))
    let cycle = check.decision.cycle
    let paid = check.decision.cycleRewardsBefore
    let by = check.facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")
    let perCycle = promotion.rewardsPerCycle
    let span = ReasonWording.span(cycle)
    let state =
      paid >= perCycle
      ? tr("\(span), already rewarded (\(by))")
      : paid == 0
        ? tr("\(span), not rewarded yet")
        : tr("\(span), \(paid) of \(perCycle) rewards paid (\(by))")
    sheet.append(tr("this cycle"), state)
    sheet.append(tr("next cycle"), tr("starts \(cycle.next.start)"))
    return sheet
  }

  /// Under `eligible`, the recorded rewards the purchase would take, if any.
  private func appendTaken(_ check: PromotionCheck, to sheet: inout FactSheet) {
    if let taken = TakenRewardWording.sentence(
      check.takes, purchaseCycle: check.decision.cycle, promotion: check.promotion)
    {
      sheet.append(tr("note"), taken)
    }
  }

  private func nextRewardText(_ check: PromotionCheck, money: (Money) -> String) -> String {
    let allowance = check.allowance
    if !check.cardCanEarn, let reason = check.decision.outcome.reason {
      return tr("none: this card can never earn under this promotion (\(reason))")
    }
    guard let ordinal = allowance.nextOrdinal else { return tr("none left") }
    if let channel = check.channel, let amount = allowance.nextReward(on: channel) {
      return tr("\(money(amount)) (reward \(ordinal), \(channel))")
    }
    let each = Channel.allCases.compactMap { channel in
      allowance.nextReward(on: channel).map {
        tr("\(money($0)) through \(ReasonWording.place(channel))")
      }
    }
    let all = each.joined(separator: Language.current.listSeparator)
    return tr("reward \(ordinal): \(all), once the card is bound")
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
    return .object(
      [
        ("promotion", DecisionText.json(promotion)),
        ("purchase", .string(check.purchase.amount.description)),
        ("eligible", .bool(check.decision.outcome.reward != nil)),
        ("cardCanEarn", .bool(check.cardCanEarn)),
        ("reason", .optional(check.decision.outcome.reason?.rawValue)),
        (
          "explanation",
          .string(inEnglish { ReasonWording.sentence(for: check.decision.outcome, check.facts) })
        ),
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
      ] + (check.standing.map { [("standing", StandingText.json($0))] } ?? []))
  }
}

/// What `wallet check --holder H --amount X` found: how each installed promotion would decide
/// the purchase on each of the holder's cards, and the card to pay with.
struct WhatIf {
  /// One card's decision under one promotion.
  struct CardDecision {
    let decision: Decision
    let facts: ReasonFacts
    /// The holder's recorded purchases whose rewards it would take.
    let takes: [TakenReward]

    var card: Card { facts.card }
    var channel: Channel? { facts.enrollment.counted?.channel }
  }

  /// Every card's decision under one promotion.
  struct PromotionDecisions {
    let promotion: Promotion
    let cards: [CardDecision]
    /// Where the holder stands under a SPEC 8 promotion's threshold and limits before the
    /// purchase, every card's card-scoped ones included; nil for section 2's form.
    let standing: RuleStanding?
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

  /// `Pay with C1: it earns ¥10.00.` or `No card of 'H1' would earn.`
  func verdict(style: Style) -> String {
    guard let best = recommendation else {
      let holder = ReasonWording.shown(holder)
      return style.negative(tr("No card of \(holder) would earn; see why below."))
    }
    let (card, total) = (best.card.id, money(best.total))
    if !best.tiedWith.isEmpty {
      let others = best.tiedWith.map(\.rawValue).joined(separator: ", ")
      return style.positive(
        tr(
          "Pay with \(card): it earns \(total), as much as \(others), and was bound to Apple Pay first."
        ))
    } else if best.earning > 1 {
      let earning = best.earning
      return style.positive(
        tr("Pay with \(card): it earns \(total), the most of the \(earning) cards that would earn.")
      )
    }
    return style.positive(tr("Pay with \(card): it earns \(total)."))
  }

  /// The question, the answer, and each promotion's decisions card by card.
  func table(style: Style) -> String {
    let (shownAmount, time) = (money(amount), at.formatted(in: zone))
    var text =
      tr("A purchase of \(shownAmount) by \(holder) at \(time):") + "\n"
      + verdict(style: style) + "\n"
    for promotion in promotions {
      var table = TextTable(
        header: [tr("card"), tr("channel"), tr("earns"), tr("reward"), tr("reason")],
        alignments: [.left, .left, .left, .right, .left])
      var sentences = FactSheet()
      for entry in promotion.cards {
        let outcome = entry.decision.outcome
        let earns =
          switch outcome {
          case .rewarded: tr("yes")
          case .forfeited: tr("taken back")
          case .notRewarded: tr("no")
          }
        table.append([
          entry.card.id.rawValue, entry.channel?.rawValue ?? tr("none"), earns,
          outcome.place.map { MoneyText.display($0.amount, promotion.promotion.currency) } ?? "",
          entry.decision.outcome.reason?.rawValue ?? "",
        ])
        sentences.append(
          entry.card.id.rawValue + ":",
          TakenRewardWording.appending(
            entry.takes, to: ReasonWording.sentence(for: entry.decision.outcome, entry.facts),
            purchaseCycle: entry.decision.cycle, promotion: promotion.promotion))
      }
      text +=
        "\n" + DecisionText.heading(promotion.promotion) + "\n"
        + table.text(fittingWithin: style.tableWidth) + "\n"
        + sentences.text()
      // Unless every card can never earn under the promotion (another bank's, a debit card…).
      let someCardCanEarn = promotion.cards.contains { entry in
        entry.decision.outcome.reason.map { !CardCheck.cardReasons.contains($0) } ?? true
      }
      if let standing = promotion.standing, someCardCanEarn {
        text +=
          "\n" + tr("Before this purchase:") + "\n"
          + StandingText.table(standing, promotion: promotion.promotion, style: style)
      }
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
            .object(
              [
                ("promotion", DecisionText.json(promotion.promotion)),
                ("cards", .array(promotion.cards.map(cardJSON))),
              ] + (promotion.standing.map { [("standing", StandingText.json($0))] } ?? []))
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
      (
        "explanation",
        .string(inEnglish { ReasonWording.sentence(for: entry.decision.outcome, entry.facts) })
      ),
      // A forfeited decision's reward is the one taken back, as in the decisions file.
      ("reward", DecisionText.json(entry.decision.outcome.place)),
    ])
  }
}
