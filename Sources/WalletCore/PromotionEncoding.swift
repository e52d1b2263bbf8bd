extension Promotion {
  /// The promotion as JSON in the SPEC's field order, every field of section 2 present (in
  /// section 8's form `reward` and `limits` instead of `rewardsPerCycle`, `maxRewardsPerHolder`
  /// and `tiers`), and section 8's other fields when given; decoding it gives back an equal
  /// promotion.
  public var jsonValue: JSONValue {
    func codes<Code: CanonicalCode>(_ set: Set<Code>?) -> JSONValue {
      // In the order of the code's cases, not the set's, so that equal promotions read alike.
      set.map { set in .array(Code.allCases.filter(set.contains).map { .string($0.rawValue) }) }
        ?? .null
    }
    let campaign: JSONValue =
      campaignStart == nil && campaignEnd == nil
      ? .null
      : .object([
        ("start", .optional(campaignStart?.description)),
        ("end", .optional(campaignEnd?.description)),
      ])
    var members: [(String, JSONValue)] = [
      ("id", .string(id.rawValue)),
      ("name", .string(name)),
      ("issuer", .optional(issuer)),
      ("currency", .string(currency.code)),
      ("timezone", .string(timeZone.identifier)),
      ("campaign", campaign),
      ("minimumSpend", .string(minimumSpend.description)),
      ("cardTypes", codes(cardTypes)),
      ("networks", codes(networks)),
      ("supplementaryCards", .string(supplementaryCards.rawValue)),
      ("excludedMCCs", .array(excludedMCCs.map(\.description).sorted().map(JSONValue.string))),
      ("cycleStartDay", .integer(cycleStartDay)),
    ]
    // Section 2's form when it says it all, so that a section 2 file is written as before.
    if hasSectionTwoRewardAndLimits {
      members += [
        ("rewardsPerCycle", .integer(rewardsPerCycle)),
        ("maxRewardsPerHolder", .integer(maxRewardsPerHolder)),
        ("quota", quota.map(JSONValue.integer) ?? .null),
        ("tiers", Promotion.json(tiers)),
      ]
    } else {
      members += [("quota", quota.map(JSONValue.integer) ?? .null), ("reward", rewardJSON)]
      if !limits.isEmpty { members.append(("limits", .array(limits.map(Promotion.json)))) }
    }
    members += [
      ("refunds", .string(refunds.rawValue)),
      ("postingDays", .integer(postingDays)),
    ]
    // SPEC 8's other rules, each only when given: a file without them is written as before.
    if let threshold {
      members.append(
        (
          "threshold",
          .object([
            ("spend", .string(threshold.spend.description)),
            ("per", .string(threshold.period.rawValue)),
            ("scope", .string(threshold.scope.rawValue)),
            ("counts", .string(threshold.counts.rawValue)),
          ])
        ))
    }
    if let weekdays {
      members.append(("weekdays", .array(weekdays.sorted().map(JSONValue.integer))))
    }
    if let monthDays {
      members.append(("monthDays", .array(monthDays.sorted().map(JSONValue.integer))))
    }
    if let mccs {
      members.append(("mccs", .array(mccs.map(\.description).sorted().map(JSONValue.string))))
    }
    if let merchants { members.append(("merchants", .array(merchants.map(JSONValue.string)))) }
    if let channels { members.append(("channels", codes(channels))) }
    if let source {
      members.append(
        (
          "source",
          .object([
            ("url", .optional(source.url)),
            ("retrieved", .optional(source.retrieved?.description)),
            ("notes", .optional(source.notes)),
          ])
        ))
    }
    return .object(members)
  }

  /// `reward` as a file writes it.
  private var rewardJSON: JSONValue {
    switch reward {
    case .tiers(let tiers):
      return .object([("tiers", Promotion.json(tiers))])
    case .fixed(.same(let amount)):
      return .object([("fixed", .string(amount.description))])
    case .fixed(.byChannel(let bankApp, let wallet)):
      return .object([
        (
          "fixed",
          .object([
            (Channel.bankApp.rawValue, .string(bankApp.description)),
            (Channel.wallet.rawValue, .string(wallet.description)),
          ])
        )
      ])
    case .percent(let percentage, let cap):
      var members: [(String, JSONValue)] = [("percent", .string(percentage.description))]
      if let cap { members.append(("cap", .string(cap.description))) }
      return .object(members)
    }
  }

  /// Tier schedules as a file writes them.
  private static func json(_ tiers: RewardTiers) -> JSONValue {
    func amounts(_ schedule: [Money]) -> JSONValue {
      .array(schedule.map { .string($0.description) })
    }
    return .object([
      (Channel.bankApp.rawValue, amounts(tiers.bankApp)),
      (Channel.wallet.rawValue, amounts(tiers.wallet)),
    ])
  }

  /// A limit as a file writes it, its scope spelled out.
  private static func json(_ limit: RewardLimit) -> JSONValue {
    let bound: (String, JSONValue) =
      switch limit.bound {
      case .count(let count): ("count", .integer(count))
      case .amount(let amount): ("amount", .string(amount.description))
      }
    return .object([
      bound, ("per", .string(limit.period.rawValue)), ("scope", .string(limit.scope.rawValue)),
    ])
  }

  /// `jsonValue` as text in the SPEC's layout of a promotion file. Stores keep this form, and
  /// `promotion show` prints it.
  public var jsonText: String {
    jsonValue.text(layout: .flatInline)
  }
}
