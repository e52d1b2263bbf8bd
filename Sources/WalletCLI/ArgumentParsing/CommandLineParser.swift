/// Parses `argv` against a tree of ``CommandSpec`` declarations: wallet's replacement for
/// swift-argument-parser's `parseAsRoot`. It only parses; the caller prints help, versions and
/// errors and chooses exit codes, so every outcome can be tested without a process.
public struct CommandLineParser: Sendable {
  /// The root command (the program), with the built-in `help` subcommand added.
  public let root: CommandSpec
  /// The version printed for `--version` at the root; without one, `--version` is an unknown option.
  public let version: String?
  /// Options the program reads before parsing (wallet's `--lang`), listed in the root's help:
  /// each a label and its help.
  public var globalOptions: [(label: String, help: String)] = []
  /// The names of options, declared by the commands that take them, that may also stand before
  /// the subcommand (wallet's `db`), as `git -C` does: `wallet --db s.sqlite card list` is
  /// `wallet card list --db s.sqlite`.
  public let optionsBeforeSubcommand: [String]

  /// Checks the declarations (a mistake there is a programmer error) and adds `help` to the
  /// root. Each of `optionsBeforeSubcommand` must be an option some command declares.
  public init(root: CommandSpec, version: String? = nil, optionsBeforeSubcommand: [String] = []) {
    var root = root
    if !root.subcommands.isEmpty && root.subcommandPath(named: "help") == nil {
      root.subcommands.append(.builtInHelp)
    }
    Self.check(root, at: [])
    for name in optionsBeforeSubcommand {
      precondition(
        root.firstArgument(named: name)?.kind == .option, "no command declares the option --\(name)"
      )
    }
    self.root = root
    self.version = version
    self.optionsBeforeSubcommand = optionsBeforeSubcommand
  }

  /// Whether `help` is ours rather than a command the tool declared itself.
  private var hasBuiltInHelp: Bool { root.descendant(at: ["help"]) == .builtInHelp }

  /// The command at a resolved path, e.g. `["card", "add"]`; `[]` is the root.
  public func command(at path: [String]) -> CommandSpec {
    guard let command = root.descendant(at: path) else {
      preconditionFailure("No command at path \(path)")
    }
    return command
  }

