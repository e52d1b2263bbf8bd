import WalletCore
import WalletIngest
import WalletStore

/// Reading the store commands' values from the command line, with the same rules as the CSV
/// files: ids trimmed, codes read case-insensitively, amounts exact.
///
/// A malformed value is a usage error (64). A value that looks like a full card number, in the
/// places SPEC 6 names (card ids, holders, last4, merchants), is refused as data (65), like the
/// same value in a file, and is never echoed: the check runs before anything that could quote
/// the value in a message.
enum CommandValues {
  /// The trimmed text of an option or positional; empty text is a usage error.
  static func text(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> String? {
    guard let raw = arguments.value(name) else { return nil }
    let trimmed = raw.trimmingSpacesAndTabs
    if trimmed.isEmpty { throw arguments.usageError("\(label(name, in: arguments)) is empty") }
    return trimmed
  }

  /// Text that must never be a card number (SPEC 6).
  static func cardSafeText(_ arguments: ParsedArguments, _ name: String) throws -> String? {
    if let raw = arguments.value(name), let lastFour = CardNumberGuard.lastFourOfCardNumber(in: raw)
    {
      throw CommandFailure(
        .dataError,
        "\(label(name, in: arguments)) looks like a full card number (ending \(lastFour)); "
          + "wallet never stores card numbers: a card is an id of your choosing, with at most "
          + "its last four digits")
    }
    return try text(arguments, name)
  }

  /// An id that must never be a card number: a card or holder id.
  static func cardSafeID(_ arguments: ParsedArguments, _ name: String) throws -> Identifier? {
    try cardSafeText(arguments, name).map(Identifier.init)
  }

  /// Any other id (a transaction's may be a long bank reference; SPEC 6 exempts it).
  static func id(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Identifier? {
    try text(arguments, name).map(Identifier.init)
  }

  /// A code from one of the SPEC's lists, read case-insensitively.
  static func code<Code: CanonicalCode>(
    _ arguments: ParsedArguments, _ name: String, as type: Code.Type
  ) throws(UsageError) -> Code? {
    try arguments.value(name) { (text: String) throws(CodeError) in
      try Code.parse(text.trimmingSpacesAndTabs)
    }
  }

  /// An amount greater than zero, with at most two fraction digits.
  static func amount(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Money? {
    guard
      let amount = try arguments.value(
        name, as: { (text: String) throws(MoneyError) in try Money.parse(text) })
    else { return nil }
    if amount == .zero {
      throw arguments.usageError("\(label(name, in: arguments)) must be greater than zero")
    }
    return amount
  }

  /// A date, `YYYY-MM-DD`.
  static func date(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> CivilDate? {
    try arguments.value(name) { (text: String) throws(TimeParseError) in
      try CivilDate.parse(text)
    }
  }

  /// How messages name an argument: `--holder` or `<card>`.
  static func label(_ name: String, in arguments: ParsedArguments) -> String {
    let isPositional = arguments.command.arguments.contains {
      $0.name == name && $0.kind == .positional
    }
    return isPositional ? "<\(name)>" : "--\(name)"
  }
}

/// Why a command-line value has the wrong form, for checks that have no domain parser.
struct ValueFormError: Error, CustomStringConvertible {
  /// What the value should look like.
  let description: String

  init(_ description: String) { self.description = description }
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

/// Which installed promotion a command means, for the commands that need one.
enum PromotionChoice {
  /// `--promotion ID`.
  static let option = ArgumentSpec.option(
    "promotion", valueName: "id",
    help: "An installed promotion's id; may be left out when only one is installed.")

  /// The promotions named by `--promotion`, else all installed ones (built-in first).
  static func selected(_ arguments: ParsedArguments, store: WalletStore) throws -> [Promotion] {
    if let id = try CommandValues.id(arguments, "promotion") {
      guard let installed = try store.installed(id) else { throw StoreError.unknownPromotion(id) }
      return [installed.promotion]
    }
    return try store.promotions().map(\.promotion)
  }

  /// The billing cycle (of the chosen promotion) containing `date`, and that promotion. With
  /// several installed and no `--promotion`, their cycles must agree, or it is a usage error.
  static func cycle(
    containing date: CivilDate, _ arguments: ParsedArguments, store: WalletStore
  ) throws -> (cycle: BillingCycle, zone: TimeZoneRules) {
    let promotions = try selected(arguments, store: store)
    let shapes = Set(promotions.map { "\($0.cycleStartDay) \($0.timeZone.identifier)" })
    guard let first = promotions.first, shapes.count == 1 else {
      let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
      throw arguments.usageError(
        "the installed promotions (\(ids)) have different billing cycles; "
          + "choose one with --promotion")
    }
    return (BillingCycle(containing: date, startDay: first.cycleStartDay), first.timeZone)
  }
}

/// What a change did to a transaction's decisions, for the commands that record one.
enum DecisionReport {
  /// One line per installed promotion: `  bocom-applepay-monthly: rewarded ¥10.00 (the
  /// holder's reward 1, bank-app)` or `  bocom-applepay-monthly: not rewarded (not-enrolled)`.
  static func lines(for transaction: Identifier, store: WalletStore) throws -> [String] {
    try store.promotions().compactMap { installed in
      let promotion = installed.promotion
      guard
        let decision = try store.decision(transaction: transaction, promotion: promotion.id)
      else { return nil }
      switch decision.outcome {
      case .rewarded(let reward):
        return
          "  \(promotion.id): rewarded \(MoneyText.display(reward.amount, promotion.currency)) "
          + "(the holder's reward \(reward.ordinal), \(reward.channel))"
      case .notRewarded(let reason):
        return "  \(promotion.id): not rewarded (\(reason))"
      }
    }
  }
}
