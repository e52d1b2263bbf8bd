import Testing
import WalletCore

@testable import WalletCLI

/// A promotion file's and a payment request file's errors as the command line words them, in
/// English and Chinese: every case, values shown safely, and whole located lines.
struct ErrorWordingPromotionTests {
  static let anywhere = 1...Int.max

  static let promotion: [Phrase<PromotionError.Problem>] = [
    Phrase(
      .syntax(.trailingComma(closing: "}")),
      "not valid JSON: a trailing comma before '}' (JSON allows none)",
      "不是有效的 JSON：'}' 前有多余的逗号（JSON 不允许）"),
    Phrase(.field(.required), "is required", "必填"),
    Phrase(
      .blank(found: .string("  ")), "must not be blank, not the string '  '", "不能为空白，而这里是字符串 '  '"),
    Phrase(.emptyIssuer, "must not be empty; use null for any issuer", "不能为空；任何发卡行都可以时请用 null"),
    Phrase(
      .unknownTimeZone("Mars/Olympus"),
      "unknown time zone 'Mars/Olympus': use an IANA name such as Asia/Shanghai or UTC",
      "未知的时区 'Mars/Olympus'：请用 IANA 名称，如 Asia/Shanghai 或 UTC"),
    Phrase(
      .unknownTimeZone("4111111111111111"),
      "unknown time zone (a card number ending 1111, not shown): use an IANA name such as "
        + "Asia/Shanghai or UTC",
      "未知的时区 （尾号 1111 的卡号，不显示）：请用 IANA 名称，如 Asia/Shanghai 或 UTC"),
    Phrase(
      .amountNotString(found: .number("100")),
      "must be an amount written as a string, such as \"100.00\", not the number 100",
      "必须是写成字符串的金额，如 \"100.00\"，而不是数字 100"),
    Phrase(.amount("-1", .negative), "'-1': an amount cannot be negative", "'-1'：金额不能为负数"),
    Phrase(
      .amount("4111111111111111", .outOfRange),
      "(a card number ending 1111, not shown): the amount is too large (at most 10000000000000.00)",
      "（尾号 1111 的卡号，不显示）：金额太大（最多 10000000000000.00）"),
    Phrase(
      .notWholeNumber(found: .number("22.5")), "must be a whole number, not the number 22.5",
      "必须是整数，而不是数字 22.5"),
    Phrase(.outOfRange("29", 1...28), "must be between 1 and 28, not 29", "必须在 1 到 28 之间，而不是 29"),
    Phrase(.outOfRange("-1e30", 0...Int.max), "must be at least 0, not -1e30", "必须至少为 0，而不是 -1e30"),
    Phrase(
      .tooLarge("1e30", maximum: 28), "is too large: must be at most 28, not 1e30",
      "太大：最多为 28，而不是 1e30"),
    Phrase(
      .tooLarge("99999999999999999999", maximum: Int.max),
      "is too large: must be at most 9223372036854775807, not 99999999999999999999",
      "太大：最多为 9223372036854775807，而不是 99999999999999999999"),
    Phrase(
      .notArrayOrNull(found: .string("credit")),
      "must be an array or null, not the string 'credit'",
      "必须是数组或 null，而不是字符串 'credit'"),
    Phrase(
      .emptyList, "must list at least one value; use null to allow any", "必须至少列出一个值；不加限制请用 null"),
    Phrase(
      .code(CodeError(kind: .cardType, value: "gold", allowed: ["credit", "debit", "prepaid"])),
      "'gold' is an unknown card type: expected one of credit, debit, prepaid",
      "'gold' 不是已知的卡片类型，应为以下之一：credit, debit, prepaid"),
    Phrase(
      .code(CodeError(kind: .currency, value: "4111111111111111", allowed: [])),
      "(a card number ending 1111, not shown) is an unknown currency: expected one of an ISO "
        + "4217 code such as CNY",
      "（尾号 1111 的卡号，不显示） 不是已知的货币，应为以下之一：ISO 4217 货币代码（如 CNY）"),
    Phrase(
      .notMerchantCode("541"), "'541' is not a four-digit merchant code", "'541' 不是四位数字的商户类别码"),
    Phrase(
      .notObjectOrNull(found: .array), "must be an object or null, not an array",
      "必须是对象或 null，而不是数组"),
    Phrase(
      .malformedDate("2017-2-3"), "'2017-2-3' is not a date of the form YYYY-MM-DD",
      "'2017-2-3' 不是 YYYY-MM-DD 格式的日期"),
    Phrase(
      .date("2017-02-30", .noSuchDate), "'2017-02-30': that date does not exist",
      "'2017-02-30'：该日期不存在"),
    Phrase(
      .endBeforeStart(
        end: CivilDate(year: 2017, month: 2, day: 1), start: CivilDate(year: 2017, month: 3, day: 1)
      ),
      "2017-02-01 is before the campaign's start 2017-03-01", "2017-02-01 早于活动开始日期 2017-03-01"),
    Phrase(
      .notChannel, "is not a channel: expected bank-app and wallet", "不是渠道：应为 bank-app 和 wallet"),
    Phrase(
      .repeatedChannel(.wallet, first: JSONPosition(line: 6, column: 37)),
      "repeats the wallet channel (first at line 6, column 37)", "重复了渠道 wallet（第一次在第 6 行第 37 列）"),
    Phrase(
      .tiersNotArray(found: .string("1")), "must be an array of amounts, not the string '1'",
      "必须是金额数组，而不是字符串 '1'"),
    Phrase(
      .tierCount(found: 2, needed: 3), "has 2 amounts; maxRewardsPerHolder is 3, so it needs 3",
      "有 2 个金额；maxRewardsPerHolder 为 3，因此需要 3 个"),
    Phrase(
      .rewardTooLarge(Money(minorUnits: 100_000_001), maximum: Money(minorUnits: 100_000_000)),
      "a reward is at most 1000000.00, not 1000000.01", "每笔刷卡金最多 1000000.00，而不是 1000000.01"),
  ]

