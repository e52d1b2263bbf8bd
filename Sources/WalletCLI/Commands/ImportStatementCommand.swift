import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// `wallet import statement FILE`: a bank's statement or a payment app's export, as its
/// customers download it, into the store: purchases, refunds, the rewards the issuer posted,
/// and the rows deliberately left out, each said.
struct ImportStatementCommand: WalletCommand {
  static let path = ["import", "statement"]

  static let configuration = CommandConfiguration(
    abstract: "Import a bank statement or an Alipay/WeChat Pay export into the store.",
    discussion: """
      Reads the CSV file a bank or payment app gives its customers (built in: \
      \(StatementFormat.builtIn.map(\.id).joined(separator: ", "))). The format is \
      recognised from the header row, and the encoding detected (UTF-8, UTF-8 with a BOM, \
      else GB18030, which reads GBK), unless --format names a built-in format or a format \
      file of your own (see wallet-formats(5)). Every row becomes a purchase, a refund, a \
      reward credited (刷卡金返还) or taken back (刷卡金扣回), or a row left out with its \
      reason (repayments, instalments, closed trades); a row no rule explains is an error \
      naming its line and column. A row's card is the store's card with the row's last four \
      digits (of --holder's cards, when given); a statement of one card takes --card. \
      Statements rarely say whether Apple Pay was used: a purchase through Alipay or WeChat \
      Pay (支付宝-, 财付通-, or any row of their exports) or an App Store charge is 'other'; \
      the rest take the method a rule of --rules FILE gives, else --method; an import that \
      leaves a purchase without one stops and says so. Statements have dates, not times: a \
      purchase takes 00:00 of its date in the store's time zone, and same-day purchases keep \
      the file's order through their ids; an app's times are kept. A refund is applied to \
      the purchase it refunds (the order id it names, else the latest purchase on its card \
      with its merchant and enough left), or kept and listed until that purchase is \
      imported. The same purchase in an app's export and on the card's statement (same \
      card and amount, dates at most a day apart) is kept once, with the app's time and \
      merchant. Importing a file again changes nothing. The import is one SQLite \
      transaction; its counts, format and encoding go to standard error. --dry-run lists \
      every row and what it would become, and writes nothing. When --skip-invalid skipped \
      every row to import, nothing is kept and the exit status is 65.

      A bank wallet does not ship needs no code, only a format file: a JSON object with an \
      'id', a 'kind' (card-statement or app-export), the 'header' column names that find the \
      header row, 'footerPrefixes' that end the table, 'columns' (which column holds the \
      date and its form such as yyyy-MM-dd or MM/dd, the description, the amount with its \
      sign convention or separate in/out columns, the card's last four, the order id), and \
      ordered 'classification' rules (a column's first word, prefix, contains, equals or \
      regex, giving purchase, refund, credit, clawback, or ignore with a reason). 'wallet \
      format list' lists the built-in ones and 'wallet format show ID' prints one to copy; \
      wallet-formats(5) describes every field, and the rules file of --rules. A format or rules file with a full card number in \
      any of its texts is refused, naming the field. Their patterns are matched in time \
      linear in the text, whatever the pattern; a pattern outside the syntax that allows this \
      (a backreference, a lookaround) is refused the same way.
      """)

  @Argument(help: "The exported CSV file ('-' for standard input).") var file: String
  @Option(
    valueName: "id-or-file",
    help: "The statement's format: a built-in id or a format file (default: recognised).",
    completion: Completion.idsOrFiles(StatementFormat.builtInIDs))
  var format: String?
  @Option(help: "The card of a statement that covers one card.") var card: CardSafeID?
  @Option(help: "Look for rows' cards among this holder's cards only.") var holder: CardSafeID?
  @Option(help: "How purchases no rule decides were paid: apple-pay, card or other.")
  var method: PaymentMethod?
  @Option(valueName: "file", help: "A rules file deciding method, merchant and mcc by row.")
  var rules: String?
  @Flag(help: "List every row and what it would become; write nothing.") var dryRun: Bool
  @Flag(help: "Report each row whose card is not in the store and import the others.")
  var skipInvalid: Bool
  @Flag(help: "Overwrite records whose id is in the store with other details.") var replace: Bool
  @OptionGroup var table: WideOption
  @OptionGroup var progress: QuietOption
  @OptionGroup var storeOptions: StoreOptions

  func run(context: CommandContext) throws -> ExitStatus {
    // Interrupted, it leaves the store as it was: the import is one transaction.
    Interruption.catchSignals(.store, console: context.console)
    let input = try InputFile.openAllowingStandardInput(
      self.file, standardInput: context.standardInput)
    var request = StatementImportRequest(bytes: try input.readAll(limit: 1 << 30), path: input.path)
    request.format = try self.format.map(StatementFormat.named)
    request.rules = try self.rules.map { path in
      try ImportRules.decode(json: try InputFile(path: path).readAll(), file: path)
    }
    let store = try storeOptions.open(context: context, access: dryRun ? .change : .create)
    // A store made just now is no change of the import's (`catchSignals` counts from here).
    Interruption.catchSignals(.store, console: context.console)
    if let id = card?.id {
      try KnownIDs.require(id, as: .card, store: store)
      request.card = try store.card(id)
    }
    // An id the store has never seen is an error (65) naming the nearest ones, as elsewhere.
    try KnownIDs.require(holder?.id, as: .holder, store: store)
    (request.holder, request.rulesFile, request.defaultMethod) = (holder?.id, rules, method)
    (request.skipInvalid, request.replace, request.dryRun) = (skipInvalid, replace, dryRun)

    // Reading, classifying and storing a large export takes a while; each stage says so.
    let stages = ProgressReporter.make(
      console: context.console, quiet: progress.quiet, label: tr("statement"),
      totalBytes: request.bytes.count)
    defer { stages?.finish(rows: 0) }
    let report: StatementImportReport
    do {
      report = try StatementImportJob.run(
        request, store: store, stage: BankStatementImportText.progress(stages, dryRun: dryRun))
    } catch let error as StatementRowError {
      throw CommandError(.dataError, ErrorWording.words(error, in: .current))
    }
    stages?.finish(rows: report.rows.count)
    try BankStatementImportText.write(
      report, path: input.path, rulesFile: rules, dryRun: dryRun, quiet: progress.quiet,
      zone: store.timeZone, console: context.console, tableWidth: table.tableWidth(context))
    if let unused = report.everyRowSkipped(path: input.path) { throw unused }
    if let undecided = report.undecidedError(path: input.path, rulesGiven: rules != nil) {
      throw CommandError(.dataError, ErrorWording.words(undecided, in: .current))
    }
    return .success
  }
}
