import Foundation
import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wallet demo`: the sample data in a throw-away store, and the commands a cardholder uses most,
/// each under a heading. The README's main command.
///
/// The store is built by running `init` and `import` in-process, so the demo goes through
/// exactly the code paths of those commands. "Now" is fixed inside the sample period, so the
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

  func run(context: CommandContext) throws -> ExitStatus {
    let folder = try DemoFolder()
    defer { folder.remove() }
    var environment = context.environment
    environment["WALLET_NOW"] = Self.now
    // The demo's store is named by --db on every command; this keeps a user's setting out of
    // any message.
    environment["WALLET_DB"] = nil

    // Building the store prints paths of the temporary folder, which differ on every run: that
    // goes to a log, shown only if something fails.
    let log = try folder.openLog()
    defer { close(log) }
    let quiet = CommandContext(
      console: Console(outputDescriptor: log, errorDescriptor: log), environment: environment)
    let database = folder.path("wallet.sqlite")
    var setup = [["init"]]
    for (kind, text) in [
      ("cards", SampleData.cards), ("enrollments", SampleData.enrollments),
      ("transactions", SampleData.transactions), ("postings", SampleData.postings),
    ] {
      let file = try folder.write("\(kind).csv", text)
      setup.append(["import", kind, file, "--quiet"])
    }
    for command in setup {
      let status = WalletCommandLine.run(command + ["--db", database], context: quiet)
      guard status == ExitStatus.success.rawValue else {
        context.console.message(folder.readLog())
        throw CommandFailure(
          ExitStatus(rawValue: status) ?? .ioError,
          "the demo could not build its store (wallet \(command.joined(separator: " ")))")
      }
    }

    let request = try folder.write("payment-request.json", SampleData.paymentRequest)
    let console = context.console
    let style = Style(console: console, environment: context.environment)
    func lines(_ text: String) -> Int { text.split(separator: "\n").count - 1 }
    let (cards, enrollments) = (lines(SampleData.cards), lines(SampleData.enrollments))
    let (transactions, postings) = (lines(SampleData.transactions), lines(SampleData.postings))
    console.output(
      tr(
        """
        wallet demo: the sample data (\(cards) cards, \(enrollments) Apple Pay bindings, \
        \(transactions) transactions,
        \(postings) postings) in a throw-away store, as of \(Self.now).

        """))
    let shown = CommandContext(console: console, environment: environment)
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
        throw CommandFailure(
          ExitStatus(rawValue: status) ?? .ioError,
          "the demo's step 'wallet \(step.arguments.joined(separator: " "))' failed")
      }
      return true
    }
    for step in Self.steps where try !show(step) { return .success }
    let clawback = try folder.write(
      "clawback.json", SampleData.clawbackPromotion.jsonText)
    let added = WalletCommandLine.run(
      ["promotion", "add", clawback, "--db", database], context: quiet)
    guard added == ExitStatus.success.rawValue else {
      context.console.message(folder.readLog())
      throw CommandFailure(
        ExitStatus(rawValue: added) ?? .ioError,
        "the demo could not install \(SampleData.clawbackPromotion.id)")
    }
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
