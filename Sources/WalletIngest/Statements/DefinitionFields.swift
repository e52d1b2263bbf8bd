import WalletCore

/// The reader of a format or rules file's objects: every complaint is an `InputError` of the
/// file, naming the field by its path (`classification[3].if[0].column`) and pointing at the
/// offending value's line and column. A required field written as null is missing.
typealias DefinitionFields = JSONFieldReader<DefinitionProblem, InputError>

/// What is wrong with a field of a format or rules file (wallet-formats(5)), with the offending
/// value as written; the command line words it.
package enum DefinitionProblem: JSONFileProblem, Equatable {
  /// The text is not JSON.
  case syntax(JSONSyntaxError.Kind)
  /// A rule every JSON file of wallet's follows is broken.
  case field(JSONFieldProblem)
  /// A text that must say something is only whitespace.
  case blank
  /// A test's text is empty.
  case empty
  /// A value, written `text`, that is not what the field takes.
  case unexpected(String, expected: DefinitionExpectation)
  /// A pattern outside the syntax `LinearRegex` matches in linear time.
  case pattern(LinearRegexError)
  /// A pattern lacks the named group the field needs.
  case missingGroup(String)
  /// The header lists no column.
  case noHeader
  /// Dates without a year, and no `periodPattern` to give it.
  case needsPeriodPattern
  /// No classification rule.
  case noClassificationRules
  /// A column the header does not list.
  case unknownColumn(String)
  /// An amount given both as one column and as `in` and `out`.
  case columnAndInOut
  /// A rule's direction, where the format's amounts are always positive.
  case directionOfPositiveAmounts
  /// A rule that ignores rows without a reason.
  case ignoreWithoutReason
  /// A test without any of `oneOf`, the test keys.
  case noTest(oneOf: [String])
  /// A test with more than one of `oneOf`, the test keys.
  case severalTests(oneOf: [String])
  /// An amount range whose `max` is below its `min`.
  case maxBelowMin
  /// A date range whose `to` is before its `from`.
  case toBeforeFrom
  /// A skip without a reason.
  case skipWithoutReason
  /// A rule's `then` that sets nothing.
  case thenSetsNothing
  /// An amount, written `text`, that `Money` refuses.
  case amount(String, MoneyError)
  /// A date, written `text`, that is not a real date of the form `YYYY-MM-DD`.
  case malformedDate(String)
}

/// What a field of a format or rules file takes, when its value is not that.
package enum DefinitionExpectation: Equatable, Sendable {
  /// One of these codes, as written in the man page.
  case oneOf([String])
  /// An ISO 4217 currency code.
  case currencyCode
  /// A four-digit merchant category code.
  case merchantCategoryCode
}

/// What only format and rules files have: a refusal of card numbers anywhere, patterns, and
/// values read by a parser of their own.
extension JSONFieldReader where Problem == DefinitionProblem, Failure == InputError {
  /// The top-level object of `bytes`, or an error when the text is not a JSON object or holds a
  /// card number; `kind` is what the file holds (`format`, `rules`).
  static func root(of bytes: [UInt8], file: String, kind: JSONObjectKind) throws(InputError)
    -> DefinitionFields
  {
    let fields = try DefinitionFields.root(
      of: bytes, kind: kind, nullIsAbsent: true,
      failure: { field, problem, position in
        InputError(
          file: file, line: position.line, column: position.column,
          problem: .definition(field: field, problem))
      })
    try fields.refuseCardNumbers(in: fields.object, prefix: "")
    return fields
  }

  /// Refuses the first text anywhere in the file, value or key, that holds a full card number
  /// (SPEC 6), naming its field. Every text of a format or rules file can end up shown (a
  /// format's id and name in the import's summary, a rule's reason in `--dry-run` and
  /// `explain`) or stored (a format's id in transaction ids, a reason in `origins`), so all are
  /// checked before any is read, whatever field it is and whether or not the field is known.
  private func refuseCardNumbers(in object: JSONObject, prefix: String) throws(InputError) {
    for member in object.members {
      let path = prefix + ShownValue.unquoted(member.key)
      if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: member.key) {
        throw failure(field: path, .field(.cardNumber(lastFour: lastFour)), at: member.keyPosition)
      }
      try refuseCardNumbers(in: member.value, path: path)
    }
  }

  private func refuseCardNumbers(in node: JSONNode, path: String) throws(InputError) {
    switch node.value {
    case .string(let text):
      if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text) {
        throw failure(field: path, .field(.cardNumber(lastFour: lastFour)), at: node.position)
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        try refuseCardNumbers(in: item, path: "\(path)[\(index)]")
      }
    case .object(let object):
      try refuseCardNumbers(in: object, prefix: path + ".")
    case .null, .bool, .number:
      break
    }
  }

  /// The string value of `key`, which must be there and not blank.
  func requiredString(_ key: String) throws(InputError) -> String {
    let node = try required(key)
    let text = try string(node, key)
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw failure(key, .blank, at: node)
    }
    return text
  }

  /// The string value of `key` read by `parse`, which returns nil for a value it refuses;
  /// `expectation` says what was wanted.
  func parsed<Value>(
    _ key: String, expecting expectation: DefinitionExpectation, _ parse: (String) -> Value?
  ) throws(InputError) -> Value? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    guard let value = parse(text) else {
      throw failure(key, .unexpected(text, expected: expectation), at: node)
    }
    return value
  }

  /// `text`, the value of `key` at `node`, as a pattern: one outside the syntax `LinearRegex`
  /// matches in linear time (a backreference, a lookaround …) is refused, saying why and at
  /// which of its characters.
  func regex(_ text: String, _ key: String, at node: JSONNode, ignoresCase: Bool)
    throws(InputError) -> LinearRegex
  {
    do {
      return try LinearRegex(text, ignoresCase: ignoresCase)
    } catch {
      throw failure(key, .pattern(error), at: node)
    }
  }

  /// An exact amount written as a string (`"100.00"`).
  func money(_ key: String) throws(InputError) -> Money? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    do {
      return try Money.parse(text)
    } catch {
      throw failure(key, .amount(text, error), at: node)
    }
  }

  /// A date written `YYYY-MM-DD`.
  func date(_ key: String) throws(InputError) -> CivilDate? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    do {
      return try CivilDate.parse(text)
    } catch {
      throw failure(key, .malformedDate(text), at: node)
    }
  }
}
