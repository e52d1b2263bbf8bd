import WalletCore
import WalletTestSupport

/// A CSV file as text cells: a header and rows, every value a string as written, `nil` for a
/// cell of a column the file leaves out.
struct CSVTable {
  /// The columns the file has, in its order.
  var columns: [String]
  /// Each row's values, one per column.
  var rows: [[String]] = []

  /// RFC 4180 text: a value is quoted when it holds a comma, a quote or a line break.
  var text: String {
    func field(_ value: String) -> String {
      value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }
    return ([columns] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
  }
}

/// Random batch inputs written every way batch accepts them, under a random promotion, for
/// comparing the compiled query with batch: the rules of `randomScenario` in the engine's
/// property tests (ties, removed and named enrollments, every reason, both refund policies,
/// quotas), and on top of them what only text carries — padding, code case, network aliases,
/// the Chinese names of types, roles and channels, banks by any of their names,
/// amounts with 0–2 fraction digits, times with `Z`, offsets or none, `T`, `t` or a space, 1–9
/// fraction digits, the same instant written in different zones — in zones with daylight
/// saving (America/New_York, Australia/Lord_Howe's half hour), with times crowded round their
/// changes of offset. With `sectionEight`, SPEC 8's rules are laid over the promotion at random
/// (`RandomSectionEightRules`) and merchants and categories are drawn from the lists those rules
/// pick from.
struct SQLScenario {
  var promotion: Promotion
  var cards = CSVTable(columns: ["card", "holder", "network", "type", "role", "issuer", "last4"])
  var enrollments = CSVTable(columns: ["id", "card", "channel", "enrolled_at", "removed_at"])
  var transactions = CSVTable(
    columns: [
      "id", "card", "time", "amount", "currency", "method", "status", "refunded", "enrollment",
      "merchant", "mcc",
    ])

  /// The zones scenarios are decided in.
  static let zones = ["Asia/Shanghai", "America/New_York", "Australia/Lord_Howe", "UTC"]

  init(
    seed: UInt64, transactions count: Int, zone: String? = nil, refunds: RefundPolicy? = nil,
    years: ClosedRange<Int> = 2025...2026, sectionEight: Bool = false
  ) {
    var random = SeededGenerator(seed: seed)
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }

    // The promotion.
    let rules = (try? TimeZoneRules(identifier: zone ?? pick(SQLScenario.zones))) ?? .shanghai
    var promotion = Promotion.bocomApplePayMonthly
    promotion.id = Identifier("scenario-\(seed)")
    promotion.timeZone = rules
    promotion.refunds = refunds ?? (Bool.random(using: &random) ? .net : .clawback)
    promotion.cycleStartDay = pick([1, 2, 15, 22, 28])
    promotion.rewardsPerCycle = Int.random(in: 1...2, using: &random)
    let cap = Int.random(in: 1...4, using: &random)
    promotion.maxRewardsPerHolder = cap
    promotion.tiers = RewardTiers(
      bankApp: (0..<cap).map { Money(minorUnits: Int64(1_000 + 500 * $0)) },
      wallet: (0..<cap).map { Money(minorUnits: Int64(505 + 250 * $0)) })
    promotion.quota = chance(2) ? nil : Int.random(in: 0...30, using: &random)
    promotion.minimumSpend = Money(minorUnits: pick([100_00, 50_50]))
    promotion.issuer = pick([nil, "bocom", "BoCom", "交通银行"])
    promotion.cardTypes = pick([nil, [.credit], [.credit, .debit]])
    promotion.networks = pick([nil, [.unionpay, .visa, .privateLabel]])
    promotion.supplementaryCards = Bool.random(using: &random) ? .exclude : .countForPrimary
    promotion.excludedMCCs =
      chance(2) ? [] : Set([MerchantCategoryCode(value: 5411)].compactMap { $0 })
    // A SPEC 8 scenario's two months (below) keep most of their days in the campaign.
    promotion.campaignStart =
      chance(2) ? nil : CivilDate(year: 2025, month: sectionEight ? 10 : 12, day: 10)
    promotion.campaignEnd =
      chance(2) ? nil : CivilDate(year: sectionEight ? 2025 : 2026, month: 12, day: 31)
    if sectionEight { RandomSectionEightRules.apply(to: &promotion, using: &random) }
    self.promotion = promotion

