import WalletCore
import WalletJobs

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
      return tr("The bank declined the payment, so there is no purchase to reward.")
    case .refunded:
      switch facts.status {
      case .refunded: return tr("The purchase was refunded, so it no longer counts.")
      case .reversed:
        return tr("The payment was voided (reversed) before it settled, so it no longer counts.")
      default:
        let amount = money(facts.amount, facts.currency)
        return tr("All \(amount) of it has been refunded, so nothing is left to count.")
      }
    case .notApplePay:
      return facts.method == .card
        ? tr(
          "It was paid with the card itself, not with Apple Pay; only Apple Pay purchases count.")
        : tr("It was paid another way, not with Apple Pay; only Apple Pay purchases count.")
    case .otherIssuer, .ineligibleCardType, .ineligibleNetwork, .supplementaryCard:
      return cardSentence(for: reason, card: card, promotion: promotion)
    case .foreignCurrency:
      let (currency, wanted) = (facts.currency, promotion.currency)
      return tr("The purchase is in \(currency); only purchases in \(wanted) count.")
    case .outsideCampaign:
      return outsideCampaign(facts)
    case .outsideDays:
      let date = facts.time.localDate(in: promotion.timeZone)
      return tr("It was made on \(date), a day this promotion does not reward.")
    case .notEnrolled:
      return notEnrolled(facts)
    case .ineligibleChannel:
      guard let allowed = promotion.channels.map({ list($0.sorted(by: canonicalOrder)) }) else {
        return tr("The card's binding is through a channel this promotion does not reward.")
      }
      return tr(
        "The card's binding is not through \(allowed), the channels this promotion rewards.")
    case .notListedMerchant:
      guard let mcc = facts.mcc else {
        return tr("The merchant is not among those this promotion lists.")
      }
      return tr("The merchant, of category \(mcc), is not among those this promotion lists.")
    case .excludedMerchant:
      guard let mcc = facts.mcc else {
        return tr("The merchant's category is excluded from this promotion.")
      }
      return tr("The merchant's category \(mcc) is excluded from this promotion.")
    case .belowMinimum:
      let minimum = money(promotion.minimumSpend, promotion.currency)
      let net = money(facts.net, facts.currency)
      if promotion.refunds == .clawback {
        // Under clawback the purchase as made is judged; refunds only take a reward back.
        let amount = money(facts.amount, facts.currency)
        return tr("It comes to \(amount); purchases must be at least \(minimum).")
      }
      if facts.refunded > .zero {
        let refunded = money(facts.refunded, facts.currency)
        return tr(
          "It comes to \(net) after \(refunded) of refunds; purchases must be at least \(minimum).")
      }
      return tr("It comes to \(net); purchases must be at least \(minimum).")
    case .belowThreshold:
      guard let threshold = promotion.threshold else {
        return tr("The spend that counts has not reached the promotion's threshold.")
      }
      let (spend, period) = (money(threshold.spend, promotion.currency), threshold.period)
      return tr("The spend that counts has not reached \(spend) in its \(period).")
    case .periodAlreadyRewarded:
      let holder = shown(facts.holder)
      return tr("Holder \(holder) already has every reward this promotion pays in this period.")
    case .amountCapReached:
      let holder = shown(facts.holder)
      return tr("Holder \(holder) already has the most this promotion pays in this period.")
    case .rewardCapReached:
      let count = promotion.maxRewardsPerHolder
      let holder = shown(facts.holder)
      // Only a card's count per campaign (SPEC 8) refused it: no holder's count to say.
      if count == Int.max {
        return tr("Holder \(holder) already has every reward this promotion pays in this period.")
      }
      return count == 1
        ? tr("Holder \(holder) already has the one reward this promotion pays one cardholder.")
        : tr(
          "Holder \(holder) already has all \(count) rewards this promotion pays one cardholder.")
    case .cycleAlreadyRewarded:
      let by = facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")
      let perCycle = promotion.rewardsPerCycle
      let (holder, cycle) = (shown(facts.holder), span(facts.cycle))
      switch (by.isEmpty, perCycle == 1) {
      case (true, true):
        return tr(
          """
          Holder \(holder) has already been rewarded in the billing cycle \(cycle); the promotion pays \
          one reward per cycle.
          """)
      case (false, true):
        return tr(
          """
          Holder \(holder) has already been rewarded in the billing cycle \(cycle) (by \(by)); the \
          promotion pays one reward per cycle.
          """)
      case (true, false):
        return tr(
          """
          Holder \(holder) has already been rewarded in the billing cycle \(cycle); the promotion pays \
          \(perCycle) rewards per cycle.
          """)
      case (false, false):
        return tr(
          """
          Holder \(holder) has already been rewarded in the billing cycle \(cycle) (by \(by)); the \
          promotion pays \(perCycle) rewards per cycle.
          """)
      }
    case .quotaExhausted:
      switch promotion.quota {
      case 1:
        return tr(
          "The promotion has already paid the one reward of its quota (first come, first served).")
      case let quota?:
        return tr(
          "The promotion has already paid all \(quota) rewards of its quota (first come, first served)."
        )
      case nil:
        return tr("The promotion has already paid its whole quota (first come, first served).")
      }
    }
  }

  /// What the purchase earns, and why that much.
  static func sentence(for reward: Reward, _ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let (holder, ordinal, maximum) = (
      shown(facts.holder), reward.ordinal, promotion.maxRewardsPerHolder
    )
    let (place, channel) = (place(reward.channel), reward.channel)
    let amount = money(reward.amount, promotion.currency)
    // A promotion without a count per campaign (SPEC 8) has no "of N" to say.
    guard maximum != Int.max else {
      return tr(
        "It counts as reward \(ordinal) for holder \(holder) and, bound through \(place) (\(channel)), pays \(amount)."
      )
    }
    return tr(
      """
      It counts as reward \(ordinal) of \(maximum) for holder \(holder) and, bound through \
      \(place) (\(channel)), pays \(amount).
      """)
  }

  /// What a forfeited reward was (`refunds: clawback`): paid, then taken back when the
  /// purchase was refunded, its place still used.
  static func sentence(forfeiting reward: Reward, _ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let (holder, ordinal, maximum) = (
      shown(facts.holder), reward.ordinal, promotion.maxRewardsPerHolder
    )
    let (place, channel) = (place(reward.channel), reward.channel)
    let amount = money(reward.amount, promotion.currency)
    guard maximum != Int.max else {
      return tr(
        """
        It counts as reward \(ordinal) for holder \(holder) and, bound through \(place) \
        (\(channel)), was paid \(amount), then taken back when the purchase was refunded; the \
        place stays used.
        """)
    }
    if facts.status == .refunded || facts.refunded >= facts.amount {
      return tr(
        """
        It counts as reward \(ordinal) of \(maximum) for holder \(holder) and, bound through \
        \(place) (\(channel)), was paid \(amount), then taken back when it was refunded; the \
        place stays used.
        """)
    }
    let net = money(facts.net, facts.currency)
    let minimum = money(promotion.minimumSpend, promotion.currency)
    return tr(
      """
      It counts as reward \(ordinal) of \(maximum) for holder \(holder) and, bound through \
      \(place) (\(channel)), was paid \(amount), then taken back when it was refunded to \
      \(net), below the minimum of \(minimum); the place stays used.
      """)
  }

  /// Why a card can never earn under `promotion`, for the reasons that depend on the card alone
  /// (checks 4–7: issuer, type, network, role); the issuer is named as `name(issuer:)` says.
  static func cardSentence(for reason: ReasonCode, card: Card, promotion: Promotion) -> String {
    switch reason {
    case .otherIssuer:
      switch (card.issuer.map(name(issuer:)), promotion.issuer.map(name(issuer:))) {
      case (let issuer?, let wanted?):
        return tr("The card is issued by \(name: issuer); only \(name: wanted) cards count.")
      case (let issuer?, nil):
        return tr("The card is issued by \(name: issuer); only the promotion's cards count.")
      case (nil, let wanted?):
        return tr(
          "The card is of an issuer wallet does not know; only \(name: wanted) cards count.")
      case (nil, nil):
        return tr(
          "The card is of an issuer wallet does not know; only the promotion's cards count.")
      }
    case .ineligibleCardType:
      let type = name(card.type)
      guard let allowed = promotion.cardTypes.map({ list($0.sorted(by: canonicalOrder).map(name)) })
      else {
        return tr("It is a \(type) card; only other cards count.")
      }
      return tr("It is a \(type) card; only \(allowed) cards count.")
    case .ineligibleNetwork:
      let network = name(card.network)
      guard let allowed = promotion.networks.map({ list($0.sorted(by: canonicalOrder).map(name)) })
      else {
        return tr("It is a \(network) card; only other cards count.")
      }
      return tr("It is a \(network) card; only \(allowed) cards count.")
    case .supplementaryCard:
      return tr("It is a supplementary card, and this promotion leaves supplementary cards out.")
    default:
      preconditionFailure("\(reason) does not depend on the card alone")
    }
  }

  /// An issuer as a person reads it: in Chinese a known bank's Chinese name (`交通银行` for
  /// `bocom`), else the issuer as kept; in English always as kept, its code.
  static func name(issuer: String) -> String {
    switch Language.current {
    case .english: issuer
    case .simplifiedChinese: KnownBank(name: issuer)?.chineseName ?? issuer
    }
  }

  /// The sentence for an outcome: its reward, its forfeited reward, or its reason.
  static func sentence(for outcome: Outcome, _ facts: ReasonFacts) -> String {
    switch outcome {
    case .rewarded(let reward): sentence(for: reward, facts)
    case .forfeited(let reward): sentence(forfeiting: reward, facts)
    case .notRewarded(let reason): sentence(for: reason, facts)
    }
  }

  /// A holder in a sentence, quoted as ids are (`'me'`), so that an id that is also a word
  /// (`me`, `family`) reads as the id it is.
  static func shown(_ holder: Identifier) -> String { ShownID.quoted(holder, in: .current) }

  /// Where a channel's binding is made, in words.
  static func place(_ channel: Channel) -> String {
    switch channel {
    case .bankApp: tr("the bank's app")
    case .wallet: tr("Apple Wallet")
    }
  }

  /// A card type in words; in English its code.
  static func name(_ type: CardType) -> String {
    switch type {
    case .credit: tr("credit")
    case .debit: tr("debit")
    case .prepaid: tr("prepaid")
    }
  }

  /// A card network in words; in English its code.
  static func name(_ network: Network) -> String {
    switch network {
    case .unionpay: tr("unionpay")
    case .visa: tr("visa")
    case .mastercard: tr("mastercard")
    case .amex: tr("amex")
    case .discover: tr("discover")
    case .jcb: tr("jcb")
    case .interac: tr("interac")
    case .maestro: tr("maestro")
    case .eftpos: tr("eftpos")
    case .privateLabel: tr("private-label")
    }
  }

  /// A transaction's status in words; in English its code.
  static func name(_ status: TransactionStatus) -> String {
    switch status {
    case .settled: tr("settled")
    case .pending: tr("pending")
    case .declined: tr("declined")
    case .refunded: tr("refunded")
    case .reversed: tr("reversed")
    }
  }

  /// A payment method in words; in English its code.
  static func name(_ method: PaymentMethod) -> String {
    switch method {
    case .applePay: tr("apple-pay")
    case .card: tr("card")
    case .other: tr("other")
    }
  }

  /// A cycle as its first and last day: `2026-11-22 to 2026-12-21`.
  static func span(_ cycle: BillingCycle) -> String {
    tr("\(cycle.start) to \(cycle.end)")
  }

  /// The campaign's days, inclusive, either side possibly open.
  static func campaign(_ promotion: Promotion) -> String {
    switch (promotion.campaignStart, promotion.campaignEnd) {
    case (let start?, let end?): tr("\(start) to \(end)")
    case (let start?, nil): tr("from \(start) on")
    case (nil, let end?): tr("until \(end)")
    case (nil, nil): tr("no start or end")
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
    let first = words.dropLast().joined(separator: Language.current.listSeparator)
    return tr("\(first) or \(last)")
  }

  private static func money(_ amount: Money, _ currency: Currency) -> String {
    MoneyText.display(amount, currency)
  }

  private static func outsideCampaign(_ facts: ReasonFacts) -> String {
    let promotion = facts.promotion
    let day = facts.time.localDate(in: promotion.timeZone)
    if let start = promotion.campaignStart, day < start {
      return tr("It falls on \(day), before the campaign's first day, \(start).")
    }
    if let end = promotion.campaignEnd, day > end {
      return tr("It falls on \(day), after the campaign's last day, \(end).")
    }
    let campaign = campaign(promotion)
    return tr("It falls on \(day), outside the campaign (\(campaign)).")
  }

  private static func notEnrolled(_ facts: ReasonFacts) -> String {
    let zone = facts.promotion.timeZone
    let time = facts.time.formatted(in: zone)
    switch facts.enrollment {
    case .noneActive, .counted:
      let card = facts.card.id
      return tr(
        """
        No Apple Pay binding of card \(card) is active at \(time); only purchases through a card \
        bound in the bank's app or in Apple Wallet count.
        """)
    case .namedForAnotherCard(let enrollment):
      let (id, other, card) = (enrollment.id, enrollment.card, facts.card.id)
      return tr(
        "It names the Apple Pay binding \(id), which belongs to another card (\(other)), not to \(card)."
      )
    case .namedInactive(let enrollment):
      if facts.time < enrollment.enrolledAt {
        let (id, made) = (enrollment.id, enrollment.enrolledAt.formatted(in: zone))
        return tr(
          "It names the Apple Pay binding \(id), which was made only at \(made), after the purchase at \(time)."
        )
      }
      let id = enrollment.id
      guard let removed = enrollment.removedAt?.formatted(in: zone) else {
        return tr(
          "It names the Apple Pay binding \(id), which was removed, before the purchase at \(time)."
        )
      }
      return tr(
        "It names the Apple Pay binding \(id), which was removed at \(removed), before the purchase at \(time)."
      )
    }
  }
}
