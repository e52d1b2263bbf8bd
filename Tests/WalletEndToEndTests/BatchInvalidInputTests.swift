import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// One kind of bad input: which file it is in, the file's text, and where the error must point.
struct BadInput: CustomTestStringConvertible, Sendable {
  enum File: String, Sendable { case cards, enrollments, transactions }
  let name: String
  let file: File
  let bytes: [UInt8]
  let location: String
  let fragment: String

  init(_ name: String, _ file: File, _ text: String, _ location: String, _ fragment: String) {
    self.init(name, file, bytes: Array(text.utf8), location, fragment)
  }

  init(_ name: String, _ file: File, bytes: [UInt8], _ location: String, _ fragment: String) {
    self.name = name
    self.file = file
    self.bytes = bytes
    self.location = location
    self.fragment = fragment
  }

  var testDescription: String { name }

  static let t = BatchCommandTests.transactionsHeader
  static func txn(_ row: String) -> String { t + row + "\n" }

  static let all: [BadInput] = [
    BadInput("empty file", .transactions, "", "transactions.csv:1:1", "empty"),
    BadInput("header only", .transactions, t, "transactions.csv:2:1", "no rows"),
    BadInput(
      "missing required column", .transactions, "id,card,time\nT1,C1,2026-11-25T10:00\n",
      "transactions.csv:1:1", "missing required column 'amount'"),
    BadInput(
      "duplicate column", .cards, "card,holder,network,type,Card\nC1,H1,visa,credit,C1\n",
      "cards.csv:1:5", "appears twice"),
    BadInput(
      "unterminated quote", .transactions, txn("T2,C1,2026-11-25T10:00,150,,,,,,\"Shop,"),
      "transactions.csv:2:10", "unterminated"),
    BadInput(
      "stray quote", .transactions, txn("T2,C1,2026-11-25T10:00,150,,,,,,Sh\"op,"),
      "transactions.csv:2:10", "quote"),
    BadInput(
      "wrong field count", .transactions, txn("T2,C1,2026-11-25T10:00,150"),
      "transactions.csv:2:5", "4 fields but the header has 11"),
    BadInput(
      "invalid UTF-8", .transactions,
      bytes: Array(t.utf8) + Array("T2,C1,2026-11-25T10:00,150,,,,,,".utf8) + [0xFF, 0xFE]
        + Array(",\n".utf8), "transactions.csv:2:10", "UTF-8"),
    BadInput(
      "NUL byte", .transactions,
      bytes: Array(t.utf8) + Array("T2,C1,2026-11-25T10:00,150,,,,,,a".utf8) + [0]
        + Array(",\n".utf8), "transactions.csv:2:10", "NUL"),
    BadInput(
      "field over 64 KiB", .transactions,
      txn("T2,C1,2026-11-25T10:00,150,,,,,," + String(repeating: "x", count: 70_000) + ","),
      "transactions.csv:2:10", "longer than"),
    BadInput(
      "duplicate id", .transactions,
      t + "T1,C1,2026-11-25T10:00,150,,,,,,,\nT1,C1,2026-11-26T10:00,150,,,,,,,\n",
      "transactions.csv:3:1", "listed twice (first on line 2)"),
    BadInput(
      "unknown card", .transactions, txn("T2,C9,2026-11-25T10:00,150,,,,,,,"),
      "transactions.csv:2:2", "'C9' is not in cards.csv"),
    BadInput(
      "unknown enrollment", .transactions, txn("T2,C1,2026-11-25T10:00,150,,,,,E9,,"),
      "transactions.csv:2:9", "'E9' is not in enrollments.csv"),
    BadInput(
      "negative amount", .transactions, txn("T2,C1,2026-11-25T10:00,-5,,,,,,,"),
      "transactions.csv:2:4", "negative"),
    BadInput(
      "exponent", .transactions, txn("T2,C1,2026-11-25T10:00,1e3,,,,,,,"),
      "transactions.csv:2:4", "exponent"),
    BadInput(
      "thousands separator", .transactions, txn("T2,C1,2026-11-25T10:00,\"1,000\",,,,,,,"),
      "transactions.csv:2:4", "separator"),
    BadInput(
      "three decimals", .transactions, txn("T2,C1,2026-11-25T10:00,10.001,,,,,,,"),
      "transactions.csv:2:4", "two digits"),
    BadInput(
      "currency symbol", .transactions, txn("T2,C1,2026-11-25T10:00,¥100,,,,,,,"),
      "transactions.csv:2:4", "'¥100'"),
    BadInput(
      "empty amount", .transactions, txn("T2,C1,2026-11-25T10:00,,,,,,,,"),
      "transactions.csv:2:4", "required"),
    BadInput(
      "NaN", .transactions, txn("T2,C1,2026-11-25T10:00,NaN,,,,,,,"), "transactions.csv:2:4",
      "'NaN'"),
    BadInput(
      "beyond Int64", .transactions, txn("T2,C1,2026-11-25T10:00,99999999999999999999,,,,,,,"),
      "transactions.csv:2:4", "too large"),
    BadInput(
      "zero amount", .transactions, txn("T2,C1,2026-11-25T10:00,0.00,,,,,,,"),
      "transactions.csv:2:4", "greater than zero"),
    BadInput(
      "refund above amount", .transactions, txn("T2,C1,2026-11-25T10:00,100,,,,100.01,,,"),
      "transactions.csv:2:8", "more than the amount"),
    BadInput(
      "February 30th", .transactions, txn("T2,C1,2026-02-30T10:00,150,,,,,,,"),
      "transactions.csv:2:3", "does not exist"),
    BadInput(
      "hour 25", .transactions, txn("T2,C1,2026-11-25T25:00,150,,,,,,,"),
      "transactions.csv:2:3", "time of day"),
    BadInput(
      "offset +25:00", .transactions, txn("T2,C1,2026-11-25T10:00+25:00,150,,,,,,,"),
      "transactions.csv:2:3", "offset"),
    BadInput(
      "24:00:00", .transactions, txn("T2,C1,2026-11-25T24:00:00,150,,,,,,,"),
      "transactions.csv:2:3", "time of day"),
    BadInput(
      "missing date", .transactions, txn("T2,C1,10:00:00,150,,,,,,,"), "transactions.csv:2:3",
      "expected a time"),
    BadInput(
      "garbage time", .transactions, txn("T2,C1,yesterday,150,,,,,,,"), "transactions.csv:2:3",
      "expected a time"),
    BadInput(
      "card number as an enrollment", .transactions,
      txn("T2,C1,2026-11-25T10:00,150,,,,,4111111111111111,,"), "transactions.csv:2:9",
      "enrollment looks like a full card number (ending 1111)"),
    BadInput(
      "unknown network", .cards, BatchCommandTests.cardsHeader + "C1,H1,diners,credit,,,\n",
      "cards.csv:2:3", "network 'diners': unknown network"),
    BadInput(
      "card number as a network", .cards,
      BatchCommandTests.cardsHeader + "C1,H1,6222020000000000001,credit,,,\n", "cards.csv:2:3",
      "(a card number ending 0001, not shown): unknown network"),
    BadInput(
      "unknown type", .cards, BatchCommandTests.cardsHeader + "C1,H1,visa,charge,,,\n",
      "cards.csv:2:4", "unknown card type"),
    BadInput(
      "unknown role", .cards, BatchCommandTests.cardsHeader + "C1,H1,visa,credit,secondary,,\n",
      "cards.csv:2:5", "unknown card role"),
    BadInput(
      "bad last4", .cards, BatchCommandTests.cardsHeader + "C1,H1,visa,credit,,bocom,12345\n",
      "cards.csv:2:7", "four digits"),
    BadInput(
      "duplicate card", .cards,
      BatchCommandTests.cardsHeader + "C1,H1,visa,credit,,bocom,\nC1,H2,visa,credit,,bocom,\n",
      "cards.csv:3:1", "listed twice"),
    BadInput(
      "unknown channel", .enrollments,
      BatchCommandTests.enrollmentsHeader + "E1,C1,huawei-pay,2026-01-01T00:00,\n",
      "enrollments.csv:2:3", "unknown channel"),
    BadInput(
      "removed before enrolled", .enrollments,
      BatchCommandTests.enrollmentsHeader + "E1,C1,wallet,2026-01-01T00:00,2026-01-01T00:00\n",
      "enrollments.csv:2:5", "later than"),
    BadInput(
      "enrollment of unknown card", .enrollments,
      BatchCommandTests.enrollmentsHeader + "E1,C7,wallet,2026-01-01T00:00,\n",
      "enrollments.csv:2:2", "'C7' is not in cards.csv"),
    BadInput(
      "unknown status", .transactions, txn("T2,C1,2026-11-25T10:00,150,,,approved,,,,"),
      "transactions.csv:2:7", "unknown transaction status"),
    BadInput(
      "unknown method", .transactions, txn("T2,C1,2026-11-25T10:00,150,,google-pay,,,,,"),
      "transactions.csv:2:6", "unknown payment method"),
    BadInput(
      "unknown currency", .transactions, txn("T2,C1,2026-11-25T10:00,150,RMB,,,,,,"),
      "transactions.csv:2:5", "unknown currency"),
    BadInput(
      "bad mcc", .transactions, txn("T2,C1,2026-11-25T10:00,150,,,,,,,541"),
      "transactions.csv:2:11", "four digits"),
    BadInput(
      "daylight-saving gap", .transactions, txn("T2,C1,1990-04-15T02:30,150,,,,,,,"),
      "transactions.csv:2:3", "does not exist in Asia/Shanghai"),
  ]
}

