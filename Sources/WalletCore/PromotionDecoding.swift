/// Why a promotion file was refused: the field that breaks a rule, what is wrong, and where.
/// The values are kept as read; the command line words the error.
public struct PromotionError: Error, Equatable, Sendable {
  /// The field's path, e.g. `tiers.wallet[2]` or `campaign.start`; nil for the whole document.
  /// A key the user wrote appears made safe to print.
  public let field: String?
  /// What is wrong with it.
  public let problem: Problem
  /// Where to look: the offending value; for a missing field, the object that lacks it; for a
  /// file that is not JSON, the character where reading stopped. Nil when no position is known.
  public let position: JSONPosition?

  /// An error about `field`, at `position` when known.
  public init(field: String?, problem: Problem, position: JSONPosition? = nil) {
    self.field = field
    self.problem = problem
    self.position = position
  }

  /// What is wrong with a promotion's field, with the offending value as written.
  public enum Problem: JSONFileProblem, Equatable {
    /// The text is not JSON.
    case syntax(JSONSyntaxError.Kind)
    /// A rule every JSON file of wallet's follows is broken.
    case field(JSONFieldProblem)
    /// The id is only whitespace.
    case blank(found: JSONKind)
    /// The issuer is an empty string, where null means any issuer.
    case emptyIssuer
    /// The time zone is not one this system knows.
    case unknownTimeZone(String)
    /// An amount is not written as a string.
    case amountNotString(found: JSONKind)
    /// An amount, written `text`, that `Money` refuses.
    case amount(String, MoneyError)
    /// A count is not a whole number.
    case notWholeNumber(found: JSONKind)
    /// A count, written `text`, is outside `range` (whose upper bound `Int.max` means none).
    case outOfRange(String, ClosedRange<Int>)
    /// A count, written `text`, is past 64 bits; `maximum` is the largest allowed.
    case tooLarge(String, maximum: Int)
    /// A list (of codes, days, merchants or limits) is neither an array nor null.
    case notArrayOrNull(found: JSONKind)
    /// A list is empty, where null means any (or, for `limits`, none).
    case emptyList
    /// A code outside its list.
    case code(CodeError)
    /// A merchant category code (of `excludedMCCs` or `mccs`) is not four digits.
    case notMerchantCode(String)
    /// The campaign, the threshold or the source is neither an object nor null.
    case notObjectOrNull(found: JSONKind)
    /// A date (of the campaign or the source) is not of the form `YYYY-MM-DD`.
    case malformedDate(String)
    /// A date, written `text`, that does not exist or is out of range.
    case date(String, TimeParseError)
    /// The campaign ends before it starts.
    case endBeforeStart(end: CivilDate, start: CivilDate)
    /// A key of tiers or of a fixed reward by channel is not a channel.
    case notChannel
    /// Tiers or a fixed reward name a channel twice (keys match case-insensitively); `first` is
    /// the first.
    case repeatedChannel(Channel, first: JSONPosition)
    /// A channel's tiers are not an array.
    case tiersNotArray(found: JSONKind)
    /// A channel has `found` amounts, where `maxRewardsPerHolder` asks for `needed`.
    case tierCount(found: Int, needed: Int)
    /// A reward is larger than `maximum`.
    case rewardTooLarge(Money, maximum: Money)

    // SPEC 8's rules.

