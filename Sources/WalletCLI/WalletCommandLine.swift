import Foundation
import WalletCore
import WalletIngest
import WalletStore

/// The `wallet` program: parses the command line, runs the command, and turns every failure
/// into its message on standard error and its exit status.
public enum WalletCommandLine {
  /// The version `wallet --version`, `wallet -V` and `wallet version` print.
  public static let version = "0.1.0"

  /// Every command, in the order help lists them; groups are made from their paths.
  static let commands: [any WalletCommand.Type] = [
    InitCommand.self,
    CardAddCommand.self, CardListCommand.self, CardRemoveCommand.self,
    EnrollmentAddCommand.self, EnrollmentListCommand.self, EnrollmentRemoveCommand.self,
    ImportCardsCommand.self, ImportEnrollmentsCommand.self, ImportTransactionsCommand.self,
    ImportStatementCommand.self,
    ImportPostingsCommand.self,
    PostingAddCommand.self, PostingListCommand.self, PostingRemoveCommand.self,
    TxnAddCommand.self, TxnRefundCommand.self, TxnListCommand.self,
    TxnSettleCommand.self, TxnVoidCommand.self, TxnRemoveCommand.self,
    PromotionAddCommand.self, PromotionListCommand.self, PromotionShowCommand.self,
    PromotionRemoveCommand.self,
    FormatListCommand.self, FormatShowCommand.self,
    StatementCommand.self, ReconcileCommand.self,
    ExportCommand.self,
    DemoCommand.self,
    CheckCommand.self, ExplainCommand.self,
    PayCommand.self,
    BatchCommand.self, SQLCommand.self,
    CompletionCommand.self, VersionCommand.self,
  ]

  /// The commands that only group others; invoked alone, each prints its help.
  static let groups = [
    CommandGroup(["card"], abstract: "Add, list and remove cards."),
    CommandGroup(
      ["enrollment"], abstract: "Record and list the cards' bindings to Apple Pay.",
      discussion: """
        An enrollment is one binding of a card to Apple Pay, made in the bank's app (bank-app) \
        or in Apple Wallet (wallet); the channel decides the reward schedule.
        """),
    CommandGroup(
      ["import"], abstract: "Import files into the store: wallet's own CSV, or real statements.",
      discussion: """
        Cards, enrollments, transactions and postings (the rewards an issuer posted) come in \
        wallet's own CSV formats, described in wallet-files(5); 'import statement' reads what \
        banks and payment apps give their customers (wallet-formats(5)). Each import is one \
        SQLite transaction: all of a file or none of it, and importing a file twice changes \
        nothing.
        """),
    CommandGroup(
      ["txn"], abstract: "Record, refund, settle, void, list and remove transactions.",
      discussion: "'transaction' is another name for 'txn'."),
    CommandGroup(
      ["posting"], abstract: "Record, list and remove the rewards an issuer posted.",
      discussion: """
        A posting is what the issuer actually posted to a card: a credit (a reward paid, \
        刷卡金返还) or a clawback (a reward taken back, 刷卡金扣回). Add them one by one here, \
        or a whole file with 'import postings'.
        """),
    CommandGroup(["promotion"], abstract: "Install, list, show and remove promotions."),
    CommandGroup(
      ["format"], abstract: "List and show the statement formats built into wallet.",
      discussion: """
        The formats 'import statement' reads without a format file of yours: 'format list' \
        names them, 'format show ID' prints one as JSON to copy (see wallet-formats(5)).
        """),
  ]

  /// The declared command tree, from which parsing and help are generated.
  static let parser: CommandLineParser = {
    let root = CommandSpec(
      "wallet",
      abstract: "An offline card wallet and Apple Pay reward calculator.",
      discussion: """
        Keeps cards and their Apple Pay enrollments, decides which purchases earn under a \
        promotion such as 交通银行's Apple Pay 月月返, and says why.
        """,
      aliases: [
        CommandAlias("enroll", for: ["enrollment", "add"]),
        CommandAlias("transaction", for: ["txn"]),
      ])
    let tree = CommandSpec.tree(
      root: root, commands: commands.map { ($0.path, $0.spec) }, groups: groups)
    var parser = CommandLineParser(
      root: tree, version: version, optionsBeforeSubcommand: [storeOption])
    parser.globalOptions = [
      (label: "--\(storeOption) <path>", help: storeHelp),
      (label: "\(languageOption) <language>", help: languageHelp),
    ]
    return parser
  }()

  /// The store option's name, which every store command declares (`StoreOptions`) and which
  /// may also stand before the subcommand: `wallet --db s.sqlite card list`.
  static let storeOption = "db"

  /// The help of `--db` in the root's help, where it stands for every store command's.
  static let storeHelp =
    "The store file, for the commands that use one, before or after the subcommand (default: "
    + "$WALLET_DB, else $XDG_DATA_HOME/wallet/wallet.sqlite, else "
    + "~/.local/share/wallet/wallet.sqlite)."

  /// The option that chooses the language, read before the parser sees the arguments.
  static let languageOption = "--lang"

  /// The help of `--lang`, which ``run(_:context:)`` reads before the parser sees the arguments.
  static let languageHelp =
    "The language of what a person reads: en or zh-Hans (default: from LC_ALL, LC_MESSAGES or "
    + "LANG)."

