// The property wrappers a command declares its arguments with, after swift-argument-parser's.
// Each is in one of two states: declared (in the default instance that `Mirror` reads the
// declarations from) or parsed (in the instance the decoder fills, one property at a time).

/// A property wrapper that declares arguments: what `Mirror` finds on a default instance.
protocol ArgumentProperty: Sendable {
  /// The declarations of the property called `property`, in the order help shows them.
  func specs(property: String) -> [ArgumentSpec]
}

/// What a wrapper's initializer says about its argument; the name may wait for the property's.
struct ArgumentDeclaration: Sendable {
  var kind: ArgumentSpec.Kind
  /// The name given explicitly; otherwise the property's name, in kebab case.
  var name: String?
  var short: Character?
  var valueName: String?
  var help: String
  var isRequired: Bool
  var isRepeatable = false
  var defaultValue: String?
  var defaultDescription: String?
  var allowedValues: [String] = []
  /// What shell completion offers, when the type knows more than `allowedValues` says.
  var completionValues: [String] = []

  /// The declaration of the property called `property`.
  func spec(property: String) -> ArgumentSpec {
    let name = self.name ?? Self.kebabCase(property)
    precondition(!name.isEmpty && !name.hasPrefix("-"), "bad argument name '\(name)'")
    return ArgumentSpec(
      kind: kind, name: name, shortName: short, valueName: valueName ?? name, help: help,
      isRequired: isRequired, isRepeatable: isRepeatable, defaultValue: defaultValue,
      defaultDescription: defaultDescription, allowedValues: allowedValues,
      completionValues: completionValues == allowedValues ? [] : completionValues)
  }

  /// `skipInvalid` as `skip-invalid`, the way options are spelt on the command line.
  static func kebabCase(_ property: String) -> String {
    var name = ""
    for character in property {
      if character.isUppercase {
        name += "-" + character.lowercased()
      } else {
        name.append(character)
      }
    }
    return name
  }
}

/// An option that takes a value, `--name <value>`: swift-argument-parser's `@Option`.
///
/// The property's type says how the option is read: a value with a default (`= .primary`) may
/// be left out; a value without one is required; an optional is nil when left out; an array is
/// repeatable and holds every value given, in order. Values are converted by the element type's
/// ``ExpressibleByArgument`` conformance.
@propertyWrapper
public struct Option<Value: Sendable>: Decodable, Sendable, ArgumentProperty {
  private let declaration: ArgumentDeclaration
  private let read: @Sendable (ArgumentSpec, [String]) throws -> Value
  /// The value: the default until parsed; nil for a required option that is not parsed yet.
  private var value: Value?
  private var given: GivenArgument<Value>?

  private init(
    _ declaration: ArgumentDeclaration, value: Value?,
    read: @escaping @Sendable (ArgumentSpec, [String]) throws -> Value
  ) {
    self.declaration = declaration
    self.value = value
    self.read = read
  }

  /// The option's value.
  public var wrappedValue: Value {
    get {
      guard let value else {
        preconditionFailure("a required @Option was read before the command line was parsed")
      }
      return value
    }
    set { value = newValue }
  }

  /// The option as given on the command line, for conversions that need what only the command
  /// knows while it runs.
  public var projectedValue: GivenArgument<Value> {
    guard let given else { preconditionFailure("$option was read before parsing") }
    return given
  }

  /// Reads the option from the command line; only wallet's parser can do that.
  public init(from decoder: any Decoder) throws {
    let source = ArgumentSource(decoder)
    guard let declared = source.declared as? Self else {
      preconditionFailure("'\(source.property)' was declared as another kind of argument")
    }
    let spec = declared.declaration.spec(property: source.property)
    let words = source.parsed.given[spec.name] ?? []
    let value = try declared.read(spec, words)
    self = declared
    self.value = value
    given = GivenArgument(spec: spec, word: words.last, value: value)
  }

  func specs(property: String) -> [ArgumentSpec] {
    [declaration.spec(property: property)]
  }
}

