import Testing

@testable import WalletCore

/// SPEC 1's issuers: the known banks by any of their names, kept by their code; any other
/// issuer as written, compared without case. And the Chinese names of the other codes.
struct IssuerTests {
  /// Every name SPEC 1 lists, as it writes it, and the code it stands for.
  static let names: [(String, String)] = [
    ("交通银行", "bocom"), ("交行", "bocom"), ("Bank of Communications", "bocom"),
    ("BoCom", "bocom"), ("bankcomm", "bocom"),
    ("招商银行", "cmb"), ("招行", "cmb"), ("China Merchants Bank", "cmb"),
    ("工商银行", "icbc"), ("工行", "icbc"), ("中国工商银行", "icbc"),
    ("建设银行", "ccb"), ("建行", "ccb"), ("中国建设银行", "ccb"),
    ("中国银行", "boc"), ("中行", "boc"), ("Bank of China", "boc"),
    ("农业银行", "abc"), ("农行", "abc"), ("中国农业银行", "abc"),
    ("中信银行", "citic"), ("中信", "citic"),
    ("浦发银行", "spdb"), ("浦发", "spdb"),
    ("广发银行", "cgb"), ("广发", "cgb"),
    ("平安银行", "pingan"), ("平安", "pingan"),
    ("民生银行", "cmbc"), ("民生", "cmbc"),
    ("兴业银行", "cib"), ("兴业", "cib"),
    ("光大银行", "ceb"), ("光大", "ceb"),
    ("邮储银行", "psbc"), ("中国邮政储蓄银行", "psbc"),
    ("华夏银行", "hxb"), ("华夏", "hxb"),
  ]

  /// The codes SPEC 1 lists, each with the Chinese name output shows.
  static let codes: [(String, String)] = [
    ("bocom", "交通银行"), ("cmb", "招商银行"), ("icbc", "工商银行"), ("ccb", "建设银行"),
    ("boc", "中国银行"), ("abc", "农业银行"), ("citic", "中信银行"), ("spdb", "浦发银行"),
    ("cgb", "广发银行"), ("pingan", "平安银行"), ("cmbc", "民生银行"), ("cib", "兴业银行"),
    ("ceb", "光大银行"), ("psbc", "邮储银行"), ("hxb", "华夏银行"),
  ]

  @Test(arguments: names)
  func everyNameIsKeptAsItsCode(name: String, code: String) {
    #expect(Issuer.code(name) == code)
    #expect(KnownBank(name: name)?.code == code)
    #expect(Issuer.same(name, code))
  }

  @Test(arguments: codes)
  func everyCodeIsItselfAndHasItsChineseName(code: String, chinese: String) throws {
    let bank = try #require(KnownBank(name: code))
    #expect(bank.code == code && Issuer.code(code) == code)
    #expect(bank.chineseName == chinese)
    #expect(Issuer.code(code.uppercased()) == code)
  }

  @Test func theListIsSpecOnesExactly() {
    #expect(Set(KnownBank.allCases.map(\.code)) == Set(Self.codes.map(\.0)))
    let listed = Set(Self.names.map(\.0))
    for bank in KnownBank.allCases {
      #expect(Set(bank.names).isSubset(of: listed), "\(bank): a name SPEC 1 does not list")
    }
    #expect(KnownBank.allCases.map(\.names.count).reduce(0, +) == Self.names.count)
  }

  /// Case, spaces, `-` and `_` do not matter; other characters do.
  @Test(
    "names are folded",
    arguments: [
      ("bank of communications", "bocom"), ("BANK-OF_COMMUNICATIONS", "bocom"),
      ("Bo Com", "bocom"), ("bank_comm", "bocom"), ("交通 银行", "bocom"), ("ICBC", "icbc"),
      ("china-merchants-bank", "cmb"), ("BankOfChina", "boc"), ("Ping-An", "pingan"),
    ])
  func namesAreFolded(name: String, code: String) {
    #expect(Issuer.code(name) == code)
  }

  /// Any other issuer is kept exactly as written, and compared without case.
  @Test(arguments: ["Foo Bank", "宁波银行", "bocomm", "交通", "HSBC", "bank of communication"])
  func anOtherIssuerIsKeptAsWritten(issuer: String) {
    #expect(KnownBank(name: issuer) == nil)
    #expect(Issuer.code(issuer) == issuer)
    #expect(Issuer.same(issuer, issuer.uppercased()))
    #expect(!Issuer.same(issuer, "bocom"))
  }

