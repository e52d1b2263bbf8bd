import WalletCore
import WalletStore

/// One transaction's decision under one promotion, with the facts that led to it, as
/// `wallet explain` prints it.
struct Explanation {
  let transaction: Transaction
  let promotion: Promotion
  let decision: Decision
  let facts: ReasonFacts
  /// The refunds recorded one by one (`wallet txn refund`); an imported `refunded` column has
  /// none, so their sum may be less than the transaction's refunded total.
  let refunds: [(amount: Money, at: Instant)]
  /// All the card's bindings, shown when none counted, so that the reader sees why.
  let cardEnrollments: [Enrollment]
  /// The export rows it was imported from (the first, then other sightings of the same
  /// purchase); empty for one typed by hand or imported from wallet's own CSV.
  let origins: [TransactionOrigin]
  /// The transaction's reconciliation row, when its decision owes something: the posting that
  /// paid it, if any, and its status.
  var posted: ReconciliationRow? = nil

  private var zone: TimeZoneRules { promotion.timeZone }

  private func money(_ amount: Money, _ currency: Currency? = nil) -> String {
    MoneyText.display(amount, currency ?? transaction.currency)
  }

  /// The reason in words (or what it earns and why).
  var sentence: String {
    let sentence = ReasonWording.sentence(for: decision.outcome, facts)
    // An imported statement says why a purchase was not Apple Pay; the reader deserves those
    // words rather than a bare "another way".
    guard decision.outcome.reason == .notApplePay,
      let words = origins.first?.methodDecidedBy
    else { return sentence }
    return sentence + " The import decided its method: \(words)."
  }

  /// `T1001 earns ¥10.00.`, `T1007 earned ¥15.00, taken back: refunded.` (forfeited under
  /// `refunds: clawback`) or `T1006 does not earn: below-minimum.`
  func verdict(style: Style) -> String {
    switch decision.outcome {
    case .rewarded(let reward):
      return style.positive(
        "\(transaction.id) earns \(money(reward.amount, promotion.currency)).")
    case .forfeited(let reward):
      return style.negative(
        "\(transaction.id) earned \(money(reward.amount, promotion.currency)), "
          + "taken back: refunded.")
    case .notRewarded(let reason):
      return style.negative("\(transaction.id) does not earn: \(reason).")
    }
  }

  /// The heading, the verdict, its sentence, and the facts.
  func table(style: Style) -> String {
    DecisionText.heading(promotion) + "\n" + verdict(style: style) + "\n" + sentence + "\n\n"
      + sheet.text()
  }

