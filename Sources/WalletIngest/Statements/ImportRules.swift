import WalletCore

/// A user's rules for imported purchases and refunds (`--rules FILE`, see wallet-formats(5)):
/// which were paid how, what to call a merchant, its category, and what to leave out.
package struct ImportRules: Sendable {
  /// The rules in the order written; for each thing a rule sets, the first matching rule wins.
  package let rules: [ImportRule]

  /// Rules in this order.
  package init(rules: [ImportRule]) {
    self.rules = rules
  }

  /// Reads a rules file: `{"rules": [ … ]}`. The first problem is thrown as an `InputError`
  /// naming the field and pointing at its line and column in `file`.
  package static func decode(json bytes: [UInt8], file: String) throws(InputError)
    -> ImportRules
  {
    let fields = try DefinitionFields.root(of: bytes, file: file, kind: .rules)
    try fields.refuseUnknown(["rules"])
    var rules: [ImportRule] = []
    for rule in try fields.objects("rules") { rules.append(try ImportRule.decode(rule)) }
    return ImportRules(rules: rules)
  }
}

/// One of the user's rules: conditions on a row, and what follows when all hold.
package struct ImportRule: Sendable {
  /// A name for messages and `explain`; optional.
  package let name: String?
  /// A test of the row's merchant (a row without one fails it).
  package let merchant: TextMatcher?
  /// A test of the row's description.
  package let description: TextMatcher?
  /// The least amount, inclusive.
  package let minimumAmount: Money?
  /// The greatest amount, inclusive.
  package let maximumAmount: Money?
  /// The first date, inclusive.
  package let fromDate: CivilDate?
  /// The last date, inclusive.
  package let toDate: CivilDate?
  /// The payment method to give.
  package let method: PaymentMethod?
  /// The merchant name to give instead.
  package let renamedMerchant: String?
  /// The merchant category code to give.
  package let mcc: MerchantCategoryCode?
  /// When set, matching rows are left out, for this reason.
  package let skipReason: String?

  /// A rule of these parts.
  package init(
    name: String? = nil, merchant: TextMatcher? = nil, description: TextMatcher? = nil,
    minimumAmount: Money? = nil, maximumAmount: Money? = nil, fromDate: CivilDate? = nil,
    toDate: CivilDate? = nil, method: PaymentMethod? = nil, renamedMerchant: String? = nil,
    mcc: MerchantCategoryCode? = nil, skipReason: String? = nil
  ) {
    self.name = name
    self.merchant = merchant
    self.description = description
    self.minimumAmount = minimumAmount
    self.maximumAmount = maximumAmount
    self.fromDate = fromDate
    self.toDate = toDate
    self.method = method
    self.renamedMerchant = renamedMerchant
    self.mcc = mcc
    self.skipReason = skipReason
  }

  static func decode(_ fields: DefinitionFields) throws(InputError) -> ImportRule {
    try fields.refuseUnknown(["name", "when", "then"])
    let name = try fields.optionalString("name")
    var merchant: TextMatcher?
    var description: TextMatcher?
    var amount: (Money?, Money?) = (nil, nil)
    var dates: (CivilDate?, CivilDate?) = (nil, nil)
    if let when = try fields.optionalObject("when") {
      try when.refuseUnknown(["merchant", "description", "amount", "date"])
      for key in ["merchant", "description"] {
        guard let matcherFields = try when.optionalObject(key) else { continue }
        try matcherFields.refuseUnknown(["ignoreCase"] + TextMatcher.testKeys)
        let matcher = try TextMatcher.decode(matcherFields)
        if key == "merchant" { merchant = matcher } else { description = matcher }
      }
      if let range = try when.optionalObject("amount") {
        try range.refuseUnknown(["min", "max"])
        amount = (try range.money("min"), try range.money("max"))
        if let low = amount.0, let high = amount.1, low > high {
          throw range.failure("max", .maxBelowMin, at: try range.required("max"))
        }
      }
      if let range = try when.optionalObject("date") {
        try range.refuseUnknown(["from", "to"])
        dates = (try range.date("from"), try range.date("to"))
        if let from = dates.0, let to = dates.1, from > to {
          throw range.failure("to", .toBeforeFrom, at: try range.required("to"))
        }
      }
    }
    let then = try fields.nested(try fields.required("then"), path: fields.path("then"))
    try then.refuseUnknown(["method", "merchant", "mcc", "skip"])
    let method = try then.parsed(
      "method", expecting: .oneOf(PaymentMethod.allCases.map(\.rawValue)),
      PaymentMethod.init(parsing:))
    let mcc = try then.parsed(
      "mcc", expecting: .merchantCategoryCode, MerchantCategoryCode.init(parsing:))
    let renamed = try then.optionalString("merchant")
    // A card number here, as in any text of the file, was refused when the file was read.
    if let renamed, let node = then.present("merchant"),
      !renamed.contains(where: { !$0.isWhitespace })
    {
      throw then.failure("merchant", .blank, at: node)
    }
    let skip = try then.optionalString("skip")
    if let skip, !skip.contains(where: { !$0.isWhitespace }), let node = then.present("skip") {
      throw then.failure("skip", .skipWithoutReason, at: node)
    }
    if method == nil && renamed == nil && mcc == nil && skip == nil {
      throw then.failure(field: fields.path("then"), .thenSetsNothing, at: then.position)
    }
    return ImportRule(
      name: name, merchant: merchant, description: description, minimumAmount: amount.0,
      maximumAmount: amount.1, fromDate: dates.0, toDate: dates.1, method: method,
      renamedMerchant: renamed, mcc: mcc, skipReason: skip)
  }
}

/// The rules made ready to run over many rows.
struct CompiledImportRules {
  private let rules:
    [(rule: ImportRule, merchant: CompiledTextMatcher?, description: CompiledTextMatcher?)]

  init(_ rules: ImportRules) {
    self.rules = rules.rules.map { ($0, $0.merchant?.compiled(), $0.description?.compiled()) }
  }

  /// Applies the rules to a purchase or refund: for each thing set, the first matching rule's.
  /// A method the format already decided (a payment app's channel) is kept: the file says
  /// how the money moved, which a rule written for the merchant cannot know better.
  func apply(to row: inout StatementRow) {
    var methodSet = row.method != nil
    var merchantSet = false
    var mccSet = false
    // Every rule sees the merchant as the file gave it, not as an earlier rule renamed it.
    let originalMerchant = row.merchant
    for (index, compiled) in rules.enumerated() {
      let rule = compiled.rule
      if let matcher = compiled.merchant {
        guard let merchant = originalMerchant, matcher.matches(merchant) else { continue }
      }
      if let matcher = compiled.description, !matcher.matches(row.description) { continue }
      if let low = rule.minimumAmount, row.amount < low { continue }
      if let high = rule.maximumAmount, row.amount > high { continue }
      if let from = rule.fromDate, row.date < from { continue }
      if let to = rule.toDate, row.date > to { continue }
      if let skip = rule.skipReason {
        let name = rule.name.map { " (\(ShownValue.quoted($0)))" } ?? ""
        row.kind = .leftOut(reason: "skipped by rule \(index + 1)\(name): \(skip)")
        return
      }
      if !methodSet, let method = rule.method {
        row.method = method
        row.methodSource = .userRule(index: index, name: rule.name)
        methodSet = true
      }
      if !merchantSet, let renamed = rule.renamedMerchant {
        row.merchant = renamed
        merchantSet = true
      }
      if !mccSet, let mcc = rule.mcc {
        row.mcc = mcc
        mccSet = true
      }
    }
  }
}
