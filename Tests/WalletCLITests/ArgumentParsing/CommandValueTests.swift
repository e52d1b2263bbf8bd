import Testing
import WalletCore

@testable import WalletCLI
@testable import WalletIngest

/// The types of the commands' values: each reads a word as the CSV files read the same field,
/// and refuses it with the message and exit status the commands have always given.
struct CommandValueTests {
  static let cardNumber = "6222020000000000001"

  /// One option of each type, the way commands declare them.
  struct Values: ParsableArguments {
    @Argument(help: "") var card: CardSafeID?
    @Option(help: "") var holder: CardSafeID?
    @Option(help: "") var id: Identifier?
    @Option(help: "") var merchant: CardSafeText?
    @Option(valueName: "digits", help: "") var last4: LastFour?
    @Option(help: "") var network: Network?
    @Option(help: "") var currency: Currency?
    @Option(valueName: "code", help: "") var mcc: MerchantCategoryCode?
    @Option(help: "") var amount: PositiveAmount?
    @Option(valueName: "date", help: "") var from: CivilDate?
    @Option(valueName: "time", help: "") var at: TimeArgument?
    @Option(valueName: "zone", help: "") var timezone: TimeZoneRules?
    @Option(valueName: "list", help: "") var networks: [CodeList<Network>]
    @Option(help: "") var format: OutputFormat = .table
  }

  private func usageError(_ argv: [String]) -> String? {
    do {
      _ = try Values.parse(argv)
      return nil
    } catch let error as UsageError {
      return error.description
    } catch {
      return "not a usage error: \(error)"
    }
  }

  @Test func idsAndTextAreTrimmedAsInTheFiles() throws {
    let values = try Values.parse([
      " C1\t", "--holder", " H1 ", "--id", "\tT 1 ", "--merchant", " 全家 ", "--last4", " 0042 ",
    ])
    #expect(values.card?.id == Identifier("C1"))
    #expect(values.holder?.id == Identifier("H1"))
    #expect(values.id == Identifier("T 1"))
    #expect(values.merchant?.text == "全家")
    #expect(values.last4?.digits == "0042")
  }

  @Test(
    arguments: [
      (["--holder", " "], "--holder is empty"), (["\t"], "<card> is empty"),
      (["--id", ""], "--id is empty"), (["--merchant", ""], "--merchant is empty"),
      (["--last4", ""], "--last4 is empty"),
      (["--last4", "12a4"], "--last4 must be exactly four digits"),
      (["--last4", "12345"], "--last4 must be exactly four digits"),
    ] as [([String], String)])
  func emptyAndMisshapenTextIsAUsageError(_ argv: [String], message: String) {
    #expect(usageError(argv) == message)
  }

