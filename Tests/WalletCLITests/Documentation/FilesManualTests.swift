import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletCLI
@testable import WalletCore

// The input files' columns are declared beside their parsers (`InputKind`); if those move to a
// module of their own, this import finds them there.
#if canImport(WalletIngest)
  @testable import WalletIngest
#endif

/// `man/wallet-files.5` says what the code reads and writes: every column of every file, which
/// are required, every code and alias the parsers accept, every promotion field, and its
/// examples run as shown.
struct FilesManualTests {
  static let page = ManualPage("wallet-files.5")

  /// The subsection of a file's columns: `Cards file`, `Rewards file`, ….
  static func columns(of file: String) -> ManualPage {
    page.subsection(file.prefix(1).uppercased() + file.dropFirst() + " file")
  }

  @Test func thePageIsThere() {
    #expect(Self.page.lines.first?.hasPrefix(".Dd ") == true)
    #expect(Self.page.lines.contains(".Dt WALLET-FILES 5"))
  }

  @Test(arguments: InputKind.allCases)
  func everyInputColumnIsListedAndMarkedWhenRequired(kind: InputKind) {
    let items = Self.columns(of: kind.rawValue).items
    #expect(items.map(\.literal) == kind.columns, "\(kind): the columns, in the file's order")
    for item in items {
      let column = item.literal ?? ""
      #expect(
        item.isRequired == kind.requiredColumns.contains(column),
        "\(kind).\(column) is \(item.isRequired ? "" : "not ")marked required")
    }
  }

  @Test(arguments: ExportFile.allCases)
  func everyOutputColumnIsListedInOrder(file: ExportFile) {
    #expect(
      Self.columns(of: file.rawValue).items.map(\.literal) == file.format.columns,
      "the header of \(file) files")
  }

  /// Each network with exactly the aliases the parser maps to it, and every name read back.
  @Test func everyNetworkAndAliasIsListed() throws {
    let item = try #require(Self.columns(of: "cards").item("network"))
    let networks = item.body.items
    #expect(networks.map(\.literal) == Network.allCases.map(\.rawValue))
    var documented: [String: Network] = [:]
    for entry in networks {
      let network = try #require(Network(rawValue: entry.literal ?? ""))
      for alias in entry.body.literals {
        documented[alias] = network
        #expect(Network(parsing: alias) == network, "\(alias) is read as \(network)")
      }
    }
    #expect(documented == Network.aliases)
  }

  /// Each known bank by its code, with every name it is read by, and nothing else (SPEC 1).
  @Test func everyKnownBankAndItsNamesAreListed() throws {
    let item = try #require(Self.columns(of: "cards").item("issuer"))
    let banks = item.body.items
    #expect(banks.map(\.literal) == KnownBank.allCases.map(\.code))
    for entry in banks {
      let bank = try #require(KnownBank(name: entry.literal ?? ""))
      let names = entry.body.lines.joined(separator: " ").components(separatedBy: ", ")
      #expect(names == bank.names, "\(bank)")
      for name in names { #expect(Issuer.code(name) == bank.code, "\(name)") }
    }
  }

  /// The codes of each column or field, exactly: none missing, none the parser refuses.
  @Test func everyCodeIsListedWhereItIsRead() throws {
    func codes(_ file: String, _ column: String) throws -> Set<String> {
      let part = file == "promotion" ? Self.page.section("PROMOTION FILE") : Self.columns(of: file)
      return Set(try #require(part.item(column), "\(file).\(column)").body.literals)
    }
    func all<Code: CanonicalCode>(_: Code.Type) -> Set<String> {
      Set(Code.allCases.map(\.rawValue))
    }
    /// Each code and each of its aliases, as a person writes it (`Apple 钱包`), and nothing else.
    func listsCodesAndAliases<Code: CanonicalCode>(
      _ file: String, _ column: String, _ code: Code.Type
    ) throws {
      let listed = try codes(file, column)
      #expect(listed.filter { Code(rawValue: $0) != nil } == all(Code.self), "\(column)")
      #expect(
        Set(listed.filter { Code(rawValue: $0) == nil }.map(Code.fold)) == Set(Code.aliases.keys))
      for name in listed { #expect(Code(parsing: name) != nil, "\(column): \(name)") }
    }
    try listsCodesAndAliases("cards", "type", CardType.self)
    try listsCodesAndAliases("cards", "role", CardRole.self)
    try listsCodesAndAliases("enrollments", "channel", Channel.self)
    #expect(try codes("transactions", "method") == all(PaymentMethod.self))
    #expect(try codes("transactions", "status") == all(TransactionStatus.self))
    #expect(try codes("postings", "kind") == all(Posting.Kind.self))
    #expect(try codes("transactions", "currency") == [Currency.cny.code])
    #expect(try codes("promotion", "supplementaryCards") == all(SupplementaryCardPolicy.self))
    #expect(try codes("promotion", "refunds") == all(RefundPolicy.self))
    #expect(try codes("promotion", "tiers").isSuperset(of: all(Channel.self)))
    #expect(
      try codes("promotion", "limits").isSuperset(
        of: all(PromotionPeriod.self).union(all(PromotionScope.self))))
    #expect(try codes("promotion", "threshold").isSuperset(of: all(ThresholdCounts.self)))
    #expect(try codes("promotion", "channels").isSuperset(of: all(Channel.self)))
  }

  /// Every field the decoder knows, in the order `promotion show` writes them (section 8's
  /// after section 2's), and marked required exactly when the decoder refuses it null.
  @Test func everyPromotionFieldIsListedAndMarkedWhenRequired() throws {
    let items = Self.page.section("PROMOTION FILE").items
    let builtIn = Promotion.bocomApplePayMonthly.jsonText
    let written = builtIn.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  \""), !line.hasPrefix("   ") else { return nil }
      return String(line.dropFirst(3).prefix { $0 != "\"" })
    }
    #expect(items.map(\.literal) == written + Promotion.ruleFields)
    #expect(Set(items.compactMap(\.literal)) == Promotion.knownFields)

    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(builtIn.utf8)) as? [String: Any])
    for item in items {
      let field = try #require(item.literal)
      var withNull = object
      withNull[field] = NSNull()
      let json = try JSONSerialization.data(withJSONObject: withNull)
      var refusal: PromotionError?
      do {
        _ = try Promotion.decode(json: Array(json))
      } catch {
        refusal = error
      }
      let required = refusal?.field == field && refusal?.problem == .field(.requiredNotNull)
      #expect(required == item.isRequired, "\(field): \(refusal.map { "\($0)" } ?? "accepted")")
    }
  }

  /// Every character that makes a spreadsheet cell a formula is named, and the columns left
  /// alone are each file's numeric ones.
  @Test func theSpreadsheetRulesAreTheExportsOwn() throws {
    let part = Self.page.subsection("Files for spreadsheets")
    let names: [Unicode.Scalar: String] = [
      "\t": "a tab", "\r": "a carriage return", "\n": "a line feed",
    ]
    for start in SpreadsheetCell.formulaStarts {
      if let name = names[start] {
        #expect(part.text.replacingOccurrences(of: "\n", with: " ").contains(name))
      } else {
        #expect(part.literals.contains(String(start)), "a cell beginning with \(start)")
      }
    }
    for file in ExportFile.allCases {
      let item = try #require(part.items.first { $0.head == file.rawValue })
      #expect(Set(item.body.literals) == file.format.numericColumns, "\(file)")
    }
  }

  /// The built-in promotion is shown exactly as `promotion show` writes it, and the smallest
  /// file is a promotion.
  @Test func thePromotionExamplesAreReadAsShown() throws {
    let blocks = Self.page.section("EXAMPLES").literalBlocks
    #expect(blocks.contains(Promotion.bocomApplePayMonthly.jsonText))
    let smallest = try #require(blocks.first { $0.contains("\"one-off\"") })
    let promotion = try Promotion.decode(json: Array(smallest.utf8))
    #expect(promotion.tiers[.wallet] == [Money(minorUnits: 8_00)])

    // The second version's example is valid and read as written.
    let rules = try #require(blocks.first { $0.contains("\"hk-wednesday-5\"") })
    let (percentage, _) = try Promotion.decodeEveryRule(json: Array(rules.utf8))
    #expect(percentage.weekdays == [3] && percentage.limits.count == 2)
    #expect(percentage.source?.notes == "cap guessed")
    #expect(try Promotion.decode(json: Array(rules.utf8)) == percentage)
  }

  /// The example files are read as the page says, and the messages in DIAGNOSTICS are the ones
  /// wallet prints for the mistakes it describes.
  @Test func theExampleFilesAndMessagesAreReal() throws {
    let blocks = Self.page.section("EXAMPLES").literalBlocks
    func block(_ header: String) throws -> String {
      try #require(blocks.first { $0.hasPrefix(header) }, "the example beginning \(header)")
    }
    let cards = try block("card,holder,")
    let enrollments = try block("id,card,channel,")
    let transactions = try block("id,card,time,")
    let smallest = try #require(blocks.first { $0.contains("\"one-off\"") })

    let session = try StoreSession()
    try session.write("cards.csv", cards)
    try session.write("enrollments.csv", enrollments)
    try session.write("transactions.csv", transactions)
    try session.write("one-off.json", smallest)
    let batch = [
      "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
      "transactions.csv", "--out", "-", "--quiet",
    ]
    let decided = try CommandHarness.run(batch, directory: session.folder.url)
    #expect(decided.status == 0, "\(decided.stderr)")
    #expect(
      try CommandHarness.run(
        batch + ["--promotion", "one-off.json"], directory: session.folder.url
      )
      .status == 0)

    // The id the page says the enrollment without one gets.
    let examples = Self.page.section("EXAMPLES").lines
    let said = try #require(examples.firstIndex { $0.hasPrefix("An enrollments file whose") })
    let id = try #require(examples[said + 1].split(separator: " ", maxSplits: 1).last)
      .dropLast(2)
    try session.succeed(["init"])
    try session.succeed(["import", "cards", "cards.csv"])
    try session.succeed(["import", "enrollments", "enrollments.csv"])
    let listed = try session.succeed(["enrollment", "list", "--format", "csv"]).stdout
    #expect(listed.contains("\r\n\(id),C-WF-SUPP,wallet,"), "\(id) in \(listed)")

    // DIAGNOSTICS: the second purchase's amount written 1e3, and the smallest promotion with a
    // cycle start day of 29.
    let messages = Self.page.section("DIAGNOSTICS").literalBlocks
    try session.write(
      "transactions.csv", transactions.replacingOccurrences(of: ",320,", with: ",1e3,"))
    let badAmount = try CommandHarness.run(batch, directory: session.folder.url)
    #expect(badAmount.status == 65)
    #expect(messages.contains(badAmount.stderr), "\(badAmount.stderr)")
    try session.write("transactions.csv", transactions)
    try session.write(
      "one-off.json",
      smallest.replacingOccurrences(of: "\"cycleStartDay\": 1,", with: "\"cycleStartDay\": 29,"))
    let badDay = try CommandHarness.run(
      batch + ["--promotion", "one-off.json"], directory: session.folder.url)
    #expect(badDay.status == 65)
    #expect(messages.contains(badDay.stderr), "\(badDay.stderr)")
  }
}

