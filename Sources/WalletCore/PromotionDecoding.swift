import Foundation

/// Why a promotion file was refused; names the field that breaks a rule.
public struct PromotionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The field's path, e.g. `tiers.wallet[2]` or `campaign.start`; nil for the whole document.
  public let field: String?
  /// What is wrong with it.
  public let problem: String

  /// An error about `field`.
  public init(field: String?, problem: String) {
    self.field = field
    self.problem = problem
  }

  /// A sentence naming the field.
  public var description: String {
    if let field { "field '\(field)': \(problem)" } else { problem }
  }
}

/// A parsed JSON document, kept untyped so that each field can be checked and reported by name.
enum JSONValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension Promotion {
  /// The fields a promotion file may have; any other is refused, so that a misspelt rule is
  /// never silently ignored.
  static let knownFields: Set<String> = [
    "id", "name", "issuer", "currency", "timezone", "campaign", "minimumSpend", "cardTypes",
    "networks", "supplementaryCards", "excludedMCCs", "cycleStartDay", "rewardsPerCycle",
    "maxRewardsPerHolder", "quota", "tiers",
  ]

  /// Decodes and validates a promotion from JSON (a leading BOM is accepted).
  public static func decode(json data: [UInt8]) throws(PromotionError) -> Promotion {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      throw PromotionError(field: nil, problem: "the file is not valid JSON")
    }
    guard case .object(let fields) = root else {
      throw PromotionError(
        field: nil, problem: "a promotion is a JSON object, not \(root.typeName)")
    }
    let reader = FieldReader(fields: fields, prefix: "")
    try reader.refuseUnknown(Promotion.knownFields)

    let id = try reader.requiredString("id")
    guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw PromotionError(field: "id", problem: "must not be empty")
    }
    let name = try reader.optionalString("name") ?? id
    let issuer = try reader.optionalString("issuer")
    if issuer?.isEmpty == true {
      throw PromotionError(field: "issuer", problem: "must not be empty; use null for any issuer")
    }
    let currency = try reader.optionalCode("currency", Currency.parse) ?? .cny
    let zone: TimeZoneRules
    if let zoneName = try reader.optionalString("timezone") {
      do {
        zone = try TimeZoneRules(identifier: zoneName)
      } catch {
        throw PromotionError(field: "timezone", problem: error.description)
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

    return Promotion(
      id: Identifier(id), name: name, issuer: issuer, currency: currency, timeZone: zone,
      campaignStart: campaignStart, campaignEnd: campaignEnd, minimumSpend: minimumSpend,
      cardTypes: cardTypes, networks: networks, supplementaryCards: supplementary,
      excludedMCCs: excludedMCCs, cycleStartDay: cycleStartDay, rewardsPerCycle: rewardsPerCycle,
      maxRewardsPerHolder: maxRewards, quota: quota, tiers: tiers)
  }
}

/// Reads typed fields out of a JSON object, naming each field in its errors.
private struct FieldReader {
  let fields: [String: JSONValue]
  let prefix: String

  func path(_ key: String) -> String { prefix + key }

  /// A value quoted for a message: cut short, and never a card number.
  func shown(_ text: String) -> String {
    if CardNumberGuard.containsCardNumber(text) { return "a card number" }
    return "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
  }

