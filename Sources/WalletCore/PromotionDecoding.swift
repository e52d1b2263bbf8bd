/// Why a promotion file was refused: the field that breaks a rule, what is wrong, and where.
public struct PromotionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The field's path, e.g. `tiers.wallet[2]` or `campaign.start`; nil for the whole document.
  /// A key the user wrote appears made safe to print.
  public let field: String?
  /// What is wrong with it, with the offending value shown safely.
  public let problem: String
  /// Where to look: the offending value; for a missing field, the object that lacks it; for a
  /// file that is not JSON, the character where reading stopped. Nil when no position is known.
  public let position: JSONPosition?

  /// An error about `field`, at `position` when known.
  public init(field: String?, problem: String, position: JSONPosition? = nil) {
    self.field = field
    self.problem = problem
    self.position = position
  }

  /// A sentence naming the field, without the file or position.
  public var description: String {
    if let field { "field '\(field)': \(problem)" } else { problem }
  }

  /// `file:line:column: field 'x': problem`, the form editors and terminals can jump to, as
  /// CSV input errors are written; `file: …` when no position is known.
  public func located(in file: String) -> String {
    if let position { "\(file):\(position): \(description)" } else { "\(file): \(description)" }
  }
}

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
    let reader = try JSONFieldReader.root(
      of: data, kind: "promotion", notAnObject: { "a promotion is a JSON object, not \($0)" },
      failure: { PromotionError(field: $0, problem: $1, position: $2) })
    try reader.refuseUnknown(Promotion.knownFields)

    let (id, idNode) = try reader.requiredStringWithNode("id")
    // The id, name and issuer are stored and shown like the ids of cards (SPEC 6).
    for field in ["id", "name", "issuer"] {
      try reader.refuseCardNumber(in: field)
    }
    guard !id.unicodeScalars.allSatisfy(\.properties.isWhitespace) else {
      throw reader.failure("id", "must not be blank, not \(idNode.shown)", at: idNode)
    }
    let name = try reader.optionalString("name") ?? id
    let issuer = try reader.optionalStringWithNode("issuer")
    if let issuer, issuer.text.isEmpty {
      throw reader.failure(
        "issuer", "must not be empty; use null for any issuer", at: issuer.node)
    }
    let currency = try reader.optionalCode("currency", Currency.parse) ?? .cny
    let zone: TimeZoneRules
    if let timezone = try reader.optionalStringWithNode("timezone") {
      do {
        zone = try TimeZoneRules(identifier: timezone.text)
      } catch {
        // TimeZoneError's own sentence quotes the name raw; the file's value may be anything.
        throw reader.failure(
          "timezone",
          "unknown time zone \(ShownValue.quoted(timezone.text)): use an IANA name such as "
            + "Asia/Shanghai or UTC", at: timezone.node)
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

extension JSONNode {
  /// The value as a message shows it after "not": scalars as written (strings made safe), and
  /// arrays and objects by their kind, since they cannot be shown whole.
  package var shown: String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let text): "the number \(ShownValue.unquoted(text))"
    case .string(let text): "the string \(ShownValue.quoted(text))"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// What only a promotion file has: amounts, counts, codes, the campaign and the tiers.
extension JSONFieldReader where Failure == PromotionError {
  /// Refuses a string field that holds a full card number, naming it by its last four digits.
  func refuseCardNumber(in key: String) throws(PromotionError) {
    guard let node = present(key), case .string(let text) = node.value,
      let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text)
    else { return }
    throw failure(
      key,
      "holds a full card number (ending \(lastFour)), which wallet never stores or shows",
      at: node)
  }

  func money(_ node: JSONNode, _ key: String) throws(PromotionError) -> Money {
    guard case .string(let text) = node.value else {
      throw failure(
        key, "must be an amount written as a string, such as \"100.00\", not \(node.shown)",
        at: node)
    }
    do {
      return try Money.parse(text)
    } catch {
      throw failure(key, "\(ShownValue.quoted(text)): \(error.description)", at: node)
    }
  }

  func requiredMoney(_ key: String) throws(PromotionError) -> Money {
    try money(try required(key), key)
  }

  func integer(_ node: JSONNode, _ key: String, in range: ClosedRange<Int>)
    throws(PromotionError) -> Int
  {
    guard case .number(let text) = node.value else {
      throw failure(key, "must be a whole number, not \(node.shown)", at: node)
    }
    let shown = ShownValue.escaped(text)
    let bounds =
      range.upperBound == Int.max
      ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
    // Only plain digits: `22.0` or `2.2e1` would be whole, but a count written so is a slip.
    let plain = text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) }
    if plain, let value = Int(text) {
      guard range.contains(value) else {
        throw failure(key, "must be \(bounds), not \(shown)", at: node)
      }
      return value
    }
    // Past 64 bits, however written (`99999999999999999999`, `1e30`): "must be at least 1"
    // would puzzle whoever wrote a huge number, so say it is too large and what the limit is.
    if let number = Double(text), number.magnitude >= 0x1p63 {
      guard number < 0 else {
        throw failure(
          key, "is too large: must be at most \(range.upperBound), not \(shown)", at: node)
      }
      throw failure(key, "must be \(bounds), not \(shown)", at: node)
    }
    throw failure(key, "must be a whole number, not \(node.shown)", at: node)
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
      throw failure(key, "\(ShownValue.quoted(text)) is an \(error.description)", at: node)
    }
  }

  func optionalCodeSet<Code: Hashable>(_ key: String, _ parse: (String) throws(CodeError) -> Code)
    throws(PromotionError) -> Set<Code>?
  {
    guard let node = present(key) else { return nil }
    guard case .array(let items) = node.value else {
      throw failure(key, "must be an array or null, not \(node.shown)", at: node)
    }
    guard !items.isEmpty else {
      throw failure(key, "must list at least one value; use null to allow any", at: node)
    }
    var codes = Set<Code>()
    for (index, item) in items.enumerated() {
      let element = "\(key)[\(index)]"
      let text = try string(item, element)
      do {
        codes.insert(try parse(text))
      } catch {
        throw failure(
          element, "\(ShownValue.quoted(text)) is an \(error.description)", at: item)
      }
    }
    return codes
  }

  func excludedMCCs() throws(PromotionError) -> Set<MerchantCategoryCode> {
    guard let node = present("excludedMCCs") else { return [] }
    guard case .array(let items) = node.value else {
      throw failure("excludedMCCs", "must be an array or null, not \(node.shown)", at: node)
    }
    var codes = Set<MerchantCategoryCode>()
    for (index, item) in items.enumerated() {
      let element = "excludedMCCs[\(index)]"
      let text = try string(item, element)
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw failure(
          element, "\(ShownValue.quoted(text)) is not a four-digit merchant code", at: item)
      }
      codes.insert(code)
    }
    return codes
  }

  func campaign() throws(PromotionError) -> (CivilDate?, CivilDate?) {
    guard let node = present("campaign") else { return (nil, nil) }
    guard case .object(let inner) = node.value else {
      throw failure("campaign", "must be an object or null, not \(node.shown)", at: node)
    }
    let reader = self.reader(of: inner, at: node.position, path: path("campaign"))
    try reader.refuseUnknown(["start", "end"])
    func date(_ key: String) throws(PromotionError) -> (date: CivilDate, node: JSONNode)? {
      guard let found = try reader.optionalStringWithNode(key) else { return nil }
      let (text, node) = found
      do throws(TimeParseError) {
        return (try CivilDate.parse(text), node)
      } catch .malformed {
        throw reader.failure(
          key, "\(ShownValue.quoted(text)) is not a date of the form YYYY-MM-DD", at: node)
      } catch {
        throw reader.failure(key, "\(ShownValue.quoted(text)): \(error.description)", at: node)
      }
    }
    let start = try date("start")
    let end = try date("end")
    if let start, let end, end.date < start.date {
      throw reader.failure(
        "end", "\(end.date) is before the campaign's start \(start.date)", at: end.node)
    }
    return (start?.date, end?.date)
  }

  func tiers(count: Int) throws(PromotionError) -> RewardTiers {
    let node = try required("tiers")
    guard case .object(let inner) = node.value else {
      throw failure("tiers", "must be an object, not \(node.shown)", at: node)
    }
    var schedules: [Channel: (amounts: [Money], key: JSONPosition)] = [:]
    for member in inner.members {
      let field = "tiers.\(ShownValue.unquoted(member.key))"
      guard let channel = Channel(parsing: member.key) else {
        throw PromotionError(
          field: field, problem: "is not a channel: expected bank-app and wallet",
          position: member.keyPosition)
      }
      if let first = schedules[channel] {
        throw PromotionError(
          field: field,
          problem: "repeats the \(channel) channel (first at \(first.key.spelledOut))",
          position: member.keyPosition)
      }
      guard case .array(let items) = member.value.value else {
        throw PromotionError(
          field: field, problem: "must be an array of amounts, not \(member.value.shown)",
          position: member.value.position)
      }
      guard items.count == count else {
        throw PromotionError(
          field: field,
          problem:
            "has \(items.count) amounts; maxRewardsPerHolder is \(ShownValue.unquoted(String(count))), so it needs \(ShownValue.unquoted(String(count)))",
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
            problem: "a reward is at most \(Promotion.maximumReward), not \(amount)",
            position: item.position)
        }
        amounts.append(amount)
      }
      schedules[channel] = (amounts, member.keyPosition)
    }
    for channel in Channel.allCases where schedules[channel] == nil {
      throw PromotionError(
        field: "tiers.\(channel)", problem: "is required", position: node.position)
    }
    return RewardTiers(
      bankApp: schedules[.bankApp]?.amounts ?? [], wallet: schedules[.wallet]?.amounts ?? [])
  }
}