  /// Runs the program on the process's arguments and exits with its status.
  public static func main() -> Never {
    openMissingStandardStreams()
    // A closed pipe is met as EPIPE, which every writer treats as the reader having seen
    // enough, rather than as a signal that would kill a batch before it renames its files.
    signal(SIGPIPE, SIG_IGN)
    Interruption.enableForTheWholeProcess()
    let status = run(
      Array(CommandLine.arguments.dropFirst()),
      context: CommandContext(
        console: .standard, environment: ProcessInfo.processInfo.environment),
      forTheWholeProcess: true)
    // An interrupt under way ends the process itself, with its own status and line.
    Interruption.waitIfInterrupted()
    exit(status)
  }

  /// Gives each standard stream that was closed when wallet started a descriptor that refuses
  /// its direction (`/dev/null` opened the other way), so that a write to a closed standard
  /// output fails as it should, and no file wallet opens takes its number: an output file
  /// opened as descriptor 1 would receive what was meant for standard output.
  private static func openMissingStandardStreams() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      _ = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
    }
  }

  /// Runs the program and returns its exit status: the command's own, or 74 when what it
  /// printed could not be written whole (a full disk, `/dev/full`, a closed descriptor).
  ///
  /// The language is chosen here, once per run: `--lang` anywhere before `--`, else the one a
  /// command running this one (the demo) chose, else the environment's.
  /// `forTheWholeProcess` (the program's entry point only) makes the language the process's
  /// too, for the threads a command starts.
  package static func run(
    _ argv: [String], context: CommandContext, forTheWholeProcess: Bool = false
  ) -> Int32 {
    // Completion reads `--lang` as one of the words typed, to complete it and its value.
    if argv.first == Completion.command {
      return complete(Array(argv.dropFirst()), context: context)
    }
    let language: Language
    let arguments: [String]
    do {
      let (named, rest) = try Language.extract(from: argv)
      language = named ?? Language.chosen ?? Language(environment: context.environment)
      arguments = rest
    } catch {
      let language = Language.chosen ?? Language(environment: context.environment)
      return Language.$chosen.withValue(language) {
        context.console.message(usageErrorText(error))
        return ExitStatus.usage.rawValue
      }
    }
    if forTheWholeProcess { Language.ofTheProcess.withLock { $0 = language } }
    return Language.$chosen.withValue(language) { runInLanguage(arguments, context: context) }
  }

  /// Answers the completion scripts: the candidates for the last word, one per line, each
  /// escaped (``Completion/line(for:)``) so that no id can split into two lines.
  private static func complete(_ words: [String], context: CommandContext) -> Int32 {
    var completion = Completion(root: parser.root, environment: context.environment)
    completion.globalOptions = [languageOption: Language.allCases.map(\.rawValue).sorted()]
    completion.optionsBeforeSubcommand = parser.optionsBeforeSubcommand
    for word in completion.candidates(for: words) {
      context.console.data(Completion.line(for: word) + "\n")
    }
    return ExitStatus.success.rawValue
  }

  private static func runInLanguage(_ argv: [String], context: CommandContext) -> Int32 {
    let status = runCommand(argv, context: context)
    let console = context.console
    // An answer that did not reach its reader is no answer: a success, or a check's "no", that
    // could not be printed whole is an I/O error. A command that already failed keeps its
    // status, which says more.
    guard let failure = console.failure,
      status == ExitStatus.success.rawValue || status == ExitStatus.no.rawValue
    else { return status }
    if failure.stream == .output && console.claimFailureReport() {
      let reason = ErrorWording.systemWords(failure.code, in: .current)
      console.message(errorLine(worded: tr("cannot write to standard output: \(reason)")))
    }
    return ExitStatus.ioError.rawValue
  }

  private static func runCommand(_ argv: [String], context: CommandContext) -> Int32 {
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
      console.message(usageErrorText(error))
      return ExitStatus.usage.rawValue
    } catch let failure as CommandError {
      console.message(errorLine(worded: failure.message))
      return failure.status.rawValue
    } catch let failure as FileError {
      console.message(errorLine(worded: ErrorWording.words(failure, in: .current)))
      return CommandError(failure).status.rawValue
    } catch let error as InputError {
      console.message(errorLine(worded: ErrorWording.words(error, in: .current)))
      return ExitStatus.dataError.rawValue
    } catch let error as StoreError {
      console.message(tr("Error: \(error.worded)"))
      return error.exitStatus.rawValue
    } catch let error as StatusChangeError {
      console.message(tr("Error: \(error.worded)"))
      return ExitStatus.dataError.rawValue
    } catch let error as MigrationError {
      console.message(tr("Error: \(error.worded)"))
      return ExitStatus.dataError.rawValue
    } catch {
      // Every error a command throws on purpose is worded above; anything else says what it is.
      console.message(errorLine(worded: ErrorWording.words(for: error, in: .current) ?? "\(error)"))
      return ExitStatus.ioError.rawValue
    }
  }

  /// The text of a usage error in the run's language. A card number typed in the wrong place
  /// (an unknown option, a stray argument, a time, `--lang`) would be quoted back by the
  /// parser; it is never echoed.
  private static func usageErrorText(_ error: UsageError) -> String {
    var error = error
    let words = ErrorWording.words(error.problem, in: .current)
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: words) {
      error.problem = .cardNumber(lastFour: lastFour)
    }
    return parser.errorText(for: error)
  }

  /// `Error: message` in English, `错误：消息` in Chinese, for a message already in the run's
  /// language (a command's sentence, or ``ErrorWording``'s words).
  static func errorLine(worded message: String) -> String {
    tr("Error: \(message)")
  }
}
