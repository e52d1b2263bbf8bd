import WalletCore

/// One `wallet` command: its declaration (from which parsing and help are generated) and its
/// action. Each command lives in its own file.
protocol WalletCommand: Sendable {
  /// The words that select the command, e.g. `["card", "add"]`.
  static var path: [String] { get }
  /// The command's declaration.
  static var spec: CommandSpec { get }
  /// Runs the command with its parsed arguments.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus
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
