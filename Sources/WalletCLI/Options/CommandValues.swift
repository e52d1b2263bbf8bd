import WalletCore
import WalletIngest
import WalletStore

// The types of the commands' values, read from the command line with the same rules as the CSV
// files: ids trimmed, codes read case-insensitively, amounts exact.
//
// A malformed value is a usage error (64). A value that looks like a full card number, in the
// places SPEC 6 names (card ids, holders, last4, merchants), is refused as data (65), like the
// same value in a file, and is never echoed: the check runs before anything that could quote
// the value in a message. Those places hold the card-safe types below.

extension Identifier: ExpressibleByArgument {
  /// An id without the spaces and tabs around it; empty is a usage error. A transaction's id
  /// may be a long bank reference, so ids are not checked for card numbers (SPEC 6 exempts
  /// them): card-safe ids are ``CardSafeID``.
  public init(argument: String) throws {
    self.init(try trimmedText(argument))
  }
}

/// A card or holder id, which must never be a card number.
struct CardSafeID: ExpressibleByArgument {
  /// The id.
  let id: Identifier

  init(argument: String) throws {
    try CardNumberError.check(argument)
    id = try Identifier(argument: argument)
  }
}

/// Text that must never be a card number (an issuer, a merchant), trimmed and not empty.
struct CardSafeText: ExpressibleByArgument {
  /// The text.
  let text: String

  init(argument: String) throws {
    try CardNumberError.check(argument)
    text = try trimmedText(argument)
  }
}

/// `--issuer`: card-safe text, kept as `Issuer.code` keeps it, a known bank by its code
/// (`交通银行` is `bocom`); shell completion offers the known banks' codes.
struct IssuerArgument: ExpressibleByArgument {
  /// The issuer as kept.
  let code: String

  init(argument: String) throws {
    code = Issuer.code(try CardSafeText(argument: argument).text)
  }

  static var completionValues: [String] { KnownBank.allCases.map(\.code) }
}

/// `--last4`: exactly four digits, and (checked first) not a whole card number.
struct LastFour: ExpressibleByArgument {
  /// The four digits.
  let digits: String

  init(argument: String) throws {
    digits = try CardSafeText(argument: argument).text
    guard digits.utf8.count == 4, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      throw ArgumentValueError(.notFourDigits)
    }
  }
}

/// A card number where SPEC 6 forbids one: a data error naming the argument and only the
/// number's last four digits.
struct CardNumberError: ArgumentNamingError {
  /// The number's last four digits, the only part that may be shown.
  let lastFour: String

  /// Refuses `word` if it holds a full card number.
  static func check(_ word: String) throws(CardNumberError) {
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: word) {
      throw CardNumberError(lastFour: lastFour)
    }
  }

  func naming(_ argument: String) -> any Error {
    CommandError(
      .dataError,
      tr(
        """
        \(argument) looks like a full card number (ending \(lastFour)); wallet never stores card \
        numbers: a card is an id of your choosing, with at most its last four digits
        """))
  }
}

/// The word without the spaces and tabs around it, as every CSV value is read; empty is a
/// usage error.
private func trimmedText(_ word: String) throws(ArgumentValueError) -> String {
  let trimmed = word.trimmingSpacesAndTabs
  if trimmed.isEmpty { throw ArgumentValueError(.empty) }
  return trimmed
}

extension ExpressibleByArgument where Self: CanonicalCode {
  /// A code from one of the SPEC's lists, read as the CSV files read it: trimmed, in any case,
  /// and by its aliases.
  public init(argument: String) throws {
    self = try Self.parse(argument.trimmingSpacesAndTabs)
  }

  /// No list of words for the parser: any case and the aliases are accepted too.
  public static var allValueStrings: [String] { [] }

  /// The canonical codes, for shell completion.
  public static var completionValues: [String] { allCases.map(\.rawValue) }
}