    /// `reward` gives a second kind of reward, `second`, beside `first`.
    case twoRewardKinds(first: RewardKind, second: RewardKind)
    /// `reward` gives no kind of reward.
    case noRewardKind
    /// `cap` beside a reward that is not a percentage.
    case capWithoutPercent(RewardKind)
    /// Section 2's `tiers`, `rewardsPerCycle` or `maxRewardsPerHolder` beside `reward`, whose
    /// file gives them as `reward.tiers` and `limits`.
    case besideReward
    /// `limits` in a file without `reward`, whose limits are section 2's fields.
    case limitsWithoutReward
    /// A fixed reward is neither an amount nor an object of amounts by channel.
    case fixedNotAmountOrObject(found: JSONKind)
    /// A fixed reward, a cap, an amount limit or a threshold's spend is zero.
    case notPositive(Money)
    /// A percentage is not written as a string.
    case percentNotString(found: JSONKind)
    /// A percentage, written `text`, that `Percentage` refuses.
    case percent(String, PercentError)
    /// A channel's schedule of a `tiers` reward is empty.
    case emptySchedule
    /// A channel's schedule of a `tiers` reward has `found` amounts where the channel before it
    /// has `needed`.
    case unequalSchedules(found: Int, needed: Int)
    /// A limit gives both `count` and `amount`.
    case countAndAmount
    /// A limit gives neither `count` nor `amount`.
    case noCountOrAmount
    /// Neither this limit nor `other`, the limit at `otherField`, nests in the other: the
    /// limits do not form a chain.
    case limitsNotNested(RewardLimit, other: RewardLimit, otherField: String)
    /// An amount limit beside a `tiers` reward, whose amounts are the schedule's.
    case amountLimitWithTiers
    /// A `tiers` reward without the holder's count limit per campaign, which must be `needed`,
    /// the schedules' length.
    case tiersWithoutCampaignCount(needed: Int)
    /// The holder's count limit per campaign beside a `tiers` reward is `found`, not `needed`,
    /// the schedules' length.
    case tiersCampaignCount(found: Int, needed: Int)
    /// A merchant text is empty.
    case emptyMerchant
  }
}

/// The reader of a promotion file's objects.
typealias PromotionFields = JSONFieldReader<PromotionError.Problem, PromotionError>

extension Promotion {
  /// The fields of section 8, in the order a promotion is written with them.
  static let ruleFields: [String] = [
    "reward", "limits", "threshold", "weekdays", "monthDays", "mccs", "merchants", "channels",
    "source",
  ]

  /// The fields a promotion file may have; any other is refused, so that a misspelt rule is
  /// never silently ignored.
  static let knownFields: Set<String> = Set(
    [
      "id", "name", "issuer", "currency", "timezone", "campaign", "minimumSpend", "cardTypes",
      "networks", "supplementaryCards", "excludedMCCs", "cycleStartDay", "rewardsPerCycle",
      "maxRewardsPerHolder", "quota", "tiers", "refunds", "postingDays",
    ] + ruleFields)

  /// Decodes and validates a promotion from JSON (a leading BOM is accepted). The first broken
  /// rule is thrown, located at the value that breaks it.
  public static func decode(json data: [UInt8]) throws(PromotionError) -> Promotion {
    try decodeEveryRule(json: data).0
  }

