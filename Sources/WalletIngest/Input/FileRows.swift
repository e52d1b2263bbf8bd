import WalletCore

/// The valid rows of one input file, no two with the same id, each with the line it came from:
/// what an import hands to the store, so that an error the store raises about the n-th row can
/// name the file and line the user has to fix, and what a batch reads a small or faulty cards or
/// enrollments file into.
package struct FileRows<Value> {
  /// The rows' values, in file order.
  package private(set) var values: [Value] = []
  /// Where each row is.
  private var rowLines: RowLines
  /// The file's header, to point at the field an error is about.
  package private(set) var columns: CSVColumns?
  /// The rows left out as invalid, in file order.
  package private(set) var skipped = SkippedRows()

  /// The line each row starts on.
  package var lines: [Int] { rowLines.lines }
  /// The name of the column of the rows' ids.
  package var idColumn: String { rowLines.kind.idColumn }

  /// Reads every row of the file; a second row with the same id is an error at that row, because
  /// it would make the result depend on the order of the rows.
  ///
  /// Ids are checked after the read (`RepeatedIDs`), and in file order, so the row reported is
  /// the one a row-by-row check would stop at; and a row error ends the read only after the rows
  /// before it were checked the same way.
  static func read(
    _ reader: RowFileReader, id: KeyPath<Value, Identifier>,
    _ parse: (CSVRow) throws(InputError) -> Value
  ) throws(FileError) -> FileRows<Value> {
    // Each part in a variable of its own, so that the reading closure and the refusals can
    // each change one while reading another.
    var values: [Value] = []
    var rowLines = RowLines(kind: reader.kind, file: reader.file.path)
    var columns: CSVColumns?
    var skipped = SkippedRows()
    var hashes: [UInt64] = []
    func repeats() -> [RepeatedIDs.Repeat] {
      hashes.withUnsafeBufferPointer {
        RepeatedIDs.find(hashes: $0) { values[$0][keyPath: id] == values[$1][keyPath: id] }
      }
    }
    func text(at position: Int) -> String { values[position][keyPath: id].rawValue }
    do throws(FileError) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        columns = row.columns
        let value = try parse(row)
        var text = value[keyPath: id].rawValue
        hashes.append(text.withUTF8 { IDHash.of(UnsafeRawBufferPointer($0)) })
        values.append(value)
        rowLines.append(row)
      }
    } catch {
      if !reader.skipInvalid {
        try rowLines.refuse(repeats(), id: text(at:), skipInvalid: false, skipped: &skipped)
      }
      throw error
    }
    let found = repeats()
    if !found.isEmpty {
      try rowLines.refuse(found, id: text(at:), skipInvalid: reader.skipInvalid, skipped: &skipped)
      var kept = [Bool](repeating: true, count: values.count)
      for repeated in found { kept[repeated.position] = false }
      values = values.indices.compactMap { kept[$0] ? values[$0] : nil }
    }
    return FileRows(values: values, rowLines: rowLines, columns: columns, skipped: skipped)
  }
}

extension FileRows where Value == Card {
  /// Every card of a cards file.
  package static func cards(_ reader: RowFileReader) throws(FileError) -> FileRows<Card> {
    try read(reader, id: \.id) { (row) throws(InputError) in try row.card() }
  }
}

extension FileRows where Value == Enrollment {
  /// Every enrollment of an enrollments file, times without an offset read in `zone`.
  package static func enrollments(_ reader: RowFileReader, naiveIn zone: TimeZoneRules)
    throws(FileError) -> FileRows<Enrollment>
  {
    try read(reader, id: \.id) { (row) throws(InputError) in try row.enrollment(naiveIn: zone) }
  }
}

extension FileRows where Value == Posting {
  /// Every posting of a postings file, the ids it lacks numbered in file order.
  package static func postings(_ reader: RowFileReader) throws(FileError) -> FileRows<Posting> {
    var occurrences = PostingOccurrences()
    return try read(reader, id: \.id) { (row) throws(InputError) in
      try row.posting(numberedBy: &occurrences)
    }
  }
}

extension FileRows where Value == Transaction {
  /// Every transaction of a transactions file, read as a batch reads them (plain rows straight
  /// from their bytes), times without an offset read in `zone`.
  package static func transactions(_ reader: RowFileReader, naiveIn zone: TimeZoneRules)
    throws(FileError) -> FileRows<Transaction>
  {
    var rows: TransactionRowReader?
    return try read(reader, id: \.id) { (row) throws(InputError) in
      // Every row of a file shares its header.
      let known = rows ?? TransactionRowReader(row.columns, naiveIn: zone)
      rows = known
      return try known.transaction(row)
    }
  }
}

/// Where each row read from a file is: the line it starts on, and the line of its id field
/// where a quoted field before it ran over lines. Refuses the rows whose id an earlier row has,
/// with one wording and at one place for a batch and an import.
struct RowLines {
  /// The file's kind, which names its rows and their id column.
  let kind: InputKind
  /// The file as the user named it.
  let file: String
  /// The id column's 0-based position, -1 when the file lacks it, nil before the first row.
  private var idColumn: Int?
  /// The line each row starts on.
  private(set) var lines: [Int] = []
  /// The line of a row's id field, by the row's position, where it is not the row's first line.
  private var idLines: [Int: Int] = [:]

  /// No rows yet of `file`, a `kind` file.
  init(kind: InputKind, file: String) {
    self.kind = kind
    self.file = file
  }

  /// Notes where `row`, the next row kept, is.
  mutating func append(_ row: CSVRow) {
    let column = idColumn ?? row.columns.index(of: kind.idColumn) ?? -1
    idColumn = column
    if column >= 0, row.record[column].line != row.line {
      idLines[lines.count] = row.record[column].line
    }
    lines.append(row.line)
  }

  /// Refuses `repeats`, which `id` gives the ids of by position: the first is thrown unless
  /// `skipInvalid`, when each is recorded in `skipped`, which is kept in file order, and left out
  /// of `lines` (the caller leaves the rows out of its own).
  mutating func refuse(
    _ repeats: [RepeatedIDs.Repeat], id: (Int) -> String, skipInvalid: Bool,
    skipped: inout SkippedRows
  ) throws(FileError) {
    guard !repeats.isEmpty else { return }
    for repeated in repeats {
      let error = InputError(
        file: file, line: idLines[repeated.position] ?? lines[repeated.position],
        column: max(idColumn ?? -1, 0) + 1,
        problem: .repeatedID(kind, id: id(repeated.position), firstLine: lines[repeated.first]))
      guard skipInvalid else { throw FileError.invalidInput(error) }
      skipped.skip(error)
    }
    skipped.sortByPosition()
    var kept = [Bool](repeating: true, count: lines.count)
    for repeated in repeats { kept[repeated.position] = false }
    lines = lines.indices.compactMap { kept[$0] ? lines[$0] : nil }
    idLines = [:]
  }
}
