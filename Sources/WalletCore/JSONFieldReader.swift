/// Reads typed fields out of one object of a JSON document, naming each offending field by its
/// path (`tiers.wallet[2]`, `classification[3].if[0].column`) and pointing at the offending value
/// in every error, so that a user can find what to fix.
///
/// One reader for every JSON file wallet reads — promotions, payment requests, statement formats
/// and rules files — so that all of them treat absent and null fields, unknown fields and wrong
/// types alike. Each decoder has its own family of problems (`Problem`), which holds the
/// reader's own (`JSONFieldProblem`) and the text's (`JSONSyntaxError`), and its own error type,
/// which `failure` makes; what only one kind of file has (reward tiers, amounts of a currency,
/// patterns) is an extension beside its decoder.
package struct JSONFieldReader<Problem: JSONFileProblem, Failure: Error> {
  /// Makes an error about the field at a path (nil: the whole document) with what is wrong,
  /// located at a position of the text.
  package typealias MakeFailure = (
    _ field: String?, _ problem: Problem, _ position: JSONPosition
  ) -> Failure

  /// The object's members.
  package let object: JSONObject
  /// Where the object opens: where a missing field is reported.
  package let position: JSONPosition
  /// The object's own path followed by a dot, or empty at the top.
  package let prefix: String
  /// What the object is, for an unknown field's error.
  package let kind: JSONObjectKind
  /// Whether a required field written as null is reported as missing (at the object), as
  /// format and rules files do, rather than as a null where a value is required (at the null).
  package let nullIsAbsent: Bool
  /// Makes the decoder's errors.
  package let makeFailure: MakeFailure

  /// A reader of `object`, which opens at `position` and whose fields are named after `prefix`.
  package init(
    object: JSONObject, position: JSONPosition, prefix: String = "", kind: JSONObjectKind,
    nullIsAbsent: Bool = false, failure: @escaping MakeFailure
  ) {
    self.object = object
    self.position = position
    self.prefix = prefix
    self.kind = kind
    self.nullIsAbsent = nullIsAbsent
    self.makeFailure = failure
  }

  /// The reader of the top-level object of `bytes` (a leading BOM is accepted), which must be
  /// a JSON object: the document of `kind`.
  package static func root(
    of bytes: [UInt8], kind: JSONObjectKind, nullIsAbsent: Bool = false,
    failure: @escaping MakeFailure
  ) throws(Failure) -> JSONFieldReader {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw failure(nil, .syntax(error.kind), error.position)
    }
    guard case .object(let object) = root.value else {
      throw failure(nil, .field(.notAnObject(kind, found: root.kind)), root.position)
    }
    return JSONFieldReader(
      object: object, position: root.position, kind: kind, nullIsAbsent: nullIsAbsent,
      failure: failure)
  }

  /// The path of `key` inside this object.
  package func path(_ key: String) -> String { prefix + key }

  /// An error about the value of `key`, at `node`.
  package func failure(_ key: String, _ problem: Problem, at node: JSONNode) -> Failure {
    makeFailure(path(key), problem, node.position)
  }

  /// An error about the field at the whole `path` (not relative to this object), at `position`.
  package func failure(field path: String, _ problem: Problem, at position: JSONPosition)
    -> Failure
  {
    makeFailure(path, problem, position)
  }

  /// Refuses any key outside `known`, so that a misspelt field is never silently ignored.
  package func refuseUnknown(_ known: some Collection<String>) throws(Failure) {
    // Compared byte for byte: `Set<String>` would match a key that is only canonically
    // equivalent to a field name.
    for member in object.members
    where !known.contains(where: { $0.utf8.elementsEqual(member.key.utf8) }) {
      throw makeFailure(
        path(ShownValue.unquoted(member.key)), .field(.unknownField(of: kind)),
        member.keyPosition)
    }
  }

  /// Refuses a string field that holds a full card number, naming it by its last four digits:
  /// what a file names is stored and shown, and wallet never keeps a card number (SPEC 6).
  package func refuseCardNumber(in key: String) throws(Failure) {
    guard let node = present(key), case .string(let text) = node.value else { return }
    try refuseCardNumber(text, key, at: node)
  }

  /// Refuses `text`, the value of `key` at `node`, when it holds a full card number.
  package func refuseCardNumber(_ text: String, _ key: String, at node: JSONNode)
    throws(Failure)
  {
    guard let lastFour = CardNumberGuard.lastFourOfCardNumber(in: text) else { return }
    throw failure(key, .field(.cardNumber(lastFour: lastFour)), at: node)
  }

  /// The value of `key`, or nil when absent or null (both mean "use the default").
  package func present(_ key: String) -> JSONNode? {
    guard let node = object[key]?.value else { return nil }
    if case .null = node.value { return nil }
    return node
  }

  /// The value of `key`, which must be there and not null.
  package func required(_ key: String) throws(Failure) -> JSONNode {
    guard let member = object[key] else {
      throw makeFailure(path(key), .field(.required), position)
    }
    if case .null = member.value.value {
      throw nullIsAbsent
        ? makeFailure(path(key), .field(.required), position)
        : failure(key, .field(.requiredNotNull), at: member.value)
    }
    return member.value
  }

  /// `node`, the value of `key`, as a string.
  package func string(_ node: JSONNode, _ key: String) throws(Failure) -> String {
    guard case .string(let text) = node.value else {
      throw failure(key, .field(.mustBeString(found: node.kind)), at: node)
    }
    return text
  }

  /// The string value of `key`, which must be there, and where it is.
  package func requiredStringWithNode(_ key: String) throws(Failure)
    -> (text: String, node: JSONNode)
  {
    let node = try required(key)
    return (try string(node, key), node)
  }

  /// The string value of `key` and where it is, or nil when absent or null.
  package func optionalStringWithNode(_ key: String) throws(Failure)
    -> (text: String, node: JSONNode)?
  {
    guard let node = present(key) else { return nil }
    return (try string(node, key), node)
  }

  /// The string value of `key`, or nil when absent or null.
  package func optionalString(_ key: String) throws(Failure) -> String? {
    try optionalStringWithNode(key)?.text
  }

  /// The boolean value of `key`, or `defaultValue` when absent or null.
  package func bool(_ key: String, default defaultValue: Bool) throws(Failure) -> Bool {
    guard let node = present(key) else { return defaultValue }
    guard case .bool(let flag) = node.value else {
      throw failure(key, .field(.mustBeBool(found: node.kind)), at: node)
    }
    return flag
  }

  /// A reader of `object`, which opens at `position`, with its fields named under `path`.
  package func reader(
    of object: JSONObject, at position: JSONPosition, path: String, kind: JSONObjectKind? = nil
  ) -> JSONFieldReader {
    JSONFieldReader(
      object: object, position: position, prefix: path + ".", kind: kind ?? self.kind,
      nullIsAbsent: nullIsAbsent, failure: makeFailure)
  }

  /// `node` as an object whose fields are named under `path`.
  package func nested(_ node: JSONNode, path: String, kind: JSONObjectKind? = nil)
    throws(Failure) -> JSONFieldReader
  {
    guard case .object(let object) = node.value else {
      throw makeFailure(path, .field(.mustBeObject(found: node.kind)), node.position)
    }
    return reader(of: object, at: node.position, path: path, kind: kind)
  }

  /// The nested object of `key`, or nil when absent or null.
  package func optionalObject(_ key: String) throws(Failure) -> JSONFieldReader? {
    guard let node = present(key) else { return nil }
    return try nested(node, path: path(key))
  }

  /// The elements of the array `key` with their paths; empty when absent or null.
  package func array(_ key: String) throws(Failure) -> [(node: JSONNode, path: String)] {
    guard let node = present(key) else { return [] }
    guard case .array(let items) = node.value else {
      throw failure(key, .field(.mustBeArray(found: node.kind)), at: node)
    }
    return items.enumerated().map { (node: $1, path: "\(path(key))[\($0)]") }
  }

  /// The array `key` of strings; empty when absent or null.
  package func strings(_ key: String) throws(Failure) -> [String] {
    var texts: [String] = []
    for (node, path) in try array(key) {
      guard case .string(let text) = node.value else {
        throw makeFailure(path, .field(.mustBeString(found: node.kind)), node.position)
      }
      texts.append(text)
    }
    return texts
  }

  /// The objects of the array `key`; empty when absent or null.
  package func objects(_ key: String) throws(Failure) -> [JSONFieldReader] {
    var objects: [JSONFieldReader] = []
    for (node, path) in try array(key) { objects.append(try nested(node, path: path)) }
    return objects
  }
}