  /// Decodes and validates a promotion with every rule of SPEC 8, without refusing those not
  /// yet decided; with the reader of the file's top-level object, for locating a later error.
  static func decodeEveryRule(json data: [UInt8]) throws(PromotionError)
    -> (Promotion, PromotionFields)
  {
    let reader = try PromotionFields.root(
      of: data, kind: .promotion,
      failure: { PromotionError(field: $0, problem: $1, position: $2) })
    try reader.refuseUnknown(Promotion.knownFields)

    let (id, idNode) = try reader.requiredStringWithNode("id")
    // The id, name and issuer are stored and shown like the ids of cards (SPEC 6).
    for field in ["id", "name", "issuer"] {
      try reader.refuseCardNumber(in: field)
    }
    guard !id.unicodeScalars.allSatisfy(\.properties.isWhitespace) else {
      throw reader.failure("id", .blank(found: idNode.kind), at: idNode)
    }
    let name = try reader.optionalString("name") ?? id
    let issuer = try reader.optionalStringWithNode("issuer")
    if let issuer, issuer.text.isEmpty {
      throw reader.failure("issuer", .emptyIssuer, at: issuer.node)
    }
    let currency = try reader.optionalCode("currency", Currency.parse) ?? .cny
    let zone: TimeZoneRules
    if let timezone = try reader.optionalStringWithNode("timezone") {
      do {
        zone = try TimeZoneRules(identifier: timezone.text)
      } catch {
        throw reader.failure("timezone", .unknownTimeZone(timezone.text), at: timezone.node)
      }
    } else {
      zone = .shanghai
    }
    let (campaignStart, campaignEnd) = try reader.campaign()
    // A file with `reward` is section 8's form: section 2's reward and limit fields give way
    // to `reward` and `limits`, and the minimum spend defaults to zero.
    let rewardNode = reader.present("reward")
    let minimumSpend =
      rewardNode == nil
      ? try reader.requiredMoney("minimumSpend") : try reader.optionalMoney("minimumSpend") ?? .zero
    let cardTypes = try reader.optionalCodeSet("cardTypes", CardType.parse)
    let networks = try reader.optionalCodeSet("networks", Network.parse)
    let supplementary =
      try reader.optionalCode("supplementaryCards", SupplementaryCardPolicy.parse)
      ?? .countForPrimary
    let excludedMCCs = try reader.excludedMCCs()
    let cycleStartDay = try reader.requiredInteger("cycleStartDay", in: 1...28)
    var (rewardsPerCycle, maxRewards) = (1, 1)
    if rewardNode == nil {
      rewardsPerCycle = try reader.optionalInteger("rewardsPerCycle", in: 1...Int.max) ?? 1
      maxRewards = try reader.requiredInteger("maxRewardsPerHolder", in: 1...Int.max)
    } else {
      try reader.refuseBesideReward("rewardsPerCycle")
      try reader.refuseBesideReward("maxRewardsPerHolder")
    }
    let quota = try reader.optionalInteger("quota", in: 0...Int.max)
    var tiers: RewardTiers?
    if rewardNode == nil {
      tiers = try reader.tiers(count: maxRewards)
    } else {
      try reader.refuseBesideReward("tiers")
    }
    let refunds = try reader.optionalCode("refunds", RefundPolicy.parse) ?? .net
    let postingDays =
      try reader.optionalInteger("postingDays", in: 0...Promotion.maximumPostingDays)
      ?? Promotion.defaultPostingDays

    let reward: PromotionReward
    let limits: [RewardLimit]
    if let rewardNode {
      reward = try reader.reward(rewardNode)
      limits = try reader.limits(beside: reward)
    } else {
      if let node = reader.present("limits") {
        throw reader.failure("limits", .limitsWithoutReward, at: node)
      }
      reward = .tiers(tiers ?? RewardTiers(bankApp: [], wallet: []))
      limits = Promotion.sectionTwoLimits(
        rewardsPerCycle: rewardsPerCycle, maxRewardsPerHolder: maxRewards)
    }
    let threshold = try reader.threshold()
    let weekdays = try reader.days("weekdays", in: 1...7)
    let monthDays = try reader.days("monthDays", in: 1...31)
    let mccs = try reader.mccs()
    let merchants = try reader.merchants()
    let channels = try reader.optionalCodeSet("channels", Channel.parse)
    let source = try reader.source()

    let promotion = Promotion(
      id: Identifier(id), name: name, issuer: issuer.map { Issuer.code($0.text) },
      currency: currency, timeZone: zone,
      campaignStart: campaignStart, campaignEnd: campaignEnd, minimumSpend: minimumSpend,
      cardTypes: cardTypes, networks: networks, supplementaryCards: supplementary,
      excludedMCCs: excludedMCCs, cycleStartDay: cycleStartDay, quota: quota, reward: reward,
      limits: limits, refunds: refunds, postingDays: postingDays, threshold: threshold,
      weekdays: weekdays, monthDays: monthDays, mccs: mccs, merchants: merchants,
      channels: channels, source: source)
    return (promotion, reader)
  }
}

/// What only a promotion file has: amounts, counts, codes, the campaign and the tiers.
extension JSONFieldReader where Problem == PromotionError.Problem, Failure == PromotionError {
  func money(_ node: JSONNode, _ key: String) throws(PromotionError) -> Money {
    guard case .string(let text) = node.value else {
      throw failure(key, .amountNotString(found: node.kind), at: node)
    }
    do {
      return try Money.parse(text)
    } catch {
      throw failure(key, .amount(text, error), at: node)
    }
  }

  func requiredMoney(_ key: String) throws(PromotionError) -> Money {
    try money(try required(key), key)
  }

  func optionalMoney(_ key: String) throws(PromotionError) -> Money? {
    guard let node = present(key) else { return nil }
    return try money(node, key)
  }