extension Option where Value: ExpressibleByArgument {
  /// An option that may be left out, for `wrappedValue`; help shows it as the default.
  /// `allowedValues` narrows the values the type accepts, e.g. a format without CSV.
  public init(
    wrappedValue: Value, name: String? = nil, short: Character? = nil, valueName: String? = nil,
    help: String, allowedValues: [Value]? = nil
  ) {
    let allowed = allowedValues?.map(\.defaultValueDescription) ?? Value.allValueStrings
    self.init(
      ArgumentDeclaration(
        kind: .option, name: name, short: short, valueName: valueName, help: help,
        isRequired: false, defaultValue: wrappedValue.defaultValueDescription,
        allowedValues: allowed, completionValues: allowedValues == nil ? Value.completionValues : []
      ),
      value: wrappedValue
    ) { spec, words in
      try words.last.map { try spec.convert($0, to: Value.self) } ?? wrappedValue
    }
  }

  /// An option the command cannot run without.
  public init(
    name: String? = nil, short: Character? = nil, valueName: String? = nil, help: String
  ) {
    self.init(
      ArgumentDeclaration(
        kind: .option, name: name, short: short, valueName: valueName, help: help,
        isRequired: true, allowedValues: Value.allValueStrings,
        completionValues: Value.completionValues),
      value: nil
    ) { spec, words in
      guard let word = words.last else {
        preconditionFailure("the parser let '\(spec.label)' be left out")
      }
      return try spec.convert(word, to: Value.self)
    }
  }
}

extension Option {
  /// An option that is nil when left out; `defaultDescription` tells help what happens then.
  /// `completion`, when given, is what shell completion offers in place of the type's values:
  /// for a value the type reads as any text but that is mostly one of a few ids or a file.
  public init<Wrapped: ExpressibleByArgument>(
    name: String? = nil, short: Character? = nil, valueName: String? = nil, help: String,
    defaultDescription: String? = nil, completion: [String]? = nil
  ) where Value == Wrapped? {
    self.init(
      ArgumentDeclaration(
        kind: .option, name: name, short: short, valueName: valueName, help: help,
        isRequired: false, defaultDescription: defaultDescription,
        allowedValues: Wrapped.allValueStrings,
        completionValues: completion ?? Wrapped.completionValues),
      value: .some(nil)
    ) { spec, words in
      try words.last.map { try spec.convert($0, to: Wrapped.self) }
    }
  }

  /// An option that may be given any number of times; its values in command-line order.
  public init<Element: ExpressibleByArgument>(
    name: String? = nil, short: Character? = nil, valueName: String? = nil, help: String
  ) where Value == [Element] {
    self.init(
      ArgumentDeclaration(
        kind: .option, name: name, short: short, valueName: valueName, help: help,
        isRequired: false, isRepeatable: true, allowedValues: Element.allValueStrings,
        completionValues: Element.completionValues),
      value: []
    ) { spec, words in
      try words.map { try spec.convert($0, to: Element.self) }
    }
  }
}

/// A flag, `--name` with no value: swift-argument-parser's `@Flag`. True when given.
@propertyWrapper
public struct Flag: Decodable, Sendable, ArgumentProperty {
  private let declaration: ArgumentDeclaration

  /// Whether the flag was given.
  public var wrappedValue = false

  /// Declares a flag; the name is the property's unless given.
  public init(name: String? = nil, short: Character? = nil, help: String) {
    declaration = ArgumentDeclaration(
      kind: .flag, name: name, short: short, help: help, isRequired: false)
  }

  /// Reads the flag from the command line; only wallet's parser can do that.
  public init(from decoder: any Decoder) throws {
    let source = ArgumentSource(decoder)
    guard let declared = source.declared as? Self else {
      preconditionFailure("'\(source.property)' was declared as another kind of argument")
    }
    self = declared
    wrappedValue = source.parsed.given[declaration.spec(property: source.property).name] != nil
  }

  func specs(property: String) -> [ArgumentSpec] {
    [declaration.spec(property: property)]
  }
}

/// A positional argument, a bare word matched by its place among the others:
/// swift-argument-parser's `@Argument`. Required unless the property is optional.
@propertyWrapper
public struct Argument<Value: Sendable>: Decodable, Sendable, ArgumentProperty {
  private let declaration: ArgumentDeclaration
  private let read: @Sendable (ArgumentSpec, [String]) throws -> Value
  private var value: Value?

