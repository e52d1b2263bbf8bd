import Foundation
import WalletCLI
import WalletTestSupport

/// Runs `wallet` commands inside the test process, through the same entry as the binary
/// (`WalletCommandLine.run(_:context:)`) with a captured console, a given environment and a
/// given standard input, and returns what `WalletProcess.run` would: the status and both
/// streams. Tests that need a process of their own (a closed descriptor, `/dev/full`, signals,
/// the umask, a terminal, a shell) use `WalletProcess` instead.
///
/// A run given a `directory` works there on its own thread alone (see `WorkingFolder`), so that
/// runs go side by side: a path the command opens on another thread must be given whole, as
/// batch's `--postings`, which it reads while it decides.
public enum CommandHarness {
  /// Runs `wallet arguments` with only the given environment variables (plus PATH, as
  /// `WalletProcess.run` gives), reading `stdin` (nothing when nil) as standard input, with
  /// relative paths read from `directory` when one is given; with `terminalColumns`, standard
  /// output is taken for a terminal that wide.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    stdin: String? = nil, terminalColumns: Int? = nil
  ) throws -> WalletProcess.Result {
    let capture = try CapturingConsole(terminalColumns: terminalColumns)
    let input: Int32 =
      try stdin.map { try CapturingConsole.unnamedFile(holding: Array($0.utf8)) }
      ?? open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer { close(input) }
    let context = CommandContext(
      console: capture.console,
      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine },
      standardInput: input)
    let status =
      if let directory {
        try WorkingFolder.changed(to: directory) {
          WalletCommandLine.run(arguments, context: context)
        }
      } else {
        WorkingFolder.shared { WalletCommandLine.run(arguments, context: context) }
      }
    return WalletProcess.Result(status: status, stdout: capture.output, stderr: capture.errors)
  }
}
