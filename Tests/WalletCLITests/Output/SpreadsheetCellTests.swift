import Testing
import WalletIngest

@testable import WalletCLI

/// Neutralising formulas in exports made for spreadsheets.
struct SpreadsheetCellTests {
  @Test(arguments: [
    ("=HYPERLINK(\"http://evil.example\",\"x\")", "'=HYPERLINK(\"http://evil.example\",\"x\")"),
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r=1"),
  ])
  func formulaStartsArePrefixed(cell: String, neutralised: String) {
    #expect(SpreadsheetCell.neutralised(cell) == neutralised)
  }

  @Test(arguments: ["", "T1001", "盒马鲜生", "a=b", "1-2", "'=already", " =1", "\n=1", "１"])
  func otherCellsAreUnchanged(cell: String) {
    #expect(SpreadsheetCell.neutralised(cell) == cell)
  }

  /// Every column of every export: text columns are neutralised, numeric ones never, even with
  /// a value that would start a formula.
  @Test(arguments: ExportFile.allCases)
  func onlyTextColumnsAreNeutralised(file: ExportFile) throws {
    var bytes: [UInt8] = []
    let csv = CSVWriter { bytes += $0 }
    let writer = ExportWriter(file: file, excel: true, csv: csv)
    try writer.write(file.header.map { _ in "-1" })
    try csv.flush()
    let fields = String(decoding: bytes, as: UTF8.self).lines.joined().split(separator: ",")
    for (column, field) in zip(file.header, fields) {
      #expect(
        field == (file.numericColumns.contains(column) ? "-1" : "'-1"), "\(file) \(column)")
    }
    #expect(fields.count == file.header.count)
    // The numeric columns are the ones the SPEC's files define as amounts, ordinals and times.
    #expect(file.numericColumns.isSubset(of: Set(file.header)))
  }

  @Test func withoutExcelNothingChanges() throws {
    var bytes: [UInt8] = []
    let csv = CSVWriter { bytes += $0 }
    try ExportWriter(file: .transactions, excel: false, csv: csv).write(
      ExportFile.transactions.header.map { _ in "=1" })
    try csv.flush()
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == Array(repeating: "=1", count: ExportFile.transactions.header.count).joined(
          separator: ",") + "\r\n")
  }

  @Test func numericColumnsOfEachFile() {
    #expect(
      ExportFile.rewards.numericColumns == [
        "cycle_start", "cycle_end", "ordinal", "time", "amount", "reward",
      ])
    #expect(ExportFile.decisions.numericColumns == ["cycle_start", "ordinal", "reward"])
    #expect(ExportFile.transactions.numericColumns == ["time", "amount", "refunded"])
  }
}
