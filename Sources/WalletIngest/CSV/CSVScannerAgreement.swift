/// The check that `CSVScanner` reads what `CSVReader` reads: the same records, on the same
/// lines, with the same fields (trimmed and untrimmed), then the same error or none. Shared by
/// the fuzzer (FuzzCSVScanner) and the tests, so that both hold the scanner to one definition.
package enum CSVScannerAgreement {
  /// One record as read: its line, and each field's bytes, line and column.
  private struct Record: Equatable {
    var line: Int
    var fields: [[UInt8]]
    var fieldLines: [Int]
  }

  /// How the first disagreement between the two readers of `bytes` shows (the scanner reading
  /// `chunkSize` bytes at a time), or nil when they agree throughout.
  package static func firstDisagreement(in bytes: [UInt8], chunkSize: Int) -> String? {
    // The reader's chunk no larger than the input: a megabyte a call would slow the fuzzer.
    let reader = CSVReader(bytes: bytes, chunkSize: max(bytes.count, 1))
    let scanner = CSVScanner(bytes: bytes, chunkSize: chunkSize)
    var index = 0
    while true {
      let expected: Result<Record?, CSVSyntaxError> = Result { () throws(CSVSyntaxError) in
        try reader.next().map { record in
          Record(
            line: record.line, fields: record.map { Array($0) }, fieldLines: record.map(\.line))
        }
      }
      let scanned: Result<Record?, CSVSyntaxError> = Result { () throws(CSVSyntaxError) in
        guard let fields = try scanner.next() else { return nil }
        let record = scanner.currentRecord()
        for column in 0..<fields.count {
          let field = record[column]
          guard fields.untrimmed(column).elementsEqual(field),
            fields[column].elementsEqual(field.trimmed())
          else {
            return Record(line: -1, fields: [Array(fields.untrimmed(column))], fieldLines: [])
          }
        }
        guard fields.count == record.count else {
          return Record(line: -2, fields: [], fieldLines: [])
        }
        return Record(
          line: record.line, fields: record.map { Array($0) }, fieldLines: record.map(\.line))
      }
      guard expected == scanned else {
        // At most a few hundred characters of each: a field may be 64 kB long.
        return "record \(index + 1): CSVReader gives \(String(describing: expected).prefix(300)),"
          + " CSVScanner \(String(describing: scanned).prefix(300))"
      }
      switch expected {
      case .success(nil):
        return nil
      case .failure(let error):
        // Both have lost their place: every later call throws the same error.
        let again = Result { () throws(CSVSyntaxError) in try scanner.next()?.count }
        return again == .failure(error) ? nil : "after \(error), the scanner gives \(again)"
      case .success:
        index += 1
      }
    }
  }
}