    // Instants: coarse, so that ties are common, and crowded round the zone's changes. SPEC 8's
    // scenarios span two months (October, when Lord Howe's clocks change, and November, when
    // New York's do), so that a holder's purchases crowd the periods of its limits.
    let start = Instant.at(years.lowerBound, 10, 1)
    let end =
      sectionEight ? Instant.at(years.lowerBound, 12, 1) : Instant.at(years.upperBound + 1, 4, 1)
    let changes = rules.offsetChanges(from: start / 1_000_000_000, to: end / 1_000_000_000)
      .changes.map(\.utcSeconds)
    func randomInstant() -> Int64 {
      if !changes.isEmpty && chance(3) {
        let change = pick(changes)
        return (change + Int64.random(in: -12...12, using: &random) * 900) * 1_000_000_000
      }
      let steps = (end - start) / 1_800_000_000_000
      var instant = start + Int64.random(in: 0..<steps, using: &random) * 1_800_000_000_000
      if chance(4) { instant += Int64.random(in: 1..<1_000_000_000, using: &random) }
      return instant
    }
    func writtenTime(_ nanoseconds: Int64) -> String {
      TimeWriting.random(nanoseconds, zone: rules, using: &random)
    }
    func padded(_ text: String) -> String {
      guard chance(4) else { return text }
      return pick(["", " ", "\t", "  "]) + text + pick(["", " ", "\t "])
    }
    func anyCase(_ text: String) -> String {
      pick([text, text.uppercased(), text.prefix(1).uppercased() + text.dropFirst()])
    }
    /// A code in any case or by one of its Chinese (or other) names, with one draw as
    /// `anyCase` takes, so that the scenarios' other draws stay as they were.
    func anyName(_ text: String, _ names: [String]) -> String {
      pick([text, text.uppercased(), text.prefix(1).uppercased() + text.dropFirst()] + names)
    }
    let typeNames = ["credit": ["信用卡"], "debit": ["借记卡", "储蓄卡"], "prepaid": ["预付卡"]]
    let channelNames = [
      "bank-app": ["买单吧", "银行App"], "wallet": ["Apple Wallet", "Apple 钱包", "钱包"],
    ]

    // Cards.
    let holders = ["H1", "H2", "h1", "H\u{E9}", "H,3", "H10"]
    let networkSpellings: [String] = [
      "UnionPay", "China UnionPay", "cup", "\u{94F6}\u{8054}", "visa", "VISA", "mc",
      "Master_Card", "amex", "private label", "jcb",
    ]
    let cardCount = 14
    for index in 0..<cardCount {
      cards.rows.append([
        padded("C\(index)"), padded(holders[index % holders.count]),
        padded(pick(networkSpellings)),
        padded(
          anyName(
            index % 5 == 4 ? "debit" : index % 7 == 6 ? "prepaid" : "credit",
            typeNames[index % 5 == 4 ? "debit" : index % 7 == 6 ? "prepaid" : "credit"] ?? [])),
        index % 3 == 2
          ? padded(anyName("supplementary", ["附属卡", "副卡"]))
          : pick(["", "primary", "PRIMARY", "主卡"]),
        // Known banks by their names (SPEC 1), which the query maps to their codes.
        pick(["bocom", "BOCOM", "bocom", "icbc", "", "交通银行", "Bank of Communications", "工行"]),
        pick(["", "1234"]),
      ])
    }

    // Enrollments: some without an id (batch makes one), some removed.
    var enrollmentIDs: [String] = []
    var usedIDs: Set<String> = []
    for index in 0..<18 {
      let card = "C\(index % (cardCount - 1))"
      let enrolled = randomInstant()
      let enrolledText = writtenTime(enrolled)
      let channel = pick(["bank-app", "wallet"])
      let removed =
        chance(2) ? nil : enrolled + Int64.random(in: 1...90, using: &random) * 86_400_000_000_000
      let defaultID = "\(card):\(channel):\(enrolledText)"
      let id = chance(3) && !usedIDs.contains(defaultID) ? "" : "E\(index)"
      usedIDs.insert(id.isEmpty ? defaultID : id)
      enrollmentIDs.append(id.isEmpty ? defaultID : id)
      enrollments.rows.append([
        id, padded(card), padded(anyName(channel, channelNames[channel] ?? [])),
        padded(enrolledText),
        removed.map { padded(writtenTime($0)) } ?? "",
      ])
    }

