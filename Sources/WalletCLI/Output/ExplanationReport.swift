import WalletCore
import WalletJobs
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
  /// Under a SPEC 8 promotion, for a transaction that qualifies: the threshold and limits as it
  /// met them, and the limit that refused or reduced its reward; nil otherwise.
  var finding: RuleFinding? = nil

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
      let words = origins.first?.methodDecidedBy.map(BankStatementImportText.shownDecidedBy)
    else { return sentence }
    return sentence + tr(" The import decided its method: \(words).")
  }

  /// `T1001 earns ¥10.00.`, `T1007 earned ¥15.00, taken back: refunded.` (forfeited under
  /// `refunds: clawback`) or `T1006 does not earn: below-minimum.`
  func verdict(style: Style) -> String {
    switch decision.outcome {
    case .rewarded(let reward):
      let (id, amount) = (transaction.id, money(reward.amount, promotion.currency))
      return style.positive(tr("\(id) earns \(amount)."))
    case .forfeited(let reward):
      let (id, amount) = (transaction.id, money(reward.amount, promotion.currency))
      return style.negative(tr("\(id) earned \(amount), taken back: refunded."))
    case .notRewarded(.refunded) where transaction.status == .reversed:
      // A voided purchase (撤销) is refused as `refunded`, but it was never refunded.
      return style.negative(tr("\(transaction.id) does not earn: voided."))
    case .notRewarded(let reason):
      let id = transaction.id
      return style.negative(tr("\(id) does not earn: \(reason)."))
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
    sheet.append(tr("time"), transaction.time.formatted(in: zone))
    sheet.append(tr("card"), "\(card.id): \(DecisionText.card(card))")
    sheet.append(tr("holder"), decision.holder.rawValue)
    if transaction.merchant != nil || transaction.mcc != nil {
      let mcc = transaction.mcc.map { tr("mcc \($0)") }
      sheet.append(
        tr("merchant"),
        [transaction.merchant, mcc].compactMap { $0 }.joined(
          separator: Language.current.listSeparator))
    }
    sheet.append(tr("status"), ReasonWording.name(transaction.status))
    sheet.append(tr("method"), ReasonWording.name(transaction.method))
    if let decidedBy = origins.first?.methodDecidedBy {
      sheet.append(tr("method decided by"), BankStatementImportText.shownDecidedBy(decidedBy))
    }
    for (index, origin) in origins.enumerated() {
      sheet.append(index == 0 ? tr("imported from") : tr("also seen in"), Self.source(origin))
    }
    sheet.append(tr("amount"), money(transaction.amount))
    sheet.append(tr("refunded"), money(transaction.refunded))
    if !refunds.isEmpty {
      sheet.append(
        tr("refunds"),
        refunds.map { refund in
          let (amount, time) = (money(refund.amount), refund.at.formatted(in: zone))
          return tr("\(amount) at \(time)")
        }
        .joined(separator: Language.current.clauseSeparator))
    }
    sheet.append(tr("net amount"), money(transaction.netAmount))
    sheet.append(tr("enrollment"), enrollmentText)
    sheet.append(tr("channel"), facts.enrollment.counted?.channel.rawValue ?? tr("none"))
    sheet.append(tr("cycle"), ReasonWording.span(decision.cycle))
    let (before, maximum) = (decision.holderRewardsBefore, promotion.maxRewardsPerHolder)
    if RuleStanding.applies(to: promotion) {
      appendStanding(to: &sheet)
    } else {
      sheet.append(tr("rewards before"), tr("\(before) of \(maximum)"))
      let (inCycleBefore, perCycle) = (decision.cycleRewardsBefore, promotion.rewardsPerCycle)
      let by = facts.cycleRewardedBy.map(\.rawValue).joined(separator: ", ")
      sheet.append(
        tr("in this cycle"),
        by.isEmpty
          ? tr("\(inCycleBefore) of \(perCycle) before this one")
          : tr("\(inCycleBefore) of \(perCycle) before this one (\(by))"))
    }
    if let quota = promotion.quota {
      let paid = decision.quotaPaidBefore ?? 0
      sheet.append(tr("quota"), tr("\(paid) of \(quota) paid before this one"))
    }
    switch decision.outcome {
    case .rewarded(let reward) where RuleStanding.applies(to: promotion):
      let (amount, ordinal, channel) = (
        money(reward.amount, promotion.currency), reward.ordinal, reward.channel
      )
      sheet.append(tr("reward"), tr("\(amount): the holder's reward \(ordinal), \(channel)"))
    case .rewarded(let reward):
      let (amount, ordinal, channel) = (
        money(reward.amount, promotion.currency), reward.ordinal, reward.channel
      )
      sheet.append(
        tr("reward"), tr("\(amount): reward \(ordinal) of \(maximum), \(channel) schedule"))
    case .forfeited(let reward):
      let (amount, ordinal, channel) = (
        money(reward.amount, promotion.currency), reward.ordinal, reward.channel
      )
      sheet.append(
        tr("taken back"),
        tr("\(amount): reward \(ordinal) of \(maximum), \(channel) schedule; the place stays used"))
      sheet.append(tr("refunds rule"), tr("clawback (a refund takes the reward back)"))
    case .notRewarded(let reason):
      appendRule(for: reason, to: &sheet)
    }
    if let posted { sheet.append(tr("posted"), Self.postedText(posted)) }
    return sheet
  }

  /// A SPEC 8 promotion's threshold and limits as the transaction met them, and the limit that
  /// refused or reduced its reward (SPEC 8: its period, scope and what was left).
  private func appendStanding(to sheet: inout FactSheet) {
    guard let finding else { return }
    for threshold in finding.standing.thresholds {
      sheet.append(tr("threshold"), StandingText.sentence(threshold, promotion))
    }
    for limit in finding.standing.limits {
      sheet.append(tr("limit"), StandingText.sentence(limit, promotion))
    }
    if let refusedBy = finding.refusedBy {
      sheet.append(tr("refused by"), StandingText.sentence(refusedBy, promotion))
    }
    if let reduction = finding.reducedBy, let paid = decision.outcome.place?.amount {
      let window = reduction.limit.window
      let (rule, period, scope) = (
        StandingText.rule(reduction.limit.limit, promotion), StandingText.period(window),
        StandingText.scope(window)
      )
      let (from, paid) = (
        money(reduction.from, promotion.currency), money(paid, promotion.currency)
      )
      sheet.append(
        tr("reduced by"),
        tr("\(rule) (\(period), \(scope)): \(paid) was left, so \(from) became \(paid)"))
    }
  }

  /// `P-2001, ¥5.00 on 2026-07-05 (paid)`, or `nothing (not-yet-due: due by 2027-01-20)`.
  static func postedText(_ row: ReconciliationRow) -> String {
    guard let posting = row.posting else {
      let (status, due) = (row.status, row.due?.description ?? "?")
      return tr("nothing (\(status): due by \(due))")
    }
    let (id, amount, date, status) = (
      posting.id, MoneyText.display(posting.amount), posting.date, row.status
    )
    return tr("\(id), \(amount) on \(date) (\(status))")
  }

  /// `alipay export alipay.csv, line 30 (row alipay:2026…)`.
  private static func source(_ origin: TransactionOrigin) -> String {
    let (format, file, line, record) = (origin.format, origin.file, origin.line, origin.record)
    return origin.sourceKind == .appExport
      ? tr("\(format) export \(file), line \(line) (row \(record))")
      : tr("\(format) statement \(file), line \(line) (row \(record))")
  }

  private var enrollmentText: String {
    switch facts.enrollment {
    case .counted(let enrollment, let named):
      let binding = DecisionText.enrollment(enrollment, zone: zone)
      return named
        ? tr("\(binding) (named by the transaction)")
        : tr("\(binding) (the card's earliest binding active then)")
    case .noneActive:
      return tr("none active then")
    case .namedForAnotherCard(let enrollment):
      let (id, card) = (enrollment.id, enrollment.card)
      return tr("\(id), named by the transaction, binds card \(card)")
    case .namedInactive(let enrollment):
      let binding = DecisionText.enrollment(enrollment, zone: zone)
      return tr("\(binding) (named by the transaction, not active then)")
    }
  }

  /// The rule that failed, beside the fact it failed on.
  private func appendRule(for reason: ReasonCode, to sheet: inout FactSheet) {
    let card = facts.card
    switch reason {
    case .otherIssuer:
      let issuer = card.issuer.map(ReasonWording.name(issuer:)) ?? tr("unknown")
      let wanted = promotion.issuer.map(ReasonWording.name(issuer:)) ?? tr("any")
      sheet.append(tr("issuer"), tr("\(issuer) (the promotion's: \(wanted))"))
    case .ineligibleCardType:
      let allowed = promotion.cardTypes.map {
        ReasonWording.list($0.sorted(by: ReasonWording.canonicalOrder))
      }
      let (type, wanted) = (card.type, allowed ?? tr("any"))
      sheet.append(tr("card type"), tr("\(type) (the promotion's: \(wanted))"))
    case .ineligibleNetwork:
      let allowed = promotion.networks.map {
        ReasonWording.list($0.sorted(by: ReasonWording.canonicalOrder))
      }
      let (network, wanted) = (card.network, allowed ?? tr("any"))
      sheet.append(tr("network"), tr("\(network) (the promotion's: \(wanted))"))
    case .supplementaryCard:
      let role = card.role
      sheet.append(tr("role"), tr("\(role) (the promotion excludes supplementary cards)"))
    case .foreignCurrency:
      let (currency, wanted) = (transaction.currency, promotion.currency)
      sheet.append(tr("currency"), tr("\(currency) (the promotion's: \(wanted))"))
    case .outsideCampaign:
      sheet.append(tr("campaign"), ReasonWording.campaign(promotion))
    case .notEnrolled:
      let bindings = cardEnrollments.map { DecisionText.enrollment($0, zone: zone) }
      sheet.append(
        tr("card's bindings"),
        bindings.isEmpty
          ? tr("none recorded") : bindings.joined(separator: Language.current.clauseSeparator))
    case .excludedMerchant:
      sheet.append(
        tr("excluded mccs"),
        promotion.excludedMCCs.sorted { $0.value < $1.value }.map(\.description)
          .joined(separator: ", "))
    case .belowMinimum:
      sheet.append(tr("minimum spend"), money(promotion.minimumSpend, promotion.currency))
      if promotion.refunds == .clawback {
        sheet.append(tr("refunds rule"), tr("clawback (the amount before refunds is compared)"))
      }
    case .declined, .refunded, .notApplePay, .rewardCapReached, .cycleAlreadyRewarded,
      .quotaExhausted, .outsideDays, .ineligibleChannel, .notListedMerchant, .belowThreshold,
      .periodAlreadyRewarded, .amountCapReached:
      // Their facts (status, refunds, method, the holder's and the promotion's counts) are
      // among the rows every explanation has; SPEC 8's reasons say their rule in their
      // sentence, and the limit that refused is named once section 8 promotions are decided.
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
          (
            "methodDecidedBy",
            .optional(
              origin.methodDecidedBy.map { decision in
                inEnglish { BankStatementImportText.shownDecidedBy(decision) }
              })
          ),
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
    return .object(
      [
        ("transaction", .string(transaction.id.rawValue)),
        ("promotion", DecisionText.json(promotion)),
        ("outcome", .string(DecisionText.outcome(decision.outcome))),
        ("reason", .optional(decision.outcome.reason?.rawValue)),
        ("explanation", .string(inEnglish { sentence })),
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
      ] + (finding.map { [("standing", Self.json($0))] } ?? []))
  }

  /// The standing met, with `refusedBy` and `reducedBy`; see the manual's EXPLAIN JSON.
  static func json(_ finding: RuleFinding) -> JSONValue {
    guard case .object(let members) = StandingText.json(finding.standing) else {
      preconditionFailure("a standing is an object")
    }
    return .object(
      members + [
        ("refusedBy", finding.refusedBy.map(StandingText.json) ?? .null),
        (
          "reducedBy",
          finding.reducedBy.map { reduction in
            .object([
              ("limit", StandingText.json(reduction.limit)),
              ("from", .string(reduction.from.description)),
            ])
          } ?? .null
        ),
      ])
  }
}
