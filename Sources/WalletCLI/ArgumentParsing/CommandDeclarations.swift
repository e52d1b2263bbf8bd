import WalletCore

// Wallet's own small stand-in for swift-argument-parser, as packages cannot be fetched in this
// build. Commands declare typed properties (ParsableArguments.swift); those declarations become
// the plain values here, and one tree of them drives parsing (CommandLineParser.swift), help and
// usage errors (HelpRenderer.swift) and the man-page check.

/// A command of the tool, as a value: the replacement for swift-argument-parser's
/// `ParsableCommand` plus its `CommandConfiguration`.
public struct CommandSpec: Sendable, Equatable {
  /// The word typed on the command line (`card`); for the root, the program name (`wallet`).
  public var name: String
  /// One line, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Longer text shown in help under the overview, already split into lines or paragraphs.
  public var discussion: String? {
    get { deferredDiscussion.value }
    set { deferredDiscussion = Deferred(newValue) }
  }
  /// Options, flags and positionals, in the order help and usage lines show them.
  public var arguments: [ArgumentSpec] {
    get { deferredArguments.value }
    set { deferredArguments = Deferred(newValue) }
  }
  /// Nested commands; a command with subcommands takes no arguments of its own.
  public var subcommands: [CommandSpec]
  /// Extra words that stand for a path of subcommands below this command.
  public var aliases: [CommandAlias]

  // Worked out when first read: a run reads only its own command's, and working out every
  // command's (reflection over each one's properties) took half of a short command's start.
  private var deferredDiscussion: Deferred<String?>
  private var deferredArguments: Deferred<[ArgumentSpec]>

  /// Declares a command; only `name` and `abstract` are needed for a leaf without arguments.
  public init(
    _ name: String,
    abstract: String,
    discussion: String? = nil,
    arguments: [ArgumentSpec] = [],
    subcommands: [CommandSpec] = [],
    aliases: [CommandAlias] = []
  ) {
    self.init(
      name, abstract: abstract, discussion: Deferred(discussion),
      arguments: Deferred(arguments), subcommands: subcommands, aliases: aliases)
  }

  /// Declares a command whose discussion and arguments are worked out when first read.
  init(
    _ name: String, abstract: String, discussion: Deferred<String?>,
    arguments: Deferred<[ArgumentSpec]>, subcommands: [CommandSpec] = [],
    aliases: [CommandAlias] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.deferredDiscussion = discussion
    self.deferredArguments = arguments
    self.subcommands = subcommands
    self.aliases = aliases
  }

  /// Whether the arguments are worked out already.
  var argumentsAreKnown: Bool { deferredArguments.isMade }

  /// Traps on arguments no parser can tell apart: two of one name, or a repeatable positional
  /// before another.
  static func checkArguments(_ arguments: [ArgumentSpec], at path: [String]) {
    let names = arguments.map(\.name)
    precondition(Set(names).count == names.count, "Duplicate argument names in \(path)")
    let positionals = arguments.filter { $0.kind == .positional }
    precondition(
      positionals.dropLast().allSatisfy { !$0.isRepeatable },
      "Only the last positional may be repeatable: \(path)")
  }

  /// Whether two declarations say the same, their deferred parts worked out to compare.
  public static func == (left: CommandSpec, right: CommandSpec) -> Bool {
    left.name == right.name && left.abstract == right.abstract
      && left.discussion == right.discussion && left.arguments == right.arguments
      && left.subcommands == right.subcommands && left.aliases == right.aliases
  }
}

/// A word that stands for a path of subcommands, e.g. `enroll` for `enrollment add`.
public struct CommandAlias: Sendable, Equatable {
  /// The word typed on the command line.
  public var name: String
  /// The subcommand path it resolves to, relative to the command that declares the alias.
  public var target: [String]

  /// Declares `name` as another spelling of the subcommand path `target`.
  public init(_ name: String, for target: [String]) {
    self.name = name
    self.target = target
  }
}

/// One option, flag or positional argument of a command: the replacement for
/// swift-argument-parser's `@Option`, `@Flag` and `@Argument`.
public struct ArgumentSpec: Sendable, Equatable {
  /// What kind of argument this is, which decides how the parser reads it.
  public enum Kind: Sendable, Equatable {
    /// `--name <value>` or `--name=<value>`.
    case option
    /// `--name`, with no value.
    case flag
    /// A bare word, matched to declared positionals in order.
    case positional
  }

