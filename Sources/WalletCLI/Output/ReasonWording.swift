import WalletCore

/// The facts of one purchase (recorded, or the hypothetical one of `wallet check`) under one
/// promotion: everything a reason's sentence may quote.
struct ReasonFacts: Sendable {
  /// The promotion deciding.
  var promotion: Promotion
  /// The card paid with.
  var card: Card
  /// The primary holder whose rewards it counts toward.
  var holder: Identifier
  /// When.
  var time: Instant
  /// Where it stands with the bank.
  var status: TransactionStatus
  /// How it was paid.
  var method: PaymentMethod
  /// The currency of the amount.
  var currency: Currency
  /// The amount paid.
  var amount: Money
  /// What has been refunded of it.
  var refunded: Money
  /// The merchant's category.
  var mcc: MerchantCategoryCode?
  /// The binding it counts under, or why none does.
  var enrollment: EnrollmentFinding
  /// The holder's rewards before it.
  var holderRewardsBefore: Int
  /// The billing cycle it falls in.
  var cycle: BillingCycle
  /// The holder's rewards in that cycle before it.
  var cycleRewardsBefore: Int
  /// The holder's rewarded transactions in that cycle, before it.
  var cycleRewardedBy: [Identifier]
  /// The rewards the promotion had paid before it, when it has a quota.
  var quotaPaidBefore: Int?

  /// The amount less refunds, which the minimum spend is compared with.
  var net: Money { amount - refunded }
}