  func refuseUnknown(_ known: Set<String>) throws(PromotionError) {
    if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
      throw PromotionError(field: path(unknown), problem: "is not a promotion field")
    }
  }

  /// The value, or nil when absent or null (the SPEC treats both as "use the default").
  func present(_ key: String) -> JSONValue? {
    guard let value = fields[key], value != .null else { return nil }
    return value
  }

  func required(_ key: String) throws(PromotionError) -> JSONValue {
    guard let value = present(key) else {
      throw PromotionError(field: path(key), problem: "is required")
    }
    return value
  }

  func string(_ value: JSONValue, _ field: String) throws(PromotionError) -> String {
    guard case .string(let text) = value else {
      throw PromotionError(field: field, problem: "must be a string, not \(value.typeName)")
    }
    return text
  }

  func requiredString(_ key: String) throws(PromotionError) -> String {
    try string(try required(key), path(key))
  }

  func optionalString(_ key: String) throws(PromotionError) -> String? {
    guard let value = present(key) else { return nil }
    return try string(value, path(key))
  }

  func money(_ value: JSONValue, _ field: String) throws(PromotionError) -> Money {
    guard case .string(let text) = value else {
      throw PromotionError(
        field: field,
        problem: "must be an amount written as a string, such as \"100.00\", not \(value.typeName)")
    }
    do {
      return try Money.parse(text)
    } catch {
      throw PromotionError(field: field, problem: "'\(text)': \(error.description)")
    }
  }

  func requiredMoney(_ key: String) throws(PromotionError) -> Money {
    try money(try required(key), path(key))
  }

  func integer(_ value: JSONValue, _ field: String, in range: ClosedRange<Int>)
    throws(PromotionError) -> Int
  {
    guard case .integer(let number) = value else {
      throw PromotionError(field: field, problem: "must be a whole number, not \(value.typeName)")
    }
    guard let exact = Int(exactly: number), range.contains(exact) else {
      let bounds =
        range.upperBound == Int.max
        ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
      throw PromotionError(field: field, problem: "must be \(bounds), not \(number)")
    }
    return exact
  }

  func requiredInteger(_ key: String, in range: ClosedRange<Int>) throws(PromotionError) -> Int {
    try integer(try required(key), path(key), in: range)
  }

  func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(PromotionError) -> Int? {
    guard let value = present(key) else { return nil }
    return try integer(value, path(key), in: range)
  }

  func optionalCode<Code>(_ key: String, _ parse: (String) throws(CodeError) -> Code)
    throws(PromotionError) -> Code?
  {
    guard let value = present(key) else { return nil }
    let text = try string(value, path(key))
    do {
      return try parse(text)
    } catch {
      throw PromotionError(field: path(key), problem: "\(shown(text)) is an \(error.description)")
    }
  }

  func optionalCodeSet<Code: Hashable>(_ key: String, _ parse: (String) throws(CodeError) -> Code)
    throws(PromotionError) -> Set<Code>?
  {
    guard let value = present(key) else { return nil }
    guard case .array(let items) = value else {
      throw PromotionError(
        field: path(key), problem: "must be an array or null, not \(value.typeName)")
    }
    guard !items.isEmpty else {
      throw PromotionError(
        field: path(key), problem: "must list at least one value; use null to allow any")
    }
    var codes = Set<Code>()
    for (index, item) in items.enumerated() {
      let field = "\(path(key))[\(index)]"
      let text = try string(item, field)
      do {
        codes.insert(try parse(text))
      } catch {
        throw PromotionError(field: field, problem: "\(shown(text)) is an \(error.description)")
      }
    }
    return codes
  }

  func excludedMCCs() throws(PromotionError) -> Set<MerchantCategoryCode> {
    guard let value = present("excludedMCCs") else { return [] }
    guard case .array(let items) = value else {
      throw PromotionError(
        field: path("excludedMCCs"), problem: "must be an array or null, not \(value.typeName)")
    }
    var codes = Set<MerchantCategoryCode>()
    for (index, item) in items.enumerated() {
      let field = "\(path("excludedMCCs"))[\(index)]"
      let text = try string(item, field)
      guard let code = MerchantCategoryCode(parsing: text) else {
        throw PromotionError(field: field, problem: "'\(text)' is not a four-digit merchant code")
      }
      codes.insert(code)
    }
    return codes
  }

  func campaign() throws(PromotionError) -> (CivilDate?, CivilDate?) {
    guard let value = present("campaign") else { return (nil, nil) }
    guard case .object(let inner) = value else {
      throw PromotionError(
        field: path("campaign"), problem: "must be an object or null, not \(value.typeName)")
    }
    let reader = FieldReader(fields: inner, prefix: path("campaign") + ".")
    try reader.refuseUnknown(["start", "end"])
    func date(_ key: String) throws(PromotionError) -> CivilDate? {
      guard let text = try reader.optionalString(key) else { return nil }
      do {
        return try CivilDate.parse(text)
      } catch {
        throw PromotionError(
          field: reader.path(key), problem: "'\(text)' is not a date of the form YYYY-MM-DD")
      }
    }
    let start = try date("start")
    let end = try date("end")
    if let start, let end, end < start {
      throw PromotionError(
        field: reader.path("end"), problem: "\(end) is before the campaign's start \(start)")
    }
    return (start, end)
  }

  func tiers(count: Int) throws(PromotionError) -> RewardTiers {
    let value = try required("tiers")
    guard case .object(let inner) = value else {
      throw PromotionError(
        field: path("tiers"), problem: "must be an object, not \(value.typeName)")
    }
    var schedules: [Channel: [Money]] = [:]
    for key in inner.keys.sorted() {
      let field = "tiers.\(key)"
      guard let channel = Channel(parsing: key) else {
        throw PromotionError(
          field: field, problem: "is not a channel: expected bank-app and wallet")
      }
      guard schedules[channel] == nil else {
        throw PromotionError(field: field, problem: "repeats the \(channel) channel")
      }
      guard case .array(let items) = inner[key] ?? .null else {
        throw PromotionError(
          field: field,
          problem: "must be an array of amounts, not \((inner[key] ?? .null).typeName)")
      }
      guard items.count == count else {
        throw PromotionError(
          field: field,
          problem:
            "has \(items.count) amounts; maxRewardsPerHolder is \(count), so it needs \(count)"
        )
      }
      var amounts: [Money] = []
      for (index, item) in items.enumerated() {
        let amount = try money(item, "\(field)[\(index)]")
        // Bounded so that totals over any number of rewards stay exact in 64 bits.
        guard amount <= Promotion.maximumReward else {
          throw PromotionError(
            field: "\(field)[\(index)]", problem: "a reward is at most \(Promotion.maximumReward)")
        }
        amounts.append(amount)
      }
      schedules[channel] = amounts
    }
    for channel in Channel.allCases where schedules[channel] == nil {
      throw PromotionError(field: "tiers.\(channel)", problem: "is required")
    }
    return RewardTiers(bankApp: schedules[.bankApp] ?? [], wallet: schedules[.wallet] ?? [])
  }
}
