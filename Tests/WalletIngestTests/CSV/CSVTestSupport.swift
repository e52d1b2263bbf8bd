import Foundation
import WalletTestSupport

@testable import WalletIngest

/// A record copied out of the reader, so that tests can compare whole files with `==`.
struct CSVTestRecord: Equatable, CustomStringConvertible {
  /// The record's starting line.
  var line: Int
  /// Each field's unescaped bytes.
  var fields: [[UInt8]]
  /// Each field's starting line.
  var fieldLines: [Int]

  /// The fields as text, for readable failure messages.
  var strings: [String] { fields.map { String(decoding: $0, as: UTF8.self) } }

  /// `line: [fields]`.
  var description: String { "\(line): \(strings)" }
}

/// Reads every record of `bytes`, checking on the way that columns number the fields.
func csvTestParse(
  _ bytes: [UInt8], chunkSize: Int = CSVReader.defaultChunkSize
) throws(CSVSyntaxError) -> [CSVTestRecord] {
  try csvTestDrain(CSVReader(bytes: bytes, chunkSize: chunkSize))
}

/// Reads every record of `text`.
func csvTestParse(
  _ text: String, chunkSize: Int = CSVReader.defaultChunkSize
) throws(CSVSyntaxError) -> [CSVTestRecord] {
  try csvTestParse(Array(text.utf8), chunkSize: chunkSize)
}

/// Reads `text` and returns just the fields as strings.
func csvTestStrings(_ text: String, chunkSize: Int = CSVReader.defaultChunkSize) throws
  -> [[String]]
{
  try csvTestParse(text, chunkSize: chunkSize).map(\.strings)
}

/// Copies out every remaining record of `reader`.
func csvTestDrain(_ reader: CSVReader) throws(CSVSyntaxError) -> [CSVTestRecord] {
  var records: [CSVTestRecord] = []
  while let record = try reader.next() {
    var copy = CSVTestRecord(line: record.line, fields: [], fieldLines: [])
    for (index, field) in record.enumerated() {
      precondition(field.column == index + 1)
      copy.fields.append(Array(field))
      copy.fieldLines.append(field.line)
    }
    records.append(copy)
  }
  return records
}

/// The outcome of reading a whole input, so that runs that fail can be compared too.
func csvTestOutcome(_ bytes: [UInt8], chunkSize: Int) -> Result<[CSVTestRecord], CSVSyntaxError> {
  Result { () throws(CSVSyntaxError) in try csvTestParse(bytes, chunkSize: chunkSize) }
}

/// A file in the temporary directory that is removed when the test is done with it.
struct CSVTestTemporaryFile: ~Copyable {
  /// The file's path.
  let path: String

  /// Names a new, not yet created file.
  init() {
    path = ScratchSpace.path("wallet-csv").path + ".csv"
  }

  /// Opens the file with `flags`, failing the test if that is impossible.
  func open(_ flags: Int32) throws -> Int32 {
    let descriptor = Foundation.open(path, flags, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileNoSuchFile) }
    return descriptor
  }

  deinit {
    unlink(path)
  }
}