  /// Parses the arguments after the program name.
  ///
  /// Subcommands are resolved from the leading words; `-h`/`--help` anywhere before `--` asks for
  /// help on the command resolved so far, and a command with subcommands invoked without one
  /// asks for its help too. Help wins over an unknown option, but not over a word that names no
  /// subcommand: `wallet --help frob` is the same mistake as `wallet help frob`. `--version`
  /// (or `-V`) takes no arguments. An option of `optionsBeforeSubcommand` may stand among the
  /// words that lead to the command (see `parseLeaf`).
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
    let wantsHelp = arguments.prefix(while: { $0 != "--" }).contains(where: Self.isHelp)
    var path: [String] = []
    var command = root
    var index = arguments.startIndex
    // The options given before the subcommand, with their values, as typed.
    var leading: [String] = []
    while !command.subcommands.isEmpty {
      guard index < arguments.endIndex else { return .help(path) }
      let word = arguments[index]
      index += 1
      if Self.isHelp(word) { continue }
      if let name = leadingOptionName(in: word) {
        leading.append(word)
        guard !word.contains("=") else { continue }
        // The value, unless what follows is clearly another option, as after a command.
        guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
          if wantsHelp { return .help(path) }
          let label = root.firstArgument(named: name)?.label ?? word
          throw UsageError(.missingValue(label), commandPath: path)
        }
        leading.append(arguments[index])
        index += 1
        continue
      }
      if path.isEmpty, version != nil, word == "--version" || word == "-V" {
        if wantsHelp { return .help(path) }
        if index < arguments.endIndex { throw Self.afterVersion(arguments[index]) }
        if let option = leading.first.map(Self.optionSpelling) {
          throw UsageError(
            .notTakenBy(option: option, command: "\(root.name) \(word)"), commandPath: [])
        }
        return .version
      }
      if let relative = command.subcommandPath(named: word) {
        path += relative
        command = self.command(at: path)
        continue
      }
      let isOption = word.hasPrefix("-") && word != "-"
      // Help wins over a mistake in the options after it, as with swift-argument-parser; a
      // stray word would otherwise show help for a command that was not asked for.
      if wantsHelp && isOption { return .help(path) }
      if word == "--" { throw UsageError(.unexpectedArgument(word), commandPath: path) }
      if isOption {
        let known = ["help"] + (path.isEmpty && version != nil ? ["version"] : [])
        throw Self.unknownOption(word, known: known, path: path)
      }
      throw Self.unknownSubcommand(word, of: command, path: path)
    }
    // Asking for help runs nothing: an option before the subcommand is no mistake there.
    if wantsHelp { return .help(path) }
    let words = Array(arguments[index...])
    if path == ["help"] && hasBuiltInHelp {
      let parsed = try Self.parseArguments(words, of: command, path: path)
      return .help(try helpTopic(parsed.given["subcommands"] ?? []))
    }
    return .run(path, try parseLeaf(words, leading: leading, of: command, path: path))
  }

  /// The name of the option of `optionsBeforeSubcommand` that `word` gives (`--db`, `--db=x`).
  private func leadingOptionName(in word: String) -> String? {
    optionsBeforeSubcommand.first { word == "--\($0)" || word.hasPrefix("--\($0)=") }
  }

  /// `--db` of `--db` or `--db=x`.
  private static func optionSpelling(_ word: String) -> String {
    String(word.prefix { $0 != "=" })
  }

  /// Reads a leaf command's words as if the options given before its path, `leading` (as
  /// typed), came first after it. The command must take each of them: a store option before a
  /// command that uses no store (`wallet --db s.sqlite batch`) is a usage error, as it is after
  /// the command and as swift-argument-parser makes any option a command does not declare, since
  /// accepting it would let the user believe the command used that store. One given both before
  /// and after is a usage error naming it, rather than one of the two silently winning.
  private func parseLeaf(
    _ words: [String], leading: [String], of command: CommandSpec, path: [String]
  ) throws(UsageError) -> ParsedArguments {
    guard !leading.isEmpty else { return try Self.parseArguments(words, of: command, path: path) }
    let names = leading.compactMap(leadingOptionName(in:))
    for name in names where !command.arguments.contains(where: { $0.name == name }) {
      let typed = ([root.name] + path).joined(separator: " ")
      throw UsageError(.notTakenBy(option: "--\(name)", command: typed), commandPath: path)
    }
    let after = try Self.parseArguments(words, of: command, path: path)
    if let name = names.first(where: { after.given[$0] != nil }) {
      throw UsageError(.givenBeforeAndAfterSubcommand("--\(name)"), commandPath: path)
    }
    return try Self.parseArguments(leading + words, of: command, path: path)
  }

  /// Resolves the words after `wallet help` to the command they name, following aliases.
  private func helpTopic(_ words: [String]) throws(UsageError) -> [String] {
    var path: [String] = []
    for word in words {
      let command = self.command(at: path)
      if command.subcommands.isEmpty {
        throw UsageError(.unexpectedArgument(word), commandPath: ["help"])
      }
      guard let relative = command.subcommandPath(named: word) else {
        throw Self.unknownSubcommand(word, of: command, path: path)
      }
      path += relative
    }
    return path
  }

  private static func isHelp(_ word: String) -> Bool { word == "-h" || word == "--help" }

  /// The error for an argument after `--version`, which takes none: ignoring it would print a
  /// version and exit 0 for a command line that was meant to do something else.
  private static func afterVersion(_ word: String) -> UsageError {
    if word.hasPrefix("-") && word != "-" && word != "--" && word != "--version" && word != "-V" {
      return unknownOption(word, known: ["help", "version"], path: [])
    }
    return UsageError(.unexpectedArgument(word), commandPath: [])
  }

  /// Reads the options, flags and positionals of a leaf command.
  private static func parseArguments(
    _ words: [String], of command: CommandSpec, path: [String]
  ) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments(commandPath: path, command: command)
    var positionals: [String] = []
    var onlyPositionals = false
    var index = words.startIndex
    while index < words.endIndex {
      let word = words[index]
      index += 1
      if onlyPositionals || !looksLikeOption(word) {
        positionals.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      let typed = String(word.prefix(while: { $0 != "=" }))
      let inline = typed.count < word.count ? String(word.dropFirst(typed.count + 1)) : nil
      guard let spec = command.arguments.first(where: { matches(typed, $0) }) else {
        let known = command.arguments.filter { $0.kind != .positional }.map(\.name) + ["help"]
        throw unknownOption(typed, known: known, path: path)
      }
      if !spec.isRepeatable && parsed.given[spec.name] != nil {
        throw UsageError(.repeatedOption(spec.name), commandPath: path)
      }
      if spec.kind == .flag {
        if inline != nil {
          throw UsageError(.flagWithValue(typed), commandPath: path)
        }
        parsed.given[spec.name, default: []].append("")
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if index < words.endIndex, canBeValue(words[index], in: command) {
        value = words[index]
        index += 1
      } else {
        throw UsageError(.missingValue("\(typed) <\(spec.valueName)>"), commandPath: path)
      }
      try checkAllowed(value, for: spec, path: path)
      parsed.given[spec.name, default: []].append(value)
    }
    try assign(positionals, to: &parsed, of: command, path: path)
    for spec in command.arguments
    where spec.kind == .option && spec.isRequired && parsed.given[spec.name] == nil {
      throw UsageError(.missingArgument(spec.label), commandPath: path)
    }
    return parsed
  }

  /// Hands bare words to the declared positionals in order; a repeatable one takes the rest.
  private static func assign(
    _ words: [String], to parsed: inout ParsedArguments, of command: CommandSpec, path: [String]
  ) throws(UsageError) {
    var remaining = words[...]
    for spec in command.arguments where spec.kind == .positional {
      let taken = spec.isRepeatable ? Array(remaining) : Array(remaining.prefix(1))
      remaining = remaining.dropFirst(taken.count)
      if taken.isEmpty {
        if spec.isRequired {
          throw UsageError(.missingArgument(spec.label), commandPath: path)
        }
        continue
      }
      for value in taken { try checkAllowed(value, for: spec, path: path) }
      parsed.given[spec.name] = taken
    }
    if let extra = remaining.first {
      throw UsageError(.unexpectedArgument(extra), commandPath: path)
    }
  }

  /// A lone `-` (stdin/stdout) and negative numbers are values, not options.
  private static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-" && !(word.dropFirst().first?.isNumber ?? false)
  }

  private static func matches(_ typed: String, _ spec: ArgumentSpec) -> Bool {
    guard spec.kind != .positional else { return false }
    if typed == "--\(spec.name)" { return true }
    guard let short = spec.shortName else { return false }
    return typed == "-\(short)"
  }

  /// Whether the word after an option is its value: anything except something that is clearly
  /// another option, so `--amount -5` and `--out -` work but `--out --force` is a missing value.
  private static func canBeValue(_ word: String, in command: CommandSpec) -> Bool {
    if word.hasPrefix("--") { return false }
    return !command.arguments.contains { spec in
      spec.kind != .positional && spec.shortName.map { "-\($0)" } == word
    }
  }

  private static func checkAllowed(
    _ value: String, for spec: ArgumentSpec, path: [String]
  ) throws(UsageError) {
    // Codes are read in any case everywhere (`--format CSV`), as the CSV files read them.
    guard !spec.allowedValues.isEmpty,
      !spec.allowedValues.contains(where: { $0.lowercased() == value.lowercased() })
    else { return }
    throw UsageError(
      .notAllowed(value: value, label: spec.label, allowed: spec.allowedValues), commandPath: path)
  }

  private static func unknownOption(_ typed: String, known: [String], path: [String]) -> UsageError
  {
    let near =
      typed.hasPrefix("--") ? closest(to: String(typed.dropFirst(2)), among: known) : nil
    return UsageError(
      .unknownOption(typed, suggestion: near.map { "--\($0)" }), commandPath: path)
  }

  private static func unknownSubcommand(
    _ word: String, of command: CommandSpec, path: [String]
  ) -> UsageError {
    let known = command.subcommands.map(\.name) + command.aliases.map(\.name)
    return UsageError(
      .unknownSubcommand(word, suggestion: closest(to: word, among: known)), commandPath: path)
  }

  /// The nearest name within two edits; shorter names need fewer, so `x` does not suggest `db`.
  private static func closest(to word: String, among names: [String]) -> String? {
    let scored = names.map { (name: $0, distance: editDistance(word, $0)) }
      .filter { $0.distance <= 2 && $0.distance < $0.name.count }
    return scored.min(by: { $0.distance < $1.distance })?.name
  }

  /// Levenshtein distance, by characters: how far a mistyped word is from a known one, for
  /// suggestions here and for ids the store does not know (`KnownIDs`).
  static func editDistance(_ left: String, _ right: String) -> Int {
    let right = Array(right)
    var previous = Array(0...right.count)
    for (row, leftCharacter) in left.enumerated() {
      var current = [row + 1]
      for (column, rightCharacter) in right.enumerated() {
        let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
        current.append(min(substitution, previous[column + 1] + 1, current[column] + 1))
      }
      previous = current
    }
    return previous[right.count]
  }

  /// Traps on declarations the parser could not honour, so mistakes show up in the first test run.
  private static func check(_ command: CommandSpec, at path: [String]) {
    // Arguments worked out later are checked then (`CommandSpec.checkArguments`).
    if command.argumentsAreKnown { CommandSpec.checkArguments(command.arguments, at: path) }
    precondition(
      command.subcommands.isEmpty || command.arguments.isEmpty,
      "A command with subcommands takes no arguments: \(path)")
    for alias in command.aliases {
      precondition(
        command.descendant(at: alias.target) != nil, "Alias '\(alias.name)' has no target: \(path)")
    }
    for subcommand in command.subcommands {
      check(subcommand, at: path + [subcommand.name])
    }
  }
}

/// What the command line asks for; the replacement for swift-argument-parser's dispatch.
public enum ParseResult: Sendable, Equatable {
  /// Run the command at the path (e.g. `["card", "add"]`) with these arguments.
  case run([String], ParsedArguments)
  /// Print help for the command at the path to stdout and exit 0.
  case help([String])
  /// Print the version to stdout and exit 0.
  case version
}

/// The words of a command line sorted out against a command's declarations, before any is
/// converted: what `ParsableArguments.parse` reads the typed values from.
public struct ParsedArguments: Sendable, Equatable {
  /// The resolved command path, for the usage errors of converting and validating the values.
  public let commandPath: [String]
  /// The declaration the arguments were parsed against.
  let command: CommandSpec
  /// The words given for each argument, by its name, in command-line order; a flag holds one
  /// empty string per use. Only the typed layer reads it, so commands never name an argument.
  var given: [String: [String]] = [:]

  init(commandPath: [String], command: CommandSpec) {
    self.commandPath = commandPath
    self.command = command
  }
}
