// Reading and validating SPEC 8's fields of a promotion file: the reward, the limits and the
// chain they form, the threshold, the days, merchants and channels, and the source. Each broken
// rule names its field and points at the value that breaks it, as section 2's fields do.

extension JSONFieldReader where Problem == PromotionError.Problem, Failure == PromotionError {
  /// Refuses section 2's `key` in a file with `reward`, which gives it as `reward.tiers` or in
  /// `limits`. Null is absent, as everywhere.
  func refuseBesideReward(_ key: String) throws(PromotionError) {
    if let node = present(key) { throw failure(key, .besideReward, at: node) }
  }

  /// The object at `node`, named `field`, keyed by channel (matched without case): what `read`
  /// makes of each channel's value, both channels required. An unknown or repeated channel is
  /// refused at its key; a missing one where the object opens.
  func byChannel<Value>(
    _ node: JSONNode, _ field: String,
    _ read: (_ value: JSONNode, _ field: String) throws(PromotionError) -> Value
  ) throws(PromotionError) -> (bankApp: Value, wallet: Value) {
    guard case .object(let inner) = node.value else {
      throw PromotionError(
        field: field, problem: .field(.mustBeObject(found: node.kind)), position: node.position)
    }
    var values: [Channel: (value: Value, key: JSONPosition)] = [:]
    for member in inner.members {
      let memberField = "\(field).\(ShownValue.unquoted(member.key))"
      guard let channel = Channel(parsing: member.key) else {
        throw PromotionError(
          field: memberField, problem: .notChannel, position: member.keyPosition)
      }
      if let first = values[channel] {
        throw PromotionError(
          field: memberField, problem: .repeatedChannel(channel, first: first.key),
          position: member.keyPosition)
      }
      values[channel] = (try read(member.value, memberField), member.keyPosition)
    }
    guard let bankApp = values[.bankApp]?.value, let wallet = values[.wallet]?.value else {
      let missing: Channel = values[.bankApp] == nil ? .bankApp : .wallet
      throw PromotionError(
        field: "\(field).\(missing)", problem: .field(.required), position: node.position)
    }
    return (bankApp, wallet)
  }

  /// Tier schedules at `node`, named `field`: each exactly `count` long (section 2), or, when
  /// `count` is nil (`reward.tiers`), not empty and as long as each other.
  func schedules(_ node: JSONNode, _ field: String, count: Int?) throws(PromotionError)
    -> RewardTiers
  {
    var needed = count
    let (bankApp, wallet) = try byChannel(node, field) {
      value, field throws(PromotionError) -> [Money] in
      guard case .array(let items) = value.value else {
        throw PromotionError(
          field: field, problem: .tiersNotArray(found: value.kind), position: value.position)
      }
      if let needed, items.count != needed {
        throw PromotionError(
          field: field,
          problem: count == nil
            ? .unequalSchedules(found: items.count, needed: needed)
            : .tierCount(found: items.count, needed: needed),
          position: value.position)
      }
      if items.isEmpty {
        throw PromotionError(field: field, problem: .emptySchedule, position: value.position)
      }
      needed = items.count
      var amounts: [Money] = []
      for (index, item) in items.enumerated() {
        amounts.append(try rewardAmount(item, "\(field)[\(index)]", positive: false))
      }
      return amounts
    }
    return RewardTiers(bankApp: bankApp, wallet: wallet)
  }

  /// An amount one reward pays at `node`, named by its whole `field`: at most
  /// `Promotion.maximumReward`, and more than zero when `positive`.
  func rewardAmount(_ node: JSONNode, _ field: String, positive: Bool) throws(PromotionError)
    -> Money
  {
    guard case .string(let text) = node.value else {
      throw PromotionError(
        field: field, problem: .amountNotString(found: node.kind), position: node.position)
    }
    let amount: Money
    do throws(MoneyError) {
      amount = try Money.parse(text)
    } catch {
      throw PromotionError(field: field, problem: .amount(text, error), position: node.position)
    }
    // Bounded so that totals over any number of rewards stay exact in 64 bits.
    guard amount <= Promotion.maximumReward else {
      throw PromotionError(
        field: field, problem: .rewardTooLarge(amount, maximum: Promotion.maximumReward),
        position: node.position)
    }
    guard !positive || amount > .zero else {
      throw PromotionError(field: field, problem: .notPositive(amount), position: node.position)
    }
    return amount
  }