extension Network: ExpressibleByArgument {}
extension CardType: ExpressibleByArgument {}
extension CardRole: ExpressibleByArgument {}
extension Channel: ExpressibleByArgument {}
extension PaymentMethod: ExpressibleByArgument {}
extension TransactionStatus: ExpressibleByArgument {}
extension Posting.Kind: ExpressibleByArgument {}

extension Currency: ExpressibleByArgument {
  /// An ISO 4217 code, trimmed, in any case.
  public init(argument: String) throws {
    self = try Currency.parse(argument.trimmingSpacesAndTabs)
  }
}

extension MerchantCategoryCode: ExpressibleByArgument {
  /// Four digits, trimmed.
  public init(argument: String) throws {
    guard let code = MerchantCategoryCode(parsing: argument.trimmingSpacesAndTabs) else {
      throw ValueFormError.merchantCategoryCode
    }
    self = code
  }
}

extension CivilDate: ExpressibleByArgument {
  /// A date, `YYYY-MM-DD`, or as people type one: `2026/11/30`, `2026年11月30日`, full-width
  /// digits (``TypedSpelling/date(_:)``).
  public init(argument: String) throws {
    self = try DateFormError.parse(TypedSpelling.date(argument))
  }
}

extension TimeZoneRules: ExpressibleByArgument {
  /// An IANA time zone such as `Asia/Shanghai`, or `UTC`.
  public convenience init(argument: String) throws {
    try self.init(identifier: argument)
  }
}

/// A file's path, which may not be empty (`-` is standard input or output where the option
/// says so).
struct FileName: ExpressibleByArgument {
  /// The path exactly as typed.
  let path: String

  init(argument: String) throws {
    if argument.isEmpty { throw ArgumentValueError(.emptyFileName) }
    path = argument
  }

  /// `-`, standard output (or input), where an option left out writes.
  init(standardOutput: Void) {
    path = "-"
  }
}

/// A positive amount, as purchases and refunds have: greater than zero, with at most two
/// fraction digits; typed as a file writes it (`150.50`) or as people type it (`¥150.50`,
/// `150元`, full-width digits: ``TypedSpelling/amount(_:)``).
struct PositiveAmount: ExpressibleByArgument {
  /// The amount.
  let money: Money
  /// The amount as typed without its yuan sign, in ASCII digits (`150.50` for `￥１５０.５０`),
  /// which a posting's made-up id repeats as a file's would.
  let text: String

  init(argument: String) throws {
    text = TypedSpelling.amount(argument)
    money = try Money.parse(text)
    if money == .zero { throw ArgumentValueError(.notAboveZero) }
  }
}

/// A time typed on the command line (`--at`, `--since`): a date, meaning its start, or a time
/// such as `2026-11-22T09:30` or `2026-11-22 09:30` (seconds and an offset optional); the date
/// may be typed `2026/11/22` or `2026年11月22日`, followed by a space and the time, and digits
/// may be full-width (``TypedSpelling/date(_:)``). Its form is checked when it is read, so that
/// a typo does not create a store; which instant it names depends on the zone it is read in,
/// known only once the store is open.
struct TimeArgument: ExpressibleByArgument {
  /// The time as typed, its date written `YYYY-MM-DD` and its digits ASCII.
  let text: String
  /// The date, when only a date was typed.
  let date: CivilDate?

  init(argument: String) throws {
    text = TypedSpelling.date(argument)
    if let date = try? CivilDate.parse(text) {
      self.date = date
      return
    }
    do {
      // UTC has no gaps, so only the zone-independent mistakes are caught here.
      _ = try Instant.parse(text, naiveIn: Clock.utc)
    } catch .malformed {
      throw ValueFormError.time
    }
    date = nil
  }

  /// The instant, reading a time without an offset (or a date's start) in `zone`.
  func instant(in zone: TimeZoneRules) throws(TimeParseError) -> Instant {
    if let date { return zone.startOfDay(date) }
    return try Instant.parse(text, naiveIn: zone)
  }
}

