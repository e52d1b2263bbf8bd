import WalletCLI

/// A small tree shaped like wallet's own command line, so the tests exercise the cases the tool
/// relies on without depending on the real declarations, which live elsewhere.
enum SampleCommandTree {
  static let batch = CommandSpec(
    "batch",
    abstract: "Decide rewards for three CSV files without a store.",
    discussion: """
      Reads the cards, enrollments and transactions, decides which transactions earn a reward and \
      writes the rewards CSV.
        wallet batch --cards c.csv --enrollments e.csv --transactions t.csv --out r.csv
      """,
    arguments: [
      .option("cards", valueName: "file", help: "The cards CSV file.", required: true),
      .option("enrollments", valueName: "file", help: "The enrollments CSV file.", required: true),
      .option(
        "transactions", valueName: "file", help: "The transactions CSV file.", required: true),
      .option(
        "promotion", valueName: "file-or-id",
        help: "A promotion JSON file, or else the id of a built-in promotion."),
      .option(
        "out", short: "o", valueName: "file",
        help: "Where to write the rewards CSV; '-' is stdout.",
        required: true),
      .option("decisions", valueName: "file", help: "Where to write one decision per transaction."),
      .flag(
        "skip-invalid",
        help: """
          Report invalid rows and go on without them instead of stopping at the first one; every \
          skipped row is still reported on stderr.
          """),
    ])

  static let cardList = CommandSpec(
    "list",
    abstract: "List cards.",
    arguments: [
      .option(
        "format", valueName: "format", help: "Output format: table, csv or json.",
        defaultValue: "table", allowedValues: ["table", "csv", "json"]),
      .option(
        "network", valueName: "network", help: "Only cards of this network.", repeatable: true),
      .option(
        "db", valueName: "path", help: "The store.", defaultDescription: "$WALLET_DB"),
      .flag("quiet", short: "q", help: "Print ids only."),
    ])

  static let card = CommandSpec(
    "card",
    abstract: "Manage cards.",
    subcommands: [
      CommandSpec(
        "add", abstract: "Add a card.",
        arguments: [
          .option("card", valueName: "id", help: "The card id.", required: true),
          .option("holder", valueName: "id", help: "The holder id.", required: true),
        ]),
      cardList,
      CommandSpec(
        "remove", abstract: "Remove a card.",
        arguments: [
          .positional("card", help: "The card id."),
          .flag("force", short: "f", help: "Remove it even when it has enrollments."),
        ]),
    ])

  static let enrollment = CommandSpec(
    "enrollment",
    abstract: "Manage enrollments.",
    subcommands: [
      CommandSpec(
        "add", abstract: "Add an enrollment.",
        arguments: [
          .option("card", valueName: "id", help: "The card.", required: true),
          .option(
            "channel", valueName: "channel", help: "The channel.", required: true,
            allowedValues: ["apple-pay", "physical"]),
        ]),
      CommandSpec("list", abstract: "List enrollments."),
    ])

  static let importCommand = CommandSpec(
    "import",
    abstract: "Import a CSV file into the store.",
    arguments: [
      .positional(
        "kind", help: "What the file holds.",
        allowedValues: ["cards", "enrollments", "transactions"]
      ),
      .positional("file", help: "The CSV file to import; '-' reads stdin."),
      .option("db", valueName: "path", help: "The store."),
      .flag("skip-invalid", help: "Skip invalid rows."),
    ])

  static let txnAdd = CommandSpec(
    "add",
    abstract: "Record a transaction.",
    arguments: [
      .option("card", valueName: "id", help: "The card.", required: true),
      .option("amount", valueName: "amount", help: "The amount.", required: true),
      .option("tag", valueName: "tag", help: "A tag.", repeatable: true),
    ])

  static let explain = CommandSpec(
    "explain",
    abstract: "Explain the decision for one transaction.",
    arguments: [.positional("txn", help: "The transaction id.")])

  static let root = CommandSpec(
    "wallet",
    abstract: "An offline Apple Pay card wallet and reward calculator.",
    subcommands: [
      batch, card, enrollment, importCommand,
      CommandSpec("txn", abstract: "Record and list transactions.", subcommands: [txnAdd]),
      explain,
    ],
    aliases: [CommandAlias("enroll", for: ["enrollment", "add"])])

  static let parser = CommandLineParser(root: root, version: "1.2.3")

  /// The required options of `batch`, to which a test adds the part it is about.
  static let batchRequired = [
    "batch", "--cards", "c.csv", "--enrollments", "e.csv", "--transactions", "t.csv", "--out",
    "r.csv",
  ]

  /// The usage line `batch` must have, as the brief spells it.
  static let batchUsage =
    "wallet batch --cards <file> --enrollments <file> --transactions <file> "
    + "[--promotion <file-or-id>] --out <file> [--decisions <file>] [--skip-invalid]"

  /// Parses and expects a command to run, returning its path and arguments.
  static func run(_ argv: [String]) throws -> (path: [String], arguments: ParsedArguments) {
    guard case .run(let path, let arguments) = try parser.parse(argv) else {
      throw UsageError(.command("expected a command to run for \(argv)"), commandPath: [])
    }
    return (path, arguments)
  }

  /// Parses and expects a usage error, returning it.
  static func usageError(_ argv: [String]) -> UsageError? {
    do {
      _ = try parser.parse(argv)
      return nil
    } catch {
      return error
    }
  }
}
