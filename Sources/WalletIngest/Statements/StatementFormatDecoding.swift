import WalletCore

extension StatementFormat {
  /// The fields a format file may have; any other is refused.
  static let knownFields = [
    "id", "name", "kind", "header", "footerPrefixes", "periodPattern", "titleCardPattern",
    "columns", "classification", "methodRules", "withoutCardReason",
  ]

  /// Reads a format file (wallet-formats(5)). The first problem is thrown as an `InputError`
  /// naming the field and pointing at its line and column in `file`.
  package static func decode(json bytes: [UInt8], file: String) throws(InputError)
    -> StatementFormat
  {
    let fields = try DefinitionFields.root(of: bytes, file: file, kind: .format)
    try fields.refuseUnknown(knownFields)
    let id = try fields.requiredString("id")
    let name = try fields.optionalString("name") ?? id
    let kind = try fields.code("kind", Kind.self) ?? .cardStatement
    let header = try fields.strings("header").map { String(Substring($0).trimmingBlanks()) }
    guard !header.isEmpty else {
      throw fields.failure("header", .noHeader, at: try fields.required("header"))
    }
    let reader = FormatFieldReader(header: header)
    let periodPattern = try fields.pattern("periodPattern", groups: ["year"])
    let titleCardPattern = try fields.pattern("titleCardPattern", groups: [])
    let columns = try reader.columns(try fields.nested(fields.required("columns"), path: "columns"))
    if columns.date.form.needsYear || columns.postingDate?.form.needsYear == true,
      periodPattern == nil
    {
      throw fields.failure("columns", .needsPeriodPattern, at: try fields.required("columns"))
    }
    var classification: [ClassificationRule] = []
    for rule in try fields.objects("classification") {
      classification.append(try reader.classificationRule(rule, amount: columns.amount))
    }
    guard !classification.isEmpty else {
      throw fields.failure(
        "classification", .noClassificationRules, at: try fields.required("classification"))
    }
    var methodRules: [MethodRule] = []
    for rule in try fields.objects("methodRules") {
      try rule.refuseUnknown(["if", "method", "reason"])
      let method = try rule.code("method", PaymentMethod.self)
      guard let method else {
        throw rule.failure("method", .field(.required), at: try rule.required("method"))
      }
      methodRules.append(
        MethodRule(
          conditions: try reader.conditions(rule), method: method,
          reason: try rule.requiredString("reason")))
    }
    return StatementFormat(
      id: id, name: name, kind: kind, header: header,
      footerPrefixes: try fields.strings("footerPrefixes").filter { !$0.isEmpty },
      periodPattern: periodPattern, titleCardPattern: titleCardPattern, columns: columns,
      classification: classification, methodRules: methodRules,
      withoutCardReason: try fields.optionalString("withoutCardReason"))
  }
}

/// Reads the parts of a format that name columns, checking that each is in the header.
private struct FormatFieldReader {
  let header: [String]

  func column(_ fields: DefinitionFields, _ key: String) throws(InputError) -> String? {
    guard let node = fields.present(key) else { return nil }
    let name = String(Substring(try fields.string(node, key)).trimmingBlanks())
    guard header.contains(name) else {
      throw fields.failure(key, .unknownColumn(name), at: node)
    }
    return name
  }

  func requiredColumn(_ fields: DefinitionFields, _ key: String) throws(InputError) -> String {
    guard let name = try column(fields, key) else {
      throw fields.failure(field: fields.path(key), .field(.required), at: fields.position)
    }
    return name
  }

  func dateColumn(_ fields: DefinitionFields, _ key: String) throws(InputError) -> DateColumn? {
    guard let object = try fields.optionalObject(key) else { return nil }
    try object.refuseUnknown(["column", "form"])
    guard let form = try object.code("form", StatementDateForm.self) else {
      throw object.failure("form", .field(.required), at: try object.required("form"))
    }
    return DateColumn(column: try requiredColumn(object, "column"), form: form)
  }