/// A day typed for an option that bounds a period (`--from`, `--to`): a date, `YYYY-MM-DD`, or a
/// whole month, `YYYY-MM`, which starts on its first day (`--from`) or ends on its last (`--to`);
/// either also as people type them (`2026/11/30`, `2026年11月`: ``TypedSpelling/date(_:)``).
struct DayOrMonth: ExpressibleByArgument {
  /// The first day named.
  let first: CivilDate
  /// The last day named: `first` for a date, the month's last day for a month.
  let last: CivilDate
  /// Whether a whole month was typed.
  let isMonth: Bool

  init(argument: String) throws {
    let text = TypedSpelling.date(argument)
    do {
      let date = try CivilDate.parse(text)
      first = date
      last = date
      isMonth = false
      return
    } catch .malformed {
      // Not a date's shape: perhaps a month.
    } catch {
      // A date's shape, but no such day (`2026-02-30`).
      throw DateFormError(reason: error)
    }
    guard let (year, month) = Self.month(text) else { throw ValueFormError.dayOrMonth }
    guard (1...12).contains(month) else { throw ValueFormError.noSuchMonth }
    first = CivilDate(year: year, month: month, day: 1)
    last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
    isMonth = true
  }

  /// The year and month of `YYYY-MM`, when it has that form (the month may be out of range).
  static func month(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1])
    else { return nil }
    return (year, month)
  }
}

/// `--cycle`: the billing cycle containing a date (`YYYY-MM-DD`), or the one that starts in a
/// month (`YYYY-MM`).
struct CycleArgument: ExpressibleByArgument {
  /// What was typed.
  let value: DayOrMonth

  init(argument: String) throws {
    do {
      value = try DayOrMonth(argument: argument)
    } catch ValueFormError.dayOrMonth {
      throw ValueFormError.cycle
    }
  }

  /// The billing cycle named, for cycles that start on `startDay`.
  func cycle(startDay: Int) -> BillingCycle {
    guard value.isMonth else { return BillingCycle(containing: value.first, startDay: startDay) }
    return BillingCycle(year: value.first.year, month: value.first.month, startDay: startDay)
  }
}

/// `--limit`: a count, at least one.
struct Count: ExpressibleByArgument {
  /// The count.
  let value: Int

  init(argument: String) throws {
    guard let value = Int(argument.trimmingSpacesAndTabs), value > 0 else {
      throw ArgumentValueError(.notACount)
    }
    self.value = value
  }
}

/// A comma-separated list of codes (`--networks visa,amex`), each read as a code on its own.
struct CodeList<Code: CanonicalCode & ExpressibleByArgument>: ExpressibleByArgument {
  /// The codes, in the order given.
  let codes: [Code]

  /// Each code, for shell completion (of the first of a list).
  static var completionValues: [String] { Code.completionValues }

  init(argument: String) throws {
    var codes: [Code] = []
    for item in argument.split(separator: ",", omittingEmptySubsequences: false) {
      codes.append(try Code.parse(String(item).trimmingSpacesAndTabs))
    }
    self.codes = codes
  }
}

extension Array {
  /// The codes of a comma-separated, repeatable option; nil when it was not given.
  func allCodes<Code>() -> Set<Code>? where Element == CodeList<Code> {
    isEmpty ? nil : Set(flatMap(\.codes))
  }
}

extension OutputFormat: ExpressibleByArgument {}
extension InputKind: ExpressibleByArgument {}

/// Why a command-line value has the wrong form, for checks that have no domain parser: what
/// the value should look like (`ErrorWording+Usage.swift` words it).
enum ValueFormError: Error {
  /// `--mcc`: not four digits.
  case merchantCategoryCode
  /// `--at`, `--since`: neither a date nor a time.
  case time
  /// `--from`, `--to`: neither a date nor a month.
  case dayOrMonth
  /// A month past 12.
  case noSuchMonth
  /// `--cycle`: neither a date nor a month.
  case cycle
}

extension String {
  /// Without the spaces and tabs around it, as every CSV value is read.
  var trimmingSpacesAndTabs: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }),
      let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}

