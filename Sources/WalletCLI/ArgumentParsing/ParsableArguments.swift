import WalletCore

// Typed arguments in the manner of swift-argument-parser: a type declares its arguments once, as
// properties wrapped in @Option, @Flag, @Argument and @OptionGroup. The declarations are read
// with `Mirror` from a default instance (`init()`), and the parsed instance is made by the
// `Decodable` initializer the compiler synthesizes, fed by a decoder that hands each property
// the words the parser kept for it. A command's code therefore never names an argument by a
// string, and a declaration the parser cannot honour traps in the first test that parses it.

/// A type whose properties are the arguments of a command, or a group of arguments several
/// commands share: swift-argument-parser's protocol of the same name.
///
/// Every stored property must be wrapped in `@Option`, `@Flag`, `@Argument` or `@OptionGroup`;
/// anything else is a programmer error and traps. Help lists the arguments in the order of the
/// properties.
public protocol ParsableArguments: Decodable, Sendable {
  /// The instance whose properties declare the arguments, before any are parsed.
  init()

  /// Checks the arguments together once every value is converted; a ``ValidationError`` thrown
  /// here is a usage error of the command. Nothing to check by default.
  mutating func validate() throws
}

extension ParsableArguments {
  /// Nothing to check.
  public mutating func validate() throws {}

  /// The declared arguments, in the order help and usage lines show them.
  public static var argumentSpecs: [ArgumentSpec] {
    declaredProperties().flatMap { $0.declared.specs(property: $0.property) }
  }

  /// The arguments a parse of the command line gave, converted to the properties' types and
  /// validated.
  ///
  /// A value that cannot be converted, and a ``ValidationError`` from ``validate()``, become a
  /// ``UsageError`` of the command; a conversion may also throw an error of its own (see
  /// ``ArgumentNamingError``). Reading arguments parsed for another declaration traps.
  public static func parse(_ arguments: ParsedArguments) throws -> Self {
    precondition(
      arguments.command.arguments == argumentSpecs,
      "\(Self.self) does not declare the arguments of '\(arguments.command.name)'")
    do {
      var parsed = try Self(from: ArgumentsDecoder(arguments, for: Self.self))
      try parsed.validate()
      return parsed
    } catch let error as ValidationError {
      throw UsageError(error.problem, commandPath: arguments.commandPath)
    }
  }

  /// Parses `argv` as the arguments of a command called `name` that has no subcommands, for
  /// tests; `--help` is a usage error here, as nothing would show the help.
  static func parse(_ argv: [String], commandName name: String = "command") throws -> Self {
    let parser = CommandLineParser(
      root: CommandSpec(name, abstract: "", arguments: argumentSpecs))
    guard case .run(_, let arguments) = try parser.parse(argv) else {
      throw UsageError(.helpAskedFor, commandPath: [])
    }
    return try parse(arguments)
  }

  /// The properties that declare arguments, by name (without the wrapper's `_`), in order.
  static func declaredProperties() -> [(property: String, declared: any ArgumentProperty)] {
    Mirror(reflecting: Self()).children.map { child in
      guard let label = child.label, label.hasPrefix("_"),
        let declared = child.value as? any ArgumentProperty
      else {
        preconditionFailure(
          "\(Self.self).\(child.label ?? "?") is not an @Option, @Flag, @Argument or @OptionGroup")
      }
      return (String(label.dropFirst()), declared)
    }
  }
}

/// What help says about a command besides its arguments: swift-argument-parser's
/// `CommandConfiguration`, without the name, which the command's place in the tree gives.
public struct CommandConfiguration: Sendable {
  /// One line, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Longer text shown in help under the overview.
  public var discussion: String? {
    get { deferredDiscussion.value }
    set { deferredDiscussion = Deferred(newValue) }
  }
  /// Made when first read: some discussions are made from data (the built-in formats).
  private var deferredDiscussion: Deferred<String?>

  /// Describes a command.
  public init(abstract: String, discussion: @autoclosure @escaping @Sendable () -> String? = nil) {
    self.abstract = abstract
    self.deferredDiscussion = Deferred(discussion)
  }

  /// The declaration of a command called `name` that takes the arguments `Arguments` declares,
  /// both worked out only when help or a parse reads them.
  public func spec<Arguments: ParsableArguments>(
    _ name: String, arguments: Arguments.Type
  ) -> CommandSpec {
    CommandSpec(
      name, abstract: abstract, discussion: deferredDiscussion,
      arguments: Deferred {
        let arguments = Arguments.argumentSpecs
        // The type as well: several commands share a name (`add`, `list`).
        CommandSpec.checkArguments(arguments, at: [name, "\(Arguments.self)"])
        return arguments
      })
  }
}

/// Feeds the synthesized `Decodable` initializer of a ``ParsableArguments`` type: each property
/// is decoded from an ``ArgumentSource`` holding its declaration and the parsed words.
struct ArgumentsDecoder: Decoder {
  let parsed: ParsedArguments
  let declarations: [String: any ArgumentProperty]
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init<Arguments: ParsableArguments>(_ parsed: ParsedArguments, for type: Arguments.Type) {
    self.parsed = parsed
    declarations = Dictionary(uniqueKeysWithValues: Arguments.declaredProperties())
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ArgumentsContainer(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    preconditionFailure("arguments are decoded by property name only")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    preconditionFailure("arguments are decoded by property name only")
  }
}

/// The properties of one ``ParsableArguments`` type, by name.
private struct ArgumentsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ArgumentsDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { decoder.declarations[key.stringValue] != nil }

  func decodeNil(forKey key: Key) throws -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    guard let declared = decoder.declarations[key.stringValue] else { notAnArgument(key) }
    return try T(
      from: ArgumentSource(property: key.stringValue, declared: declared, parsed: decoder.parsed))
  }

  // Only wrapped properties are decoded, and those through the generic method above; the
  // declarations were checked for that before decoding began.
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { notAnArgument(key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { notAnArgument(key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { notAnArgument(key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { notAnArgument(key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { notAnArgument(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { notAnArgument(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { notAnArgument(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { notAnArgument(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { notAnArgument(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { notAnArgument(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { notAnArgument(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { notAnArgument(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { notAnArgument(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { notAnArgument(key) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> { notAnArgument(key) }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    notAnArgument(key)
  }

  func superDecoder() throws -> any Decoder {
    preconditionFailure("argument types are structures, without a superclass")
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { notAnArgument(key) }

  private func notAnArgument(_ key: Key) -> Never {
    preconditionFailure("'\(key.stringValue)' is not an @Option, @Flag, @Argument or @OptionGroup")
  }
}

/// What a property wrapper decodes itself from: its name, its declaration (the wrapper of the
/// default instance) and everything the parser kept.
struct ArgumentSource: Decoder {
  let property: String
  let declared: any ArgumentProperty
  let parsed: ParsedArguments
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(property: String, declared: any ArgumentProperty, parsed: ParsedArguments) {
    self.property = property
    self.declared = declared
    self.parsed = parsed
  }

  /// The source a wrapper is handed; any other decoder (JSON, say) is a programmer error.
  init(_ decoder: any Decoder) {
    guard let source = decoder as? ArgumentSource else {
      preconditionFailure("arguments are only decoded from a command line")
    }
    self = source
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    preconditionFailure("an argument is decoded by its property wrapper")
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    preconditionFailure("an argument is decoded by its property wrapper")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    preconditionFailure("an argument is decoded by its property wrapper")
  }
}
