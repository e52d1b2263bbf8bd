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
    /// A list of codes is neither an array nor null.
    case notArrayOrNull(found: JSONKind)
    /// A list of codes is empty, where null means any.
    case emptyList
    /// A code outside its list.
    case code(CodeError)
    /// An excluded merchant category code is not four digits.
    case notMerchantCode(String)
    /// The campaign is neither an object nor null.
    case notObjectOrNull(found: JSONKind)
    /// A campaign date is not of the form `YYYY-MM-DD`.
    case malformedDate(String)
    /// A campaign date, written `text`, that does not exist or is out of range.
    case date(String, TimeParseError)
    /// The campaign ends before it starts.
    case endBeforeStart(end: CivilDate, start: CivilDate)
    /// A key of `tiers` is not a channel.
    case notChannel
    /// `tiers` names a channel twice (keys match case-insensitively); `first` is the first.
    case repeatedChannel(Channel, first: JSONPosition)
    /// A channel's tiers are not an array.
    case tiersNotArray(found: JSONKind)
    /// A channel has `found` amounts, where `maxRewardsPerHolder` asks for `needed`.
    case tierCount(found: Int, needed: Int)
    /// A reward is larger than `maximum`.
    case rewardTooLarge(Money, maximum: Money)
  }
}

/// The reader of a promotion file's objects.
typealias PromotionFields = JSONFieldReader<PromotionError.Problem, PromotionError>

extension Promotion {
  /// The fields a promotion file may have; any other is refused, so that a misspelt rule is
  /// never silently ignored.
  static let knownFields: Set<String> = [
    "id", "name", "issuer", "currency", "timezone", "campaign", "minimumSpend", "cardTypes",
    "networks", "supplementaryCards", "excludedMCCs", "cycleStartDay", "rewardsPerCycle",
    "maxRewardsPerHolder", "quota", "tiers", "refunds", "postingDays",
  ]

  /// Decodes and validates a promotion from JSON (a leading BOM is accepted). The first broken
  /// rule is thrown, located at the value that breaks it.
  public static func decode(json data: [UInt8]) throws(PromotionError) -> Promotion {
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
    let minimumSpend = try reader.requiredMoney("minimumSpend")
    let cardTypes = try reader.optionalCodeSet("cardTypes", CardType.parse)
    let networks = try reader.optionalCodeSet("networks", Network.parse)
    let supplementary =
      try reader.optionalCode("supplementaryCards", SupplementaryCardPolicy.parse)
      ?? .countForPrimary
    let excludedMCCs = try reader.excludedMCCs()
    let cycleStartDay = try reader.requiredInteger("cycleStartDay", in: 1...28)
    let rewardsPerCycle = try reader.optionalInteger("rewardsPerCycle", in: 1...Int.max) ?? 1
    let maxRewards = try reader.requiredInteger("maxRewardsPerHolder", in: 1...Int.max)
    let quota = try reader.optionalInteger("quota", in: 0...Int.max)
    let tiers = try reader.tiers(count: maxRewards)
    let refunds = try reader.optionalCode("refunds", RefundPolicy.parse) ?? .net
    let postingDays =
      try reader.optionalInteger("postingDays", in: 0...Promotion.maximumPostingDays)
      ?? Promotion.defaultPostingDays

    return Promotion(
      id: Identifier(id), name: name, issuer: issuer?.text, currency: currency, timeZone: zone,
      campaignStart: campaignStart, campaignEnd: campaignEnd, minimumSpend: minimumSpend,
      cardTypes: cardTypes, networks: networks, supplementaryCards: supplementary,
      excludedMCCs: excludedMCCs, cycleStartDay: cycleStartDay, rewardsPerCycle: rewardsPerCycle,
      maxRewardsPerHolder: maxRewards, quota: quota, tiers: tiers, refunds: refunds,
      postingDays: postingDays)
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

  func campaign() throws(PromotionError) -> (CivilDate?, CivilDate?) {
    guard let node = present("campaign") else { return (nil, nil) }
    guard case .object(let inner) = node.value else {
      throw failure("campaign", .notObjectOrNull(found: node.kind), at: node)
    }
    let reader = self.reader(of: inner, at: node.position, path: path("campaign"))
    try reader.refuseUnknown(["start", "end"])
    func date(_ key: String) throws(PromotionError) -> (date: CivilDate, node: JSONNode)? {
      guard let found = try reader.optionalStringWithNode(key) else { return nil }
      let (text, node) = found
      do throws(TimeParseError) {
        return (try CivilDate.parse(text), node)
      } catch .malformed {
        throw reader.failure(key, .malformedDate(text), at: node)
      } catch {
        throw reader.failure(key, .date(text, error), at: node)
      }
    }
    let start = try date("start")
    let end = try date("end")
    if let start, let end, end.date < start.date {
      throw reader.failure("end", .endBeforeStart(end: end.date, start: start.date), at: end.node)
    }
    return (start?.date, end?.date)
  }

  func tiers(count: Int) throws(PromotionError) -> RewardTiers {
    let node = try required("tiers")
    guard case .object(let inner) = node.value else {
      throw failure("tiers", .field(.mustBeObject(found: node.kind)), at: node)
    }
    var schedules: [Channel: (amounts: [Money], key: JSONPosition)] = [:]
    for member in inner.members {
      let field = "tiers.\(ShownValue.unquoted(member.key))"
      guard let channel = Channel(parsing: member.key) else {
        throw PromotionError(field: field, problem: .notChannel, position: member.keyPosition)
      }
      if let first = schedules[channel] {
        throw PromotionError(
          field: field, problem: .repeatedChannel(channel, first: first.key),
          position: member.keyPosition)
      }
      guard case .array(let items) = member.value.value else {
        throw PromotionError(
          field: field, problem: .tiersNotArray(found: member.value.kind),
          position: member.value.position)
      }
      guard items.count == count else {
        throw PromotionError(
          field: field, problem: .tierCount(found: items.count, needed: count),
          position: member.value.position)
      }
      var amounts: [Money] = []
      for (index, item) in items.enumerated() {
        let element = "\(field)[\(index)]"
        let amount = try money(item, element)
        // Bounded so that totals over any number of rewards stay exact in 64 bits.
        guard amount <= Promotion.maximumReward else {
          throw PromotionError(
            field: element,
            problem: .rewardTooLarge(amount, maximum: Promotion.maximumReward),
            position: item.position)
        }
        amounts.append(amount)
      }
      schedules[channel] = (amounts, member.keyPosition)
    }
    for channel in Channel.allCases where schedules[channel] == nil {
      throw PromotionError(
        field: "tiers.\(channel)", problem: .field(.required), position: node.position)
    }
    return RewardTiers(
      bankApp: schedules[.bankApp]?.amounts ?? [], wallet: schedules[.wallet]?.amounts ?? [])
  }
}