  @Test func aPromotionForAnyIssuerTakesEveryCardAndOneForAnIssuerNeedsOne() {
    #expect(Issuer.qualifies(nil, for: nil))
    #expect(Issuer.qualifies("Foo", for: nil))
    #expect(!Issuer.qualifies(nil, for: "bocom"))
    #expect(Issuer.qualifies("交行", for: "BOCOM"))
    #expect(!Issuer.qualifies("招行", for: "交通银行"))
  }

  /// A card written one way earns under a promotion written another, in the engine and in the
  /// readable decision it is held to.
  @Test(arguments: [("交通银行", "bocom"), ("bocom", "交通银行"), ("Bank of Communications", "交行")])
  func theEngineMatchesANameWithItsCode(card: String, promotion: String) {
    var scenario = Scenario()
    scenario.cards[0].issuer = card
    scenario.promotion.issuer = promotion
    scenario.transactions = [Fixture.purchase("T", at: "2026-11-25T10:00")]
    #expect(scenario.outcome("T")?.reward != nil)
    let readable = decideReadably(
      scenario.promotion, cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    #expect(readable.first?.outcome == scenario.outcome("T"))
    scenario.cards[0].issuer = "招商银行"
    #expect(scenario.outcome("T") == .notRewarded(.otherIssuer))
  }

  @Test func aPromotionFileKeepsItsIssuersCodeAndWritesIt() throws {
    var text = Promotion.bocomApplePayMonthly.jsonText
    text = text.replacingOccurrences(of: "\"issuer\": \"bocom\"", with: "\"issuer\": \"交通银行\"")
    #expect(text.contains("交通银行"))
    let promotion = try Promotion.decode(json: Array(text.utf8))
    #expect(promotion.issuer == "bocom")
    #expect(promotion.jsonText == Promotion.bocomApplePayMonthly.jsonText)
  }

  @Test func aCardsOwnReasonIsTheFirstCheckItFails() {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.supplementaryCards = .exclude
    let card = Fixture.card("C1")
    #expect(promotion.cardReason(card) == nil)
    #expect(promotion.cardReason(Fixture.card("C1", issuer: "cmb")) == .otherIssuer)
    #expect(promotion.cardReason(Fixture.card("C1", issuer: nil)) == .otherIssuer)
    #expect(promotion.cardReason(Fixture.card("C1", type: .debit)) == .ineligibleCardType)
    #expect(
      promotion.cardReason(Fixture.card("C1", role: .supplementary)) == .supplementaryCard)
    promotion.networks = [.unionpay]
    #expect(promotion.cardReason(Fixture.card("C1", network: .visa)) == .ineligibleNetwork)
  }
}

/// The Chinese names of types, roles and channels (SPEC 1), beside their English spellings.
struct ChineseCodeNameTests {
  @Test(
    arguments: [
      ("信用卡", CardType.credit), ("借记卡", .debit), ("储蓄卡", .debit), ("预付卡", .prepaid),
      ("credit", .credit), ("DEBIT", .debit), ("Prepaid", .prepaid),
    ])
  func types(text: String, type: CardType) {
    #expect(CardType(parsing: text) == type)
  }

  @Test(
    arguments: [
      ("主卡", CardRole.primary), ("附属卡", .supplementary), ("副卡", .supplementary),
      ("primary", .primary), ("Supplementary", .supplementary),
    ])
  func roles(text: String, role: CardRole) {
    #expect(CardRole(parsing: text) == role)
  }

  /// Channels ignore spaces too: `Apple 钱包` and `Apple钱包` alike.
  @Test(
    arguments: [
      ("买单吧", Channel.bankApp), ("银行App", .bankApp), ("银行APP", .bankApp),
      ("Apple Wallet", .wallet), ("applewallet", .wallet), ("Apple 钱包", .wallet),
      ("Apple钱包", .wallet), ("钱包", .wallet), ("bank-app", .bankApp), ("Bank-App", .bankApp),
      ("WALLET", .wallet), ("bank -app", .bankApp),
    ])
  func channels(text: String, channel: Channel) {
    #expect(Channel(parsing: text) == channel)
  }

  @Test(arguments: ["信用", "借记", "附属", "bank_app", "bankapp", "Apple Pay", "微信", "卡"])
  func otherWordsAreNoCode(text: String) {
    #expect(CardType(parsing: text) == nil)
    #expect(CardRole(parsing: text) == nil)
    #expect(Channel(parsing: text) == nil)
  }
}
