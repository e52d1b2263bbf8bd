import WalletCore

// The promotion and payment request files' errors in words. Each family is one exhaustive
// switch giving the English and the Chinese side by side; a value from the file is shown safely
// (masked, escaped, cut short).

extension ErrorWording {
  /// `file:line:column: field 'x': problem`, as CSV input errors are written.
  static func words(_ error: PromotionError, file: String, in language: Language) -> String {
    located(words(error, in: language), file: file, position: error.position, in: language)
  }

  /// `field 'x': problem`, without the file or position.
  static func words(_ error: PromotionError, in language: Language) -> String {
    field(
      error.field, english: words(error.problem, in: .english),
      chinese: words(error.problem, in: .simplifiedChinese), in: language)
  }

  /// What is wrong with a promotion's field.
  static func words(_ problem: PromotionError.Problem, in language: Language) -> String {
    switch problem {
    case .syntax(let kind):
      return notJSON(kind, in: language)
    case .field(let problem):
      return words(problem, in: language)
    case .blank(let found):
      return say(
        "must not be blank, not \(words(found, in: .english))",
        "不能为空白，而这里是\(words(found, in: .simplifiedChinese))", in: language)
    case .emptyIssuer:
      return say(
        "must not be empty; use null for any issuer", "不能为空；任何发卡行都可以时请用 null", in: language)
    case .unknownTimeZone(let name):
      return say(
        "unknown time zone \(quoted(name, in: .english)): use an IANA name such as "
          + "Asia/Shanghai or UTC",
        "未知的时区 \(quoted(name, in: .simplifiedChinese))：请用 IANA 名称，如 Asia/Shanghai 或 UTC",
        in: language)
    case .amountNotString(let found):
      return say(
        "must be an amount written as a string, such as \"100.00\", not "
          + words(found, in: .english),
        "必须是写成字符串的金额，如 \"100.00\"，而不是\(words(found, in: .simplifiedChinese))",
        in: language)
    case .amount(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .notWholeNumber(let found):
      return say(
        "must be a whole number, not \(words(found, in: .english))",
        "必须是整数，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .outOfRange(let text, let range):
      let shown = ShownValue.escaped(text)
      let (low, high) = (range.lowerBound, range.upperBound)
      return high == Int.max
        ? say("must be at least \(low), not \(shown)", "必须至少为 \(low)，而不是 \(shown)", in: language)
        : say(
          "must be between \(low) and \(high), not \(shown)",
          "必须在 \(low) 到 \(high) 之间，而不是 \(shown)", in: language)
    case .tooLarge(let text, let maximum):
      let shown = ShownValue.escaped(text)
      return say(
        "is too large: must be at most \(maximum), not \(shown)", "太大：最多为 \(maximum)，而不是 \(shown)",
        in: language)
    case .notArrayOrNull(let found):
      return say(
        "must be an array or null, not \(words(found, in: .english))",
        "必须是数组或 null，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .emptyList:
      return say(
        "must list at least one value; use null to allow any", "必须至少列出一个值；不加限制请用 null",
        in: language)
    case .code(let error):
      return codeWords(error, in: language)
    case .notMerchantCode(let text):
      return say(
        "\(quoted(text, in: .english)) is not a four-digit merchant code",
        "\(quoted(text, in: .simplifiedChinese)) 不是四位数字的商户类别码", in: language)
    case .notObjectOrNull(let found):
      return say(
        "must be an object or null, not \(words(found, in: .english))",
        "必须是对象或 null，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .malformedDate(let text):
      return say(
        "\(quoted(text, in: .english)) is not a date of the form YYYY-MM-DD",
        "\(quoted(text, in: .simplifiedChinese)) 不是 YYYY-MM-DD 格式的日期", in: language)
    case .date(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .endBeforeStart(let end, let start):
      return say(
        "\(end) is before the campaign's start \(start)", "\(end) 早于活动开始日期 \(start)",
        in: language)
    case .notChannel:
      return say(
        "is not a channel: expected bank-app and wallet", "不是渠道：应为 bank-app 和 wallet",
        in: language)
    case .repeatedChannel(let channel, let first):
      return say(
        "repeats the \(channel) channel (first at \(words(first, in: .english)))",
        "重复了渠道 \(channel)（第一次在\(words(first, in: .simplifiedChinese))）", in: language)
    case .tiersNotArray(let found):
      return say(
        "must be an array of amounts, not \(words(found, in: .english))",
        "必须是金额数组，而不是\(words(found, in: .simplifiedChinese))", in: language)
    case .tierCount(let found, let needed):
      let (english, chinese) = (
        unquoted(String(needed), in: .english), unquoted(String(needed), in: .simplifiedChinese)
      )
      return say(
        "has \(found) amounts; maxRewardsPerHolder is \(english), so it needs \(english)",
        "有 \(found) 个金额；maxRewardsPerHolder 为 \(chinese)，因此需要 \(chinese) 个", in: language)
    case .rewardTooLarge(let amount, let maximum):
      return say(
        "a reward is at most \(maximum), not \(amount)", "每笔刷卡金最多 \(maximum)，而不是 \(amount)",
        in: language)
    case .twoRewardKinds(let first, _):
      return say(
        "is a second kind of reward beside \(first): give exactly one of tiers, fixed and percent",
        "是 \(first) 之外的第二种返现方式：只能给出 tiers、fixed、percent 之一", in: language)
    case .noRewardKind:
      return say(
        "must give one kind of reward: tiers, fixed or percent",
        "必须给出一种返现方式：tiers、fixed 或 percent", in: language)
    case .capWithoutPercent(let kind):
      return say(
        "a cap goes only with percent, not with \(kind)",
        "cap（封顶）只能与 percent 一起使用，不能与 \(kind) 一起使用", in: language)
    case .besideReward:
      return say(
        "cannot be given beside reward: a file with reward gives its schedule as reward.tiers "
          + "and its limits in limits",
        "不能与 reward 同时给出：有 reward 的文件请把返现表写在 reward.tiers 中，把限额写在 limits 中",
        in: language)
    case .limitsWithoutReward:
      return say(
        "needs reward: without it, a promotion's limits are rewardsPerCycle and "
          + "maxRewardsPerHolder",
        "需要 reward：没有 reward 时，活动的限额由 rewardsPerCycle 和 maxRewardsPerHolder 给出",
        in: language)
    case .fixedNotAmountOrObject(let found):
      return say(
        "must be an amount written as a string, such as \"10.00\", or an object with an amount "
          + "for bank-app and one for wallet, not \(words(found, in: .english))",
        "必须是写成字符串的金额（如 \"10.00\"），或为 bank-app 和 wallet 各给一个金额的对象，而不是"
          + words(found, in: .simplifiedChinese), in: language)
    case .notPositive(let amount):
      return say("must be more than 0.00, not \(amount)", "必须大于 0.00，而不是 \(amount)", in: language)
    case .percentNotString(let found):
      return say(
        "must be a percentage written as a string, such as \"5\" or \"2.5\", not "
          + words(found, in: .english),
        "必须是写成字符串的百分比，如 \"5\" 或 \"2.5\"，而不是\(words(found, in: .simplifiedChinese))",
        in: language)
    case .percent(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .emptySchedule:
      return say("must list at least one amount", "必须至少列出一个金额", in: language)
    case .unequalSchedules(let found, let needed):
      return say(
        "has \(found) amounts where the other channel has \(needed): both schedules must be "
          + "equally long",
        "有 \(found) 个金额，而另一个渠道有 \(needed) 个：两个返现表必须一样长", in: language)
    case .countAndAmount:
      return say(
        "a limit is a count or an amount, not both", "限额只能是次数（count）或金额（amount），不能两者都有",
        in: language)
    case .noCountOrAmount:
      return say(
        "must give count (how many rewards) or amount (how much in rewards)",
        "必须给出 count（返现次数）或 amount（返现金额）", in: language)
    case .limitsNotNested(let limit, let other, let otherField):
      let shown = ShownValue.unquoted(otherField)
      return say(
        "does not nest with '\(shown)': neither \(words(limit, in: .english)) nor "
          + "\(words(other, in: .english)) lies within the other's period and scope, and limits "
          + "must form a chain",
        "与 '\(shown)' 不能嵌套：“\(words(limit, in: .simplifiedChinese))”与"
          + "“\(words(other, in: .simplifiedChinese))”的周期和范围互不包含，而各限额必须逐层嵌套",
        in: language)
    case .amountLimitWithTiers:
      return say(
        "an amount limit cannot go with a tiers reward, whose schedule gives each reward's amount",
        "按金额的限额不能与 tiers 返现一起使用：每笔返现的金额由返现表给出", in: language)
    case .tiersWithoutCampaignCount(let needed):
      return say(
        "a tiers reward needs the limit { \"count\": \(needed), \"per\": \"campaign\" } at "
          + "holder scope, the length of its schedules",
        "tiers 返现需要持卡人范围的限额 { \"count\": \(needed), \"per\": \"campaign\" }，其次数等于返现表的长度",
        in: language)
    case .tiersCampaignCount(let found, let needed):
      return say(
        "is \(found), but the tiers schedules have \(needed) amounts: the count per campaign must "
          + "equal their length",
        "为 \(found)，但 tiers 返现表有 \(needed) 个金额：整个活动期的次数必须等于返现表的长度",
        in: language)
    case .emptyMerchant:
      return say("must not be empty", "不能为空", in: language)
    }
  }

  /// `file:line:column: field 'x': problem`, as promotion files and CSV files report errors.
  static func words(_ error: PaymentRequestError, file: String, in language: Language) -> String {
    located(words(error, in: language), file: file, position: error.position, in: language)
  }

  /// `field 'x': problem`, without the file or position.
  static func words(_ error: PaymentRequestError, in language: Language) -> String {
    field(
      error.field, english: words(error.problem, in: .english),
      chinese: words(error.problem, in: .simplifiedChinese), in: language)
  }

  /// What is wrong with a payment request's field, or what deserves a warning.
  static func words(_ problem: PaymentRequestError.Problem, in language: Language) -> String {
    switch problem {
    case .syntax(let kind):
      return notJSON(kind, in: language)
    case .field(let problem):
      return words(problem, in: language)
    case .empty:
      return say("must not be empty", "不能为空", in: language)
    case .notCountryCode(let text):
      return say(
        "\(quoted(text, in: .english)) is not an ISO 3166 country code such as CN or US",
        "\(quoted(text, in: .simplifiedChinese)) 不是 ISO 3166 国家代码（如 CN 或 US）", in: language)
    case .notCurrencyCode(let text):
      return say(
        "\(quoted(text, in: .english)) is not an ISO 4217 currency code such as CNY",
        "\(quoted(text, in: .simplifiedChinese)) 不是 ISO 4217 货币代码（如 CNY）", in: language)
    case .noMinorUnit(let currency):
      return say(
        "\(currency) is not a currency one pays in (it has no minor unit)",
        "\(currency) 不是可用于支付的货币（没有辅币单位）", in: language)
    case .notMerchantCategoryCode(let text):
      return say(
        "\(quoted(text, in: .english)) is not a four-digit merchant category code",
        "\(quoted(text, in: .simplifiedChinese)) 不是四位数字的商户类别码（MCC）", in: language)
    case .time(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .noNetworks:
      return say("must list at least one network", "必须至少列出一个卡组织", in: language)
    case .unknownNetwork(let text):
      let known = Network.allCases.map(\.rawValue).joined(separator: ", ")
      return say(
        "\(quoted(text, in: .english)) is not a network of PassKit's list (e.g. \(known))",
        "\(quoted(text, in: .simplifiedChinese)) 不是 PassKit 列出的卡组织（如 \(known)）", in: language)
    case .code(let error):
      return codeWords(error, in: language)
    case .noAuthenticationCapability:
      return say(
        "must include threeDSecure or emv (how cards authenticate); PassKit requires one",
        "必须包含 threeDSecure 或 emv（卡片的认证方式）；PassKit 要求至少一个", in: language)
    case .noItems:
      return say(
        "must have at least one item; the last is the total", "必须至少有一项；最后一项是合计", in: language)
    case .pendingNotZero(let amount):
      return say(
        "a pending item's amount must be 0, not \(amount)", "待定明细项的金额必须为 0，而不是 \(amount)",
        in: language)
    case .amountNotString(let found):
      return say(
        "must be an amount written as a string, such as \"10.00\", not "
          + words(found, in: .english),
        "必须是写成字符串的金额，如 \"10.00\"，而不是\(words(found, in: .simplifiedChinese))",
        in: language)
    case .negativeTotal(let text):
      return say(
        "the total (the last item) must not be negative, not \(quoted(text, in: .english))",
        "合计（最后一项）不能为负数，而不是 \(quoted(text, in: .simplifiedChinese))", in: language)
    case .tooManyDecimals(let text, let places, let currency, let minorDigits):
      return say(
        "\(quoted(text, in: .english)) has \(places) decimal places; \(currency) has \(minorDigits)",
        "\(quoted(text, in: .simplifiedChinese)) 的小数位数为 \(places)；\(currency) 为 \(minorDigits)",
        in: language)
    case .nonZeroBeyondCents(let text):
      return say(
        "\(quoted(text, in: .english)): wallet keeps amounts to two decimal places, so the "
          + "digits after the second must be 0",
        "\(quoted(text, in: .simplifiedChinese))：wallet 的金额保留两位小数，因此第二位之后的数字必须是 0",
        in: language)
    case .amount(let text, let error):
      return valueWords(
        text, words(error, in: .english), words(error, in: .simplifiedChinese), in: language)
    case .totalDiffers(let total, let sum):
      return say(
        "the total \(total) differs from the sum of the other final items, \(sum) (PassKit "
          + "allows it; check the request)",
        "合计 \(total) 与其他确定明细项之和 \(sum) 不一致（PassKit 允许这样；请检查支付请求）", in: language)
    case .sumBeyondAnyAmount(let total):
      return say(
        "the other final items add up to more than any amount, so the total \(total) is not "
          + "their sum (PassKit allows it; check the request)",
        "其他确定明细项之和超出任何金额，因此合计 \(total) 不是它们的和（PassKit 允许这样；请检查支付请求）",
        in: language)
    }
  }

  /// `not valid JSON: why`.
  static func notJSON(_ kind: JSONSyntaxError.Kind, in language: Language) -> String {
    say(
      "not valid JSON: \(words(kind, in: .english))",
      "不是有效的 JSON：\(words(kind, in: .simplifiedChinese))", in: language)
  }

  /// `'value': why`: a value from a file and why a domain parser refused it, worded already.
  static func valueWords(
    _ value: String, _ english: String, _ chinese: String, in language: Language
  )
    -> String
  {
    say(
      "\(quoted(value, in: .english)): \(english)",
      "\(quoted(value, in: .simplifiedChinese))：\(chinese)", in: language)
  }

  /// `'value' is an unknown network: expected one of …`: a code of a JSON file outside its
  /// list.
  static func codeWords(_ error: CodeError, in language: Language) -> String {
    say(
      "\(quoted(error.value, in: .english)) is an \(words(error, in: .english))",
      "\(quoted(error.value, in: .simplifiedChinese)) 不是已知的\(noun(error.kind, in: .simplifiedChinese))，"
        + "应为以下之一：\(expected(error, in: .simplifiedChinese))", in: language)
  }
}
