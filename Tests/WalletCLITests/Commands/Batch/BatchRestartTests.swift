import Testing

@testable import WalletCLI

/// Which command lines make the program start itself again for huge pages
/// (`WalletCommandLine.runsBatch`): `batch` itself, and nothing else that names it.
struct BatchRestartTests {
  static let batch = ["--cards", "c.csv", "--enrollments", "e.csv", "--transactions", "t.csv"]

  @Test(arguments: [
    (["batch"] + batch, true),
    (["--lang", "zh-Hans", "batch"] + batch, true),
    (["batch"] + batch + ["--lang", "en"], true),
    (["batch", "--help"], false),
    (["help", "batch"], false),
    (["card", "list", "--holder", "batch"], false),
    (["__complete", "batch", "--c"], false),
    (["--version"], false),
    (["batch", "--no-such-option"], false),
  ])
  func onlyTheBatchCommandStartsAgain(argv: [String], restarts: Bool) {
    #expect(WalletCommandLine.runsBatch(argv) == restarts, "\(argv)")
  }
}