@Suite(.tags(.endToEnd))
struct BatchInvalidInputTests {
  @Test("bad input exits 65, names file:line:column and writes nothing", arguments: BadInput.all)
  func badInput(_ bad: BadInput) throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchCommandTests.goodCards)
    try folder.write("enrollments.csv", BatchCommandTests.goodEnrollments)
    try folder.write("transactions.csv", BatchCommandTests.goodTransactions)
    try folder.write("\(bad.file.rawValue).csv", bytes: bad.bytes)
    try folder.write("rewards.csv", "previous output\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
      ], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.stderr.contains("Error: \(bad.location): "), "\(result.stderr)")
    #expect(result.stderr.contains(bad.fragment), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(folder.read("rewards.csv") == "previous output\n")
    #expect(!folder.exists("decisions.csv"))
    #expect(
      folder.fileNames == ["cards.csv", "enrollments.csv", "rewards.csv", "transactions.csv"])
    #expect(result.stderr.utf8.count < 1_000, "the offending value is shown cut short")
  }

  @Test(
    "card numbers are refused and never echoed",
    arguments: [
      ("cards", "card,holder,network,type\n4111111111111111,H1,visa,credit\n", "cards.csv:2:1"),
      (
        "cards", "card,holder,network,type\nC1,6222 0200 0000 0000 001,visa,credit\n",
        "cards.csv:2:2"
      ),
      (
        "transactions",
        BatchCommandTests.transactionsHeader
          + "T2,4111-1111-1111-1111,2026-11-25T10:00,150,,,,,,,\n", "transactions.csv:2:2"
      ),
      (
        "transactions",
        BatchCommandTests.transactionsHeader
          + "T2,C1,2026-11-25T10:00,150,,,,,,refund to 4111111111111111,\n",
        "transactions.csv:2:10"
      ),
      (
        "enrollments", "card,channel,enrolled_at\n6222020000000000001,wallet,2026-01-01T00:00\n",
        "enrollments.csv:2:1"
      ),
      // SPEC 6's other shapes, each through the fast readers that first count a field's digits.
      (
        "cards", "card,holder,network,type\nC1,H 4111.1111.1111.1111,visa,credit\n",
        "cards.csv:2:2"
      ),
      (
        "enrollments",
        "card,channel,enrolled_at\n4111 1111 1111 1111 2026,wallet,2026-01-01T00:00\n",
        "enrollments.csv:2:1"
      ),
      (
        "transactions",
        BatchCommandTests.transactionsHeader
          + "T2,C1,2026-11-25T10:00,150,,,,,,退款 ４０１２８８８８８８８８１８８１,\n",
        "transactions.csv:2:10"
      ),
    ])
  func cardNumbersAreRefused(file: String, text: String, location: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchCommandTests.goodCards)
    try folder.write("enrollments.csv", BatchCommandTests.goodEnrollments)
    try folder.write("transactions.csv", BatchCommandTests.goodTransactions)
    try folder.write("\(file).csv", text)
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.stderr.contains(location), "\(result.stderr)")
    #expect(result.stderr.contains("card number"))
    // Full-width digits are read as the ASCII ones they stand for.
    let digitsOnly = String(
      String.UnicodeScalarView(
        result.stderr.unicodeScalars.compactMap { scalar in
          (0xFF10...0xFF19).contains(scalar.value)
            ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30) : scalar
        }
      )
    ).filter(\.isNumber)
    #expect(!digitsOnly.contains("411111111111"))
    #expect(!digitsOnly.contains("622202000000"))
    #expect(!digitsOnly.contains("401288888888"))
    #expect(!folder.exists("rewards.csv"))
  }

  @Test func bankReferencesAsTransactionIdsAreAllowed() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchCommandTests.goodCards)
    try folder.write("enrollments.csv", BatchCommandTests.goodEnrollments)
    try folder.write(
      "transactions.csv",
      BatchCommandTests.transactionsHeader + "4111111111111111,C1,2026-11-25T10:00,150,,,,,,,\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv",
      ], directory: folder.url)
    #expect(result.status == 0)
  }

  @Test func skipInvalidReportsEveryRowAndKeepsTheRest() throws {
    let folder = try TemporaryFolder()
    try folder.write("cards.csv", BatchCommandTests.goodCards + "C2,H2,diners,credit,,bocom,\n")
    try folder.write(
      "enrollments.csv", BatchCommandTests.goodEnrollments + "E2,C2,wallet,2026-01-01T00:00,\n")
    try folder.write(
      "transactions.csv",
      BatchCommandTests.goodTransactions + "T2,C1,2026-11-26T10:00,1e3,,,,,,,\n"
        + "T3,C2,2026-11-26T10:00,150,,,,,,,\n" + "T4,C1,2026-12-22T10:00,150,,,,,,,\n"
        + "T5,C1,2026-12-23T10:00,150\n")
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv",
        "--skip-invalid",
      ], directory: folder.url)
    #expect(result.status == 0)
    for location in [
      "cards.csv:3:3", "enrollments.csv:3:2", "transactions.csv:3:4", "transactions.csv:4:2",
      "transactions.csv:6:5",
    ] {
      #expect(result.stderr.contains("skipped \(location): "), "\(location)")
    }
    #expect(result.stderr.contains("2 transactions read, 2 rewarded, 5 invalid rows skipped"))
    let decisions = try #require(folder.read("decisions.csv"))
    #expect(decisions.split(separator: "\r\n").map { $0.prefix(3) } == ["tra", "T1,", "T4,"])
  }

  /// Repeated ids are found once each file is read, after its other bad rows; every one is still
  /// reported in file order, at the id's own line, naming the first row with that id, and the
  /// rows after it are read as before.
  @Test(arguments: [[:], ["WALLET_SPLIT_BYTES": "1"]])
  func repeatedIDsAmongOtherBadRowsAreReportedInFileOrder(environment: [String: String]) throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "cards.csv",
      BatchCommandTests.goodCards + "C2,H2,diners,credit,,bocom,\nC1,H9,visa,credit,,bocom,\n"
        + "C3,H3,visa,credit,,bocom,\nC1,H8,visa,credit,,bocom,\n")
    try folder.write(
      "enrollments.csv",
      BatchCommandTests.goodEnrollments + "E1,C3,wallet,2026-01-01T00:00,\n"
        + "E2,C2,wallet,2026-01-01T00:00,\n,C3,wallet,2026-02-01T00:00,\n"
        + ",C3,wallet,2026-02-01T00:00,\n")
    try folder.write(
      "transactions.csv",
      BatchCommandTests.goodTransactions + "T2,C1,2026-11-26T10:00,1e3,,,,,,,\n"
        + "T1,C3,2026-11-26T10:00,150,,,,,,,\n" + "T2,C1,2026-12-22T10:00,150,,,,,,\"a\nb\",\n"
        + "T4,C1,2026-12-23T10:00,150\n" + "T1,C1,2026-12-24T10:00,150,,,,,,,\n"
        + "\"T5\",C3,2027-01-02T10:00,150,,,,,,,\n"
        + "T6,C3,2027-01-03T10:00,150,,,,,,\"x\ny\nz\",\n" + "T6,C3,2027-01-04T10:00,150,,,,,,,\n")
    let arguments = [
      "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
      "transactions.csv", "--out", "rewards.csv", "--decisions", "decisions.csv", "--quiet",
    ]
    // Read in parts, the binary: `WALLET_SPLIT_BYTES` is read from the process's environment.
    func run(_ arguments: [String]) throws -> WalletProcess.Result {
      environment.isEmpty
        ? try CommandHarness.run(arguments, directory: folder.url)
        : try WalletProcess.run(arguments, environment: environment, directory: folder.url)
    }
    let skipping = try run(arguments + ["--skip-invalid"])
    #expect(skipping.status == 0)
    let expected: [String] = [
      "skipped cards.csv:3:3: network 'diners': unknown network: expected one of unionpay, "
        + "visa, mastercard, amex, discover, jcb, interac, maestro, eftpos, private-label",
      "skipped cards.csv:4:1: card 'C1' is listed twice (first on line 2)",
      "skipped cards.csv:6:1: card 'C1' is listed twice (first on line 2)",
      "skipped enrollments.csv:3:1: enrollment 'E1' is listed twice (first on line 2)",
      "skipped enrollments.csv:4:2: card 'C2' is not in cards.csv",
      "skipped enrollments.csv:6:1: enrollment 'C3:wallet:2026-02-01T00:00' is listed twice "
        + "(first on line 5)",
      "skipped transactions.csv:3:4: amount '1e3': write the amount in plain digits, not with "
        + "an exponent",
      "skipped transactions.csv:4:1: transaction 'T1' is listed twice (first on line 2)",
      "skipped transactions.csv:7:5: this row has 4 fields but the header has 11",
      "skipped transactions.csv:8:1: transaction 'T1' is listed twice (first on line 2)",
      "skipped transactions.csv:13:1: transaction 'T6' is listed twice (first on line 10)",
    ]
    #expect(skipping.stderr.split(separator: "\n").map(String.init) == expected)
    #expect(
      folder.read("decisions.csv")?.split(separator: "\r\n").map { $0.prefix(3) } == [
        "tra", "T1,", "T2,", "T5,", "T6,",
      ])
    let stopping = try run(arguments)
    #expect(stopping.status == 65)
    #expect(stopping.stderr.hasPrefix("Error: cards.csv:3:3: network 'diners'"))
  }
}