/// A decoder's family of problems with its kind of file: its own cases, and those of the text
/// and of the reader, which every family holds alike.
package protocol JSONFileProblem: Sendable {
  /// The text is not JSON.
  static func syntax(_ kind: JSONSyntaxError.Kind) -> Self
  /// A field breaks one of the reader's rules, or the document is not an object.
  static func field(_ problem: JSONFieldProblem) -> Self
}

/// What `JSONFieldReader` finds wrong with a field, or with the document as a whole: the same
/// rules for every kind of file. The values are kept as read; the command line words them.
public enum JSONFieldProblem: Equatable, Sendable {
  /// The document is not an object: a document of `kind` is.
  case notAnObject(JSONObjectKind, found: JSONKind)
  /// The object, of `of`, has no such field.
  case unknownField(of: JSONObjectKind)
  /// The field is missing.
  case required
  /// The field is null where a value is required.
  case requiredNotNull
  /// The field is not a string.
  case mustBeString(found: JSONKind)
  /// The field is not `true` or `false`.
  case mustBeBool(found: JSONKind)
  /// The field is not an object.
  case mustBeObject(found: JSONKind)
  /// The field is not an array.
  case mustBeArray(found: JSONKind)
  /// A text holds a full card number, which wallet never stores or shows.
  case cardNumber(lastFour: String)
}

/// The kinds of object whose fields `JSONFieldReader` reads: what an unknown field is not a
/// field of, and what a document must be.
public enum JSONObjectKind: Equatable, Sendable {
  /// A promotion file.
  case promotion
  /// A payment request file.
  case paymentRequest
  /// One of a payment request's summary items.
  case summaryItem
  /// A statement format file.
  case format
  /// A rules file of a statement import.
  case rules
}

/// A JSON value as an error names it after "not": its kind, and a scalar's text as written.
public enum JSONKind: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as written.
  case number(String)
  /// A string.
  case string(String)
  /// An array.
  case array
  /// An object.
  case object
}

extension JSONNode {
  /// The value as an error names it: arrays and objects by their kind only, since they cannot
  /// be shown whole.
  package var kind: JSONKind {
    switch value {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .number(let text): .number(text)
    case .string(let text): .string(text)
    case .array: .array
    case .object: .object
    }
  }
}