  /// `reward` at `node`: exactly one of `tiers`, `fixed` and `percent` (with its `cap`).
  func reward(_ node: JSONNode) throws(PromotionError) -> PromotionReward {
    let reader = try nested(node, path: path("reward"))
    try reader.refuseUnknown(RewardKind.allCases.map(\.rawValue) + ["cap"])
    // In the order written, so that the second kind is the one named.
    var kinds: [(kind: RewardKind, node: JSONNode)] = []
    for member in reader.object.members {
      guard let kind = RewardKind(rawValue: member.key), reader.present(member.key) != nil else {
        continue
      }
      if let first = kinds.first {
        throw reader.failure(
          member.key, .twoRewardKinds(first: first.kind, second: kind), at: member.value)
      }
      kinds.append((kind, member.value))
    }
    guard let (kind, value) = kinds.first else {
      throw failure("reward", .noRewardKind, at: node)
    }
    if kind != .percent, let cap = reader.present("cap") {
      throw reader.failure("cap", .capWithoutPercent(kind), at: cap)
    }
    switch kind {
    case .tiers:
      return .tiers(try schedules(value, reader.path("tiers"), count: nil))
    case .fixed:
      return .fixed(try reader.fixed(value))
    case .percent:
      guard case .string(let text) = value.value else {
        throw reader.failure("percent", .percentNotString(found: value.kind), at: value)
      }
      let percentage: Percentage
      do throws(PercentError) {
        percentage = try Percentage.parse(text)
      } catch {
        throw reader.failure("percent", .percent(text, error), at: value)
      }
      let cap = try reader.present("cap").map { cap throws(PromotionError) in
        try rewardAmount(cap, reader.path("cap"), positive: true)
      }
      return .percent(percentage, cap: cap)
    }
  }

  /// `fixed` at `node`: one amount, or an object of one amount for each channel.
  private func fixed(_ node: JSONNode) throws(PromotionError) -> FixedReward {
    let field = path("fixed")
    switch node.value {
    case .string:
      return .same(try rewardAmount(node, field, positive: true))
    case .object:
      let (bankApp, wallet) = try byChannel(node, field) { value, field throws(PromotionError) in
        try rewardAmount(value, field, positive: true)
      }
      return .byChannel(bankApp: bankApp, wallet: wallet)
    default:
      throw failure("fixed", .fixedNotAmountOrObject(found: node.kind), at: node)
    }
  }

  /// `limits`, beside `reward`: each a count or an amount per period at a scope; together a
  /// chain; and a `tiers` reward's campaign count, the schedules' length, with no amount limit.
  func limits(beside reward: PromotionReward) throws(PromotionError) -> [RewardLimit] {
    let node = present("limits")
    var limits: [(limit: RewardLimit, node: JSONNode, reader: JSONFieldReader)] = []
    if let node {
      guard case .array(let items) = node.value else {
        throw failure("limits", .notArrayOrNull(found: node.kind), at: node)
      }
      guard !items.isEmpty else { throw failure("limits", .emptyList, at: node) }
      for (index, item) in items.enumerated() {
        let reader = try nested(item, path: "\(path("limits"))[\(index)]")
        limits.append((try reader.limit(at: item), item, reader))
      }
    }
    if let pair = RewardLimit.firstUnchainedPair(in: limits.map(\.limit)) {
      let (first, second) = (limits[pair.first], limits[pair.second])
      throw PromotionError(
        field: String(second.reader.prefix.dropLast()),
        problem: .limitsNotNested(
          second.limit, other: first.limit, otherField: String(first.reader.prefix.dropLast())),
        position: second.node.position)
    }
    guard case .tiers(let tiers) = reward else { return limits.map(\.limit) }
    if let amount = limits.first(where: { if case .amount = $0.limit.bound { true } else { false } }
    ) {
      throw PromotionError(
        field: String(amount.reader.prefix.dropLast()), problem: .amountLimitWithTiers,
        position: amount.node.position)
    }
    // The tier of a holder's n-th reward must exist: at most the schedules' length in all.
    let needed = tiers.bankApp.count
    let campaignCounts = limits.filter {
      $0.limit.period == .campaign && $0.limit.scope == .holder
    }
    guard !campaignCounts.contains(where: { $0.limit.bound == .count(needed) }) else {
      return limits.map(\.limit)
    }
    guard let wrong = campaignCounts.first, case .count(let found) = wrong.limit.bound,
      let countNode = wrong.reader.present("count")
    else {
      throw failure(
        field: path("limits"), .tiersWithoutCampaignCount(needed: needed),
        at: node?.position ?? position)
    }
    throw wrong.reader.failure(
      "count", .tiersCampaignCount(found: found, needed: needed), at: countNode)
  }