  func columns(_ fields: DefinitionFields) throws(InputError) -> StatementColumns {
    try fields.refuseUnknown([
      "date", "postingDate", "time", "description", "merchant", "amount", "originalAmount",
      "currency", "card", "orderID", "refundedOrderID",
    ])
    guard let date = try dateColumn(fields, "date") else {
      throw fields.failure("date", .field(.required), at: try fields.required("date"))
    }
    let amountFields = try fields.nested(try fields.required("amount"), path: fields.path("amount"))
    try amountFields.refuseUnknown(["column", "sign", "in", "out"])
    let amount: AmountColumns
    if let single = try column(amountFields, "column") {
      if amountFields.present("in") != nil || amountFields.present("out") != nil {
        throw amountFields.failure(
          "column", .columnAndInOut, at: try amountFields.required("column"))
      }
      amount = .signed(
        column: single, sign: try amountFields.code("sign", SignConvention.self) ?? .alwaysPositive)
    } else {
      amount = .split(
        moneyIn: try requiredColumn(amountFields, "in"),
        moneyOut: try requiredColumn(amountFields, "out"))
    }
    var currency = CurrencySource(column: nil, names: [:], defaultCurrency: .cny)
    if let object = try fields.optionalObject("currency") {
      try object.refuseUnknown(["column", "names", "default"])
      var names: [String: Currency] = [:]
      if let namesObject = try object.optionalObject("names") {
        for member in namesObject.object.members {
          let key = member.key
          names[key] = try namesObject.parsed(
            key, expecting: .currencyCode, Currency.init(parsing:))
        }
      }
      currency = CurrencySource(
        column: try column(object, "column"), names: names,
        defaultCurrency: try object.parsed(
          "default", expecting: .currencyCode, Currency.init(parsing:)) ?? .cny)
    }
    var card: CardColumn?
    if let object = try fields.optionalObject("card") {
      try object.refuseUnknown(["column", "pattern"])
      card = CardColumn(
        column: try requiredColumn(object, "column"),
        pattern: try object.pattern("pattern", groups: []))
    }
    var refund: RefundLink?
    if let object = try fields.optionalObject("refundedOrderID") {
      try object.refuseUnknown(["column", "originalBefore"])
      refund = RefundLink(
        column: try requiredColumn(object, "column"),
        originalBefore: try object.strings("originalBefore").filter { !$0.isEmpty })
    }
    return StatementColumns(
      date: date, postingDate: try dateColumn(fields, "postingDate"),
      time: try column(fields, "time"), description: try requiredColumn(fields, "description"),
      merchant: try column(fields, "merchant"), amount: amount,
      originalAmount: try column(fields, "originalAmount"), currency: currency, card: card,
      orderID: try column(fields, "orderID"), refundedOrderID: refund)
  }

  func conditions(_ rule: DefinitionFields) throws(InputError) -> [ColumnCondition] {
    var conditions: [ColumnCondition] = []
    for condition in try rule.objects("if") {
      try condition.refuseUnknown(["column", "ignoreCase"] + TextMatcher.testKeys)
      conditions.append(
        ColumnCondition(
          column: try requiredColumn(condition, "column"),
          matcher: try TextMatcher.decode(condition)))
    }
    return conditions
  }

  func classificationRule(_ rule: DefinitionFields, amount: AmountColumns) throws(InputError)
    -> ClassificationRule
  {
    try rule.refuseUnknown(["if", "direction", "kind", "reason", "merchant"])
    guard let kind = try rule.code("kind", RowKindRule.self) else {
      throw rule.failure("kind", .field(.required), at: try rule.required("kind"))
    }
    let direction = try rule.code("direction", MoneyDirection.self)
    if direction != nil, case .signed(_, .alwaysPositive) = amount {
      throw rule.failure(
        "direction", .directionOfPositiveAmounts, at: try rule.required("direction"))
    }
    let reason = try rule.optionalString("reason")
    if kind == .ignore, reason?.contains(where: { !$0.isWhitespace }) != true {
      throw rule.failure(field: rule.path("reason"), .ignoreWithoutReason, at: rule.position)
    }
    var merchant: MerchantSource?
    if let object = try rule.optionalObject("merchant") {
      try object.refuseUnknown(["column", "part"])
      merchant = MerchantSource(
        column: try requiredColumn(object, "column"),
        part: try object.code("part", MerchantPart.self) ?? .whole)
    }
    return ClassificationRule(
      conditions: try conditions(rule), direction: direction, kind: kind, reason: reason,
      merchant: merchant)
  }
}

extension DefinitionFields {
  /// The value of `key` as one of `Code`'s raw values, case-sensitively as written in the man
  /// page; nil when absent.
  func code<Code: RawRepresentable & CaseIterable>(_ key: String, _: Code.Type)
    throws(InputError) -> Code? where Code.RawValue == String
  {
    try parsed(key, expecting: .oneOf(Code.allCases.map(\.rawValue))) { Code(rawValue: $0) }
  }

  /// A regular expression that `LinearRegex` matches and that has the named `groups`; nil
  /// when absent.
  func pattern(_ key: String, groups: [String]) throws(InputError) -> String? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    let regex = try self.regex(text, key, at: node, ignoresCase: false)
    for group in groups where regex.groupNames[group] == nil {
      throw failure(key, .missingGroup(group), at: node)
    }
    return text
  }
}
