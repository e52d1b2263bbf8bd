import WalletCore

// The domain's errors in words: amounts, times, time zones and codes. Each family is one
// exhaustive switch giving the English and the Chinese side by side.

extension ErrorWording {
  /// The words for one of WalletCore's errors; nil for any other error.
  static func coreWords(for error: any Error, in language: Language) -> String? {
    switch error {
    case let error as MoneyError: words(error, in: language)
    case let error as TimeParseError: words(error, in: language)
    case let error as TimeZoneError: words(error, in: language)
    case let error as CodeError: words(error, in: language)
    case let error as PromotionError: words(error, in: language)
    case let error as PaymentRequestError: words(error, in: language)
    default: nil
    }
  }

  /// Why an amount was refused.
  static func words(_ error: MoneyError, in language: Language) -> String {
    switch error {
    case .empty: say("an amount is required", "必须给出金额", in: language)
    case .negative: say("an amount cannot be negative", "金额不能为负数", in: language)
    case .exponent:
      say(
        "write the amount in plain digits, not with an exponent", "请用普通数字写金额，不要用指数形式",
        in: language)
    case .groupingSeparator:
      say("write the amount without thousands separators", "金额中不要用千位分隔符", in: language)
    case .tooManyFractionDigits:
      say("an amount has at most two digits after the point", "金额最多保留两位小数", in: language)
    case .outOfRange:
      say(
        "the amount is too large (at most 10000000000000.00)", "金额太大（最多 10000000000000.00）",
        in: language)
    case .malformed:
      say(
        "an amount is digits with an optional point and up to two decimals, e.g. 100.50",
        "金额由数字组成，可带小数点和最多两位小数，如 100.50", in: language)
    }
  }

  /// Why a date, time or instant was refused.
  static func words(_ error: TimeParseError, in language: Language) -> String {
    switch error {
    case .malformed:
      say(
        "expected a time like 2026-11-22T09:30:00+08:00 (offset optional)",
        "时间格式应如 2026-11-22T09:30:00+08:00（时区偏移可省略）", in: language)
    case .noSuchDate: say("that date does not exist", "该日期不存在", in: language)
    case .noSuchTime: say("that time of day does not exist", "该时刻不存在", in: language)
    case .invalidOffset:
      say(
        "the UTC offset must be between -18:00 and +18:00", "UTC 时差必须在 -18:00 到 +18:00 之间",
        in: language)
    case .skippedLocalTime(let zone):
      say(
        "that local time does not exist in \(zone) (clocks skip it)",
        "该本地时间在 \(zone) 不存在（时钟跳过了它）", in: language)
    case .outOfRange:
      say("the year must be between 1678 and 2261", "年份必须在 1678 到 2261 之间", in: language)
    }
  }

  /// Why a time zone was refused. The name is quoted as typed: only a command-line option
  /// names a zone this way, and the command line shows what was typed.
  static func words(_ error: TimeZoneError, in language: Language) -> String {
    switch error {
    case .unknown(let name):
      say(
        "unknown time zone '\(name)': use an IANA name such as Asia/Shanghai or UTC",
        "未知的时区 '\(name)'：请用 IANA 名称，如 Asia/Shanghai 或 UTC", in: language)
    }
  }

  /// A code outside its list, without the value (callers show it, masked and shortened):
  /// `unknown network: expected one of unionpay, visa, …`.
  static func words(_ error: CodeError, in language: Language) -> String {
    say(
      "unknown \(noun(error.kind, in: .english)): expected one of \(expected(error, in: .english))",
      "未知的\(noun(error.kind, in: .simplifiedChinese))，应为以下之一：\(expected(error, in: .simplifiedChinese))",
      in: language)
  }

  /// The codes a list accepts, as a message lists them: the currencies, too many to list, by
  /// what they look like.
  static func expected(_ error: CodeError, in language: Language) -> String {
    guard error.kind != .currency else {
      return say("an ISO 4217 code such as CNY", "ISO 4217 货币代码（如 CNY）", in: language)
    }
    return error.allowed.joined(separator: ", ")
  }

  /// What a list of codes is called in a sentence.
  static func noun(_ kind: CodeKind, in language: Language) -> String {
    switch kind {
    case .network: say("network", "卡组织", in: language)
    case .cardType: say("card type", "卡片类型", in: language)
    case .cardRole: say("card role", "主附卡类型", in: language)
    case .channel: say("channel", "渠道", in: language)
    case .paymentMethod: say("payment method", "支付方式", in: language)
    case .transactionStatus: say("transaction status", "交易状态", in: language)
    case .postingKind: say("posting kind", "入账类型", in: language)
    case .summaryItemType: say("summary item type", "明细项类型", in: language)
    case .merchantCapability: say("merchant capability", "商户支付能力", in: language)
    case .authorizationResult: say("authorization result", "授权结果", in: language)
    case .supplementaryCardsPolicy: say("supplementaryCards policy", "附属卡规则", in: language)
    case .refundsPolicy: say("refunds policy", "退款规则", in: language)
    case .period: say("period", "周期", in: language)
    case .scope: say("scope", "范围", in: language)
    case .thresholdCounts: say("threshold counts", "门槛计数方式", in: language)
    case .currency: say("currency", "货币", in: language)
    }
  }
}
