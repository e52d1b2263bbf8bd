import Foundation
import WalletCore
import WalletStore

/// The `wallet` program: parses the command line, runs the command, and turns every failure
/// into its message on standard error and its exit status.
public enum WalletCommandLine {
  /// The version `wallet --version` prints.
  public static let version = "0.1.0"

  static let commands: [any WalletCommand.Type] = [BatchCommand.self]

  /// The declared command tree, from which parsing and help are generated.
  static let parser: CommandLineParser = {
    let root = CommandSpec(
      "wallet",
      abstract: "An offline card wallet and Apple Pay reward calculator.",
      discussion: """
        Keeps cards and their Apple Pay enrollments, decides which purchases earn under a \
        promotion such as 交通银行's Apple Pay 月月返, and says why.
        """,
      subcommands: commands.map { $0.spec })
    return CommandLineParser(root: root, version: version)
  }()

  /// Runs the program on the process's arguments and exits with its status.
  public static func main() -> Never {
    let status = run(
      Array(CommandLine.arguments.dropFirst()),
      context: CommandContext(
        console: .standard, environment: ProcessInfo.processInfo.environment))
    exit(status)
  }

  /// Runs the program and returns its exit status.
  static func run(_ argv: [String], context: CommandContext) -> Int32 {
    let console = context.console
    do {
      switch try parser.parse(argv) {
      case .help(let path):
        console.output(parser.helpText(for: path) + "\n")
        return ExitStatus.success.rawValue
      case .version:
        console.output(version + "\n")
        return ExitStatus.success.rawValue
      case .run(let path, let arguments):
        guard let command = commands.first(where: { $0.path == path }) else {
          console.output(parser.helpText(for: path) + "\n")
          return ExitStatus.success.rawValue
        }
        return try command.run(arguments, context: context).rawValue
      }
    } catch let error as UsageError {
      console.message(parser.errorText(for: error))
      return ExitStatus.usage.rawValue
    } catch let failure as CommandFailure {
      console.message("Error: \(failure.message)")
      return failure.status.rawValue
    } catch let error as InputError {
      console.message("Error: \(error.description)")
      return ExitStatus.dataError.rawValue
    } catch let error as StoreError {
      console.message("Error: \(error.description)")
      if case .missingStore = error { return ExitStatus.noInput.rawValue }
      return ExitStatus.dataError.rawValue
    } catch let error as SQLiteError {
      console.message("Error: the store could not be used: \(error.message)")
      return ExitStatus.ioError.rawValue
    } catch {
      console.message("Error: \(error)")
      return ExitStatus.ioError.rawValue
    }
  }
}
