/// Reads typed fields out of one object of a JSON document, naming each offending field by its
/// path (`tiers.wallet[2]`, `classification[3].if[0].column`) and pointing at the offending value
/// in every error, so that a user can find what to fix.
///
/// One reader for every JSON file wallet reads — promotions, payment requests, statement formats
/// and rules files — so that all of them treat absent and null fields, unknown fields and wrong
/// types alike. Each decoder throws its own error type, which `failure` makes; what only one
/// kind of file has (reward tiers, amounts of a currency, patterns) is an extension beside its
/// decoder.
package struct JSONFieldReader<Failure: Error> {
  /// Makes an error about the field at a path (nil: the whole document) with what is wrong,
  /// located at a position of the text.
  package typealias MakeFailure = (_ field: String?, _ problem: String, _ position: JSONPosition)
    -> Failure

  /// The object's members.
  package let object: JSONObject
  /// Where the object opens: where a missing field is reported.
  package let position: JSONPosition
  /// The object's own path followed by a dot, or empty at the top.
  package let prefix: String
  /// What the object is, for "is not a … field" (`promotion`, `summary item`, `format`).
  package let kind: String
  /// Whether a required field written as null is reported as missing ("is required", at the
  /// object), as format and rules files do, rather than as "is required, not null" at the null.
  package let nullIsAbsent: Bool
  /// Makes the decoder's errors.
  package let makeFailure: MakeFailure

  /// A reader of `object`, which opens at `position` and whose fields are named after `prefix`.
  package init(
    object: JSONObject, position: JSONPosition, prefix: String = "", kind: String,
    nullIsAbsent: Bool = false, failure: @escaping MakeFailure
  ) {
    self.object = object
    self.position = position
    self.prefix = prefix
    self.kind = kind
    self.nullIsAbsent = nullIsAbsent
    self.makeFailure = failure
  }

  /// The reader of the top-level object of `bytes` (a leading BOM is accepted);
  /// `notAnObject` says what the document must be, given what the text holds instead
  /// (`a promotion is a JSON object, not an array`).
  package static func root(
    of bytes: [UInt8], kind: String, nullIsAbsent: Bool = false,
    notAnObject: (_ shown: String) -> String, failure: @escaping MakeFailure
  ) throws(Failure) -> JSONFieldReader {
    let root: JSONNode
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw failure(nil, "not valid JSON: \(error.message)", error.position)
    }
    guard case .object(let object) = root.value else {
      throw failure(nil, notAnObject(root.shown), root.position)
    }
    return JSONFieldReader(
      object: object, position: root.position, kind: kind, nullIsAbsent: nullIsAbsent,
      failure: failure)
  }

  /// The path of `key` inside this object.
  package func path(_ key: String) -> String { prefix + key }

  /// An error about the value of `key`, at `node`.
  package func failure(_ key: String, _ problem: String, at node: JSONNode) -> Failure {
    makeFailure(path(key), problem, node.position)
  }

  /// An error about the field at the whole `path` (not relative to this object), at `position`.
  package func failure(field path: String, _ problem: String, at position: JSONPosition)
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
        path(ShownValue.unquoted(member.key)), "is not a \(kind) field", member.keyPosition)
    }
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
      throw makeFailure(path(key), "is required", position)
    }
    if case .null = member.value.value {
      throw nullIsAbsent
        ? makeFailure(path(key), "is required", position)
        : failure(key, "is required, not null", at: member.value)
    }
    return member.value
  }

  /// `node`, the value of `key`, as a string.
  package func string(_ node: JSONNode, _ key: String) throws(Failure) -> String {
    guard case .string(let text) = node.value else {
      throw failure(key, "must be a string, not \(node.shown)", at: node)
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
      throw failure(key, "must be true or false, not \(node.shown)", at: node)
    }
    return flag
  }

  /// A reader of `object`, which opens at `position`, with its fields named under `path`.
  package func reader(
    of object: JSONObject, at position: JSONPosition, path: String, kind: String? = nil
  ) -> JSONFieldReader {
    JSONFieldReader(
      object: object, position: position, prefix: path + ".", kind: kind ?? self.kind,
      nullIsAbsent: nullIsAbsent, failure: makeFailure)
  }

  /// `node` as an object whose fields are named under `path`.
  package func nested(_ node: JSONNode, path: String, kind: String? = nil) throws(Failure)
    -> JSONFieldReader
  {
    guard case .object(let object) = node.value else {
      throw makeFailure(path, "must be an object, not \(node.shown)", node.position)
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
      throw failure(key, "must be an array, not \(node.shown)", at: node)
    }
    return items.enumerated().map { (node: $1, path: "\(path(key))[\($0)]") }
  }

  /// The array `key` of strings; empty when absent or null.
  package func strings(_ key: String) throws(Failure) -> [String] {
    var texts: [String] = []
    for (node, path) in try array(key) {
      guard case .string(let text) = node.value else {
        throw makeFailure(path, "must be a string, not \(node.shown)", node.position)
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
