import Testing

@testable import WalletIngest

/// Neutralising formulas in files made for spreadsheets.
struct SpreadsheetCellTests {
  /// The formats `wallet export` writes.
  nonisolated(unsafe) static let formats: [any CSVFileFormat.Type] = [
    RewardsFile.self, DecisionsFile.self, TransactionsFile.self,
  ]

  @Test(arguments: [
    ("=HYPERLINK(\"http://evil.example\",\"x\")", "'=HYPERLINK(\"http://evil.example\",\"x\")"),
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("\n=1", "'\n=1"), ("\r\n=1", "'\r\n=1"),
    ("|calc", "'|calc"), ("|", "'|"), ("\n", "'\n"),
  ])
  func formulaStartsArePrefixed(cell: String, neutralised: String) {
    #expect(SpreadsheetCell.neutralised(cell) == neutralised)
  }

  @Test(arguments: ["", "T1001", "盒马鲜生", "a=b", "1-2", "'=already", " =1", "a\n=1", "a|b", "１"])
  func otherCellsAreUnchanged(cell: String) {
    #expect(SpreadsheetCell.neutralised(cell) == cell)
  }

  /// Every column of every format: text columns are neutralised, numeric ones never, even with
  /// a value that would start a formula.
  @Test(arguments: formats.indices)
  func onlyTextColumnsAreNeutralised(format index: Int) throws {
    let format = Self.formats[index]
    var bytes: [UInt8] = []
    let csv = CSVWriter { bytes += $0 }
    let writer = RecordWriter(format, forSpreadsheets: true, csv: csv)
    try writer.write(format.columns.map { _ in "-1" })
    try csv.flush()
    let fields = String(decoding: bytes.dropLast(2), as: UTF8.self).split(separator: ",")
    for (column, field) in zip(format.columns, fields) {
      #expect(
        field == (format.numericColumns.contains(column) ? "-1" : "'-1"), "\(format) \(column)")
    }
    #expect(fields.count == format.columns.count)
    // The numeric columns are the ones the SPEC's files define as amounts, ordinals and times.
    #expect(format.numericColumns.isSubset(of: Set(format.columns)))
  }

  @Test func notForSpreadsheetsNothingChanges() throws {
    var bytes: [UInt8] = []
    let csv = CSVWriter { bytes += $0 }
    let writer = RecordWriter(TransactionsFile.self, forSpreadsheets: false, csv: csv)
    try writer.writeHeader()
    try writer.write(TransactionsFile.columns.map { _ in "=1" })
    try csv.flush()
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == TransactionsFile.columns.joined(separator: ",") + "\r\n"
        + Array(repeating: "=1", count: TransactionsFile.columns.count).joined(separator: ",")
        + "\r\n")
  }

  @Test func numericColumnsOfEachFile() {
    #expect(
      RewardsFile.numericColumns == [
        "cycle_start", "cycle_end", "ordinal", "time", "amount", "reward",
      ])
    #expect(DecisionsFile.numericColumns == ["cycle_start", "ordinal", "reward"])
    #expect(TransactionsFile.numericColumns == ["time", "amount", "refunded"])
  }
}
