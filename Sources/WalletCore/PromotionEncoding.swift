extension Promotion {
  /// The promotion as JSON in the SPEC's field order, every field present; decoding it gives
  /// back an equal promotion.
  public var jsonValue: JSONValue {
    func codes<Code: CanonicalCode>(_ set: Set<Code>?) -> JSONValue {
      // In the order of the code's cases, not the set's, so that equal promotions read alike.
      set.map { set in .array(Code.allCases.filter(set.contains).map { .string($0.rawValue) }) }
        ?? .null
    }
    func amounts(_ schedule: [Money]) -> JSONValue {
      .array(schedule.map { .string($0.description) })
    }
    let campaign: JSONValue =
      campaignStart == nil && campaignEnd == nil
      ? .null
      : .object([
        ("start", .optional(campaignStart?.description)),
        ("end", .optional(campaignEnd?.description)),
      ])
    return .object([
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
      ("rewardsPerCycle", .integer(rewardsPerCycle)),
      ("maxRewardsPerHolder", .integer(maxRewardsPerHolder)),
      ("quota", quota.map(JSONValue.integer) ?? .null),
      (
        "tiers",
        .object([
          (Channel.bankApp.rawValue, amounts(tiers.bankApp)),
          (Channel.wallet.rawValue, amounts(tiers.wallet)),
        ])
      ),
      ("refunds", .string(refunds.rawValue)),
      ("postingDays", .integer(postingDays)),
    ])
  }

  /// `jsonValue` as text in the SPEC's layout of a promotion file. Stores keep this form, and
  /// `promotion show` prints it.
  public var jsonText: String {
    jsonValue.text(layout: .flatInline)
  }
}