  func integer(_ node: JSONNode, _ key: String, in range: ClosedRange<Int>)
    throws(PromotionError) -> Int
  {
    guard case .number(let text) = node.value else {
      throw failure(key, .notWholeNumber(found: node.kind), at: node)
    }
    // Only plain digits: `22.0` or `2.2e1` would be whole, but a count written so is a slip.
    let plain = text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }
    if plain, let value = Int(text) {
      guard range.contains(value) else {
        throw failure(key, .outOfRange(text, range), at: node)
      }
      return value
    }
    // Past 64 bits, however written (`99999999999999999999`, `1e30`): "must be at least 1"
    // would puzzle whoever wrote a huge number, so say it is too large and what the limit is.
    if let number = Double(text), number.magnitude >= 0x1p63 {
      guard number < 0 else {
        throw failure(key, .tooLarge(text, maximum: range.upperBound), at: node)
      }
      throw failure(key, .outOfRange(text, range), at: node)
    }
    throw failure(key, .notWholeNumber(found: node.kind), at: node)
  }

  func requiredInteger(_ key: String, in range: ClosedRange<Int>) throws(PromotionError) -> Int {
    try integer(try required(key), key, in: range)
  }

  func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(PromotionError) -> Int? {
    guard let node = present(key) else { return nil }
    return try integer(node, key, in: range)
  }

  func optionalCode<Code>(_ key: String, _ parse: (String) throws(CodeError) -> Code)
    throws(PromotionError) -> Code?
  {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    do {
      return try parse(text)
    } catch {
      throw failure(key, .code(error), at: node)
    }
  }

  func optionalCodeSet<Code: Hashable>(_ key: String, _ parse: (String) throws(CodeError) -> Code)
    throws(PromotionError) -> Set<Code>?
  {
    guard let node = present(key) else { return nil }
    guard case .array(let items) = node.value else {
      throw failure(key, .notArrayOrNull(found: node.kind), at: node)
    }
    guard !items.isEmpty else { throw failure(key, .emptyList, at: node) }
    var codes = Set<Code>()
    for (index, item) in items.enumerated() {
      let element = "\(key)[\(index)]"
      let text = try string(item, element)
      do {
        codes.insert(try parse(text))
      } catch {
        throw failure(element, .code(error), at: item)
      }
    }
    return codes
  }

  func excludedMCCs() throws(PromotionError) -> Set<MerchantCategoryCode> {
    guard let node = present("excludedMCCs") else { return [] }
    guard case .array(let items) = node.value else {
      throw failure("excludedMCCs", .notArrayOrNull(found: node.kind), at: node)
    }
    var codes = Set<MerchantCategoryCode>()
    for (index, item) in items.enumerated() {
      let element = "excludedMCCs[\(index)]"
      let text = try string(item, element)
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw failure(element, .notMerchantCode(text), at: item)
      }
      codes.insert(code)
    }
    return codes
  }

  /// The date `YYYY-MM-DD` of `key` and where it is, or nil when absent or null.
  func optionalDate(_ key: String) throws(PromotionError) -> (date: CivilDate, node: JSONNode)? {
    guard let (text, node) = try optionalStringWithNode(key) else { return nil }
    do throws(TimeParseError) {
      return (try CivilDate.parse(text), node)
    } catch .malformed {
      throw failure(key, .malformedDate(text), at: node)
    } catch {
      throw failure(key, .date(text, error), at: node)
    }
  }

  func campaign() throws(PromotionError) -> (CivilDate?, CivilDate?) {
    guard let node = present("campaign") else { return (nil, nil) }
    guard case .object(let inner) = node.value else {
      throw failure("campaign", .notObjectOrNull(found: node.kind), at: node)
    }
    let reader = self.reader(of: inner, at: node.position, path: path("campaign"))
    try reader.refuseUnknown(["start", "end"])
    let start = try reader.optionalDate("start")
    let end = try reader.optionalDate("end")
    if let start, let end, end.date < start.date {
      throw reader.failure("end", .endBeforeStart(end: end.date, start: start.date), at: end.node)
    }
    return (start?.date, end?.date)
  }

  /// Section 2's `tiers`: both channels' schedules, each exactly `count` long.
  func tiers(count: Int) throws(PromotionError) -> RewardTiers {
    try schedules(try required("tiers"), path("tiers"), count: count)
  }
}
