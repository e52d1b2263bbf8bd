import WalletCore

/// The reader of a format or rules file's objects: every complaint is an `InputError` of the
/// file, naming the field by its path (`classification[3].if[0].column`) and pointing at the
/// offending value's line and column. A required field written as null is missing.
typealias DefinitionFields = JSONFieldReader<InputError>

/// What only format and rules files have: a refusal of card numbers anywhere, patterns, and
/// values read by a parser of their own.
extension JSONFieldReader where Failure == InputError {
  /// The top-level object of `bytes`, or an error when the text is not a JSON object or holds a
  /// card number; `what` is what the file holds (`format`, `rules`).
  static func root(of bytes: [UInt8], file: String, what: String) throws(InputError)
    -> DefinitionFields
  {
    let fields = try DefinitionFields.root(
      of: bytes, kind: what, nullIsAbsent: true,
      notAnObject: { "a \(what) file is a JSON object, not \($0)" },
      failure: { field, problem, position in
        InputError(
          file: file, line: position.line, column: position.column,
          message: field.map { "field '\($0)': \(problem)" } ?? problem)
      })
    try refuseCardNumbers(in: fields.object, prefix: "", file: file)
    return fields
  }

  /// Refuses the first text anywhere in the file, value or key, that holds a full card number
  /// (SPEC 6), naming its field. Every text of a format or rules file can end up shown (a
  /// format's id and name in the import's summary, a rule's reason in `--dry-run` and
  /// `explain`) or stored (a format's id in transaction ids, a reason in `origins`), so all are
  /// checked before any is read, whatever field it is and whether or not the field is known.
  private static func refuseCardNumbers(in object: JSONObject, prefix: String, file: String)
    throws(InputError)
  {
    for member in object.members {
      let path = prefix + ShownValue.unquoted(member.key)
      if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: member.key) {
        throw cardNumberFailure(path, lastFour, at: member.keyPosition, file: file)
      }
      try refuseCardNumbers(in: member.value, path: path, file: file)
    }
  }

  private static func refuseCardNumbers(in node: JSONNode, path: String, file: String)
    throws(InputError)
  {
    switch node.value {
    case .string(let text):
      if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text) {
        throw cardNumberFailure(path, lastFour, at: node.position, file: file)
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        try refuseCardNumbers(in: item, path: "\(path)[\(index)]", file: file)
      }
    case .object(let object):
      try refuseCardNumbers(in: object, prefix: path + ".", file: file)
    case .null, .bool, .number:
      break
    }
  }

  private static func cardNumberFailure(
    _ path: String, _ lastFour: String, at position: JSONPosition, file: String
  ) -> InputError {
    InputError(
      file: file, line: position.line, column: position.column,
      message: "field '\(path)': "
        + "holds a full card number (ending \(lastFour)), which wallet never stores or shows")
  }

  /// The string value of `key`, which must be there and not blank.
  func requiredString(_ key: String) throws(InputError) -> String {
    let node = try required(key)
    let text = try string(node, key)
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw failure(key, "must not be blank", at: node)
    }
    return text
  }

  /// The string value of `key` read by `parse`, which returns nil for a value it refuses;
  /// `expectation` says what was wanted.
  func parsed<Value>(
    _ key: String, expecting expectation: String, _ parse: (String) -> Value?
  ) throws(InputError) -> Value? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    guard let value = parse(text) else {
      throw failure(key, "expected \(expectation), not \(ShownValue.quoted(text))", at: node)
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
      // The reader knows its file only through the failures it makes.
      let located = failure(key, "", at: node)
      throw InputError(
        file: located.file, line: located.line, column: located.column,
        problem: .invalidPattern(field: path(key), error))
    }
  }

  /// An exact amount written as a string (`"100.00"`).
  func money(_ key: String) throws(InputError) -> Money? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    do {
      return try Money.parse(text)
    } catch {
      throw failure(key, "\(ShownValue.quoted(text)): \(error.description)", at: node)
    }
  }

  /// A date written `YYYY-MM-DD`.
  func date(_ key: String) throws(InputError) -> CivilDate? {
    guard let node = present(key) else { return nil }
    let text = try string(node, key)
    do {
      return try CivilDate.parse(text)
    } catch {
      throw failure(
        key, "expected a date like 2024-01-31, not \(ShownValue.quoted(text))", at: node)
    }
  }
}