  @Test(arguments: promotion)
  func wordsEachPromotionProblem(_ phrase: Phrase<PromotionError.Problem>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  static let request: [Phrase<PaymentRequestError.Problem>] = [
    Phrase(.syntax(.empty), "not valid JSON: the file is empty", "不是有效的 JSON：文件为空"),
    Phrase(
      .field(.unknownField(of: .summaryItem)), "is not a summary item field", "不是明细项的字段"),
    Phrase(.empty, "must not be empty", "不能为空"),
    Phrase(
      .notCountryCode("CHN"), "'CHN' is not an ISO 3166 country code such as CN or US",
      "'CHN' 不是 ISO 3166 国家代码（如 CN 或 US）"),
    Phrase(
      .notCurrencyCode("RMB"), "'RMB' is not an ISO 4217 currency code such as CNY",
      "'RMB' 不是 ISO 4217 货币代码（如 CNY）"),
    Phrase(
      .noMinorUnit(Currency(parsing: "XAU")!),
      "XAU is not a currency one pays in (it has no minor unit)",
      "XAU 不是可用于支付的货币（没有辅币单位）"),
    Phrase(
      .notMerchantCategoryCode("541"), "'541' is not a four-digit merchant category code",
      "'541' 不是四位数字的商户类别码（MCC）"),
    Phrase(
      .time("2026-02-30T10:00:00", .noSuchDate), "'2026-02-30T10:00:00': that date does not exist",
      "'2026-02-30T10:00:00'：该日期不存在"),
    Phrase(.noNetworks, "must list at least one network", "必须至少列出一个卡组织"),
    Phrase(
      .unknownNetwork("bitcoin"),
      "'bitcoin' is not a network of PassKit's list (e.g. unionpay, visa, mastercard, amex, "
        + "discover, jcb, interac, maestro, eftpos, private-label)",
      "'bitcoin' 不是 PassKit 列出的卡组织（如 unionpay, visa, mastercard, amex, discover, jcb, "
        + "interac, maestro, eftpos, private-label）"),
    Phrase(
      .code(CodeError(kind: .summaryItemType, value: "later", allowed: ["final", "pending"])),
      "'later' is an unknown summary item type: expected one of final, pending",
      "'later' 不是已知的明细项类型，应为以下之一：final, pending"),
    Phrase(
      .noAuthenticationCapability,
      "must include threeDSecure or emv (how cards authenticate); PassKit requires one",
      "必须包含 threeDSecure 或 emv（卡片的认证方式）；PassKit 要求至少一个"),
    Phrase(.noItems, "must have at least one item; the last is the total", "必须至少有一项；最后一项是合计"),
    Phrase(
      .pendingNotZero(Money(minorUnits: 200)), "a pending item's amount must be 0, not 2.00",
      "待定明细项的金额必须为 0，而不是 2.00"),
    Phrase(
      .amountNotString(found: .number("1")),
      "must be an amount written as a string, such as \"10.00\", not the number 1",
      "必须是写成字符串的金额，如 \"10.00\"，而不是数字 1"),
    Phrase(
      .negativeTotal("-1"), "the total (the last item) must not be negative, not '-1'",
      "合计（最后一项）不能为负数，而不是 '-1'"),
    Phrase(
      .tooManyDecimals("1.0011", places: 4, currency: Currency(parsing: "KWD")!, minorDigits: 3),
      "'1.0011' has 4 decimal places; KWD has 3", "'1.0011' 的小数位数为 4；KWD 为 3"),
    Phrase(
      .nonZeroBeyondCents("1.001"),
      "'1.001': wallet keeps amounts to two decimal places, so the digits after the second must be 0",
      "'1.001'：wallet 的金额保留两位小数，因此第二位之后的数字必须是 0"),
    Phrase(
      .amount("1e3", .exponent), "'1e3': write the amount in plain digits, not with an exponent",
      "'1e3'：请用普通数字写金额，不要用指数形式"),
    Phrase(
      .totalDiffers(total: Money(minorUnits: 9000), sum: Money(minorUnits: 1000)),
      "the total 90.00 differs from the sum of the other final items, 10.00 (PassKit allows it; "
        + "check the request)",
      "合计 90.00 与其他确定明细项之和 10.00 不一致（PassKit 允许这样；请检查支付请求）"),
    Phrase(
      .sumBeyondAnyAmount(total: Money(minorUnits: 100)),
      "the other final items add up to more than any amount, so the total 1.00 is not their sum "
        + "(PassKit allows it; check the request)",
      "其他确定明细项之和超出任何金额，因此合计 1.00 不是它们的和（PassKit 允许这样；请检查支付请求）"),
  ]

  @Test(arguments: request)
  func wordsEachPaymentRequestProblem(_ phrase: Phrase<PaymentRequestError.Problem>) {
    #expect(ErrorWording.words(phrase.value, in: .english) == phrase.english)
    #expect(ErrorWording.words(phrase.value, in: .simplifiedChinese) == phrase.chinese)
  }

  /// A small promotion with one field replaced or added.
  static func promotion(_ field: String, _ value: String) -> String {
    var members = [
      ("id", #""p""#), ("minimumSpend", #""50""#), ("cycleStartDay", "1"),
      ("maxRewardsPerHolder", "2"), ("tiers", #"{"wallet": ["1", "2"], "bank-app": ["2", "3"]}"#),
    ]
    if let index = members.firstIndex(where: { $0.0 == field }) {
      members[index].1 = value
    } else {
      members.append((field, value))
    }
    return "{\n" + members.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
  }

  /// Broken promotion files, decoded, and the whole line the command line prints for each.
  @Test(
    arguments: [
      (
        "id", "7", "p.json:2:9: field 'id': must be a string, not the number 7",
        "p.json:2:9：字段 'id'：必须是字符串，而不是数字 7"
      ),
      (
        "id", "null", "p.json:2:9: field 'id': is required, not null",
        "p.json:2:9：字段 'id'：必填，不能为 null"
      ),
      (
        "timezone", #""x\u0007y""#,
        "p.json:7:15: field 'timezone': unknown time zone 'x\\u{7}y': use an IANA name such as "
          + "Asia/Shanghai or UTC",
        "p.json:7:15：字段 'timezone'：未知的时区 'x\\u{7}y'：请用 IANA 名称，如 Asia/Shanghai 或 UTC"
      ),
      (
        "networks", #"["visa", "4111 1111 1111 1111"]"#,
        "p.json:7:24: field 'networks[1]': (a card number ending 1111, not shown) is an unknown "
          + "network: expected one of unionpay, visa, mastercard, amex, discover, jcb, interac, "
          + "maestro, eftpos, private-label",
        "p.json:7:24：字段 'networks[1]'：（尾号 1111 的卡号，不显示） 不是已知的卡组织，应为以下之一："
          + "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos, private-label"
      ),
      (
        "campaign", #"{"4111111111111111": 1}"#,
        "p.json:7:16: field 'campaign.(a card number ending 1111, not shown)': is not a "
          + "promotion field",
        "p.json:7:16：字段 'campaign.(a card number ending 1111, not shown)'：不是活动文件的字段"
      ),
      (
        "maxRewardsPerHolder", "3",
        "p.json:6:23: field 'tiers.wallet': has 2 amounts; maxRewardsPerHolder is 3, so it "
          + "needs 3",
        "p.json:6:23：字段 'tiers.wallet'：有 2 个金额；maxRewardsPerHolder 为 3，因此需要 3 个"
      ),
      (
        "color", "1,\n  \"color\": 2",
        "p.json:8:3: not valid JSON: the key 'color' appears twice in this object (first at "
          + "line 7, column 3)",
        "p.json:8:3：不是有效的 JSON：键 'color' 在该对象中出现了两次（第一次在第 7 行第 3 列）"
      ),
    ])
  func wordsAPromotionErrorWithItsPlace(
    field: String, value: String, english: String, chinese: String
  ) throws {
    let text = Self.promotion(field, value)
    let error = try #require(throws: PromotionError.self) {
      try Promotion.decode(json: Array(text.utf8))
    }
    #expect(ErrorWording.words(error, file: "p.json", in: .english) == english)
    #expect(ErrorWording.words(error, file: "p.json", in: .simplifiedChinese) == chinese)
  }

  @Test func aPaymentRequestErrorIsWordedWithItsPlace() throws {
    let text = #"{"merchantIdentifier": "m", "merchantName": "n", "countryCode": "ZZ"}"#
    let error = try #require(throws: PaymentRequestError.self) {
      try PaymentRequest.decode(json: Array(text.utf8), zone: .shanghai)
    }
    #expect(
      ErrorWording.words(error, file: "r.json", in: .english)
        == "r.json:1:65: field 'countryCode': 'ZZ' is not an ISO 3166 country code such as CN or US"
    )
    #expect(
      ErrorWording.words(error, file: "r.json", in: .simplifiedChinese)
        == "r.json:1:65：字段 'countryCode'：'ZZ' 不是 ISO 3166 国家代码（如 CN 或 US）")
  }

  @Test func anErrorWithoutAPlaceNamesTheFileAlone() {
    let error = PromotionError(field: nil, problem: .syntax(.empty))
    #expect(
      ErrorWording.words(error, file: "p.json", in: .english)
        == "p.json: not valid JSON: the file is empty")
    #expect(
      ErrorWording.words(error, file: "p.json", in: .simplifiedChinese) == "p.json：不是有效的 JSON：文件为空")
  }
}
