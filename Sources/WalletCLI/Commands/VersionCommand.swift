/// `wallet version`: the version, as `wallet --version` and `wallet -V` print it.
struct VersionCommand: WalletCommand {
  static let path = ["version"]

  static let configuration = CommandConfiguration(
    abstract: "Show the version.",
    discussion: "Prints the version, as 'wallet --version' and 'wallet -V' do.")

  func run(context: CommandContext) throws -> ExitStatus {
    context.console.output(WalletCommandLine.version + "\n")
    return .success
  }
}