/// `--promotion ID`, for the commands that need one installed promotion or all of them, and
/// how they choose.
struct PromotionChoice: ParsableArguments {
  /// The promotion's id; nil means every installed one.
  @Option(
    valueName: "id",
    help: "An installed promotion's id; may be left out when only one is installed.")
  var promotion: Identifier?

  /// The promotion named by `--promotion`, else all installed ones (built-in first).
  func selected(store: WalletStore) throws -> [Promotion] {
    try Self.selected(promotion, store: store)
  }

  /// The promotion named `id`, else all installed ones (built-in first), for commands that
  /// declare `--promotion` with help of their own.
  static func selected(_ id: Identifier?, store: WalletStore) throws -> [Promotion] {
    if let id {
      return [try KnownIDs.promotion(id, store: store).promotion]
    }
    return try store.promotions().map(\.promotion)
  }

  /// The billing cycle (of the chosen promotion) containing `date`, and that promotion. With
  /// several installed and no `--promotion`, their cycles must agree, or it is a usage error.
  func cycle(
    _ named: CycleArgument, store: WalletStore
  ) throws -> (cycle: BillingCycle, zone: TimeZoneRules) {
    let promotions = try selected(store: store)
    let shapes = Set(promotions.map { "\($0.cycleStartDay) \($0.timeZone.identifier)" })
    guard let first = promotions.first, shapes.count == 1 else {
      let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
      throw ValidationError(
        tr(
          """
          the installed promotions (\(ids)) have different billing cycles; choose one with \
          --promotion
          """))
    }
    return (named.cycle(startDay: first.cycleStartDay), first.timeZone)
  }
}

/// What a change did to a transaction's decisions, for the commands that record one.
enum DecisionReport {
  /// One line per installed promotion: `  bocom-applepay-monthly: rewarded ¥10.00 (the
  /// holder's reward 1, bank-app)`, `  …: forfeited ¥10.00 (the holder's reward 1, bank-app,
  /// taken back on refund)` or `  bocom-applepay-monthly: not rewarded (not-enrolled)`; a
  /// voided purchase (status `reversed`), which earns nothing as `refunded`, says `voided`.
  static func lines(for transaction: Identifier, store: WalletStore) throws -> [String] {
    let voided = try store.transaction(transaction)?.status == .reversed
    return try store.promotions().compactMap { installed in
      let promotion = installed.promotion
      guard
        let decision = try store.decision(transaction: transaction, promotion: promotion.id)
      else { return nil }
      return "  " + line(decision.outcome, promotion: promotion, voided: voided)
    }
  }

  /// A reward's line, paid or forfeited.
  private static func rewardLine(_ promotion: Promotion, _ reward: Reward, forfeited: Bool)
    -> String
  {
    let (id, amount) = (promotion.id, MoneyText.display(reward.amount, promotion.currency))
    let (ordinal, channel) = (reward.ordinal, reward.channel)
    return forfeited
      ? tr(
        "\(id): forfeited \(amount) (the holder's reward \(ordinal), \(channel), taken back on refund)"
      )
      : tr("\(id): rewarded \(amount) (the holder's reward \(ordinal), \(channel))")
  }

  /// One promotion's decision: `bocom-applepay-monthly: rewarded ¥10.00 (the holder's reward
  /// 1, bank-app)`; `voided` says that a purchase refused as `refunded` was voided (撤销), not
  /// refunded.
  static func line(_ outcome: Outcome, promotion: Promotion, voided: Bool = false) -> String {
    switch outcome {
    case .rewarded(let reward):
      rewardLine(promotion, reward, forfeited: false)
    case .forfeited(let reward):
      rewardLine(promotion, reward, forfeited: true)
    case .notRewarded(.refunded) where voided:
      tr("\(promotion.id): not rewarded (voided)")
    case .notRewarded(let reason):
      tr("\(promotion.id): not rewarded (\(reason))")
    }
  }
}