    // Transactions.
    func merchant() -> String {
      chance(6) ? "" : padded(anyCase(pick(RandomSectionEightRules.merchantNames)))
    }
    var written: [(instant: Int64, card: String)] = []
    let statuses = ["", "settled", "Pending", "declined", "refunded", "reversed", "SETTLED"]
    for index in 0..<count {
      let fen = Int64.random(in: 40_00...300_00, using: &random)
      let refunded: Int64 = chance(6) ? Int64.random(in: 0...fen, using: &random) : 0
      let time = randomInstant()
      // A tie to the nanosecond now and then: the instant of an earlier row, written anew.
      // and on the same card, so that the order of ids decides which one earns.
      let tie = !written.isEmpty && chance(4) ? pick(written) : nil
      let instant = tie?.instant ?? time
      let card = tie?.card ?? "C\(Int.random(in: 0..<cardCount, using: &random))"
      written.append((instant, card))
      transactions.rows.append([
        padded(
          pick(["T", "t", "T-", "\u{C9}"]) + "\(Int.random(in: 0..<1_000, using: &random))-\(index)"
        ),
        padded(card),
        padded(writtenTime(instant)),
        padded(TimeWriting.amount(fen, using: &random)),
        chance(25) ? "USD" : pick(["", "CNY", "cny"]),
        chance(15) ? pick(["card", "other"]) : pick(["", "apple-pay", "Apple-Pay"]),
        padded(pick(statuses)),
        refunded == 0 && chance(2) ? "" : TimeWriting.amount(refunded, using: &random),
        chance(4) ? padded(pick(enrollmentIDs)) : "",
        sectionEight ? merchant() : pick(["", "Shop", "\u{5546}\u{5E97}"]),
        sectionEight
          ? chance(4) ? "" : String(pick(RandomSectionEightRules.categoryCodes).value)
          : chance(8) ? pick(["5411", "5812"]) : "",
      ])
    }
  }
}

/// Ways of writing instants and amounts that batch accepts.
enum TimeWriting {
  /// An amount in fen written with 0, 1 or 2 fraction digits where its value allows.
  static func amount(_ fen: Int64, using random: inout SeededGenerator) -> String {
    let whole = "\(fen / 100)"
    let cents = fen % 100
    switch Int.random(in: 0..<3, using: &random) {
    case 0 where cents == 0: return whole
    case 1 where cents % 10 == 0: return whole + ".\(cents / 10)"
    default: return whole + "." + (cents < 10 ? "0" : "") + "\(cents)"
    }
  }

  /// `nanoseconds` written in one of the forms batch reads, a naive one as a local time in
  /// `zone` (the first occurrence of which may be another instant, read alike by both).
  static func random(_ nanoseconds: Int64, zone: TimeZoneRules, using random: inout SeededGenerator)
    -> String
  {
    let instant = Instant(nanosecondsSinceEpoch: nanoseconds)
    let seconds = instant.secondsSinceEpoch
    let fraction = nanoseconds - seconds * 1_000_000_000
    let offset: Int?
    switch Int.random(in: 0..<4, using: &random) {
    case 0: offset = zone.offsetSeconds(atUTCSeconds: seconds)
    case 1: offset = 0
    case 2:
      offset = [19_800, -12_600, 34_200, 20_700, -18_000][Int.random(in: 0..<5, using: &random)]
    default: offset = nil
    }
    let local = seconds + Int64(offset ?? zone.offsetSeconds(atUTCSeconds: seconds))
    let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = Int(local - day * 86_400)
    let date = CivilDate(daysSinceEpoch: Int(day))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var text = "\(date)" + ["T", "t", " "][Int.random(in: 0..<3, using: &random)]
    text += two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60)
    if secondOfDay % 60 != 0 || fraction != 0 || Bool.random(using: &random) {
      text += ":" + two(secondOfDay % 60)
      if fraction != 0 {
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") && Bool.random(using: &random) { digits.removeLast() }
        text += "." + digits
      } else if Int.random(in: 0..<5, using: &random) == 0 {
        text += "." + String(repeating: "0", count: Int.random(in: 1...9, using: &random))
      }
    }
    guard let offset else { return text }
    if offset == 0 && Bool.random(using: &random) {
      return text + (Bool.random(using: &random) ? "Z" : "z")
    }
    let magnitude = abs(offset)
    return text + (offset < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
  }
}

extension Instant {
  /// Nanoseconds at midnight UTC of a date.
  static func at(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
    Int64(CivilDate(year: year, month: month, day: day).daysSinceEpoch) * 86_400_000_000_000
  }
}
