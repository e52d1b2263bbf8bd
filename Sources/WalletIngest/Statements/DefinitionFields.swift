import WalletCore

/// Reads typed fields out of one JSON object of a format or rules file, so that every
/// complaint names the field by its path (`classification[3].if[0].column`) and points at the
/// offending value's line and column.
struct DefinitionFields {
  /// The object's members.
  let object: JSONObject
  /// Where the object opens: where a missing field is reported.
  let position: JSONPosition
  /// The object's own path followed by a dot, or empty at the top.
  let prefix: String
  /// The file as the user named it.
  let file: String
  /// What the file holds, for "is not a … field" (`format`, `rules`).
  let what: String

  /// The top-level object of `bytes`, or an error when the text is not a JSON object.
  static func root(of bytes: [UInt8], file: String, what: String) throws(InputError)
    -> DefinitionFields
  {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw InputError(
        file: file, line: error.position.line, column: error.position.column,
        message: "not valid JSON: \(error.message)")
    }
    guard case .object(let object) = root.value else {
      throw InputError(
        file: file, line: root.position.line, column: root.position.column,
        message: "a \(what) file is a JSON object, not \(root.shown)")
    }
    try refuseCardNumbers(in: object, prefix: "", file: file)
    return DefinitionFields(
      object: object, position: root.position, prefix: "", file: file, what: what)
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

  /// The path of `key` inside this object.
  func path(_ key: String) -> String { prefix + key }

  /// An error about the value of `key`, at `node`.
  func failure(_ key: String, _ problem: String, at node: JSONNode) -> InputError {
    InputError(
      file: file, line: node.position.line, column: node.position.column,
      message: "field '\(path(key))': \(problem)")
  }

  /// Refuses any key outside `known`, so that a misspelt field is never silently ignored.
  func refuseUnknown(_ known: [String]) throws(InputError) {
    for member in object.members
    where !known.contains(where: { $0.utf8.elementsEqual(member.key.utf8) }) {
      throw InputError(
        file: file, line: member.keyPosition.line, column: member.keyPosition.column,
        message: "field '\(path(ShownValue.unquoted(member.key)))': is not a \(what) field")
    }
  }

  /// The value of `key`, or nil when absent or null.
  func present(_ key: String) -> JSONNode? {
    guard let node = object[key]?.value else { return nil }
    if case .null = node.value { return nil }
    return node
  }

  /// The value of `key`, which must be there.
  func required(_ key: String) throws(InputError) -> JSONNode {
    guard let node = present(key) else {
      throw InputError(
        file: file, line: position.line, column: position.column,
        message: "field '\(path(key))': is required")
    }
    return node
  }

  /// `node` as a string.
  func string(_ node: JSONNode, _ key: String) throws(InputError) -> String {
    guard case .string(let text) = node.value else {
      throw failure(key, "must be a string, not \(node.shown)", at: node)
    }
    return text
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

  /// The string value of `key`, or nil when absent.
  func optionalString(_ key: String) throws(InputError) -> String? {
    guard let node = present(key) else { return nil }
    return try string(node, key)
  }

  /// The boolean value of `key`, or `defaultValue` when absent.
  func bool(_ key: String, default defaultValue: Bool) throws(InputError) -> Bool {
    guard let node = present(key) else { return defaultValue }
    guard case .bool(let flag) = node.value else {
      throw failure(key, "must be true or false, not \(node.shown)", at: node)
    }
    return flag
  }

  /// The nested object of `key`, or nil when absent.
  func optionalObject(_ key: String) throws(InputError) -> DefinitionFields? {
    guard let node = present(key) else { return nil }
    return try nested(node, path: path(key))
  }

  /// `node` as an object whose fields are named under `path`.
  func nested(_ node: JSONNode, path: String) throws(InputError) -> DefinitionFields {
    guard case .object(let object) = node.value else {
      throw InputError(
        file: file, line: node.position.line, column: node.position.column,
        message: "field '\(path)': must be an object, not \(node.shown)")
    }
    return DefinitionFields(
      object: object, position: node.position, prefix: path + ".", file: file, what: what)
  }

  /// The elements of the array `key` with their paths; empty when absent.
  func array(_ key: String) throws(InputError) -> [(node: JSONNode, path: String)] {
    guard let node = present(key) else { return [] }
    guard case .array(let items) = node.value else {
      throw failure(key, "must be an array, not \(node.shown)", at: node)
    }
    return items.enumerated().map { (node: $1, path: "\(path(key))[\($0)]") }
  }

  /// The array `key` of strings; empty when absent.
  func strings(_ key: String) throws(InputError) -> [String] {
    var texts: [String] = []
    for (node, path) in try array(key) {
      guard case .string(let text) = node.value else {
        throw InputError(
          file: file, line: node.position.line, column: node.position.column,
          message: "field '\(path)': must be a string, not \(node.shown)")
      }
      texts.append(text)
    }
    return texts
  }

  /// The objects of the array `key`; empty when absent.
  func objects(_ key: String) throws(InputError) -> [DefinitionFields] {
    var objects: [DefinitionFields] = []
    for (node, path) in try array(key) { objects.append(try nested(node, path: path)) }
    return objects
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
      throw InputError(
        file: file, line: node.position.line, column: node.position.column,
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
