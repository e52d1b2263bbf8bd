import WalletCore

/// One `wallet` command: its arguments, declared once as typed properties (from which parsing,
/// help and the manual check are generated), and its action. Each command lives in its own file.
protocol WalletCommand: ParsableArguments {
  /// The words that select the command, e.g. `["card", "add"]`.
  static var path: [String] { get }
  /// What help says about the command besides its arguments.
  static var configuration: CommandConfiguration { get }
  /// Runs the command with the arguments the parser filled in.
  func run(context: CommandContext) throws -> ExitStatus
}

extension WalletCommand {
  /// The command's declaration, named by the last word of its path.
  static var spec: CommandSpec {
    guard let name = path.last else { preconditionFailure("\(Self.self) has an empty path") }
    return configuration.spec(name, arguments: Self.self)
  }

  /// Converts and validates the parsed arguments, then runs the command. A ``ValidationError``
  /// the command throws while it runs is a usage error too, with the command's usage line.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    let command = try parse(arguments)
    do {
      return try command.run(context: context)
    } catch let error as ValidationError {
      throw UsageError(error.problem, commandPath: arguments.commandPath)
    }
  }
}

/// What a running command may use of the outside world, so that the program's entry and the
/// tests (which run commands in their own process) can each supply their own.
package struct CommandContext {
  /// Standard output and error.
  let console: Console
  /// The environment, as a dictionary, so that tests and the demo can replace it.
  let environment: [String: String]
  /// The descriptor a command reads when a file is given as `-`.
  let standardInput: Int32
  /// Whether tables keep every value whole even on a terminal: set by a command that runs
  /// others and was given `--wide` itself (the demo).
  var keepsTablesWhole = false

  /// A context over `console` and `environment`, reading `-` from `standardInput`.
  package init(console: Console, environment: [String: String], standardInput: Int32 = 0) {
    self.console = console
    self.environment = environment
    self.standardInput = standardInput
  }
}
