/// One of the CSV files wallet writes: its columns, which are also the order of every row's
/// fields, and which of them hold numbers.
package protocol CSVFileFormat {
  /// The header.
  static var columns: [String] { get }
  /// The columns whose fields are numbers (amounts, ordinals, dates and times), which a file
  /// made for spreadsheets never changes, so that they stay numbers.
  static var numericColumns: Set<String> { get }
}

/// Writes a file of one format record by record. Made for spreadsheets, its text cells are
/// neutralised (`SpreadsheetCell`) and its numeric ones left as they are.
package struct RecordWriter {
  /// Where the records go.
  package let csv: CSVWriter
  /// The header.
  private let columns: [String]
  /// For each column, whether its cells are neutralised.
  private let neutralises: [Bool]

  /// A writer of `format`'s records to `csv`, for spreadsheets if `forSpreadsheets`.
  package init(_ format: any CSVFileFormat.Type, forSpreadsheets: Bool, csv: CSVWriter) {
    self.csv = csv
    columns = format.columns
    neutralises = format.columns.map { forSpreadsheets && !format.numericColumns.contains($0) }
  }

  /// The header record.
  package func writeHeader() throws {
    try csv.writeRecord(columns)
  }

  /// One record, its fields in the order of the format's columns.
  package func write(_ record: [String]) throws {
    for (field, neutralise) in zip(record, neutralises) {
      try csv.writeField(neutralise ? SpreadsheetCell.neutralised(field) : field)
    }
    try csv.endRecord()
  }
}
