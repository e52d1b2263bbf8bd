import WalletCore

/// A batch's three files whose transactions' merchants are spelt every way a `merchants` list
/// must see through (quotes, commas, a line break, blanks around, upper case, non-ASCII letters,
/// none at all), with rows a loader reads straight from their bytes and rows only the ordinary
/// parser reads (other codes, a merchant with many digits), mixed in one file. Each file comes
/// both as CSV text and as the values its rows mean, written independently of any reader, so
/// that a batch over the text can be held to `decideReadably` over the values.
public struct MerchantBatchRows {
  /// The cards.
  public let cards: [Card]
  /// The cards as `cards.csv`.
  public let cardsText: String
  /// The enrollments.
  public let enrollments: [Enrollment]
  /// The enrollments as `enrollments.csv`.
  public let enrollmentsText: String
  /// The transactions the file means, in its order (without a repeated row: see `init`).
  public let transactions: [Transaction]
  /// The transactions as `transactions.csv`.
  public let transactionsText: String

  /// A merchant field as written in the file, and the merchant it means (nil: none).
  public struct Spelling: Sendable {
    /// The field's bytes as in the file, quotes and blanks included.
    public let written: String
    /// The merchant the field means.
    public let meaning: String?
  }

  /// Every spelling the rows draw from. The ones with thirteen digits or more (never a card
  /// number: their groups are too short to join) send their row to the ordinary parser.
  public static let spellings: [Spelling] = [
    Spelling(written: "Apple Store", meaning: "Apple Store"),
    Spelling(written: "APPLE STORE SANLITUN", meaning: "APPLE STORE SANLITUN"),
    Spelling(written: #""Star, bucks""#, meaning: "Star, bucks"),
    Spelling(written: #""Say ""Apple"" Mart""#, meaning: #"Say "Apple" Mart"#),
    Spelling(written: "星巴克咖啡", meaning: "星巴克咖啡"),
    Spelling(written: "星巴克 STARBUCKS", meaning: "星巴克 STARBUCKS"),
    Spelling(written: "", meaning: nil),
    Spelling(written: "  McDonald's  ", meaning: "McDonald's"),
    Spelling(written: "Äpple Café", meaning: "Äpple Café"),
    Spelling(written: "äPPLE", meaning: "äPPLE"),
    Spelling(written: "Pear Store", meaning: "Pear Store"),
    Spelling(written: "\"Late\nStarbucks\"", meaning: "Late\nStarbucks"),
    Spelling(written: "Apple 12 34 56 78 90 12 3", meaning: "Apple 12 34 56 78 90 12 3"),
    Spelling(
      written: #""STAR 1,2,3,4,5,6,7,8,9,0,1,2,3 BUCKS""#,
      meaning: "STAR 1,2,3,4,5,6,7,8,9,0,1,2,3 BUCKS"),
  ]

  /// What a promotion lists to match some of `spellings` and not others: ASCII letters in
  /// other cases, a quote, a comma, Chinese, and a non-ASCII letter that `äPPLE` does not match.
  public static let listedMerchants = ["apple", "STARBUCKS", "星巴克", #"Say ""#, ", b", "Äpple"]

  /// The bank of communications' monthly promotion with a fixed reward of 5.00 and at most
  /// three rewards a week per holder, restricted to `merchants` and `mccs`.
  public static func promotion(merchants: [String]?, mccs: [Int16]?) -> Promotion {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.reward = .fixed(.same(Money(minorUnits: 5_00)))
    promotion.limits = [RewardLimit(.count(3), per: .week)]
    promotion.merchants = merchants
    promotion.mccs = mccs.map { Set($0.compactMap { MerchantCategoryCode(value: $0) }) }
    return promotion
  }

  /// `count` rows drawn by `seed`. With `repeatingAnID`, one more row at the end repeats an
  /// earlier row's id: it is in the text, and not among `transactions`, as a batch skipping
  /// invalid rows leaves it out.
  public init(count: Int, seed: UInt64, repeatingAnID: Bool = false) {
    var random = SeededGenerator(seed: seed)
    func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    func chance(_ one: Int) -> Bool { Int.random(in: 0..<one, using: &random) == 0 }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    func instant(_ text: String) -> Instant {
      guard let value = try? Instant.parse(text, naiveIn: .shanghai) else {
        preconditionFailure("a bad time \(text)")
      }
      return value
    }

    let cardRows:
      [(
        id: String, holder: String, network: Network, type: CardType, role: CardRole,
        issuer: String
      )] = [
        ("C1", "H1", .unionpay, .credit, .primary, "bocom"),
        ("C2", "H1", .visa, .credit, .supplementary, "bocom"),
        ("C3", "H2", .mastercard, .credit, .primary, "bocom"),
        ("C4", "H3", .unionpay, .debit, .primary, "bocom"),
        ("C5", "H4", .unionpay, .credit, .primary, "icbc"),
        ("C6", "H5", .visa, .credit, .primary, "bocom"),
      ]
    cards = cardRows.map {
      Card(
        id: Identifier($0.id), holder: Identifier($0.holder), network: $0.network, type: $0.type,
        role: $0.role, issuer: $0.issuer)
    }
    cardsText =
      "card,holder,network,type,role,issuer,last4\n"
      + cardRows.map {
        "\($0.id),\($0.holder),\($0.network.rawValue),\($0.type.rawValue),\($0.role.rawValue),\($0.issuer),\n"
      }.joined()

    // C6 has none: its purchases are not enrolled; C3's starts a month into the rows.
    let enrollmentRows: [(id: String, card: String, channel: Channel, at: String)] = [
      ("E1", "C1", .bankApp, "2025-12-01T09:00:00+08:00"),
      ("E2", "C2", .wallet, "2025-12-01T09:00:00+08:00"),
      ("E3", "C3", .wallet, "2026-02-01T00:00:00+08:00"),
      ("E4", "C4", .bankApp, "2025-12-01T09:00:00+08:00"),
      ("E5", "C5", .wallet, "2025-12-01T09:00:00+08:00"),
    ]
    enrollments = enrollmentRows.map {
      Enrollment(
        id: Identifier($0.id), card: Identifier($0.card), channel: $0.channel,
        enrolledAt: instant($0.at))
    }
    enrollmentsText =
      "id,card,channel,enrolled_at,removed_at\n"
      + enrollmentRows.map { "\($0.id),\($0.card),\($0.channel.rawValue),\($0.at),\n" }.joined()

    var transactions: [Transaction] = []
    var lines: [String] = []
    let usd = Currency(parsing: "USD")!
    for row in 0..<count {
      let id = "T\(1000 + row)"
      let card = pick(["C1", "C1", "C2", "C3", "C3", "C4", "C5", "C6"])
      let (month, day) = (
        Int.random(in: 1...3, using: &random), Int.random(in: 1...28, using: &random)
      )
      let (hour, minute) = (
        Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random)
      )
      let time = "2026-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):07+08:00"
      let amount = Money(minorUnits: Int64.random(in: 50_00...400_00, using: &random))
      // The line break only in the first row, where no cut of the file in pieces falls: a cut
      // after a line break inside quotes sends the whole file to the ordinary read.
      let spelling = pick(Self.spellings.filter { $0.written.contains("\n") == (row == 0) })
      let mcc = pick([nil, 5411, 5812, 5814] as [Int16?])
      // Most rows are plain, their codes written or left to the defaults; a few take the
      // ordinary parser for a code other than the default.
      var transaction = Transaction(
        id: Identifier(id), card: Identifier(card), time: instant(time), amount: amount,
        merchant: spelling.meaning, mcc: mcc.flatMap { MerchantCategoryCode(value: $0) })
      var codes = chance(2) ? ["CNY", "apple-pay", "settled"] : ["", "", ""]
      switch Int.random(in: 0..<12, using: &random) {
      case 0:
        transaction.currency = usd
        codes[0] = "USD"
      case 1:
        transaction.method = .other
        codes[1] = "other"
      case 2:
        transaction.status = .refunded
        codes[2] = "refunded"
      default: break
      }
      var refunded = ""
      if chance(6) {
        transaction.refunded = Money(minorUnits: amount.minorUnits / 3)
        refunded = transaction.refunded.description
      }
      var enrollment = ""
      if chance(4), let named = enrollmentRows.first(where: { $0.card == card }) {
        transaction.enrollment = Identifier(named.id)
        enrollment = named.id
      }
      transactions.append(transaction)
      lines.append(
        [
          id, card, time, amount.description, codes[0], codes[1], codes[2], refunded, enrollment,
          spelling.written, mcc.map(String.init) ?? "",
        ].joined(separator: ","))
    }
    if repeatingAnID {
      // A purchase that would be rewarded, kept: leaving it out shows in the decisions.
      lines.append("T1000,C1,2026-01-05T12:00:00+08:00,200.00,,,,,,Apple Store,")
    }
    self.transactions = transactions
    transactionsText =
      "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc\n"
      + lines.map { $0 + "\n" }.joined()
  }
}