/// The payment request section of `man/wallet-files.5` says what `wallet pay` reads.
struct PaymentRequestManualTests {
  static let section = FilesManualTests.page.section("PAYMENT REQUEST FILE")

  /// The example request, as the page shows it.
  static func example() throws -> String {
    try #require(section.literalBlocks.first { $0.hasPrefix("{") })
  }

  /// Every field wallet reads is listed, marked required exactly when leaving it out is refused.
  @Test func everyFieldIsListedAndMarkedWhenRequired() throws {
    let items = Self.section.items
    #expect(Set(items.compactMap(\.literal)) == PaymentRequest.readFields)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.example().utf8)) as? [String: Any])
    for item in items {
      let field = try #require(item.literal)
      var without = object
      without[field] = nil
      let json = try JSONSerialization.data(withJSONObject: without)
      var refusal: PaymentRequestError?
      do {
        _ = try PaymentRequest.decode(json: Array(json), zone: .shanghai)
      } catch {
        refusal = error
      }
      let required = refusal?.field == field && refusal?.problem == .field(.required)
      #expect(required == item.isRequired, "\(field): \(refusal.map { "\($0)" } ?? "accepted")")
    }
    // The PassKit fields said to be accepted are the ones the decoder ignores.
    let ignored = Self.section.text.replacingOccurrences(of: "\n", with: " ")
    for field in PaymentRequest.ignoredFields {
      #expect(ignored.contains(field), "\(field)")
    }
    for network in RequestedNetwork.otherPassKitNetworks {
      #expect(ignored.contains(network), "\(network)")
    }
  }

  /// The example is the sample request file, and the message shown is the one wallet prints.
  @Test func theExampleAndItsMessageAreReal() throws {
    let example = try Self.example()
    let sample = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/requests/unionpay-emv-cny.json"), encoding: .utf8)
    #expect(example == sample)
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "request.json",
      example.replacingOccurrences(
        of: "\"currencyCode\": \"CNY\"", with: "\"currencyCode\": \"JPY\""))
    let result = try session.run(["pay", "request.json", "--holder", "H003"])
    #expect(result.status == 65)
    let messages = Self.section.literalBlocks.filter { $0.hasPrefix("Error:") }
    #expect(messages == [result.stderr])
  }
}