  /// How the argument is given on the command line.
  public var kind: Kind
  /// The long name without dashes (`out` for `--out`); for a positional, only the key for lookups.
  public var name: String
  /// The single-letter short name (`o` for `-o`), if any; positionals have none.
  public var shortName: Character?
  /// The placeholder shown in help and errors, without angle brackets (`file` in `<file>`).
  public var valueName: String
  /// The help text, wrapped by the help renderer.
  public var help: String
  /// Whether the command cannot run without it; flags are never required.
  public var isRequired: Bool
  /// Whether it may be given more than once; values are kept in command-line order.
  public var isRepeatable: Bool
  /// The value used when the argument is absent; shown in help as `(default: …)`.
  public var defaultValue: String?
  /// Shown in help as `(default: …)` instead of `defaultValue`, for defaults computed at run time.
  public var defaultDescription: String?
  /// The only values accepted, when not empty; anything else is a usage error listing them.
  public var allowedValues: [String]
  /// The values shell completion offers besides `allowedValues`, when the type has a list of
  /// them that the parser does not enforce (the codes of a code list, which it reads in any
  /// case and by aliases too).
  public var completionValues: [String] = []

  /// Declares an option that takes a value: `--out <file>`, `--out=<file>` or `-o <file>`.
  public static func option(
    _ name: String,
    short: Character? = nil,
    valueName: String? = nil,
    help: String,
    required: Bool = false,
    repeatable: Bool = false,
    defaultValue: String? = nil,
    defaultDescription: String? = nil,
    allowedValues: [String] = []
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .option, name: name, shortName: short, valueName: valueName ?? name, help: help,
      isRequired: required, isRepeatable: repeatable, defaultValue: defaultValue,
      defaultDescription: defaultDescription, allowedValues: allowedValues)
  }

  /// Declares a flag that takes no value: `--force` or `-f`.
  public static func flag(
    _ name: String, short: Character? = nil, help: String, repeatable: Bool = false
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .flag, name: name, shortName: short, valueName: name, help: help, isRequired: false,
      isRepeatable: repeatable, defaultValue: nil, defaultDescription: nil, allowedValues: [])
  }

  /// Declares a positional argument; a repeatable one must come last and takes all the rest.
  public static func positional(
    _ name: String,
    valueName: String? = nil,
    help: String,
    required: Bool = true,
    repeatable: Bool = false,
    allowedValues: [String] = []
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .positional, name: name, shortName: nil, valueName: valueName ?? name, help: help,
      isRequired: required, isRepeatable: repeatable, defaultValue: nil, defaultDescription: nil,
      allowedValues: allowedValues)
  }
}

extension ArgumentSpec {
  /// How errors and usage lines name the argument: `--out <file>`, `--force` or `<file>`.
  var label: String {
    switch kind {
    case .option: return "--\(name) <\(valueName)>"
    case .flag: return "--\(name)"
    case .positional: return "<\(valueName)>"
    }
  }
}

extension CommandSpec {
  /// The `help` subcommand every tool gets, as swift-argument-parser adds it too.
  static let builtInHelp = CommandSpec(
    "help",
    abstract: "Show subcommand help information.",
    arguments: [
      .positional(
        "subcommands", help: "The subcommand to show help for.", required: false, repeatable: true)
    ])

  /// The subcommand or alias called `word` directly below this command, as a path relative to it.
  func subcommandPath(named word: String) -> [String]? {
    if subcommands.contains(where: { $0.name == word }) { return [word] }
    return aliases.first(where: { $0.name == word })?.target
  }

  /// The first declaration of an argument called `name`, in this command or below it.
  func firstArgument(named name: String) -> ArgumentSpec? {
    arguments.first { $0.name == name }
      ?? subcommands.lazy.compactMap { $0.firstArgument(named: name) }.first
  }

  /// The command at `path` below this one, following subcommand names only (not aliases).
  func descendant(at path: [String]) -> CommandSpec? {
    var command = self
    for word in path {
      guard let next = command.subcommands.first(where: { $0.name == word }) else { return nil }
      command = next
    }
    return command
  }
}