  /// One limit, this reader's object, which opens at `node`.
  private func limit(at node: JSONNode) throws(PromotionError) -> RewardLimit {
    try refuseUnknown(["count", "amount", "per", "scope"])
    let bound: LimitBound
    switch (present("count"), present("amount")) {
    case (.some, .some(let amount)):
      throw failure("amount", .countAndAmount, at: amount)
    case (.some(let count), nil):
      bound = .count(try integer(count, "count", in: 1...Int.max))
    case (nil, .some(let amount)):
      let sum = try money(amount, "amount")
      guard sum > .zero else { throw failure("amount", .notPositive(sum), at: amount) }
      bound = .amount(sum)
    case (nil, nil):
      throw failure(field: String(prefix.dropLast()), .noCountOrAmount, at: node.position)
    }
    let period = try code(try required("per"), "per", PromotionPeriod.parse)
    let scope = try optionalCode("scope", PromotionScope.parse) ?? .holder
    return RewardLimit(bound, per: period, scope: scope)
  }

  /// The code of `key` at `node`.
  private func code<Code>(
    _ node: JSONNode, _ key: String, _ parse: (String) throws(CodeError) -> Code
  ) throws(PromotionError) -> Code {
    let text = try string(node, key)
    do throws(CodeError) {
      return try parse(text)
    } catch {
      throw failure(key, .code(error), at: node)
    }
  }

  /// `threshold`, or nil when absent or null.
  func threshold() throws(PromotionError) -> SpendThreshold? {
    guard let node = present("threshold") else { return nil }
    guard case .object = node.value else {
      throw failure("threshold", .notObjectOrNull(found: node.kind), at: node)
    }
    let reader = try nested(node, path: path("threshold"))
    try reader.refuseUnknown(["spend", "per", "scope", "counts"])
    let spendNode = try reader.required("spend")
    let spend = try reader.money(spendNode, "spend")
    guard spend > .zero else { throw reader.failure("spend", .notPositive(spend), at: spendNode) }
    let period = try reader.code(try reader.required("per"), "per", PromotionPeriod.parse)
    let scope = try reader.optionalCode("scope", PromotionScope.parse) ?? .holder
    let counts = try reader.optionalCode("counts", ThresholdCounts.parse) ?? .reaching
    return SpendThreshold(spend: spend, per: period, scope: scope, counts: counts)
  }

  /// The non-empty list of whole numbers in `range` of `key` (`weekdays`, `monthDays`), or nil
  /// when absent or null.
  func days(_ key: String, in range: ClosedRange<Int>) throws(PromotionError) -> Set<Int>? {
    guard let items = try nonEmptyList(key) else { return nil }
    var days = Set<Int>()
    for (index, item) in items.enumerated() {
      days.insert(try integer(item, "\(key)[\(index)]", in: range))
    }
    return days
  }

  /// `mccs`: four-digit merchant category codes, or nil when absent or null.
  func mccs() throws(PromotionError) -> Set<MerchantCategoryCode>? {
    guard let items = try nonEmptyList("mccs") else { return nil }
    var codes = Set<MerchantCategoryCode>()
    for (index, item) in items.enumerated() {
      let element = "mccs[\(index)]"
      let text = try string(item, element)
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw failure(element, .notMerchantCode(text), at: item)
      }
      codes.insert(code)
    }
    return codes
  }

  /// `merchants`: texts that are not empty, in the file's order, or nil when absent or null.
  func merchants() throws(PromotionError) -> [String]? {
    guard let items = try nonEmptyList("merchants") else { return nil }
    var merchants: [String] = []
    for (index, item) in items.enumerated() {
      let element = "merchants[\(index)]"
      let text = try string(item, element)
      guard !text.isEmpty else { throw failure(element, .emptyMerchant, at: item) }
      // Shown by `promotion show`, so never a card number (SPEC 6).
      try refuseCardNumber(text, element, at: item)
      merchants.append(text)
    }
    return merchants
  }

  /// `source`, or nil when absent or null.
  func source() throws(PromotionError) -> TermsSource? {
    guard let node = present("source") else { return nil }
    guard case .object = node.value else {
      throw failure("source", .notObjectOrNull(found: node.kind), at: node)
    }
    let reader = try nested(node, path: path("source"))
    try reader.refuseUnknown(["url", "retrieved", "notes"])
    for key in ["url", "notes"] { try reader.refuseCardNumber(in: key) }
    return TermsSource(
      url: try reader.optionalString("url"), retrieved: try reader.optionalDate("retrieved")?.date,
      notes: try reader.optionalString("notes"))
  }

  /// The elements of the list `key`, which may not be empty, or nil when absent or null.
  private func nonEmptyList(_ key: String) throws(PromotionError) -> [JSONNode]? {
    guard let node = present(key) else { return nil }
    guard case .array(let items) = node.value else {
      throw failure(key, .notArrayOrNull(found: node.kind), at: node)
    }
    guard !items.isEmpty else { throw failure(key, .emptyList, at: node) }
    return items
  }
}
