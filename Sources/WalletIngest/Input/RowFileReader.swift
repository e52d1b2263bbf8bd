import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the rows of one SPEC input file, turning each into a value, and either stops at the first
/// bad row or, when asked, skips and records it.
package struct RowFileReader {
  /// Which of the SPEC's files it is.
  let kind: InputKind
  /// The file.
  let file: InputFile
  /// Whether a bad row is skipped and recorded rather than the end of the read.
  let skipInvalid: Bool
  /// Told how far the read has got.
  var progress: (any ReadProgress)?

  /// Reads `file` as a `kind` file, skipping bad rows if `skipInvalid`, telling `progress`.
  package init(
    kind: InputKind, file: InputFile, skipInvalid: Bool, progress: (any ReadProgress)? = nil
  ) {
    self.kind = kind
    self.file = file
    self.skipInvalid = skipInvalid
    self.progress = progress
  }

  /// Calls `body` with each valid row's value and line. A row `body` rejects is skipped (and
  /// recorded) or ends the read, as `skipInvalid` says. A header problem or a CSV syntax error
  /// always ends it, since the rows after it cannot be trusted.
  package func forEachRow(
    skipped: inout SkippedRows, _ body: (CSVRow) throws(InputError) -> Void
  ) throws(FileError) {
    let reader = CSVReader(fileDescriptor: file.descriptor, prefix: file.prefix)
    do throws(InputError) {
      let columns = try CSVColumns(
        reader: reader, file: file.path, known: kind.columns, required: kind.requiredColumns)
      var rows = 0
      while true {
        let row: CSVRow
        do throws(InputError) {
          guard let next = try columns.nextRow(from: reader) else { break }
          row = next
          try body(row)
        } catch let error where skipInvalid && !error.isFatal {
          skipped.skip(error)
        }
        rows += 1
        if rows & 0xFFFF == 0 { progress?.update(rows: rows, bytes: reader.bytesRead) }
      }
      progress?.finish(rows: rows)
      // A postings file with only its header says "nothing posted yet", the first answer of
      // a reconciliation; a file of cards or transactions without rows is a mistake.
      if rows == 0 && kind != .postings {
        throw InputError(file: file.path, line: 2, column: 1, problem: .headerWithoutRows)
      }
    } catch {
      if case .readFailed(let code) = error.syntaxKind {
        throw FileError.readFailed(path: file.path, errno: code)
      }
      throw FileError.invalidInput(error)
    }
  }
}

extension InputError {
  /// Problems in the file's structure, after which no row can be trusted.
  package var isFatal: Bool { syntaxKind != nil }
}
