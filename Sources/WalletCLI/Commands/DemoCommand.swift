import WalletCore
import WalletJobs

/// `wallet demo`: the sample data in a throw-away store, and the commands a cardholder uses most,
/// each under a heading. The README's main command.
///
/// The store is built by the jobs `init` and `import` run (`DemoStoreJob`), so it holds what a
/// user's store of the same files would. "Now" is fixed inside the sample period, so the
/// output is the same on any day and CI can compare it byte for byte.
struct DemoCommand: WalletCommand {
  static let path = ["demo"]

  /// The demo's "now": the last week of the sample's seventh billing cycle.
  static let now = "2026-11-28T12:00:00+08:00"

  static let configuration = CommandConfiguration(
    abstract: "Show wallet at work on the built-in sample data.",
    discussion: """
      Builds a throw-away store from the sample cards, enrollments and transactions (compiled \
      into wallet, so it works from any folder), with "now" fixed at \(now), and shows, each \
      under a heading: a card's check, a purchase that would earn and one that would not, the \
      statement, why a purchase earned nothing, whether a holder was paid what they are owed \
      (the sample postings), a payment request played through Apple Pay's sheet and \
      authorized (\(paymentRequestPath)), and, with a copy of the built-in promotion that takes rewards back \
      on refund (refunds: clawback) installed, a refunded purchase whose reward was taken back. \
      The store is removed afterwards; your own \
      store ($WALLET_DB, --db) is never touched.
      """)

  @OptionGroup var table: WideOption

  func run(context: CommandContext) throws -> ExitStatus {
    let folder = try DemoFolder()
    defer { folder.remove() }
    var environment = context.environment
    environment["WALLET_NOW"] = Self.now
    // The demo's store is named by --db on every command; this keeps a user's setting out of
    // any message.
    environment["WALLET_DB"] = nil

    let database = folder.path("wallet.sqlite")
    let built = try DemoStoreJob.build(
      at: database,
      from: DemoSampleFiles(
        cards: try folder.write("cards.csv", SampleData.cards),
        enrollments: try folder.write("enrollments.csv", SampleData.enrollments),
        transactions: try folder.write("transactions.csv", SampleData.transactions),
        postings: try folder.write("postings.csv", SampleData.postings)))
    let request = try folder.write("payment-request.json", SampleData.paymentRequest)
    let console = context.console
    let style = table.style(context)
    let (cards, enrollments) = (built.cards, built.enrollments)
    let (transactions, postings) = (built.transactions, built.postings)
    console.output(
      tr(
        """
        wallet demo: the sample data (\(cards) cards, \(enrollments) Apple Pay bindings, \
        \(transactions) transactions,
        \(postings) postings) in a throw-away store, as of \(Self.now).

        """))
    var shown = CommandContext(console: console, environment: environment)
    // The steps' tables are fitted to a terminal as the commands typed alone would be.
    shown.keepsTablesWhole = table.keepsWhole(context)
    /// Shows one step; false when the output could not be written.
    func show(_ step: Step) throws -> Bool {
      console.output(
        "\n" + style.heading("==> \(tr(dynamic: step.heading))") + "\n$ wallet "
          + step.arguments.joined(separator: " ") + "\n\n", style: style)
      let arguments = step.arguments.map { $0 == Self.paymentRequestPath ? request : $0 }
      let status = WalletCommandLine.run(arguments + ["--db", database], context: shown)
      // The step could not print: the command line reports that, once, as exit status 74.
      if console.failure != nil { return false }
      guard let exit = ExitStatus(rawValue: status), step.expected.contains(exit) else {
        let command = "wallet " + step.arguments.joined(separator: " ")
        throw CommandError(
          ExitStatus(rawValue: status) ?? .ioError, tr("the demo's step '\(command)' failed"))
      }
      return true
    }
    for step in Self.steps where try !show(step) { return .success }
    try DemoStoreJob.install(SampleData.clawbackPromotion, at: database)
    if try !show(Self.clawbackStep) { return .success }
    console.output(
      tr(
        """

        The demo's store is gone. Build your own with 'wallet init' and 'wallet import'
        (README.md; 'man -l man/wallet.1').

        """))
    return .success
  }
}