  private init(
    _ declaration: ArgumentDeclaration, value: Value?,
    read: @escaping @Sendable (ArgumentSpec, [String]) throws -> Value
  ) {
    self.declaration = declaration
    self.value = value
    self.read = read
  }

  /// The argument's value.
  public var wrappedValue: Value {
    get {
      guard let value else {
        preconditionFailure("a required @Argument was read before the command line was parsed")
      }
      return value
    }
    set { value = newValue }
  }

  /// Reads the argument from the command line; only wallet's parser can do that.
  public init(from decoder: any Decoder) throws {
    let source = ArgumentSource(decoder)
    guard let declared = source.declared as? Self else {
      preconditionFailure("'\(source.property)' was declared as another kind of argument")
    }
    let spec = declared.declaration.spec(property: source.property)
    let value = try declared.read(spec, source.parsed.given[spec.name] ?? [])
    self = declared
    self.value = value
  }

  func specs(property: String) -> [ArgumentSpec] {
    [declaration.spec(property: property)]
  }
}

extension Argument where Value: ExpressibleByArgument {
  /// A positional the command cannot run without; `name` is how messages name it (`<card>`).
  public init(name: String? = nil, valueName: String? = nil, help: String) {
    self.init(
      ArgumentDeclaration(
        kind: .positional, name: name, valueName: valueName, help: help, isRequired: true,
        allowedValues: Value.allValueStrings,
        completionValues: Value.completionValues),
      value: nil
    ) { spec, words in
      guard let word = words.last else {
        preconditionFailure("the parser let '\(spec.label)' be left out")
      }
      return try spec.convert(word, to: Value.self)
    }
  }
}

extension Argument {
  /// A positional that is nil when left out.
  public init<Wrapped: ExpressibleByArgument>(
    name: String? = nil, valueName: String? = nil, help: String
  ) where Value == Wrapped? {
    self.init(
      ArgumentDeclaration(
        kind: .positional, name: name, valueName: valueName, help: help, isRequired: false,
        allowedValues: Wrapped.allValueStrings,
        completionValues: Wrapped.completionValues),
      value: .some(nil)
    ) { spec, words in
      try words.last.map { try spec.convert($0, to: Wrapped.self) }
    }
  }
}

/// Arguments declared once in a ``ParsableArguments`` type and shared by several commands:
/// swift-argument-parser's `@OptionGroup`. Its arguments appear where the property is declared.
@propertyWrapper
public struct OptionGroup<Group: ParsableArguments>: Decodable, Sendable, ArgumentProperty {
  /// The group's arguments.
  public var wrappedValue: Group

  /// Declares the group's arguments here.
  public init() {
    wrappedValue = Group()
  }

  /// Reads and validates the group's arguments; only wallet's parser can do that.
  public init(from decoder: any Decoder) throws {
    let source = ArgumentSource(decoder)
    precondition(source.declared is Self, "'\(source.property)' was declared as another kind")
    wrappedValue = try Group(from: ArgumentsDecoder(source.parsed, for: Group.self))
    try wrappedValue.validate()
  }

  func specs(property: String) -> [ArgumentSpec] {
    Group.argumentSpecs
  }
}

/// What the command line gave for an option: its declaration, the word typed and the value.
public struct GivenArgument<Value: Sendable>: Sendable {
  /// The option's declaration.
  let spec: ArgumentSpec
  /// The word typed, if the option was given.
  let word: String?
  /// The option's value.
  public let value: Value

  /// Converts an optional option's value further, for conversions that need what only the
  /// command knows while it runs (the store's time zone, say): nil when the option was left
  /// out. An error is reported as the parser reports a conversion error, naming the option and
  /// the word typed.
  public func convert<Wrapped, Result>(
    _ transform: (Wrapped) throws -> Result
  ) throws -> Result? where Value == Wrapped? {
    guard let value else { return nil }
    do {
      return try transform(value)
    } catch let error as any ArgumentNamingError {
      throw error.naming(spec.nameInMessages)
    } catch {
      throw spec.invalidValue(word ?? "", error)
    }
  }
}
