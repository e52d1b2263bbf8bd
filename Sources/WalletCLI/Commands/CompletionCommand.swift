/// `wallet completion SHELL`: prints a completion script, generated from the command tree.
struct CompletionCommand: WalletCommand {
  static let path = ["completion"]

  /// The shells a script can be printed for.
  enum Shell: String, CaseIterable, ExpressibleByArgument {
    case bash, zsh, fish
  }

  static let configuration = CommandConfiguration(
    abstract: "Print a shell completion script (bash, zsh or fish).",
    discussion: """
      Prints a script that completes wallet's subcommands, options and fixed values, and the \
      card ids, holders, enrollment ids and promotion ids of the store in use (asked of wallet \
      itself as you type, so they are always current). Install it with, for bash: \
      wallet completion bash > ~/.local/share/bash-completion/completions/wallet; for zsh: \
      wallet completion zsh > "${fpath[1]}/_wallet"; for fish: \
      wallet completion fish > ~/.config/fish/completions/wallet.fish.
      """)

  @Argument(help: "bash, zsh or fish.") var shell: Shell

  func run(context: CommandContext) throws -> ExitStatus {
    let script = CompletionScript(program: WalletCommandLine.parser.root.name)
    switch shell {
    case .bash: context.console.output(script.bash)
    case .zsh: context.console.output(script.zsh)
    case .fish: context.console.output(script.fish)
    }
    return .success
  }
}