/// Every reason code, and a reward, in words a cardholder understands: one sentence each, built
/// from the facts, in the present tense so that it reads right for a purchase already made
/// (`wallet explain`) and for one only imagined (`wallet check`).
enum ReasonWording {
  /// Why the purchase does not earn.
  static func sentence(for reason: ReasonCode, _ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let card = facts.card
    switch reason {
    case .declined:
      return "The bank declined the payment, so there is no purchase to reward."
    case .refunded:
      switch facts.status {
      case .refunded: return "The purchase was refunded, so it no longer counts."
      case .reversed: return "The payment was reversed, so it no longer counts."
      default:
        return "All \(money(facts.amount, facts.currency)) of it has been refunded, so nothing "
          + "is left to count."
      }
    case .notApplePay:
      let how = facts.method == .card ? "with the card itself" : "another way"
      return "It was paid \(how), not with Apple Pay; only Apple Pay purchases count."
    case .otherIssuer:
      let issuer = card.issuer.map { "issued by \($0)" } ?? "of an issuer wallet does not know"
      return "The card is \(issuer); only \(promotion.issuer ?? "the promotion's") cards count."
    case .ineligibleCardType:
      let allowed = promotion.cardTypes.map { list($0.sorted(by: canonicalOrder)) }
      return "It is a \(card.type) card; only \(allowed ?? "other") cards count."
    case .ineligibleNetwork:
      let allowed = promotion.networks.map { list($0.sorted(by: canonicalOrder)) }
      return "It is a \(card.network) card; only \(allowed ?? "other") cards count."
    case .supplementaryCard:
      return "It is a supplementary card, and this promotion leaves supplementary cards out."
    case .foreignCurrency:
      return "The purchase is in \(facts.currency); only purchases in \(promotion.currency) count."
    case .outsideCampaign:
      return outsideCampaign(facts)
    case .notEnrolled:
      return notEnrolled(facts)
    case .excludedMerchant:
      let category = facts.mcc.map { "category \($0)" } ?? "category"
      return "The merchant's \(category) is excluded from this promotion."
    case .belowMinimum:
      let minimum = money(promotion.minimumSpend, promotion.currency)
      let net = money(facts.net, facts.currency)
      if promotion.refunds == .clawback {
        // Under clawback the purchase as made is judged; refunds only take a reward back.
        return "It comes to \(money(facts.amount, facts.currency)); purchases must be at least "
          + "\(minimum)."
      }
      if facts.refunded > .zero {
        return "It comes to \(net) after \(money(facts.refunded, facts.currency)) of refunds; "
          + "purchases must be at least \(minimum)."
      }
      return "It comes to \(net); purchases must be at least \(minimum)."
    case .rewardCapReached:
      let count = promotion.maxRewardsPerHolder
      return
        "\(facts.holder) already has \(count == 1 ? "the one reward" : "all \(count) rewards") "
        + "this promotion pays one cardholder."
    case .cycleAlreadyRewarded:
      let by =
        facts.cycleRewardedBy.isEmpty
        ? "" : " (by \(facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")))"
      let perCycle = promotion.rewardsPerCycle
      return "\(facts.holder) has already been rewarded in the billing cycle \(span(facts.cycle))"
        + "\(by); the promotion pays \(perCycle == 1 ? "one reward" : "\(perCycle) rewards") "
        + "per cycle."
    case .quotaExhausted:
      let quota =
        promotion.quota.map {
          $0 == 1 ? "the one reward of its quota" : "all \($0) rewards of its quota"
        }
        ?? "its whole quota"
      return "The promotion has already paid \(quota) (first come, first served)."
    }
  }

  /// What the purchase earns, and why that much.
  static func sentence(for reward: Reward, _ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    return "It counts as \(facts.holder)'s reward \(reward.ordinal) of "
      + "\(promotion.maxRewardsPerHolder) and, bound through \(place(reward.channel)) "
      + "(\(reward.channel)), pays \(money(reward.amount, promotion.currency))."
  }

  /// What a forfeited reward was (`refunds: clawback`): paid, then taken back when the
  /// purchase was refunded, its place still used.
  static func sentence(forfeiting reward: Reward, _ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let why =
      facts.status == .refunded || facts.refunded >= facts.amount
      ? "it was refunded"
      : "it was refunded to \(money(facts.net, facts.currency)), below the minimum of "
        + "\(money(promotion.minimumSpend, promotion.currency))"
    return "It counts as \(facts.holder)'s reward \(reward.ordinal) of "
      + "\(promotion.maxRewardsPerHolder) and, bound through \(place(reward.channel)) "
      + "(\(reward.channel)), was paid \(money(reward.amount, promotion.currency)), then taken "
      + "back when \(why); the place stays used."
  }

  /// The sentence for an outcome: its reward, its forfeited reward, or its reason.
  static func sentence(for outcome: Outcome, _ facts: ReasonFacts) -> String {
    switch outcome {
    case .rewarded(let reward): sentence(for: reward, facts)
    case .forfeited(let reward): sentence(forfeiting: reward, facts)
    case .notRewarded(let reason): sentence(for: reason, facts)
    }
  }

  /// Where a channel's binding is made, in words.
  static func place(_ channel: Channel) -> String {
    switch channel {
    case .bankApp: "the bank's app"
    case .wallet: "Apple Wallet"
    }
  }

  /// A cycle as its first and last day: `2026-11-22 to 2026-12-21`.
  static func span(_ cycle: BillingCycle) -> String {
    "\(cycle.start) to \(cycle.end)"
  }

  /// The campaign's days, inclusive, either side possibly open.
  static func campaign(_ promotion: Promotion) -> String {
    switch (promotion.campaignStart, promotion.campaignEnd) {
    case (let start?, let end?): "\(start) to \(end)"
    case (let start?, nil): "from \(start) on"
    case (nil, let end?): "until \(end)"
    case (nil, nil): "no start or end"
    }
  }

  /// Codes in the order the SPEC lists them, so that lists always read the same.
  static func canonicalOrder<Code: CanonicalCode>(_ left: Code, _ right: Code) -> Bool {
    let all = Array(Code.allCases)
    return (all.firstIndex(of: left) ?? 0) < (all.firstIndex(of: right) ?? 0)
  }

  /// `credit`, `credit or debit`, `credit, debit or prepaid`.
  static func list<Value: CustomStringConvertible>(_ values: [Value]) -> String {
    let words = values.map(\.description)
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }

  private static func money(_ amount: Money, _ currency: Currency) -> String {
    MoneyText.display(amount, currency)
  }

  private static func outsideCampaign(_ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let day = facts.time.localDate(in: promotion.timeZone)
    if let start = promotion.campaignStart, day < start {
      return "It falls on \(day), before the campaign's first day, \(start)."
    }
    if let end = promotion.campaignEnd, day > end {
      return "It falls on \(day), after the campaign's last day, \(end)."
    }
    return "It falls on \(day), outside the campaign (\(campaign(promotion)))."
  }

  private static func notEnrolled(_ facts: ReasonFacts) -> String {
    let zone = facts.promotion.timeZone
    let time = facts.time.formatted(in: zone)
    switch facts.enrollment {
    case .noneActive, .counted:
      return "No Apple Pay binding of card \(facts.card.id) is active at \(time); only purchases "
        + "through a card bound in the bank's app or in Apple Wallet count."
    case .namedForAnotherCard(let enrollment):
      return "It names the Apple Pay binding \(enrollment.id), which belongs to another card "
        + "(\(enrollment.card)), not to \(facts.card.id)."
    case .namedInactive(let enrollment):
      if facts.time < enrollment.enrolledAt {
        return "It names the Apple Pay binding \(enrollment.id), which was made only at "
          + "\(enrollment.enrolledAt.formatted(in: zone)), after the purchase at \(time)."
      }
      let removed = enrollment.removedAt.map { " at \($0.formatted(in: zone))" } ?? ""
      return "It names the Apple Pay binding \(enrollment.id), which was removed\(removed), "
        + "before the purchase at \(time)."
    }
  }
}