  @Test(
    arguments: [
      (["--holder", cardNumber], "--holder"), ([cardNumber], "<card>"),
      (["--merchant", "退款 6222 0200 0000 0000 001"], "--merchant"),
      (["--last4", cardNumber], "--last4"),
    ] as [([String], String)])
  func aCardNumberIsRefusedAsDataNamingTheArgument(_ argv: [String], name: String) {
    do {
      _ = try Values.parse(argv)
      Issue.record("\(argv) was accepted")
    } catch let failure as CommandError {
      #expect(failure.status == .dataError)
      #expect(
        failure.message
          == "\(name) looks like a full card number (ending 0001); wallet never stores card "
          + "numbers: a card is an id of your choosing, with at most its last four digits")
    } catch {
      Issue.record("\(argv): \(error)")
    }
  }

  @Test func otherIdsMayBeLongNumbers() throws {
    // A transaction's id may be a bank reference that passes the card-number check (SPEC 6).
    #expect(try Values.parse(["--id", Self.cardNumber]).id == Identifier(Self.cardNumber))
  }

  @Test func codesAreReadInAnyCaseAndByTheirAliases() throws {
    #expect(try Values.parse(["--network", " VISA "]).network == .visa)
    #expect(try Values.parse(["--network", "China UnionPay"]).network == .unionpay)
    #expect(try Values.parse(["--currency", "usd"]).currency?.code == "USD")
    #expect(
      try Values.parse(["--networks", "visa, mc", "--networks", "amex"]).networks.map(\.codes)
        == [[.visa, .mastercard], [.amex]])
    // The parser must not refuse what the codes' own reading accepts.
    #expect(Network.allValueStrings.isEmpty)
  }

  @Test(
    arguments: [
      (
        ["--network", "vsa"],
        "The value 'vsa' is invalid for '--network <network>': unknown network: expected one of "
          + "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos, private-label"
      ),
      (
        ["--networks", "visa,x"],
        "The value 'visa,x' is invalid for '--networks <list>': unknown network: expected one of "
          + "unionpay, visa, mastercard, amex, discover, jcb, interac, maestro, eftpos, private-label"
      ),
      (
        ["--currency", "xx"],
        "The value 'xx' is invalid for '--currency <currency>': unknown currency: expected one of "
          + "an ISO 4217 code such as CNY"
      ),
      (
        ["--mcc", "54"],
        "The value '54' is invalid for '--mcc <code>': a merchant category code is exactly four "
          + "digits"
      ),
      (["--amount", "0"], "--amount must be greater than zero"),
      (["--amount", "0.00"], "--amount must be greater than zero"),
      (
        ["--amount", "-5"],
        "The value '-5' is invalid for '--amount <amount>': an amount cannot be negative"
      ),
      (
        ["--amount", "1.234"],
        "The value '1.234' is invalid for '--amount <amount>': an amount has at most two digits "
          + "after the point"
      ),
      (
        ["--from", "2026-13-01"],
        "The value '2026-13-01' is invalid for '--from <date>': that date does not exist"
      ),
      (
        ["--at", "yesterday"],
        "The value 'yesterday' is invalid for '--at <time>': expected a date such as 2026-11-22 "
          + "(its start) or a time such as 2026-11-22T09:30 or '2026-11-22 09:30' (seconds and an "
          + "offset such as +08:00 optional)"
      ),
      (
        ["--timezone", "Mars/Base"],
        "The value 'Mars/Base' is invalid for '--timezone <zone>': unknown time zone 'Mars/Base': "
          + "use an IANA name such as Asia/Shanghai or UTC"
      ),
      (
        ["--format", "xml"],
        "The value 'xml' is invalid for '--format <format>'; expected one of: table, csv, json"
      ),
    ] as [([String], String)])
  func malformedValuesAreUsageErrors(_ argv: [String], message: String) {
    #expect(usageError(argv) == message)
  }

  @Test func valuesAreReadExactly() throws {
    let values = try Values.parse([
      "--mcc", " 5411 ", "--amount", "100.5", "--from", "2026-02-28", "--timezone", "UTC",
      "--format", "json",
    ])
    #expect(values.mcc?.description == "5411")
    #expect(values.amount?.money == Money(minorUnits: 10_050))
    #expect(values.from == CivilDate(year: 2026, month: 2, day: 28))
    #expect(values.timezone?.identifier == "UTC")
    #expect(values.format == .json)
  }

  @Test func aTimeIsReadInTheZoneKnownLater() throws {
    let values = try Values.parse(["--at", "2026-03-08T02:30"])
    #expect(values.at?.text == "2026-03-08T02:30")
    let shanghai = try TimeZoneRules(identifier: "Asia/Shanghai")
    #expect(
      try values.$at.convert { try $0.instant(in: shanghai) }
        == (try Instant.parse("2026-03-08T02:30:00+08:00", naiveIn: shanghai)))
    // The clocks skip 02:30 that night in New York.
    let newYork = try TimeZoneRules(identifier: "America/New_York")
    do {
      _ = try values.$at.convert { try $0.instant(in: newYork) }
      Issue.record("a time the clocks skip was accepted")
    } catch let error as ValidationError {
      #expect(
        error.description
          == "The value '2026-03-08T02:30' is invalid for '--at <time>': that local time does not "
          + "exist in America/New_York (clocks skip it)")
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func choicesAreTheirRawValues() {
    #expect(OutputFormat.allValueStrings == ["table", "csv", "json"])
    #expect(InputKind.allValueStrings == ["cards", "enrollments", "transactions", "postings"])
    #expect(OutputFormat.table.defaultValueDescription == "table")
    #expect(Values.argumentSpecs.last?.defaultValue == "table")
  }
}