  private var sheet: FactSheet {
    var sheet = FactSheet()
    let card = facts.card
    sheet.append("time", transaction.time.formatted(in: zone))
    sheet.append("card", "\(card.id): \(DecisionText.card(card))")
    sheet.append("holder", decision.holder.rawValue)
    if transaction.merchant != nil || transaction.mcc != nil {
      let mcc = transaction.mcc.map { "mcc \($0)" }
      sheet.append(
        "merchant", [transaction.merchant, mcc].compactMap { $0 }.joined(separator: ", "))
    }
    sheet.append("status", transaction.status.rawValue)
    sheet.append("method", transaction.method.rawValue)
    if let decidedBy = origins.first?.methodDecidedBy {
      sheet.append("method decided by", decidedBy)
    }
    for (index, origin) in origins.enumerated() {
      sheet.append(index == 0 ? "imported from" : "also seen in", Self.source(origin))
    }
    sheet.append("amount", money(transaction.amount))
    sheet.append("refunded", money(transaction.refunded))
    if !refunds.isEmpty {
      sheet.append(
        "refunds",
        refunds.map { "\(money($0.amount)) at \($0.at.formatted(in: zone))" }
          .joined(separator: "; "))
    }
    sheet.append("net amount", money(transaction.netAmount))
    sheet.append("enrollment", enrollmentText)
    sheet.append("channel", facts.enrollment.counted?.channel.rawValue ?? "none")
    sheet.append("cycle", ReasonWording.span(decision.cycle))
    sheet.append(
      "rewards before", "\(decision.holderRewardsBefore) of \(promotion.maxRewardsPerHolder)")
    var inCycle = "\(decision.cycleRewardsBefore) of \(promotion.rewardsPerCycle) before this one"
    if !facts.cycleRewardedBy.isEmpty {
      inCycle += " (\(facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")))"
    }
    sheet.append("in this cycle", inCycle)
    if let quota = promotion.quota {
      sheet.append("quota", "\(decision.quotaPaidBefore ?? 0) of \(quota) paid before this one")
    }
    switch decision.outcome {
    case .rewarded(let reward):
      sheet.append(
        "reward",
        "\(money(reward.amount, promotion.currency)): reward \(reward.ordinal) of "
          + "\(promotion.maxRewardsPerHolder), \(reward.channel) schedule")
    case .forfeited(let reward):
      sheet.append(
        "taken back",
        "\(money(reward.amount, promotion.currency)): reward \(reward.ordinal) of "
          + "\(promotion.maxRewardsPerHolder), \(reward.channel) schedule; the place stays used")
      sheet.append("refunds rule", "clawback (a refund takes the reward back)")
    case .notRewarded(let reason):
      appendRule(for: reason, to: &sheet)
    }
    if let posted { sheet.append("posted", Self.postedText(posted)) }
    return sheet
  }

  /// `P-2001, ¥5.00 on 2026-07-05 (paid)`, or `nothing (not-yet-due: due by 2027-01-20)`.
  static func postedText(_ row: ReconciliationRow) -> String {
    guard let posting = row.posting else {
      return "nothing (\(row.status): due by \(row.due?.description ?? "?"))"
    }
    return "\(posting.id), \(MoneyText.display(posting.amount)) on \(posting.date) (\(row.status))"
  }

  /// `alipay export alipay.csv, line 30 (row alipay:2026…)`.
  private static func source(_ origin: TransactionOrigin) -> String {
    let kind = origin.sourceKind == .appExport ? "export" : "statement"
    return "\(origin.format) \(kind) \(origin.file), line \(origin.line) (row \(origin.record))"
  }

  private var enrollmentText: String {
    switch facts.enrollment {
    case .counted(let enrollment, let named):
      let how = named ? "named by the transaction" : "the card's earliest binding active then"
      return DecisionText.enrollment(enrollment, zone: zone) + " (\(how))"
    case .noneActive:
      return "none active then"
    case .namedForAnotherCard(let enrollment):
      return "\(enrollment.id), named by the transaction, binds card \(enrollment.card)"
    case .namedInactive(let enrollment):
      return DecisionText.enrollment(enrollment, zone: zone)
        + " (named by the transaction, not active then)"
    }
  }

  /// The rule that failed, beside the fact it failed on.
  private func appendRule(for reason: ReasonCode, to sheet: inout FactSheet) {
    let card = facts.card
    switch reason {
    case .otherIssuer:
      sheet.append(
        "issuer", "\(card.issuer ?? "unknown") (the promotion's: \(promotion.issuer ?? "any"))")
    case .ineligibleCardType:
      let allowed = promotion.cardTypes.map {
        ReasonWording.list($0.sorted(by: ReasonWording.canonicalOrder))
      }
      sheet.append("card type", "\(card.type) (the promotion's: \(allowed ?? "any"))")
    case .ineligibleNetwork:
      let allowed = promotion.networks.map {
        ReasonWording.list($0.sorted(by: ReasonWording.canonicalOrder))
      }
      sheet.append("network", "\(card.network) (the promotion's: \(allowed ?? "any"))")
    case .supplementaryCard:
      sheet.append("role", "\(card.role) (the promotion excludes supplementary cards)")
    case .foreignCurrency:
      sheet.append(
        "currency", "\(transaction.currency) (the promotion's: \(promotion.currency))")
    case .outsideCampaign:
      sheet.append("campaign", ReasonWording.campaign(promotion))
    case .notEnrolled:
      let bindings = cardEnrollments.map { DecisionText.enrollment($0, zone: zone) }
      sheet.append(
        "card's bindings", bindings.isEmpty ? "none recorded" : bindings.joined(separator: "; "))
    case .excludedMerchant:
      sheet.append(
        "excluded mccs",
        promotion.excludedMCCs.sorted { $0.value < $1.value }.map(\.description)
          .joined(separator: ", "))
    case .belowMinimum:
      sheet.append("minimum spend", money(promotion.minimumSpend, promotion.currency))
      if promotion.refunds == .clawback {
        sheet.append("refunds rule", "clawback (the amount before refunds is compared)")
      }
    case .declined, .refunded, .notApplePay, .rewardCapReached, .cycleAlreadyRewarded,
      .quotaExhausted:
      // Their facts (status, refunds, method, the holder's and the promotion's counts) are
      // among the rows every explanation has.
      break
    }
  }

  private var originsJSON: JSONValue {
    .array(
      origins.map { origin in
        .object([
          ("record", .string(origin.record.rawValue)),
          ("format", .string(origin.format)),
          ("sourceKind", .string(origin.sourceKind.rawValue)),
          ("file", .string(origin.file)),
          ("line", .integer(origin.line)),
          ("merchant", .optional(origin.merchant)),
          ("methodDecidedBy", .optional(origin.methodDecidedBy)),
        ])
      })
  }

  /// The documented shape; see the manual's EXPLAIN JSON.
  var json: JSONValue {
    let card = facts.card
    let enrollment: JSONValue =
      facts.enrollment.enrollment.map { enrollment in
        .object([
          ("id", .string(enrollment.id.rawValue)),
          ("card", .string(enrollment.card.rawValue)),
          ("channel", .string(enrollment.channel.rawValue)),
          ("enrolledAt", .string(enrollment.enrolledAt.formatted(in: zone))),
          ("removedAt", .optional(enrollment.removedAt?.formatted(in: zone))),
          ("named", .bool(transaction.enrollment != nil)),
          ("counts", .bool(facts.enrollment.counted != nil)),
        ])
      } ?? .null
    return .object([
      ("transaction", .string(transaction.id.rawValue)),
      ("promotion", DecisionText.json(promotion)),
      ("outcome", .string(DecisionText.outcome(decision.outcome))),
      ("reason", .optional(decision.outcome.reason?.rawValue)),
      ("explanation", .string(sentence)),
      // A forfeited decision's reward is the one taken back, as in the decisions file.
      ("reward", DecisionText.json(decision.outcome.place)),
      (
        "posted",
        posted.map { row in
          .object([
            ("status", .string(row.status.rawValue)),
            ("due", .optional(row.due?.description)),
            ("posting", .optional(row.posting?.id.rawValue)),
            ("postedOn", .optional(row.postedOn?.description)),
            ("amount", .optional(row.posted?.description)),
          ])
        } ?? .null
      ),
      (
        "facts",
        .object([
          ("time", .string(transaction.time.formatted(in: zone))),
          ("card", DecisionText.json(card)),
          ("holder", .string(decision.holder.rawValue)),
          ("merchant", .optional(transaction.merchant)),
          ("mcc", .optional(transaction.mcc?.description)),
          ("status", .string(transaction.status.rawValue)),
          ("method", .string(transaction.method.rawValue)),
          ("currency", .string(transaction.currency.code)),
          ("amount", .string(transaction.amount.description)),
          ("refunded", .string(transaction.refunded.description)),
          (
            "refunds",
            .array(
              refunds.map { refund in
                .object([
                  ("amount", .string(refund.amount.description)),
                  ("at", .string(refund.at.formatted(in: zone))),
                ])
              })
          ),
          ("netAmount", .string(transaction.netAmount.description)),
          ("origins", originsJSON),
          ("enrollment", enrollment),
          ("cycleStart", .string(decision.cycle.start.description)),
          ("cycleEnd", .string(decision.cycle.end.description)),
          ("holderRewardsBefore", .integer(decision.holderRewardsBefore)),
          ("cycleRewardsBefore", .integer(decision.cycleRewardsBefore)),
          ("cycleRewardedBy", .array(facts.cycleRewardedBy.map { .string($0.rawValue) })),
          ("quotaPaidBefore", decision.quotaPaidBefore.map(JSONValue.integer) ?? .null),
        ])
      ),
      ("rules", DecisionText.rulesJSON(promotion)),
    ])
  }
}
