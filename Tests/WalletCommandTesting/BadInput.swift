import Testing

/// One kind of bad input: which file it is in, the file's text, and where the error must point.
public struct BadInput: CustomTestStringConvertible, Sendable {
  /// The input file it is in.
  public enum File: String, Sendable { case cards, enrollments, transactions }
  /// What is wrong, in a few words.
  public let name: String
  /// The file the fault is in; the others are good.
  public let file: File
  /// The faulty file's bytes.
  public let bytes: [UInt8]
  /// `file:line:column` the error must name.
  public let location: String
  /// What the message must contain.
  public let fragment: String

  /// A kind of bad input whose file holds `text`.
  public init(_ name: String, _ file: File, _ text: String, _ location: String, _ fragment: String)
  {
    self.init(name, file, bytes: Array(text.utf8), location, fragment)
  }

  /// A kind of bad input whose file holds `bytes`, which need not be UTF-8.
  public init(_ name: String, _ file: File, bytes: [UInt8], _ location: String, _ fragment: String)
  {
    self.name = name
    self.file = file
    self.bytes = bytes
    self.location = location
    self.fragment = fragment
  }

  /// The kind's name.
  public var testDescription: String { name }

  static let t = BatchFiles.transactionsHeader
  static func txn(_ row: String) -> String { t + row + "\n" }

  /// Every kind of bad input that batch and the imports refuse.
  public static let all: [BadInput] = [
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
    // Past the first 64 KiB, which alone are judged UTF-8 before reading, a quoted field with a
    // doubled quote whose last character the closing quote cuts short (`"""x` F0 9F 98 `"`),
    // neither UTF-8 nor GB18030. (That the fast reader checks such a field before unescaping it
    // is `CSVScannerTests.agreesOnWhatTheReaderRefuses`'s.)
    BadInput(
      "invalid UTF-8 before a closing quote", .transactions,
      bytes: Array(
        (t + (0..<3000).map { "X\($0),C1,2026-11-25T10:00,150,,,,,,店,\n" }.joined()).utf8)
        + Array("T2,C1,2026-11-25T10:00,150,,,,,,\"\"\"x".utf8) + [0xF0, 0x9F, 0x98]
        + Array("\",\n".utf8), "transactions.csv:3002:10", "neither UTF-8 nor GB18030"),
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
    // The second row is not plain (another currency): a file read in parts reads it through
    // the ordinary parser, which must still hash its id.
    BadInput(
      "duplicate id of a row read by the ordinary parser", .transactions,
      t + "T1,C1,2026-11-25T10:00,150,,,,,,,\nT1,C1,2026-11-26T10:00,150,USD,,,,,,\n",
      "transactions.csv:3:1", "listed twice (first on line 2)"),
    // Both below any minimum spend: a batch asked only for rewards keeps neither row, only
    // their ids' hashes.
    BadInput(
      "duplicate id of rows that cannot earn", .transactions,
      t + "T1,C1,2026-11-25T10:00,5,USD,,,,,,\nT1,C1,2026-11-26T10:00,5,,,,,,,\n",
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
      "unknown network", .cards, BatchFiles.cardsHeader + "C1,H1,diners,credit,,,\n",
      "cards.csv:2:3", "network 'diners': unknown network"),
    BadInput(
      "card number as a network", .cards,
      BatchFiles.cardsHeader + "C1,H1,6222020000000000001,credit,,,\n", "cards.csv:2:3",
      "(a card number ending 0001, not shown): unknown network"),
    BadInput(
      "unknown type", .cards, BatchFiles.cardsHeader + "C1,H1,visa,charge,,,\n",
      "cards.csv:2:4", "unknown card type"),
    BadInput(
      "unknown role", .cards, BatchFiles.cardsHeader + "C1,H1,visa,credit,secondary,,\n",
      "cards.csv:2:5", "unknown card role"),
    BadInput(
      "bad last4", .cards, BatchFiles.cardsHeader + "C1,H1,visa,credit,,bocom,12345\n",
      "cards.csv:2:7", "four digits"),
    BadInput(
      "duplicate card", .cards,
      BatchFiles.cardsHeader + "C1,H1,visa,credit,,bocom,\nC1,H2,visa,credit,,bocom,\n",
      "cards.csv:3:1", "listed twice"),
    BadInput(
      "unknown channel", .enrollments,
      BatchFiles.enrollmentsHeader + "E1,C1,huawei-pay,2026-01-01T00:00,\n",
      "enrollments.csv:2:3", "unknown channel"),
    BadInput(
      "removed before enrolled", .enrollments,
      BatchFiles.enrollmentsHeader + "E1,C1,wallet,2026-01-01T00:00,2026-01-01T00:00\n",
      "enrollments.csv:2:5", "later than"),
    BadInput(
      "enrollment of unknown card", .enrollments,
      BatchFiles.enrollmentsHeader + "E1,C7,wallet,2026-01-01T00:00,\n",
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
