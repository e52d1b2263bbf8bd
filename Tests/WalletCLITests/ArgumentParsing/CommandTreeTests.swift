import Testing

@testable import WalletCLI

/// Groups are assembled from the commands' paths.
struct CommandTreeTests {
  static let root = CommandSpec("tool", abstract: "A tool.")

  @Test func commandsLandUnderTheirGroupsInOrder() {
    let tree = CommandSpec.tree(
      root: Self.root,
      commands: [
        (["init"], CommandSpec("init", abstract: "Init.")),
        (["card", "add"], CommandSpec("add", abstract: "Add.")),
        (["txn", "add"], CommandSpec("add", abstract: "Add a txn.")),
        (["card", "list"], CommandSpec("list", abstract: "List.")),
        (["a", "b", "c"], CommandSpec("c", abstract: "Deep.")),
      ],
      groups: [
        CommandGroup(["txn"], abstract: "Transactions."),
        CommandGroup(["card"], abstract: "Cards.", discussion: "About cards."),
        CommandGroup(["a"], abstract: "A."),
        CommandGroup(["a", "b"], abstract: "B."),
      ])
    #expect(tree.subcommands.map(\.name) == ["init", "card", "txn", "a"])
    #expect(tree.subcommands[1].subcommands.map(\.name) == ["add", "list"])
    #expect(tree.subcommands[1].abstract == "Cards.")
    #expect(tree.subcommands[1].discussion == "About cards.")
    #expect(tree.descendant(at: ["a", "b", "c"])?.abstract == "Deep.")
    #expect(tree.descendant(at: ["txn", "add"])?.abstract == "Add a txn.")
  }

  /// A run works out its own command's arguments and discussion, not every command's: that
  /// reflection took half of a short command's start.
  @Test func aRunWorksOutOnlyItsOwnCommandsArguments() throws {
    let tree = CommandSpec.tree(
      root: CommandSpec("wallet", abstract: ""),
      commands: WalletCommandLine.commands.map { ($0.path, $0.spec) },
      groups: WalletCommandLine.groups)
    let parser = CommandLineParser(root: tree, optionsBeforeSubcommand: ["db"])
    let batch = ["batch", "--cards", "c.csv", "--enrollments", "e.csv", "--transactions", "t.csv"]
    guard case .run(let path, _) = try parser.parse(batch) else {
      Issue.record("batch should run")
      return
    }
    #expect(path == ["batch"])
    #expect(parser.command(at: ["batch"]).argumentsAreKnown)
    let paths = WalletCommandLine.commands.map { command in command.path }
    let others = paths.filter { $0 != ["batch"] && !parser.command(at: $0).argumentsAreKnown }
    // `--db` before a subcommand is looked up in the first command that declares it.
    #expect(others.count >= paths.count - 3)
  }

  @Test func walletsTreeHasEveryCommandAtItsPath() {
    let parser = WalletCommandLine.parser
    for command in WalletCommandLine.commands {
      #expect(parser.root.descendant(at: command.path) == command.spec)
    }
    #expect(parser.root.subcommandPath(named: "enroll") == ["enrollment", "add"])
    guard case .help(let path) = try? parser.parse(["promotion"]) else {
      Issue.record("a group alone should ask for its help")
      return
    }
    #expect(path == ["promotion"])
  }
}
