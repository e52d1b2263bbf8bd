import WalletCore

/// What the command line needs of a command: its place, its declaration and a way to run it
/// with what the parser found. Commands conform through ``WalletCommand``; the others only until
/// every command declares typed options.
protocol CommandEntry: Sendable {
  /// The words that select the command, e.g. `["card", "add"]`.
  static var path: [String] { get }
  /// The command's declaration.
  static var spec: CommandSpec { get }
  /// Runs the command with its parsed arguments.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus
}

/// One `wallet` command: its arguments, declared once as typed properties (from which parsing,
/// help and the manual check are generated), and its action. Each command lives in its own file.
protocol WalletCommand: ParsableArguments, CommandEntry {
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
      throw UsageError(error.message, commandPath: arguments.commandPath)
    }
  }
}

/// What a running command may use of the outside world.
struct CommandContext {
  /// Standard output and error.
  let console: Console
  /// The environment, as a dictionary, so that tests and the demo can replace it.
  let environment: [String: String]
}

/// Options shared by every command that reads or writes data.
enum SharedOptions {
  /// `--quiet`: no progress or summary on standard error.
  static let quiet = ArgumentSpec.flag("quiet", short: "q", help: "Print no progress or summary.")
}
